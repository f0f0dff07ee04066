import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import path from 'node:path';

export const API = process.env.E2E_API_URL ?? 'http://localhost:5001';
/** The e2e stack's database (the devstack's, see playwright.config.ts): for seeding what the API cannot make. */
export const DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/slotwise_e2e';

/** The committed screenshots (docs/screenshots at the repository root). */
const DOCS_SHOTS = path.resolve(import.meta.dirname, '../../../../docs/screenshots');

/** True when this run regenerates docs/screenshots (`UPDATE_SCREENSHOTS=1`, `make -C frontend screenshots`). */
export const updateScreenshots = process.env.UPDATE_SCREENSHOTS === '1';

/**
 * Where a screenshot named `name` (e.g. `provider-analytics-dark.png`, `mobile/x.png`) is written:
 * into docs/screenshots only when the run is asked to regenerate them, otherwise into the test's
 * own output folder (test-results/, ignored), so a plain `make test-e2e` still takes every shot
 * but leaves the committed files as they were.
 */
export function shotPath(name: string): string {
  return updateScreenshots ? path.join(DOCS_SHOTS, name) : test.info().outputPath(name);
}

/** Unique per run so the suite can run again against the same database. */
export const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface Account {
  email: string;
  password: string;
  fullName: string;
  role: 'customer' | 'provider';
  businessName?: string;
}

export const customer: Account = {
  email: `cust.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Asha Customer',
  role: 'customer',
};

export const provider: Account = {
  email: `prov.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Ravi Provider',
  role: 'provider',
  businessName: `Ravi Events ${runId}`,
};

export async function registerViaUi(page: Page, a: Account) {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register Here!' })).toBeVisible();
  if (a.role === 'provider') await page.getByLabel('Service Provider').check();
  await page.getByLabel('Full Name').fill(a.fullName);
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByLabel('Address').fill('12 MG Road, Pune');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Password', { exact: true }).fill(a.password);
  await page.getByLabel('Confirm Password').fill(a.password);
  if (a.role === 'provider') {
    await page.getByLabel('Business Name').fill(a.businessName ?? 'Biz');
    await page.getByLabel('Business Category (optional)').selectOption('events');
    await page.getByLabel('Business Location').fill('Pune');
  }
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasNotText: 'Loading' })).toBeVisible();
  // After 2 s the app goes to /login.
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
}

export async function loginViaUi(page: Page, a: Account) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login Here!' })).toBeVisible();
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password', { exact: true }).fill(a.password);
  // The role is looked up 1 s after typing stops and filled in.
  const radio = page.getByLabel(a.role === 'provider' ? 'Service Provider' : 'Customer');
  await expect(radio).toBeChecked({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Login' }).click();
  // After 1.5 s the app goes to '/'.
  await expect(page).toHaveURL(/:\d+\/$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: /▾/ })).toBeVisible();
}

/**
 * Sends a request again while the server answers 429 (auth-svc refuses a password check when
 * every slot is busy, auth-svc/internal/password/limited.go), after the Retry-After it names, as
 * a client should: on a small shared machine the suite's own logins fill those slots.
 */
async function retryWhileBusy(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (res.status() !== 429 || attempt === 10) return res;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers()['retry-after'] ?? '1')));
  }
}

/**
 * Access tokens by account, reused for five minutes (they live ten in the devstack,
 * ACCESS_TOKEN_TTL): each login is an Argon2id check, the costliest thing the suite asks of the
 * server. Keyed by role, email and password, so a changed address or password logs in anew.
 */
const tokens = new Map<string, { token: string; at: number }>();
const TOKEN_REUSE_MS = 5 * 60_000;

export async function apiLogin(request: APIRequestContext, a: Account): Promise<string> {
  const key = `${a.role} ${a.email} ${a.password}`;
  const kept = tokens.get(key);
  if (kept && Date.now() - kept.at < TOKEN_REUSE_MS) return kept.token;
  const res = await retryWhileBusy(() =>
    request.post(`${API}/auth/login-with-role`, { data: { email: a.email, password: a.password, role: a.role } }),
  );
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  expect(body.token).toBeTruthy();
  tokens.set(key, { token: body.token as string, at: Date.now() });
  return body.token as string;
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: /▾/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
}

/** Today + n days in the business time zone (Asia/Kolkata), YYYY-MM-DD. */
export function businessDay(n: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + n * 24 * 3600 * 1000),
  );
}

