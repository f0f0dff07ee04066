import { expect, test } from '@playwright/test';
import { businessDay, createServiceViaApi, registerViaApi, runId, type Account } from './support';

/**
 * The web app works on whatever address it is served from (issue 39, "Any address"): it calls
 * the API at /api/… of its own origin, which the devstack passes on to the gateway, so the same
 * build runs under `make up API_ADDR=:6001 WEB_ADDR=:4000` (`make -C frontend e2e-any-address`)
 * as on :5001/:3000. A signed-out customer who opens a booking signs in and lands back on it,
 * then books; nothing the page loads or calls leaves its origin, and its CSP allows only it.
 */

const provider: Account = { email: `prov.addr.${runId}@example.com`, password: 'secret123', fullName: 'Nila Provider', role: 'provider', businessName: `Nila Care ${runId}` };
const customer: Account = { email: `cust.addr.${runId}@example.com`, password: 'secret123', fullName: 'Asha Anywhere', role: 'customer' };
const serviceName = `Any Address Check-up ${runId}`;

test('login and a booking work through the API on the app’s own origin', async ({ page, request, baseURL }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  const serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: ['09:00', '10:00', '11:00'] });
  const origin = new URL(baseURL ?? '').origin;

  const elsewhere: string[] = [];
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
    if (u.origin !== origin) elsewhere.push(r.url());
    else if (u.pathname.startsWith('/api/')) apiCalls.push(`${r.method()} ${u.pathname}`);
  });
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));

  // Signed out, the booking page sends the customer to /login, and back after signing in.
  const res = await page.goto(`/book?service=${encodeURIComponent(serviceName)}&serviceId=${serviceId}`);
  expect(res?.headers()['content-security-policy']).toContain("connect-src 'self';");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await expect(page.getByLabel('Customer')).toBeChecked({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/book\?/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: `Book ${serviceName}` })).toBeVisible();

  const day = businessDay(1);
  await page.locator(`[data-date="${day}"]`).click();
  await page.locator('[data-slot="10:00"]').click();
  await expect(page).toHaveURL(new RegExp(`date=${day}.*time=10%3A00`));
  await expect(page.getByLabel('Phone')).toHaveValue('9876543210');
  await page.getByLabel('Reason for Visit').fill('Any address');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your booking!' })).toBeVisible();

  expect(apiCalls).toContain('POST /api/auth/login-with-role');
  expect(apiCalls).toContain('POST /api/appointments');
  expect(elsewhere, 'requests that left the app’s origin').toEqual([]);
  expect(failed, 'requests that failed').toEqual([]);
});
