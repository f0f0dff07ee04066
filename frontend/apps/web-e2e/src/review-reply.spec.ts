import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { API, apiLogin, bookViaApi, businessDay, createServiceViaApi, DATABASE_URL, registerViaApi, runId, shotPath, signInWithToken, type Account } from './support';

// Issue 42 "Must show": a reply appears under the review, on a phone (390 px). The review is made
// the product's way (book, confirm, complete, review); only the start is moved into the past in
// booking-svc's table, as provider.spec.ts does, since the API books future slots only.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const provider: Account = {
  email: `provreply.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Kiran Provider',
  role: 'provider',
  businessName: `Kiran Salon ${runId}`,
};
const customer: Account = { email: `custreply.${runId}@example.com`, password: 'secret123', fullName: 'Meera Joshi', role: 'customer' };
const operator: Account = { email: `opreply.${runId}@example.com`, password: 'secret123', fullName: 'Olga Operator', role: 'customer' };
const serviceName = `Haircut ${runId}`;
const reviewText = `Good cut, a long wait ${runId}`;
const replyText = `Thank you Meera, we have added a second chair ${runId}`;
let serviceId = '';

async function setTheme(page: Page, mode: 'light' | 'dark') {
  await page.evaluate((m) => localStorage.setItem('theme', m), mode);
  await page.reload();
  if (mode === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
  else await expect(page.locator('html')).not.toHaveClass(/dark/);
}

async function noSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

test('a reviewed appointment, the product way', async ({ request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: ['10:00'] });
  const appointmentId = await bookViaApi(request, customer, { serviceId, date: businessDay(2), time: '10:00' });
  const providerAuth = { Authorization: `Bearer ${await apiLogin(request, provider)}` };
  const status = async (s: string) => {
    const res = await request.patch(`${API}/appointments/${appointmentId}/provider-status`, { headers: providerAuth, data: { status: s } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await status('confirmed');
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const r = await db.query(`UPDATE booking.appointments SET starts_at = now() - interval '5 minutes' WHERE id = $1`, [appointmentId]);
    expect(r.rowCount).toBe(1);
  } finally {
    await db.end();
  }
  await status('completed');
  const customerAuth = { Authorization: `Bearer ${await apiLogin(request, customer)}` };
  await expect(async () => {
    const res = await request.post(`${API}/reviews`, { headers: customerAuth, data: { appointmentId, rating: 4, comment: reviewText } });
    expect(res.status(), await res.text()).toBe(201);
  }).toPass({ timeout: 20_000 });
});

test('the provider responds on a phone and the reply appears under the review', async ({ page, request }) => {
  await signInWithToken(page, request, provider);
  await page.goto('/my-services');
  const review = page.getByTestId('ratings-feedback').getByTestId('review').filter({ hasText: reviewText });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: "Respond to Meera J.'s review" }).click();
  const box = review.getByLabel('Your public reply');
  await expect(box).toBeFocused();
  await box.fill(replyText);
  await review.getByRole('button', { name: 'Post reply' }).click();
  const reply = review.getByTestId('review-reply');
  await expect(reply).toContainText(`Reply from ${provider.businessName}`);
  await expect(reply).toContainText(replyText);
  await expect(review.getByRole('button', { name: "Edit your reply to Meera J.'s review" })).toBeVisible();
  await noSidewaysScroll(page);
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    const shown = page.getByTestId('ratings-feedback').getByTestId('review').filter({ hasText: reviewText });
    await expect(shown.getByTestId('review-reply')).toBeVisible();
    await shown.screenshot({ path: shotPath(`review-reply-phone-${mode}.png`) });
  }

  // The provider reports the review too (any signed-in person but its author may).
  await page.getByTestId('ratings-feedback').getByTestId('review').filter({ hasText: reviewText }).getByRole('button', { name: "Report Meera J.'s review" }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this review' });
  await dialog.getByRole('radio', { name: 'False or misleading' }).check();
  await dialog.getByLabel('Details (optional)').fill('We never had a broken chair');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thank you. An operator will look at this review.')).toBeVisible();
});

test('customers see the reply under the review on the booking page', async ({ page, request }) => {
  await signInWithToken(page, request, customer);
  await page.goto(`/book?service=${encodeURIComponent(serviceName)}&serviceId=${serviceId}`);
  await page.getByRole('button', { name: 'View Reviews' }).click();
  const review = page.getByTestId('review').filter({ hasText: reviewText });
  await expect(review.getByTestId('review-reply')).toContainText(replyText);
  await expect(review.getByTestId('review-reply')).toContainText(provider.businessName ?? '');
  // Its author is not offered Report on their own review.
  await expect(review.getByRole('button', { name: /Report/ })).toHaveCount(0);
  await noSidewaysScroll(page);
});

test('an operator keeps the reported review from /admin/reports on a phone', async ({ page, request }) => {
  await registerViaApi(request, operator);
  // Only the command line makes an operator (make admin); the test writes the same column.
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const r = await db.query(`UPDATE auth.users SET operator = true WHERE email = $1`, [operator.email]);
    expect(r.rowCount).toBe(1);
  } finally {
    await db.end();
  }
  await signInWithToken(page, request, operator);
  await page.goto('/admin/reports');
  const card = page.getByTestId('report').filter({ hasText: reviewText });
  await expect(card).toContainText('Reported by 1 person');
  await expect(card).toContainText('False or misleading — “We never had a broken chair”');
  await expect(card.getByTestId('review-reply')).toContainText(replyText);
  await noSidewaysScroll(page);
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    await expect(card).toBeVisible();
    await card.screenshot({ path: shotPath(`admin-reports-phone-${mode}.png`) });
  }
  await card.getByRole('button', { name: 'Keep review' }).click();
  await expect(page.getByText('The review stays up')).toBeVisible();
  await expect(card).toHaveCount(0);
});
