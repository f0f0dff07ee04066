import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { type Account, apiLogin, axe, bookViaApi, businessDay, createServiceViaApi, registerViaApi, runId, shotPath } from './support';

// Accessibility on a laptop (1280×900), in the system's light and dark (prefers-color-scheme,
// no theme stored: the app follows it): the calendar draws a 15-minute booking as 5:00–5:15 with
// chips whose text passes contrast; a skip link is the first Tab stop. Every route's axe scan, on
// a phone and on a laptop, is in mobile.spec.ts (one load for both sizes).
test.use({ viewport: { width: 1280, height: 900 } });
test.setTimeout(120_000);

const provider: Account = { email: `aprov.${runId}@example.com`, password: 'secret123', fullName: 'Anu Provider', role: 'provider', businessName: `Anu Studio ${runId}` };
const customer: Account = { email: `acust.${runId}@example.com`, password: 'secret123', fullName: 'Ravi Kumar', role: 'customer' };
const serviceName = `Quick Trim ${runId}`;
let serviceId = '';
const day = businessDay(2);

type Theme = 'light' | 'dark';

test.beforeAll('a provider with a 15-minute service at 5:00, booked by a customer', async ({ request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  serviceId = await createServiceViaApi(request, provider, { name: serviceName, duration: 15, timeSlots: ['05:00', '09:00', '10:00'] });
  await bookViaApi(request, customer, { serviceId, date: day, time: '05:00' });
});

async function signIn(page: Page, request: APIRequestContext, a: Account | null) {
  await page.goto('/help');
  const token = a ? await apiLogin(request, a) : null;
  await page.evaluate((t) => {
    localStorage.removeItem('theme');
    if (t) localStorage.setItem('token', t);
    else localStorage.removeItem('token');
  }, token);
}

async function open(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main [role="status"]').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 30_000 });
}

test('the calendar draws a 15-minute booking as 5:00–5:15, its chip readable in both themes', async ({ page, request }) => {
  await signIn(page, request, customer);
  for (const theme of ['light', 'dark'] as Theme[]) {
    await page.emulateMedia({ colorScheme: theme });
    await open(page, '/calendar');
    const cal = page.getByTestId('calendar');
    // The month grid already prints the range; the week grid draws its length.
    await expect(cal.getByRole('button', { name: new RegExp(`5:00\\s*[–-]\\s*5:15a? ${serviceName}`) }).first()).toBeVisible();
    await cal.getByRole('tab', { name: 'Week view' }).click();
    while (!(await cal.getByText(serviceName).first().isVisible())) await cal.getByRole('button', { name: /next/i }).first().click();
    // The week grid's chip names its range (the theme's class names are hashed: find it by role).
    const chip = cal.getByRole('button', { name: new RegExp(`5:00\\s*[–-]\\s*5:15a? ${serviceName}`) }).first();
    await expect(chip).toBeVisible();
    // 15 minutes of an hour's grid: the chip is far shorter than a 60-minute one would be.
    const box = await chip.boundingBox();
    expect(box?.height ?? 999).toBeLessThan(40);
    const scan = await axe(page).include('[data-testid="calendar"]').analyze();
    expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), `calendar (${theme})`).toEqual([]);
    await page.screenshot({ path: shotPath(`calendar-15-minutes-${theme}.png`) });
  }
});

test('on a phone the agenda lists the booking as 5:00–5:15', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, request, customer);
  await open(page, '/calendar');
  const cal = page.getByTestId('calendar');
  while (!(await cal.getByText(serviceName).first().isVisible())) await cal.getByRole('button', { name: /next/i }).first().click();
  // The agenda's row: the nearest box around the event's title that also holds its times.
  const row = cal.getByText(serviceName).first().locator('xpath=ancestor::*[contains(normalize-space(.), "5:15")][1]');
  await expect(row).toContainText(/5:00\s*(am)?\s*[–-]\s*5:15/i);
  await page.screenshot({ path: shotPath('calendar-15-minutes-phone.png') });
});

test('a skip link is the first Tab stop and moves focus to the page', async ({ page, request }) => {
  await signIn(page, request, null);
  await open(page, '/services');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
