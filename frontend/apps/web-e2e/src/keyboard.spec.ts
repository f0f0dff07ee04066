import { expect, test, type Locator, type Page } from '@playwright/test';
import { API, apiLogin, createServiceViaApi, registerViaApi, runId, type Account } from './support';

// Booking and the provider's confirm with the keyboard alone: Tab, arrow keys, Enter and Space;
// never a click.
const provider: Account = { email: `kprov.${runId}@example.com`, password: 'secret123', fullName: 'Kavya Provider', role: 'provider', businessName: `Kavya Clinic ${runId}` };
const customer: Account = { email: `kcust.${runId}@example.com`, password: 'secret123', fullName: 'Arjun Customer', role: 'customer' };
const serviceName = `Physio Session ${runId}`;
let serviceId = '';

test.describe.configure({ mode: 'serial' });

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 60) {
  await expect(target).toHaveCount(1);
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function signIn(page: Page, a: Account, token: string) {
  await page.goto('/help');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  void a;
}

test.beforeAll(async ({ request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00'] });
});

test('a customer books with the keyboard alone', async ({ page, request }) => {
  await signIn(page, customer, await apiLogin(request, customer));
  await page.goto(`/book?service=${encodeURIComponent(serviceName)}&serviceId=${serviceId}`);
  await expect(page.getByRole('heading', { name: `Book ${serviceName}` })).toBeVisible();

  // The date strip is one tab stop; the arrow keys move between days, Enter picks one.
  const dates = page.getByRole('group', { name: 'Dates' });
  await tabTo(page, dates.locator('[aria-pressed="true"]'));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const picked = dates.locator('[aria-pressed="true"]');
  await expect(picked).toBeFocused();
  const date = await picked.getAttribute('data-date');

  // The slots are one tab stop too: the first open one takes the focus; Space picks it.
  const slots = page.getByRole('group', { name: 'Time slots' });
  await page.keyboard.press('Tab');
  await expect(slots.locator('button:focus')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(slots.locator('[aria-pressed="true"]')).toBeFocused();
  const time = await slots.locator('[aria-pressed="true"]').getAttribute('data-slot');

  await tabTo(page, page.getByRole('button', { name: 'Confirm Booking' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Thank you for your booking!' })).toBeVisible();
  expect(date).toBeTruthy();
  expect(time).toBeTruthy();
});

test('the provider confirms the request with the keyboard alone', async ({ page, request }) => {
  const token = await apiLogin(request, provider);
  const mine = await request.get(`${API}/appointments/provider`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await mine.json()).appointments.map((a: { serviceName: string; status: string }) => [a.serviceName, a.status])).toEqual([[serviceName, 'pending']]);

  await signIn(page, provider, token);
  await page.goto('/my-services');
  const row = page.getByTestId('booking-row').filter({ hasText: serviceName });
  await expect(row.getByTestId('booking-status')).toHaveText('Pending');
  await tabTo(page, row.getByRole('button', { name: 'Accept' }));
  await page.keyboard.press('Enter');
  await expect(row.getByTestId('booking-status')).toHaveText('Scheduled');
  await expect(row.getByRole('button', { name: 'Accept' })).toHaveCount(0);
});
