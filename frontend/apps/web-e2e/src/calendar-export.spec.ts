import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { bookViaApi, businessDay, createServiceViaApi, registerViaApi, runId, signInWithToken, shotPath, type Account } from './support';

// Issue 26: "Add to calendar" downloads the appointment as iCalendar; the calendar page shows the
// user's webcal:// feed, which answers without a token and stops when replaced.
const provider: Account = { email: `prov26c.${runId}@example.com`, password: 'secret123', fullName: 'Meena Provider', role: 'provider', businessName: `Meena Salon ${runId}` };
const customer: Account = { email: `cust26c.${runId}@example.com`, password: 'secret123', fullName: 'Rohan Customer', role: 'customer' };

test('add to calendar and the calendar feed', async ({ page, request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  const serviceName = `Haircut ${runId}`;
  const serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: ['09:00'] });
  await bookViaApi(request, customer, { serviceId, date: businessDay(1), time: '09:00' });

  await signInWithToken(page, request, customer);
  await page.goto('/my-appointments');
  await page.getByRole('button', { name: 'Details', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile(await download.path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`DTSTART;TZID=Asia/Kolkata:${businessDay(1).replaceAll('-', '')}T090000`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.goto('/calendar');
  const panel = page.getByTestId('calendar-feed');
  await panel.getByText('Subscribe in your calendar app').click();
  const address = page.getByLabel('Calendar address');
  await expect(address).toHaveValue(/^webcal:\/\/.+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await address.inputValue();
  const feed = await request.get(first.replace(/^webcal:/, 'http:'));
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(serviceName);
  await panel.screenshot({ path: shotPath('calendar-feed-light.png') });

  await panel.getByRole('button', { name: 'Get a new address' }).click();
  await expect(address).not.toHaveValue(first);
  expect((await request.get(first.replace(/^webcal:/, 'http:'))).status()).toBe(404);
});
