import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { type Account, apiLogin, axe, bookViaApi, businessDay, createServiceViaApi, registerViaApi, runId, settled, shotPath, updateScreenshots } from './support';

// Every route on a phone (390×844), logged out, as a customer and as a provider, in light and
// dark: the page never scrolls sideways, the closed navbar is at most 64 px high, and axe finds
// no serious or critical violation; the layout checks again at 360×640, the smallest phone (the
// same page narrowed). The main routes are then widened to a laptop (1280×900) and scanned again
// in both themes, heading-order included (axe calls it moderate; we hold it to none): one load
// serves both sizes.
// UPDATE_SCREENSHOTS=1 also writes docs/screenshots/mobile/ (frontend/tools/mobile-screenshots.sh);
// without it no phone screenshot is taken (there are ~50).
const SHOTS = updateScreenshots;

// Not isMobile: a phone's layout viewport would widen to fit overflowing content and hide it.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
// Each route twice (light, dark) on a phone and on most routes twice more on a laptop, each with
// an axe scan.
test.setTimeout(300_000);

const provider: Account = {
  email: `mprov.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Meena Provider',
  role: 'provider',
  businessName: `Meena Dental ${runId}`,
};
const customer: Account = { email: `mcust.${runId}@example.com`, password: 'secret123', fullName: 'Kiran Customer', role: 'customer' };
const serviceName = `Dental Cleaning ${runId}`;
let serviceId = '';
let appointmentId = '';

type Theme = 'light' | 'dark';

async function signIn(page: Page, request: APIRequestContext, a: Account | null) {
  await page.goto('/help');
  const token = a ? await apiLogin(request, a) : null;
  await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')), token);
}

async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}

/** The route, loaded and settled: its chunk and its data in, no spinner left. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main [role="status"]').filter({ hasText: /Loading/ })).toHaveCount(0);
}

/** Serious or critical violations (and heading-order, with `headings`), as readable lines. */
async function problems(page: Page, headings: boolean): Promise<string[]> {
  const scan = await axe(page).analyze();
  return scan.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || (headings && v.id === 'heading-order'))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).slice(0, 3).join(' | ')}`);
}

/** The page repainted in `theme` (the emulated system preference) with its colour transitions over. */
async function showTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
  await settled(page);
}

/**
 * The route loaded once and checked in both themes: with no theme stored the app follows the
 * system's preference as it changes (ThemeProvider in libs/shell/feature/src/lib/theme.tsx), so
 * switching the emulated preference repaints the page without a second load. With `laptop`, the
 * same page is then widened to 1280×900 and scanned in both themes again.
 */
