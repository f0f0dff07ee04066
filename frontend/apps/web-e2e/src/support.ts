import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const API = process.env.E2E_API_URL ?? 'http://localhost:5001';

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

export async function apiLogin(request: APIRequestContext, a: Account): Promise<string> {
  const res = await request.post(`${API}/auth/login-with-role`, {
    data: { email: a.email, password: a.password, role: a.role },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = await res.json();
  expect(body.token).toBeTruthy();
  return body.token as string;
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: /▾/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
}
