import { expect, test } from '@playwright/test';
import { API, apiLogin, customer, loginViaUi, logout, provider, registerViaUi, runId } from './support';

test.describe.configure({ mode: 'serial' });

test('register a customer and a provider', async ({ page }) => {
  await registerViaUi(page, customer);
  await registerViaUi(page, provider);
});

test('customer logs in: nav shows customer links; logout returns home', async ({ page }) => {
  await loginViaUi(page, customer);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Schedule' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Appointments' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Calendar' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Services' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Service Catalog' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);

  // Logged in, /login goes to /dashboard; provider-only routes refuse a customer.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${customer.fullName}!` })).toBeVisible();
  await page.goto('/add-service');
  await expect(page).not.toHaveURL(/\/add-service$/);

  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(customer.email);
  await expect(page.getByText('Member Since')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Address').fill('221B Baker Street, Pune');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByTestId('profile-address')).toHaveText('221B Baker Street, Pune');

  await logout(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('changing the email asks for the current password', async ({ page, request }) => {
  const mover = { ...customer, email: `mover.${runId}@example.com`, fullName: 'Mover Customer' };
  const res = await request.post(`${API}/auth/register`, {
    data: { email: mover.email, password: mover.password, fullName: mover.fullName, phoneNumber: '9876543210',
      address: '5 FC Road, Pune', gender: 'female', role: 'customer' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await loginViaUi(page, mover);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  const moved = `moved.${runId}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(moved);
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('The current password is incorrect.');
  await page.getByLabel('Current Password').fill(mover.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(moved);
  await expect(page.getByTestId('profile-currentPassword')).toHaveCount(0);
  await logout(page);
  await loginViaUi(page, { ...mover, email: moved });
});

test('provider logs in: nav shows provider links and provider pages open', async ({ page }) => {
  await loginViaUi(page, provider);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Services' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Service Catalog' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Calendar' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Schedule' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'My Appointments' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Welcome back, ${provider.fullName}!` })).toBeVisible();

  await page.goto('/add-service');
  await expect(page).toHaveURL(/\/add-service$/);
  await page.goto('/provider-services');
  await expect(page.getByRole('heading', { name: 'Service Catalog' })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByTestId('profile-businessName')).toHaveText(provider.businessName ?? '');
  await logout(page);
});

test("a category page lists a provider's service and Know More opens", async ({ page, request }) => {
  const token = await apiLogin(request, provider);
  const name = `Birthday Decor ${runId}`;
  const res = await request.post(`${API}/services`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      category: 'Private Events',
      description: 'Balloons, lights and a theme of your choice.',
      price: 2499,
      duration: 120,
      provider: provider.businessName,
      location: 'Koregaon Park, Pune',
      contact: '9876543210',
      imageUrl: '',
      timeSlots: ['10:00', '14:00'],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();

  await page.goto('/categories');
  await page.getByRole('link', { name: /Private Events/ }).click();
  await expect(page).toHaveURL(/\/categories\/private-events$/);
  const card = page.getByTestId('service-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('₹2,499');
  await expect(card).toContainText('120 min');
  await expect(card.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', /\/book\?service=.+&serviceId=.+/);

  await card.getByRole('button', { name: 'Know More' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Balloons, lights and a theme of your choice.');
  await expect(dialog).toContainText('Koregaon Park, Pune');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // Logged out, Book Now still leads to /login.
  await card.getByRole('link', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
