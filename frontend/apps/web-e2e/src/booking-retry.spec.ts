import { expect, test, type Route } from '@playwright/test';
import { API, apiLogin, businessDay, createServiceViaApi, registerViaApi, runId, signInWithToken, type Account } from './support';

// Issue 19 "Must show": the first booking POST reaches the real server (which books the slot)
// but its answer is lost on the network; the app sends it again with the same Idempotency-Key
// and the server replays the first result, so one click yields exactly one appointment. With a
// new key the second POST would be refused (the slot is taken) and the thank-you never shows.
const provider: Account = { email: `prov19.${runId}@example.com`, password: 'secret123', fullName: 'Retry Provider', role: 'provider', businessName: `Retry Clinic ${runId}` };
const customer: Account = { email: `cust19.${runId}@example.com`, password: 'secret123', fullName: 'Retry Customer', role: 'customer' };
const serviceName = `Retry Check-up ${runId}`;

test('a booking whose answer is lost is retried with the same key and books once', async ({ page, request }) => {
  await registerViaApi(request, provider);
  await registerViaApi(request, customer);
  const serviceId = await createServiceViaApi(request, provider, { name: serviceName, timeSlots: ['09:00', '10:00'], price: 299 });

  // The first POST /appointments goes to the server, then its connection is reset before the
  // browser sees the answer; later ones pass through untouched.
  const keys: string[] = [];
  const firstAnswer = { status: 0, appointmentId: '' };
  await page.route(
    (url) => url.pathname === '/api/appointments',
    async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (keys.length > 1) return route.continue();
      const answer = await route.fetch();
      firstAnswer.status = answer.status();
      firstAnswer.appointmentId = (await answer.json()).appointment?._id ?? '';
      return route.abort('connectionreset');
    },
  );

  await signInWithToken(page, request, customer);
  await page.goto(`/book?service=${encodeURIComponent(serviceName)}&serviceId=${serviceId}`);
  const day = businessDay(1);
  await page.locator(`[data-date="${day}"]`).click();
  await page.locator('[data-slot="09:00"]').click();
  await expect(page.getByLabel('Phone')).toHaveValue('9876543210');
  const replayed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/appointments' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  const second = await replayed;
  await expect(page.getByRole('heading', { name: 'Thank you for your booking!' })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).not.toBe('');
  expect(keys[1]).toBe(keys[0]);
  expect(firstAnswer.status).toBe(201);
  expect(firstAnswer.appointmentId).not.toBe('');
  expect(second.status()).toBe(201);
  expect((await second.json()).appointment._id).toBe(firstAnswer.appointmentId);

  // Exactly one appointment for the slot, as the server stores it.
  const customerToken = await apiLogin(request, customer);
  const mine = await request.get(`${API}/appointments`, { headers: { Authorization: `Bearer ${customerToken}` } });
  const booked = ((await mine.json()).appointments as Array<{ serviceId: string; date: string; time: string }>).filter((a) => a.serviceId === serviceId);
  expect(booked).toHaveLength(1);
  expect(booked[0]).toMatchObject({ date: day, time: '09:00' });
});
