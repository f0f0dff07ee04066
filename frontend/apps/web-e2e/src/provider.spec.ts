import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { API, apiLogin, bookViaApi, registerViaApi, runId, signInWithToken, type Account } from './support';

// Issue 9 "Must show": a provider's whole day, against the real stack.
test.describe.configure({ mode: 'serial' });

const DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/slotwise_e2e';

const provider: Account = {
  email: `prov9.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Nisha Provider',
  role: 'provider',
  businessName: `Nisha Events ${runId}`,
};
const customer: Account = {
  email: `cust9.${runId}@example.com`,
  password: 'secret123',
  fullName: 'Vikram Customer',
  role: 'customer',
};
const serviceName = `Balloon Arch ${runId}`;
const reviewText = `Lovely balloon arch, on time ${runId}`;

/** Tomorrow's calendar date in the business time zone (Asia/Kolkata). */
function tomorrowInBusinessZone(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 24 * 3600 * 1000),
  );
  return parts; // en-CA formats as YYYY-MM-DD
}

async function registerCustomerViaApi(request: APIRequestContext, a: Account) {
  const res = await request.post(`${API}/auth/register`, {
    data: {
      email: a.email,
      password: a.password,
      fullName: a.fullName,
      phoneNumber: '9876543210',
      address: '7 FC Road, Pune',
      gender: 'male',
      role: 'customer',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Wait until a category page has loaded its listing (cards or the empty message). */
async function openCategory(page: Page, slug: string) {
  await page.goto(`/categories/${slug}`);
  await expect(page.getByTestId('service-card').first().or(page.getByText('No services available in this category yet.'))).toBeVisible();
}

let appointmentId = '';

// Signing up and in through the forms is accounts.spec.ts's: here the account is made by the API.
test('provider adds a service with generated slots', async ({ page, request }) => {
  await registerViaApi(request, provider);
  await signInWithToken(page, request, provider);
  await page.goto('/');
  await expect(page.getByTestId('provider-stats')).toBeVisible();

  await page.goto('/my-services');
  await expect(page.getByRole('heading', { name: 'Provider Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await expect(dialog).toBeVisible();

  // The first rule of docs/product.md#validation shows before anything is filled in.
  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Service name is required');

  await dialog.getByLabel('Service Name').fill(serviceName);
  await dialog.getByLabel('Category').selectOption('Private Events');
  await dialog.getByLabel('Description').fill('A colourful balloon arch for birthdays and parties.');
  await dialog.getByLabel('Price (₹)').fill('1499');
  await dialog.getByLabel('Duration (minutes)').fill('60');
  await expect(dialog.getByLabel('Company Name')).toHaveValue(provider.businessName ?? '');
  await dialog.getByLabel('Address').fill('14 Baner Road');
  await dialog.getByLabel('City').fill('Pune');
  await dialog.getByLabel('Contact').fill('nisha@example.com');

  await dialog.getByLabel('Start Time').fill('09:00');
  await dialog.getByLabel('End Time').fill('08:00');
  await dialog.getByRole('button', { name: 'Generate Slots' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Start time must be before end time');
  await dialog.getByLabel('End Time').fill('12:00');
  await dialog.getByLabel('Slot Length (minutes)').fill('60');
  await dialog.getByRole('button', { name: 'Generate Slots' }).click();
  const slots = dialog.getByRole('list', { name: 'Time slots' }).getByRole('listitem');
  await expect(slots).toHaveText(['09:00×', '10:00×', '11:00×']);
  await dialog.getByRole('button', { name: 'Remove 11:00' }).click();
  await expect(slots).toHaveText(['09:00×', '10:00×']);

  await dialog.getByRole('button', { name: 'Add Service' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('my-service').filter({ hasText: serviceName });
  await expect(row).toContainText('Private Events');
  await expect(row).toContainText('2 slots');
});

test('an inactive service vanishes from its public category page, and comes back', async ({ page, request }) => {
  await signInWithToken(page, request, provider);
  await page.goto('/my-services');
  const toggle = page.getByRole('switch', { name: `Active: ${serviceName}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toHaveText('Inactive');

  await openCategory(page, 'private-events');
  await expect(page.getByRole('heading', { name: serviceName })).toHaveCount(0);

  await page.goto('/my-services');
  await page.getByRole('switch', { name: `Active: ${serviceName}` }).click();
  await expect(page.getByRole('switch', { name: `Active: ${serviceName}` })).toHaveAttribute('aria-checked', 'true');

  await openCategory(page, 'private-events');
  await expect(page.getByRole('heading', { name: serviceName })).toBeVisible();

  // The provider's catalogue lists it under its category.
  await page.goto('/provider-services');
  await page.getByRole('button', { name: /Private Events/ }).click();
  await expect(page.getByTestId('catalog-service').filter({ hasText: serviceName })).toBeVisible();
});

