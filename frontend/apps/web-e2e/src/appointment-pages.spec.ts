import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { API, axe, DATABASE_URL, runId, shotPath, signInWithToken, type Account } from './support';

// docs/product.md#paged-lists: a list shows the last 30 days and what is upcoming, and "Show
// earlier appointments" reads the older pages. The devstack's demo provider has 60 days of past
// appointments (devstack/demo_history.go), so both of its lists offer older ones.
const demo: Account = { email: 'demo.provider@slotwise.example', password: 'demo-provider-1', fullName: 'Slotwise Demo', role: 'provider' };

const SHOW_EARLIER = 'Show earlier appointments';

/** No sideways scroll (the page is no wider than the viewport), and axe finds nothing serious. */
async function fits(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
  const scan = await axe(page).analyze();
  expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test.describe.configure({ timeout: 180_000 });

test('the Booking Dashboard and the calendar page back through older appointments, on a phone and a laptop, light and dark', async ({ page, request }) => {
  await signInWithToken(page, request, demo);
  for (const route of ['/my-services', '/calendar'] as const) {
    const name = route.slice(1);
    for (const [size, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['laptop', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(route);
        const earlier = page.getByRole('button', { name: SHOW_EARLIER });
        await expect(earlier).toBeVisible();
        await fits(page);
        await earlier.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shotPath(`appointment-pages/${name}-${size}-${theme}.png`) });
      }
    }
  }
  // The Booking Dashboard's "Past" tab counts what is loaded: one more page adds older ones.
  await page.goto('/my-services');
  const all = page.getByRole('tab', { name: /^Past/ });
  await expect(page.getByRole('button', { name: SHOW_EARLIER })).toBeVisible();
  const count = async () => Number((await all.textContent())?.match(/\((\d+)\)/)?.[1] ?? '0');
  await expect.poll(count).toBeGreaterThan(0);
  const before = await count();
  await page.getByRole('button', { name: SHOW_EARLIER }).click();
  await expect.poll(count).toBeGreaterThan(before);
});

// A service's reviews come 20 at a time, and "Load more reviews" reads the older ones. 25 reviews
// of a demo service are written straight into review-svc's table (the API writes one per
// completed appointment).
test("the booking page's reviews page by 20, on a phone and a laptop, light and dark", async ({ page, request }) => {
  const res = await request.get(`${API}/services?name=${encodeURIComponent('Haircut & Styling')}`);
  const service = (await res.json()).services[0] as { _id: string; name: string };
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    // The e2e database outlives a run: an earlier run's 25 would make 50 here.
    await db.query(`DELETE FROM review.reviews WHERE customer_id = 'e2e-reviewer' AND service_id = $1`, [service._id]);
    await db.query(
      `INSERT INTO review.reviews (id, appointment_id, service_id, customer_id, rating, comment, created_at)
       SELECT gen_random_uuid(), $1 || i, $2, 'e2e-reviewer', 1 + i % 5, 'Paged review ' || i, now() - i * interval '1 minute'
       FROM generate_series(1, 25) AS i`,
      [`e2e-${runId}-`, service._id],
    );
  } finally {
    await db.end();
  }
  await signInWithToken(page, request, demo);
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`/book?service=${encodeURIComponent(service.name)}&serviceId=${service._id}`);
      await page.getByRole('button', { name: 'View Reviews' }).click();
      const more = page.getByRole('button', { name: 'Load more reviews' });
      await expect(more).toBeVisible();
      await expect(page.getByTestId('review')).toHaveCount(20);
      await fits(page);
      await more.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotPath(`appointment-pages/reviews-${size}-${theme}.png`) });
    }
  }
  await page.getByRole('button', { name: 'Load more reviews' }).click();
  await expect(page.getByTestId('review')).toHaveCount(25);
  await expect(page.getByRole('button', { name: 'Load more reviews' })).toHaveCount(0);
});
