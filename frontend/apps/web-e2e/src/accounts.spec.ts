import { expect, test } from '@playwright/test';
import pg from 'pg';
import { API, apiLogin, bookViaApi, businessDay, createServiceViaApi, customer, DATABASE_URL, loginViaUi, logout, provider, registerViaApi, registerViaUi, runId, signInWithToken } from './support';
import { awaitMail, linkIn, mailsTo } from './mailpit';

test.describe.configure({ mode: 'serial' });

/** A notification's email as notification-svc keeps it: queued, sent, failed or off. */
async function emailStatus(notificationId: string): Promise<string> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const r = await db.query(`SELECT status FROM notification.emails WHERE notification_id = $1`, [notificationId]);
    return (r.rows[0]?.status as string | undefined) ?? '';
  } finally {
    await db.end();
  }
}

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

test('changing the email asks for the current password and waits for its link', async ({ page, request }) => {
  // A verified address (the devstack's VERIFIED_EMAIL_DOMAINS): an unverified one was just mailed its
  // registration link, and links are paced to one a minute per account (docs/product.md).
  const mover = { ...customer, email: `mover.${runId}@slotwise.example`, fullName: 'Mover Customer' };
  const res = await request.post(`${API}/auth/register`, {
    data: { email: mover.email, password: mover.password, fullName: mover.fullName, phoneNumber: '9876543210',
      address: '5 FC Road, Pune', gender: 'female', role: 'customer' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInWithToken(page, request, mover);
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
  // The change waits for the link mailed to the new address.
  await expect(page.getByText(`Saved. To change your email to ${moved}, open the link we sent there.`)).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(mover.email);
  await expect(page.getByRole('region', { name: 'Email verification' })).toContainText(moved);
  const link = linkIn(await awaitMail(request, moved, 'Confirm your new email address'), 'verify-email');
  await page.goto(link);
  await expect(page.getByText(`Your email address is now ${moved}. Please sign in again on your devices.`)).toBeVisible();
  await page.goto('/');
  await logout(page).catch(() => undefined); // the session may already have ended
  // The new address signs in (the login form itself is the tests above).
  await signInWithToken(page, request, { ...mover, email: moved });
  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(moved);
  await logout(page);
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

test('a new customer books at once, is mailed only once verified, and can reset a forgotten password', async ({ page, request }) => {
  const newbie = { ...customer, email: `newbie.${runId}@example.com`, fullName: 'Nina Newbie' };
  // Registered by the API (the form is the first test's): the same verification mail goes out.
  await registerViaApi(request, newbie);
  const serviceId = await createServiceViaApi(request, provider, { name: `Verify Check ${runId}`, timeSlots: ['09:00', '11:00'] });
  const id = await bookViaApi(request, newbie, { serviceId, date: businessDay(2), time: '09:00' });
  const providerAuth = { Authorization: `Bearer ${await apiLogin(request, provider)}` };
  const move = async (status: string) => {
    const r = await request.patch(`${API}/appointments/${id}/provider-status`, { headers: providerAuth, data: { status } });
    expect(r.ok(), await r.text()).toBeTruthy();
  };
  await move('scheduled');

  // Signed in: the banner asks to verify; the acceptance is in the app but not mailed.
  await signInWithToken(page, request, newbie);
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toContainText(newbie.email);
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner.getByRole('status')).toContainText('We just sent a link.');
  const token = await apiLogin(request, newbie);
  let acceptedId = '';
  await expect
    .poll(async () => {
      const list = (await (await request.get(`${API}/notifications`, { headers: { Authorization: `Bearer ${token}` } })).json()).notifications as { _id: string; type: string }[];
      acceptedId = list.find((n) => n.type === 'booking_accepted')?._id ?? '';
      return acceptedId;
    })
    .not.toBe('');
  // The postman (a round a second) takes the acceptance's mail and switches it off, the address
  // being unverified: wait for that decision, not for a fixed time.
  await expect.poll(() => emailStatus(acceptedId), { timeout: 20_000 }).not.toBe('queued');
  expect(await emailStatus(acceptedId)).toBe('off');
  expect((await mailsTo(request, newbie.email)).map((m) => m.Subject)).toEqual(['Verify your email address']);

  const link = linkIn(await awaitMail(request, newbie.email, 'Verify your email address'), 'verify-email');
  await page.goto(link);
  await expect(page.getByText('Thank you: your email address is verified.')).toBeVisible();
  await expect(banner).toHaveCount(0);

  await move('confirmed');
  await awaitMail(request, newbie.email, 'Your appointment is confirmed');

  // Forgot password: a link by mail sets a new one and ends the session.
  await logout(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(newbie.email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account uses this address, we sent it a link to reset the password. The link works for 30 minutes.',
  );
  const reset = linkIn(await awaitMail(request, newbie.email, 'Reset your Slotwise password'), 'reset-password');
  await page.goto(reset);
  await page.getByLabel('New password', { exact: true }).fill('fresh-pass-9');
  await page.getByLabel('Confirm new password').fill('fresh-pass-9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password was reset, and every device was signed out.', { exact: false })).toBeVisible();
  // The link works once.
  await page.goto(reset);
  await page.getByLabel('New password', { exact: true }).fill('fresh-pass-10');
  await page.getByLabel('Confirm new password').fill('fresh-pass-10');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('already used');
  await signInWithToken(page, request, { ...newbie, password: 'fresh-pass-9' });
});
