import { expect, test, type Page } from '@playwright/test';
import { API, apiLogin, businessDay, createServiceViaApi, registerViaApi, runId, shotPath, signInWithToken, type Account } from './support';

// Issue 39 items 2 and 5 at 390 px: booking and both reschedule screens use the one slot picker, fed
// by the service's real availability (a 15-minute service at 5:30 AM can be booked and moved); the
// booking summary; a booking inside the minimum notice is refused with the reason.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

const provider: Account = { email: `provpick.${runId}@example.com`, password: 'secret123', fullName: 'Nila Provider', role: 'provider', businessName: `Nila Studio ${runId}` };
const customer: Account = { email: `custpick.${runId}@example.com`, password: 'secret123', fullName: 'Asha Mover', role: 'customer' };
const serviceName = `Quick Trim ${runId}`;
/** Every 15 minutes from 5:00 AM to 9:45 PM. */
const QUARTERS = Array.from({ length: 68 }, (_, i) => `${String(5 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);
const D1 = businessDay(1);
const D2 = businessDay(2);
const D3 = businessDay(3);
let serviceId = '';
let appointmentId = '';

async function noSideways(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'no sideways scroll').toBeLessThanOrEqual(client);
}

/** Light and dark at the viewport in use, and at 1280×900. */
async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    for (const [w, h] of [[390, 844], [1280, 900]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await noSideways(page);
      await page.screenshot({ path: shotPath(`slot-picker/${name}-${w}-${theme}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 390, height: 844 });
}

test('setup: a provider with a 15-minute service from 5:00 AM, and a customer', async ({ request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: QUARTERS, duration: 15, price: 1499 });
});

test('booking: the slot picker offers 5:30 AM; the summary shows price, duration, business, address, policy and the zone', async ({ page, request }) => {
  await signInWithToken(page, request, customer);
  await page.goto(`/book?service=${encodeURIComponent(serviceName)}&serviceId=${serviceId}`);
  const picker = page.getByTestId('slot-picker');
  await expect(picker).toBeVisible();
  await picker.locator(`[data-date="${D1}"]`).click();
  await expect(picker.getByRole('group', { name: 'Select a time (IST)' })).toBeVisible();
  await picker.locator('[data-slot="05:30"]').click();
  await expect(picker.locator('[data-slot="05:30"]')).toHaveAttribute('aria-pressed', 'true');

  const summary = page.getByTestId('booking-summary');
  await expect(summary.getByTestId('summary-when')).toHaveText(/ · 5:30 AM IST$/);
  await expect(summary.getByTestId('summary-duration')).toHaveText('15 min (until 5:45 AM IST)');
  await expect(summary.getByTestId('summary-price')).toHaveText('₹1,499');
  await expect(summary.getByTestId('summary-business')).toHaveText(provider.businessName ?? '');
  await expect(summary.getByTestId('summary-address')).toHaveText('MG Road, Pune');
  await expect(summary.getByTestId('summary-policy')).toContainText('Cancel any time before the appointment starts');
  await shots(page, 'booking');

  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your booking!' })).toBeVisible();
  const done = page.getByTestId('booking-summary');
  await expect(done.getByRole('heading', { name: 'Your booking' })).toBeVisible();
  await expect(done.getByTestId('summary-when')).toHaveText(/ · 5:30 AM IST$/);
  await expect(done.getByTestId('summary-price')).toHaveText('₹1,499');
  await expect(done.getByTestId('summary-policy')).toContainText('Reschedule before it starts');
  await shots(page, 'thank-you');

  const res = await request.get(`${API}/appointments`, { headers: { Authorization: `Bearer ${await apiLogin(request, customer)}` } });
  const mine = (await res.json()).appointments as Array<{ _id: string; serviceId: string }>;
  appointmentId = mine.find((a) => a.serviceId === serviceId)?._id ?? '';
  expect(appointmentId).toBeTruthy();
});

test('rescheduling: the page and the dialog use the same picker, with the real 5:30 AM slot', async ({ page, request }) => {
  await signInWithToken(page, request, customer);
  await page.goto(`/reschedule?id=${appointmentId}`);
  const picker = page.getByTestId('slot-picker');
  await picker.locator(`[data-date="${D1}"]`).click();
  // The current time and earlier ones cannot be picked; a later one can.
  await expect(picker.locator('[data-slot="05:30"]')).toBeDisabled();
  await expect(picker.locator('[data-slot="05:30"]')).toHaveAttribute('title', 'Not after your current appointment');
  await picker.locator(`[data-date="${D2}"]`).click();
  await picker.locator('[data-slot="05:30"]').click();
  await shots(page, 'reschedule-page');
  await page.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(page.getByText(/^Your appointment is now on .+ · 5:30 AM IST\.$/)).toBeVisible();

  await page.goto('/my-appointments');
  const card = page.getByTestId('appointment-card').filter({ hasText: serviceName });
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  const inDialog = dialog.getByTestId('slot-picker');
  await inDialog.locator(`[data-date="${D3}"]`).click();
  await inDialog.locator('[data-slot="05:30"]').click();
  await noSideways(page);
  await page.screenshot({ path: shotPath('slot-picker/reschedule-dialog-390-light.png') });
  await dialog.getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId('appointment-time')).toHaveText('5:30 AM');

  const res = await request.get(`${API}/appointments/${appointmentId}`, { headers: { Authorization: `Bearer ${await apiLogin(request, customer)}` } });
  const body = await res.json();
  const a = body.appointment ?? body;
  expect(a.date).toBe(D3);
  expect(a.time).toBe('05:30');
});

test('a booking inside the minimum notice is refused with the reason, and the picker says why', async ({ page, request }) => {
  await signInWithToken(page, request, customer);
  await page.goto(`/book?service=${encodeURIComponent(serviceName)}&serviceId=${serviceId}`);
  const picker = page.getByTestId('slot-picker');
  await picker.locator(`[data-date="${D1}"]`).click();
  await picker.locator('[data-slot="09:00"]').click();

  // Meanwhile the provider asks for two days' notice.
  const res = await request.patch(`${API}/services/${serviceId}`, {
    headers: { Authorization: `Bearer ${await apiLogin(request, provider)}` },
    data: { name: serviceName, category: 'Healthcare & Wellness', description: 'Cleaning and a full check-up.', price: 1499, duration: 15, provider: provider.businessName, location: 'MG Road, Pune', contact: '9876543210', imageUrl: '', timeSlots: QUARTERS, minNoticeMinutes: 2880 },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  // Anonymous catalogue reads may be a second old (docs/product.md "Fresh and kept"): once the
  // service reads with its new notice, the page's refresh after the refusal sees it too.
  await expect
    .poll(async () => (await (await request.get(`${API}/services/${serviceId}`)).json()).service.minNoticeMinutes, { timeout: 10_000 })
    .toBe(2880);

  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText(`Failed to book appointment: ${provider.businessName} takes bookings at least 2 days ahead: please choose a later time`)).toBeVisible();
  // The slots refresh: the day's times are inside the notice now, and say so.
  await expect(picker.locator('[data-slot="09:00"]')).toBeDisabled();
  await expect(picker.locator('[data-slot="09:00"]')).toHaveAttribute('title', 'Book at least 2 days ahead');
  await expect(page.getByTestId('summary-policy')).toContainText(`${provider.businessName} takes bookings and new times at least 2 days ahead.`);
  await noSideways(page);
});