test('a customer books; the provider accepts on home; the dashboard offers no second Accept', async ({ page, request }) => {
  await registerCustomerViaApi(request, customer);
  const providerToken = await apiLogin(request, provider);
  const mine = await request.get(`${API}/services/provider`, { headers: { Authorization: `Bearer ${providerToken}` } });
  const service = (await mine.json()).services.find((s: { name: string }) => s.name === serviceName);
  expect(service?.timeSlots).toEqual(['09:00', '10:00']);

  appointmentId = await bookViaApi(request, customer, { serviceId: service._id, date: tomorrowInBusinessZone(), time: '10:00', notes: 'Pastel colours please' });

  await signInWithToken(page, request, provider);
  await page.goto('/');
  const queue = page.getByTestId('queue-card');
  await expect(queue.getByRole('switch', { name: 'Queue open' })).toHaveAttribute('aria-checked', 'true');
  const request1 = queue.getByRole('listitem').filter({ hasText: serviceName });
  await expect(request1).toContainText(customer.fullName);
  await request1.getByRole('button', { name: 'Accept' }).click();
  await expect(request1).toHaveCount(0);
  await expect(page.getByTestId('upcoming-list').getByRole('listitem').filter({ hasText: serviceName })).toContainText('Scheduled');
  await expect(page.getByTestId('today-availability')).toBeVisible();

  await page.goto('/my-services');
  await page.getByRole('tab', { name: /Scheduled/ }).click();
  const row = page.getByTestId('booking-row').filter({ hasText: serviceName });
  await expect(row.getByTestId('booking-status')).toHaveText('Scheduled');
  // Already accepted and not started: no Accept again, only Cancel Appointment (issue 39: one word per step).
  await expect(row.getByRole('button', { name: 'Cancel Appointment' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  // The provider confirms it (scheduled → confirmed) for the next test, through the API.
  const confirmed = await request.patch(`${API}/appointments/${appointmentId}/provider-status`, {
    headers: { Authorization: `Bearer ${await apiLogin(request, provider)}` },
    data: { status: 'confirmed' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: /Upcoming/ }).click();
  await expect(page.getByTestId('booking-row').filter({ hasText: serviceName }).getByTestId('booking-status')).toHaveText('Confirmed');
});

test('once its start has passed the provider completes it from the calendar, and sees the review', async ({ page, request }) => {
  expect(appointmentId).not.toBe('');
  // Completing needs the start in the past: move it there (a test-only shortcut).
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const r = await db.query(`UPDATE booking.appointments SET starts_at = now() - interval '5 minutes', ends_at = now() - interval '5 minutes' + (ends_at - starts_at) WHERE id = $1`, [appointmentId]);
    expect(r.rowCount).toBe(1);
  } finally {
    await db.end();
  }

  await signInWithToken(page, request, provider);
  await completeFromCalendar(page);

  // The customer reviews the completed appointment (the review service learns of it by event).
  const customerToken = await apiLogin(request, customer);
  await expect(async () => {
    const res = await request.post(`${API}/reviews`, {
      headers: { Authorization: `Bearer ${customerToken}` },
      data: { appointmentId, rating: 5, comment: reviewText },
    });
    expect(res.status(), await res.text()).toBe(201);
  }).toPass({ timeout: 20_000 });

  await page.goto('/my-services');
  const ratings = page.getByTestId('ratings-feedback');
  const review = ratings.getByTestId('review').filter({ hasText: reviewText });
  await expect(review).toBeVisible();
  // Reviewers are shown by first name and last initial, never by email (issue 39).
  await expect(review).toContainText('Vikram C.');
  await expect(review).not.toContainText(customer.email);
  await expect(review).toContainText(serviceName);
});

/** Complete it from the provider calendar's event modal (confirmed → completed), then check the dashboard. */
async function completeFromCalendar(page: Page) {
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Provider Calendar' })).toBeVisible();
  const cal = page.getByTestId('calendar');
  // The start is five minutes ago: today's cell of the month view (yesterday's just after midnight).
  await cal.getByRole('button', { name: new RegExp(serviceName) }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(dialog.getByRole('button', { name: 'Mark Completed' })).toHaveCount(0);

  // The dashboard shows the stored status: Past = completed or no-show.
  await page.goto('/my-services');
  await page.getByRole('tab', { name: /^Past/ }).click();
  await expect(page.getByTestId('booking-row').filter({ hasText: serviceName }).getByTestId('booking-status')).toHaveText('Completed');
}
