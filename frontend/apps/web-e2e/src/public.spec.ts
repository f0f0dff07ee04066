import { expect, test } from '@playwright/test';

// What a visitor sees, against the real stack. Cheaper levels hold the rest (docs/operations.md,
// "The e2e suite"): every protected route's redirect to /login is apps/web/src/app/app.spec.tsx
// ("routing › %s needs a login"), and any-address.spec.ts follows one through the real server; the
// theme toggle's stored choice is app.spec.tsx ("theme toggle persists in local storage") and
// its use before the app starts (theme.js) is csp.spec.ts.
// The tests share nothing: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });

test.describe('logged out', () => {
  test('nav shows Home, Login and Register only', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();
    for (const name of ['Schedule', 'My Appointments', 'My Services', 'Service Catalog', 'Calendar']) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
  });

  test('categories lists ten cards; demo services show rupee prices', async ({ page }) => {
    await page.goto('/categories');
    await expect(page.getByTestId('category-card')).toHaveCount(10);
    await page.goto('/demo-services');
    const cards = page.getByTestId('service-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('₹499');
    await expect(cards.nth(0)).toContainText('60 min');
    await expect(cards.nth(1)).toContainText('₹299');
    await expect(cards.nth(1)).toContainText('30 min');
    await expect(cards.nth(2)).toContainText('₹599');
    await expect(cards.nth(2)).toContainText('45 min');
  });

  test('login form validates in spec order', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('All fields are required.');
    await page.getByLabel('Email').fill('no-at-sign');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm Password').fill('secret2');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
    // Switching modes clears the form.
    await page.getByRole('link', { name: 'Login here' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
