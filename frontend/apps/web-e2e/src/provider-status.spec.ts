import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { API, apiLogin, awaitNotification, bookViaApi, businessDay, createServiceViaApi, DATABASE_URL, nextNotificationPoll, registerViaApi, runId, shotPath, type Account } from './support';

// Issue 39 "Must show", on a phone (390×844): one status line on every provider screen. A new
// request reaches the provider home without a reload; the provider accepts requests and, once
// they have started, marks one completed and another no-show (analytics counts both); a pending
// request the customer moved is still a request, and accepting it works; declining asks for a
// reason the customer is shown.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const provider: Account = {
  email: `prov39s.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Leela Provider',
  role: 'provider',
  businessName: `Leela Spa ${runId}`,
};
const customer: Account = { email: `cust39s.${runId}@example.com`, password: 'secret123', fullName: 'Arjun Customer', role: 'customer' };
const serviceName = `Head massage ${runId}`;
const SLOTS = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];
let serviceId = '';

/** Signed in by the token, on the provider home. */
async function openHome(page: Page, request: APIRequestContext, a: Account) {
  await page.goto('/help');
  const token = await apiLogin(request, a);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: `Welcome back, ${a.fullName}!` })).toBeVisible();
}

async function noSidewaysScroll(page: Page) {
  const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(w.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(w.inner);
}

/**
 * Moves appointments' starts into the past (no clock control in the devstack), the first
 * `minutes` ago and each next one two hours earlier (the owner performs them all, and one
 * person's appointments may not overlap): a test-only shortcut.
 */
async function startedMinutesAgo(ids: string[], minutes: number) {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    for (const [i, id] of ids.entries()) {
      const r = await db.query(`UPDATE booking.appointments SET starts_at = now() - make_interval(mins => $2), ends_at = now() - make_interval(mins => $2) + (ends_at - starts_at) WHERE id = $1`, [id, minutes + 120 * i]);
      expect(r.rowCount).toBe(1);
    }
  } finally {
    await db.end();
  }
}

async function appointment(request: APIRequestContext, a: Account, id: string) {
  const res = await request.get(`${API}/appointments/${id}`, { headers: { Authorization: `Bearer ${await apiLogin(request, a)}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).appointment as { status: string; awaitingProvider: boolean; reason: string; cancelledBy: string };
}

const requestItem = (page: Page, id: string) => page.getByTestId('pending-requests').locator(`li[data-appointment-id="${id}"]`);

test.beforeAll('a provider with a service, and a customer', async ({ request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: SLOTS, price: 800, duration: 30 });
});

const accepted: string[] = [];

test('the provider home shows a new request without a reload, and Accept takes it', async ({ page, request }) => {
  // The page's own clock, so the test can move it on to the bell's next poll instead of waiting 30 s.
  await page.clock.install();
  await openHome(page, request, provider);
  const queue = page.getByTestId('queue-card');
  await expect(queue.getByRole('heading', { name: 'Pending Requests (0)' })).toBeVisible();

  const first = await bookViaApi(request, customer, { serviceId, date: businessDay(2), time: '09:00' });
  // No reload: the bell's poll (30 s) brings the notification, and with it the request.
  await awaitNotification(request, provider, `New booking request from ${customer.fullName}`);
  await expect(requestItem(page, first)).toHaveCount(0);
  await nextNotificationPoll(page);
  await expect(requestItem(page, first)).toBeVisible();
  await expect(queue.getByRole('heading', { name: 'Pending Requests (1)' })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: shotPath('provider-status-home-request-phone.png'), fullPage: true });

  await requestItem(page, first).getByRole('button', { name: 'Accept' }).click();
  await expect(requestItem(page, first)).toHaveCount(0);
  expect((await appointment(request, provider, first)).status).toBe('scheduled');
  accepted.push(first);
});

