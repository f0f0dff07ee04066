import { expect, test } from '@playwright/test';
import { awaitNotification, bookViaApi, businessDay, createServiceViaApi, nextNotificationPoll, registerViaApi, runId, shotPath, signInWithToken, type Account } from './support';

// Issue 25: the provider's bell shows a customer's booking request within the refresh interval
// (30 s), against the real stack; marking it read clears the count.
const provider: Account = {
  email: `prov25.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Meera Provider',
  role: 'provider',
  businessName: `Meera Clinic ${runId}`,
};
const customer: Account = { email: `cust25.${runId}@example.com`, password: 'secret123', fullName: 'Arjun Customer', role: 'customer' };

test("a customer's booking reaches the provider's bell; marking it read clears the count", async ({ page, request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  const serviceName = `Dental check-up ${runId}`;
  const serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: ['10:00', '11:00'] });

  // The page's own clock, so the test can move it on to the next poll instead of waiting 30 s.
  await page.clock.install();
  await signInWithToken(page, request, provider);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const bell = nav.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');
  await expect(nav.getByTestId('notification-count')).toHaveCount(0);

  const appointmentId = await bookViaApi(request, customer, { serviceId, date: businessDay(1), time: '10:00' });

  // The open page asks again every 30 s: once the request is stored, the next poll shows it, with no reload.
  await awaitNotification(request, provider, `New booking request from ${customer.fullName}`);
  await expect(nav.getByTestId('notification-count')).toHaveCount(0);
  await nextNotificationPoll(page);
  await expect(nav.getByTestId('notification-count')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  // The provider home's notifications card shows it too.
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  const card = page.getByRole('main').getByRole('region', { name: 'Notifications' });
  await expect(card.getByText(`New booking request from ${customer.fullName}: ${serviceName}`)).toBeVisible();

  await bell.click();
  const panel = nav.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('link', { name: new RegExp(`New booking request from ${customer.fullName}`) });
  await expect(item).toHaveAttribute('href', `/my-services?appointment=${appointmentId}`);
  // The open panel in light and dark (docs/screenshots with UPDATE_SCREENSHOTS=1).
  await panel.screenshot({ path: shotPath('notifications-panel-light.png') });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await nav.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await bell.click();
  await expect(item).toBeVisible();
  await panel.screenshot({ path: shotPath('notifications-panel-dark.png') });
  await panel.getByRole('button', { name: new RegExp(`^Mark read: New booking request from ${customer.fullName}`) }).click();
  await expect(nav.getByTestId('notification-count')).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');
  await expect(panel.getByText('All caught up')).toBeVisible();
});
