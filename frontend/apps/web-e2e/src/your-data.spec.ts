import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { API, bookViaApi, businessDay, createServiceViaApi, registerViaApi, runId, signInWithToken, type Account } from './support';

test.describe.configure({ mode: 'serial' });

const leaver: Account = { email: `leaver.${runId}@example.com`, password: 'secret123', fullName: 'Leela Leaver', role: 'customer' };
const host: Account = { email: `host.${runId}@example.com`, password: 'secret123', fullName: 'Hari Host', role: 'provider', businessName: `Hari Care ${runId}` };

test('a customer downloads their data, then deletes the account', async ({ page, request }) => {
  await registerViaApi(request, leaver);
  await registerViaApi(request, host);
  const serviceId = await createServiceViaApi(request, host, { name: `Leaver check-up ${runId}`, timeSlots: ['11:00'] });
  const apptId = await bookViaApi(request, leaver, { serviceId, date: businessDay(3), time: '11:00' });

  await signInWithToken(page, request, leaver);
  await page.goto('/profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('slotwise-my-data.json');
  const data = JSON.parse(await readFile(await file.path(), 'utf8'));
  expect(data.account.email).toBe(leaver.email);
  expect(data.appointments.map((a: { _id: string }) => a._id)).toEqual([apptId]);
  await expect(page.getByText('Your data was downloaded.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toHaveText('The password is incorrect.');

  await page.getByLabel('Password', { exact: true }).fill(leaver.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const login = await request.post(`${API}/auth/login-with-role`, { data: { email: leaver.email, password: leaver.password, role: 'customer' } });
  expect(login.status()).toBe(401);
});