test('accepted requests, once started, are marked completed on the home and no-show on the dashboard; analytics counts both', async ({ page, request }) => {
  const second = await bookViaApi(request, customer, { serviceId, date: businessDay(2), time: '10:00' });
  await openHome(page, request, provider);
  await requestItem(page, second).getByRole('button', { name: 'Accept' }).click();
  await expect(requestItem(page, second)).toHaveCount(0);
  accepted.push(second);
  const [done, missed] = accepted;

  // Before the start there is nothing to mark: the server would refuse it too.
  const early = await request.patch(`${API}/appointments/${done}/provider-status`, {
    headers: { Authorization: `Bearer ${await apiLogin(request, provider)}` },
    data: { status: 'completed' },
  });
  expect(early.status()).toBe(409);

  await startedMinutesAgo([done, missed], 30);
  await page.reload();
  const toComplete = page.getByTestId('to-complete');
  const doneItem = toComplete.locator(`li[data-appointment-id="${done}"]`);
  await expect(doneItem.getByRole('button', { name: 'Mark No-show' })).toBeVisible();
  await doneItem.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(doneItem).toHaveCount(0);
  await noSidewaysScroll(page);

  await page.goto('/my-services');
  // The dashboard shows the stored status: started, it is still Scheduled, to be marked.
  await page.getByRole('tab', { name: /^Scheduled/ }).click();
  const row = (id: string) => page.locator(`[data-testid="booking-row"][data-appointment-id="${id}"]`);
  await expect(row(missed).getByTestId('booking-status')).toHaveText('Scheduled');
  await row(missed).getByRole('button', { name: 'Mark No-show' }).click();
  await expect(row(missed)).toHaveCount(0);
  await page.getByRole('tab', { name: /^Past/ }).click();
  await expect(row(missed).getByTestId('booking-status')).toHaveText('No Show');
  await expect(row(done).getByTestId('booking-status')).toHaveText('Completed');
  await noSidewaysScroll(page);

  expect((await appointment(request, provider, done)).status).toBe('completed');
  expect((await appointment(request, provider, missed)).status).toBe('no-show');
  const figures = await request.get(`${API}/providers/me/analytics?days=7`, { headers: { Authorization: `Bearer ${await apiLogin(request, provider)}` } });
  const totals = (await figures.json()).totals;
  expect([totals.completed, totals.noShow, totals.revenue]).toEqual([1, 1, 800]);
  const analytics = page.getByTestId('analytics');
  await analytics.getByRole('tab', { name: '7 days' }).click();
  await expect(analytics.getByTestId('analytics-completed')).toHaveText('1');
  await expect(analytics.getByTestId('analytics-revenue')).toHaveText('₹800');
  await expect(analytics.getByTestId('analytics-no-show-rate')).toHaveText('50%');
});

test('a pending request the customer moves is still a request, and accepting it works', async ({ page, request }) => {
  const id = await bookViaApi(request, customer, { serviceId, date: businessDay(3), time: '11:00' });
  const moved = await request.put(`${API}/appointments/${id}/reschedule`, {
    headers: { Authorization: `Bearer ${await apiLogin(request, customer)}` },
    data: { date: businessDay(4), time: '12:00' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const answer = (await moved.json()).appointment;
  // The contract's answer to a reschedule, and the provider still to answer it.
  expect([answer.status, answer.awaitingProvider]).toEqual(['scheduled', true]);

  await openHome(page, request, provider);
  const item = requestItem(page, id);
  await expect(item).toContainText('New time asked by the customer');
  await page.goto('/my-services');
  await page.getByRole('tab', { name: /^Requests/ }).click();
  await expect(page.locator(`[data-testid="booking-row"][data-appointment-id="${id}"]`).getByRole('button', { name: 'Accept' })).toBeVisible();
  await page.goto('/');
  await item.getByRole('button', { name: 'Accept' }).click();
  await expect(item).toHaveCount(0);
  const after = await appointment(request, provider, id);
  expect([after.status, after.awaitingProvider]).toEqual(['scheduled', false]);
  await expect(page.getByTestId('upcoming-list').locator(`li[data-appointment-id="${id}"]`)).toContainText('Scheduled');
});

test('declining asks for a reason, and the customer is shown it', async ({ page, request }) => {
  const id = await bookViaApi(request, customer, { serviceId, date: businessDay(5), time: '13:00' });
  await openHome(page, request, provider);
  await requestItem(page, id).getByRole('button', { name: 'Decline' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Decline this request?' });
  await ask.getByLabel('Reason (optional)').fill('Closed for a family event');
  await noSidewaysScroll(page);
  await ask.getByRole('button', { name: 'Decline' }).click();
  await expect(requestItem(page, id)).toHaveCount(0);
  const after = await appointment(request, customer, id);
  expect([after.status, after.reason, after.cancelledBy]).toEqual(['cancelled', 'Closed for a family event', 'provider']);

  await openHomeAs(page, request, customer);
  await page.goto('/my-appointments');
  await expect(page.locator(`[data-appointment-id="${id}"]`).getByTestId('cancellation-note')).toHaveText('Cancelled by the provider: “Closed for a family event”');
  // And in the customer's notification.
  const token = await apiLogin(request, customer);
  await expect(async () => {
    const res = await request.get(`${API}/notifications?limit=20`, { headers: { Authorization: `Bearer ${token}` } });
    const texts = ((await res.json()).notifications as { text: string }[]).map((n) => n.text);
    expect(texts.some((t) => t.includes('was declined. Reason: “Closed for a family event”'))).toBe(true);
  }).toPass({ timeout: 30_000 });
});

async function openHomeAs(page: Page, request: APIRequestContext, a: Account) {
  await page.goto('/help');
  await page.evaluate((t) => localStorage.setItem('token', t), await apiLogin(request, a));
}