async function checkRoute(page: Page, who: string, route: string, laptop: boolean) {
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, route);
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect.soft(widths.scroll, `${route} (${who}, ${theme}) scrolls sideways`).toBeLessThanOrEqual(widths.inner);
    const header = await page.locator('header').first().boundingBox();
    expect.soft(header?.height ?? 999, `${route} navbar height`).toBeLessThanOrEqual(64);

    expect.soft(await problems(page, false), `${route} (${who}, ${theme}) axe`).toEqual([]);

    if (SHOTS) {
      const name = `${who}${route === '/' ? '-home' : route.split('?')[0].replace(/\//g, '-')}-${theme}.png`;
      await page.screenshot({ path: shotPath(`mobile/${name}`), fullPage: true });
    }
  }
  // The smallest phone (360×640): the same page narrowed (no second load; a layout still 390 px
  // wide would only show as overflow), nothing scrolls sideways and the bar stays one row.
  await page.setViewportSize({ width: 360, height: 640 });
  const narrow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(narrow.inner).toBe(360);
  expect.soft(narrow.scroll, `${route} (${who}) at 360 px scrolls sideways`).toBeLessThanOrEqual(narrow.inner);
  const bar = await page.locator('header').first().boundingBox();
  expect.soft(bar?.height ?? 999, `${route} (${who}) at 360 px: navbar height`).toBeLessThanOrEqual(64);
  if (laptop) {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const theme of ['dark', 'light'] as const) {
      await showTheme(page, theme);
      expect.soft(await problems(page, true), `${route} (${who}, ${theme}, laptop) axe`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

// Fresh accounts per worker (runId is new in each), so a retry after a failure starts clean.
test.beforeAll('a provider with a service, a customer with a booking', async ({ request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: ['09:00', '10:00', '11:00', '12:00', '14:00', '15:00', '16:00', '17:00'] });
  appointmentId = await bookViaApi(request, customer, { serviceId, date: businessDay(2), time: '10:00' });
});

// [route, also scanned on a laptop]
const anonRoutes: [string, boolean][] = ['/', '/login', '/register', '/services', '/categories', '/categories/healthcare', '/demo-services', '/help'].map((r) => [r, true]);
const customerRoutes = (): [string, boolean][] => [
  ['/', true],
  ['/services', false],
  [`/book?service=${encodeURIComponent(serviceName)}&serviceId=${serviceId}`, true],
  ['/dashboard', true],
  ['/my-appointments', true],
  ['/calendar', true],
  [`/reschedule?id=${appointmentId}`, false],
  ['/profile', true],
  // Not an operator: the page says so (docs/product.md#replies-and-reports).
  ['/admin/reports', false],
];
const providerRoutes: [string, boolean][] = [
  ['/', true],
  ['/my-services', true],
  ['/provider-services', true],
  ['/add-service', true],
  ['/team', false],
  ['/calendar', true],
  ['/dashboard', false],
  ['/profile', false],
];

test('logged out: every route fits a phone (390 and 360 px) and passes axe in light and dark, on a laptop too', async ({ page, request }) => {
  await signIn(page, request, null);
  for (const [route, laptop] of anonRoutes) await checkRoute(page, 'visitor', route, laptop);
});

test('customer: every route fits a phone (390 and 360 px) and passes axe in light and dark, the main ones on a laptop too', async ({ page, request }) => {
  await signIn(page, request, customer);
  for (const [route, laptop] of customerRoutes()) await checkRoute(page, 'customer', route, laptop);
});

test('provider: every route fits a phone (390 and 360 px) and passes axe in light and dark, the main ones on a laptop too', async ({ page, request }) => {
  await signIn(page, request, provider);
  for (const [route, laptop] of providerRoutes) await checkRoute(page, 'provider', route, laptop);
});

test('the phone menu opens below the bar, moves focus in and closes with Escape', async ({ page, request }) => {
  await signIn(page, request, customer);
  await setTheme(page, 'light');
  await open(page, '/');
  const button = page.getByRole('button', { name: 'Menu' });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Appointments' })).toBeHidden();
  await button.click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Home' })).toBeFocused();
  for (const link of await menu.getByRole('link').all()) expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  if (SHOTS) await page.screenshot({ path: shotPath('mobile/customer-menu-open-light.png') });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await menu.getByRole('link', { name: 'My Appointments' }).click();
  await expect(page).toHaveURL(/\/my-appointments$/);
  await expect(menu).toBeHidden();
});

test('a demo service books for real: Book Now opens its slots (the devstack seeds them)', async ({ page, request }) => {
  await signIn(page, request, customer);
  await open(page, '/demo-services');
  const card = page.getByTestId('service-card').filter({ has: page.getByRole('heading', { name: 'Haircut & Styling' }) });
  await expect(card.getByRole('link', { name: 'Book Now' })).not.toHaveAttribute('href', /serviceId=demo-/);
  await card.getByRole('link', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { name: 'Book Haircut & Styling' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Time slots' }).getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a tablet (768×1024) and a laptop (1024×768) keep the bar in one row and the page in its width', async ({ page, request }) => {
  await signIn(page, request, provider);
  for (const [width, height] of [[768, 1024], [1024, 768]] as const) {
    await page.setViewportSize({ width, height });
    for (const route of ['/my-services', '/calendar']) {
      await open(page, route);
      const header = await page.locator('header').first().boundingBox();
      expect.soft(header?.height ?? 999, `${route} at ${width} px: navbar height`).toBeLessThanOrEqual(64);
      // Nothing in the bar wraps or spills out of it (a crowded bar grows its buttons instead).
      for (const el of await page.locator('header nav[aria-label="Main"]').locator('a:visible, button:visible, input:visible').all()) {
        const box = await el.boundingBox();
        if (!box || !header) continue;
        expect.soft(box.y + box.height, `${route} at ${width} px: ${await el.textContent()} spills below the bar`).toBeLessThanOrEqual(header.y + header.height);
        expect.soft(box.height, `${route} at ${width} px: ${await el.textContent()} wraps`).toBeLessThanOrEqual(48);
      }
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect.soft(widths.scroll, `${route} at ${width} px scrolls sideways`).toBeLessThanOrEqual(widths.inner);
    }
  }
});

test("the provider calendar's phone agenda shows a long title whole at 360 and 414 px (it wraps)", async ({ page, request }) => {
  await signIn(page, request, provider);
  await setTheme(page, 'light');
  for (const width of [360, 414]) {
    // The phone layout is chosen when the calendar mounts, so each width loads the page afresh.
    await page.setViewportSize({ width, height: 800 });
    await open(page, '/calendar');
    const cal = page.getByTestId('calendar');
    const title = cal.getByText(`${serviceName} · ${customer.fullName}`, { exact: true });
    for (let i = 0; i < 2 && !(await title.isVisible()); i++) await cal.getByRole('button', { name: /^Next/ }).click();
    await expect(title).toBeVisible();
    // Nothing of it is clipped: its text fits its box, and its box fits the calendar.
    const fit = await title.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)) }));
    expect(fit.scroll, `at ${width} px the title is clipped`).toBeLessThanOrEqual(fit.client);
    expect(fit.lines, `at ${width} px the title should wrap onto a second line`).toBeGreaterThanOrEqual(2);
    const [box, calBox] = [await title.boundingBox(), await cal.boundingBox()];
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((calBox?.x ?? 0) + (calBox?.width ?? 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // A week across two months has the longest title ("November 29 – December 5, 2026", or across a
    // year "December 27, 2026 – January 2, 2027"): it wraps too.
    const acrossMonths = /^[A-Z][a-z]+ \d+(, \d{4})? – [A-Z][a-z]+ \d+/;
    const heading = cal.getByRole('heading', { level: 2 });
    for (let i = 0; i < 6 && !acrossMonths.test(await heading.innerText()); i++) {
      await cal.getByRole('button', { name: /^Next/ }).click();
    }
    expect(await heading.innerText()).toMatch(acrossMonths);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px a week across two months scrolls sideways`).toBeLessThanOrEqual(width);
  }
});
