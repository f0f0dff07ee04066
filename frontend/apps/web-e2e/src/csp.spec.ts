import { expect, test, type Page } from '@playwright/test';
import { API, apiLogin, runId, signInWithToken, type Account } from './support';

/**
 * The web server and the API send a Content-Security-Policy without 'unsafe-inline' or
 * 'unsafe-eval' (platform/httpsec). Nothing the app does may be refused by it: no inline
 * script (the theme bootstrap is /theme.js), no injected <style> (sonner's CSS is built in).
 */

const owner: Account = {
  email: `csp.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Csp Provider',
  role: 'provider',
  businessName: `Csp Studio ${runId}`,
};

/** Collects every CSP violation the page reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('the app runs under its Content-Security-Policy', async ({ page, request }) => {
  const violations = await watchViolations(page);

  const res = await page.goto('/');
  const headers = res?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toContain('unsafe-');
  expect(headers['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('link', { name: /Slotwise/ }).first()).toBeVisible();

  // The stored theme applies before the app starts (theme.js, not an inline script).
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));

  for (const path of ['/services', '/categories', '/categories/healthcare', '/login', '/register', '/demo-services']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }

  // A toast is styled by sonner's stylesheet (an injected <style> would be refused).
  const reg = await request.post(`${API}/auth/register`, {
    data: {
      email: owner.email, password: owner.password, fullName: owner.fullName, phoneNumber: '9876543210',
      address: '3 JM Road, Pune', gender: 'female', role: 'provider',
      businessInfo: { businessName: owner.businessName, location: 'Pune' },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const token = await apiLogin(request, owner);
  const name = `Csp check ${runId}`;
  const created = await request.post(`${API}/services`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name, category: 'Others', description: 'Checks the policy', price: 100, duration: 30,
      provider: owner.businessName, location: '3 JM Road, Pune', contact: '9876543210', timeSlots: ['09:00'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signInWithToken(page, request, owner);
  await page.goto('/my-services');
  await page.getByRole('switch', { name: `Active: ${name}` }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `${name} is now inactive` });
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');

  // A modal dialog locks the page's scrolling with a stylesheet (Radix's scroll lock; an
  // injected <style> would be refused) and unlocks it when it closes.
  await page.getByRole('button', { name: 'Add Service' }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Service' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  await page.goto('/calendar');
  await expect(page.locator('#root')).not.toBeEmpty();

  expect(violations).toEqual([]);
});
