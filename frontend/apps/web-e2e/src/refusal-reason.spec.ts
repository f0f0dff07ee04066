import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, apiLogin, bookViaApi, businessDay, createServiceViaApi, registerViaApi, runId, shotPath, type Account } from './support';

// Issue 51 "Must show", on a phone (390×844): a provider presses Accept on a day they closed; the
// server refuses with its reason (409), and the home, the dashboard and the calendar each show that
// reason in their toast, not words of their own (docs/product.md#messages). The request stays
// pending. Shots light and dark, phone and laptop.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const provider: Account = {
  email: `prov51r.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Meera Provider',
  role: 'provider',
  businessName: `Meera Salon ${runId}`,
};
const customer: Account = { email: `cust51r.${runId}@example.com`, password: 'secret123', fullName: 'Kiran Customer', role: 'customer' };
const serviceName = `Trim ${runId}`;
const DAY = businessDay(3);
let id = '';

/** The server's reason: "You are closed on <Weekday>, <d Month> (Staff training): …". */
const REASON = /^You are closed on \w+, \d{1,2} \w+ \(Staff training\): reopen the day to confirm this appointment, or decline it$/;

async function signIn(page: Page, request: APIRequestContext) {
  await page.goto('/help');
  const token = await apiLogin(request, provider);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
}

/** The error toast, which must read the server's reason and nothing else. */
async function expectReason(page: Page) {
  const toast = page.locator('[data-sonner-toast][data-type="error"]').last();
  await expect(toast).toBeVisible();
  await expect(toast).toHaveText(REASON);
  // Shot once it has slid in (sonner's CSS transitions).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

test.beforeAll('a request on a day the provider then closed', async ({ request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  const serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: ['10:00', '11:00'], duration: 30 });
  id = await bookViaApi(request, customer, { serviceId, date: DAY, time: '10:00' });
  const closed = await request.post(`${API}/providers/me/closures`, {
    headers: { Authorization: `Bearer ${await apiLogin(request, provider)}` },
    data: { from: DAY, to: DAY, note: 'Staff training' },
  });
  expect(closed.status(), await closed.text()).toBe(201);
});

test("accept on a closed day shows the server's reason on the home, the dashboard and the calendar", async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/');
  const item = page.getByTestId('pending-requests').locator(`li[data-appointment-id="${id}"]`);
  await item.getByRole('button', { name: 'Accept' }).click();
  await expectReason(page);
  await page.screenshot({ path: shotPath('refusal-reason-home-phone.png') });

  await page.goto('/my-services');
  const row = page.locator(`[data-testid="booking-row"][data-appointment-id="${id}"]`);
  await row.getByRole('button', { name: 'Accept' }).click();
  await expectReason(page);
  await page.screenshot({ path: shotPath('refusal-reason-dashboard-phone.png') });

  await page.goto('/calendar');
  const cal = page.getByTestId('calendar');
  const event = cal.getByText(serviceName).first();
  for (let i = 0; i < 3; i++) {
    try {
      await expect(event).toBeVisible({ timeout: 3_000 });
      break;
    } catch {
      await cal.getByRole('button', { name: /^Next/ }).click();
    }
  }
  await event.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept', exact: true }).click();
  await expectReason(page);
  await page.screenshot({ path: shotPath('refusal-reason-calendar-phone.png') });

  const res = await request.get(`${API}/appointments/${id}`, { headers: { Authorization: `Bearer ${await apiLogin(request, provider)}` } });
  expect((await res.json()).appointment.status).toBe('pending');
});

test('the reason reads in light and dark, on a phone and a laptop', async ({ page, request }) => {
  for (const [w, h, name] of [
    [390, 844, 'phone'],
    [1280, 900, 'laptop'],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await signIn(page, request);
      await page.goto('/');
      await page.evaluate((s) => localStorage.setItem('theme', s), scheme);
      await page.reload();
      await page.getByTestId('pending-requests').locator(`li[data-appointment-id="${id}"]`).getByRole('button', { name: 'Accept' }).click();
      await expectReason(page);
      const w2 = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(w2.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(w2.inner);
      await page.screenshot({ path: shotPath(`refusal-reason-home-${name}-${scheme}.png`) });
    }
  }
});

test('nothing invented: a new service reads "New", and the home has no reviews to show yet', async ({ page, request }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page, request);
    await page.evaluate((s) => localStorage.setItem('theme', s), scheme);
    await page.goto('/');
    const reviews = page.getByTestId('latest-reviews');
    await expect(reviews.getByText(/^No reviews yet/)).toBeVisible();
    await expect(reviews.getByRole('figure')).toHaveCount(0);
    await reviews.screenshot({ path: shotPath(`nothing-invented-home-reviews-${scheme}.png`) });
    await page.goto('/provider-services');
    await page.getByText('Healthcare & Wellness', { exact: true }).click();
    const card = page.locator('article, li, div').filter({ hasText: serviceName }).getByTestId('rating-new').first();
    await expect(card).toHaveText('New: no reviews yet');
    await expect(page.getByText('0.0 (0 reviews)')).toHaveCount(0);
    await page.screenshot({ path: shotPath(`nothing-invented-new-service-${scheme}.png`) });
  }
});