/** Register through the API (providers with a business name and location). */
export async function registerViaApi(request: APIRequestContext, a: Account) {
  const data: Record<string, unknown> = {
    email: a.email,
    password: a.password,
    fullName: a.fullName,
    phoneNumber: '9876543210',
    address: '12 MG Road, Pune',
    gender: 'female',
    role: a.role,
  };
  if (a.role === 'provider') data['businessInfo'] = { businessName: a.businessName, location: 'Pune' };
  const res = await retryWhileBusy(() => request.post(`${API}/auth/register`, { data }));
  expect(res.status(), await res.text()).toBe(201);
}

/** Sign in by putting the token where the app keeps it (the login form is covered elsewhere). */
export async function signInWithToken(page: Page, request: APIRequestContext, a: Account) {
  const t = await apiLogin(request, a);
  await page.goto('/help');
  await page.evaluate((v) => localStorage.setItem('token', v), t);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${a.fullName}!` })).toBeVisible();
}

/** A booking by the customer through the API (201 expected); returns the appointment's id. */
export async function bookViaApi(request: APIRequestContext, customer: Account, booking: { serviceId: string; date: string; time: string; notes?: string }) {
  const res = await request.post(`${API}/appointments`, {
    headers: { Authorization: `Bearer ${await apiLogin(request, customer)}` },
    data: {
      notes: '',
      ...booking,
      customerName: customer.fullName,
      customerEmail: customer.email,
      customerPhone: '9876543210',
      customerAddress: '7 FC Road, Pune',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).appointment._id as string;
}

/** A provider's service created through the API, with the slots given; returns its id. */
export async function createServiceViaApi(request: APIRequestContext, a: Account, service: { name: string; timeSlots: string[]; description?: string; price?: number; duration?: number }) {
  const res = await request.post(`${API}/services`, {
    headers: { Authorization: `Bearer ${await apiLogin(request, a)}` },
    data: {
      category: 'Healthcare & Wellness',
      description: 'Cleaning and a full check-up.',
      price: 499,
      duration: 30,
      provider: a.businessName,
      location: 'MG Road, Pune',
      contact: '9876543210',
      imageUrl: '',
      ...service,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).data._id as string;
  expect(id).toBeTruthy();
  return id;
}

/**
 * How often an open page asks for the signed-in user's notifications (the bell, the provider home):
 * NOTIFICATIONS_REFRESH_MS in libs/notification/data-access/src/lib/notifications.ts.
 */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

/** Waits until the API lists a notification for `a` whose text contains `text` (it comes by event). */
export async function awaitNotification(request: APIRequestContext, a: Account, text: string) {
  const headers = { Authorization: `Bearer ${await apiLogin(request, a)}` };
  await expect
    .poll(async () => {
      const res = await request.get(`${API}/notifications?limit=20`, { headers });
      expect(res.ok(), await res.text()).toBeTruthy();
      return ((await res.json()).notifications as { text: string }[]).some((n) => n.text.includes(text));
    }, { timeout: 30_000, message: `a notification for ${a.email} with "${text}"` })
    .toBe(true);
}

/**
 * Lets the page's notification poll come round once, without waiting for it: the page's clock
 * (installed with `page.clock.install()` before it loaded) jumps one refresh interval ahead, so
 * its timer fires as it would after 30 s. Call it once the notification is stored
 * (awaitNotification): what the page shows next is what that one poll brought.
 */
export async function nextNotificationPoll(page: Page) {
  await page.clock.fastForward(NOTIFICATIONS_REFRESH_MS);
}

/**
 * Waits until the page's transitions and finite animations are over: after a theme switch
 * without a reload, colours with a CSS transition pass through in-between values, and an axe
 * contrast check must see the final ones.
 */
export async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs forever: only what ends is waited for.
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * An axe scan of the page as it is now. Legacy mode runs axe inside the page; the default mode
 * opens a second page for every scan to merge the results of frames, which this app does not
 * have. The same rules and results, a scan in 0.4–0.9 s instead of 1.3–2.9 s (issue 41).
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/**
 * Types an ISO date day first into the Day, Month and Year boxes of the date field named `label`
 * inside `scope` (libs/shared/ui/src/lib/DateField.tsx), as a person does.
 */
export async function fillDate(scope: Page | Locator, label: string, iso: string) {
  const group = scope.getByRole('group', { name: label });
  const [year, month, day] = iso.split('-');
  await group.getByRole('textbox', { name: 'Day' }).fill(day);
  await group.getByRole('textbox', { name: 'Month' }).fill(month);
  await group.getByRole('textbox', { name: 'Year' }).fill(year);
}
