// Screenshots of the provider home, the provider dashboard (/my-services) and the Add Service
// modal with generated slots, in light and dark mode.
// Usage: node tools/provider-screenshots.mjs [baseURL]   (default http://localhost:4300, i.e. `vite preview`)
// The API is replaced by a sample provider (route interception), so the pictures do not depend
// on a running stack or on today's data. Writes PNGs to ../docs/screenshots/. Uses Debian's Chromium.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const base = process.argv[2] ?? 'http://localhost:4300';
const out = path.resolve(import.meta.dirname, '../../docs/screenshots');
mkdirSync(out, { recursive: true });

const iso = (d) => d.toISOString().slice(0, 10);
const day = (n) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return d;
};
const at = (n, hhmm) => `${iso(day(n))}T${hhmm}:00+05:30`;

const user = {
  _id: 'u1', fullName: 'Nisha Kapoor', email: 'nisha@example.com', phoneNumber: '9876543210', address: '14 Baner Road, Pune',
  dateOfBirth: '', gender: 'female', role: 'provider', createdAt: '2026-01-10T10:00:00Z', updatedAt: '2026-01-10T10:00:00Z',
  providerInfo: { businessName: 'Nisha Events & Decor', businessDescription: '', businessCategory: 'events', businessHours: '9-6', location: 'Pune', specializations: [], experience: 6 },
};

const svc = (i, name, category, price, duration, isActive, slots, avgRating, totalReviews) => ({
  _id: `s${i}`, name, category, description: `${name} by Nisha Events & Decor.`, price, duration, provider: 'Nisha Events & Decor',
  location: '14 Baner Road, Pune', contact: 'nisha@example.com', imageUrl: '', isActive, timeSlots: slots, avgRating, totalReviews, icon: '',
});
const services = [
  svc(1, 'Balloon Arch', 'Private Events', 1499, 60, true, ['09:00', '10:00', '11:00'], 4.7, 12),
  svc(2, 'Birthday Decoration', 'Private Events', 2499, 120, true, ['10:00', '14:00'], 4.5, 8),
  svc(3, 'Wedding Stage Design', 'Private Events', 14999, 240, false, ['09:00'], 0, 0),
  svc(4, 'Table Setting Workshop', 'Education & Coaching', 799, 45, true, ['17:00', '18:00'], 4.2, 3),
];

let n = 0;
const appt = (d, time, status, serviceName, customerName) => ({
  _id: `a${++n}`, serviceId: 's1', serviceName, serviceCategory: 'Private Events', customerName,
  customerEmail: `${customerName.split(' ')[0].toLowerCase()}@example.com`, customerPhone: '9822012345', customerAddress: 'Kothrud, Pune',
  date: iso(day(d)), time, startsAt: at(d, time), status, provider: 'Nisha Events & Decor', location: '14 Baner Road, Pune', notes: '', hasReviewed: false,
});
const appointments = [
  appt(0, '10:00', 'confirmed', 'Balloon Arch', 'Asha Rao'),
  appt(0, '14:00', 'scheduled', 'Birthday Decoration', 'Rahul Mehta'),
  appt(1, '09:00', 'pending', 'Balloon Arch', 'Priya Singh'),
  appt(2, '11:00', 'pending', 'Birthday Decoration', 'Kabir Das'),
  appt(3, '10:00', 'confirmed', 'Balloon Arch', 'Meera Iyer'),
  ...['09:00', '10:00', '11:00', '12:00', '14:00', '15:00'].map((t, i) => appt(5, t, 'scheduled', 'Balloon Arch', `Guest ${i + 1}`)),
  appt(-2, '10:00', 'completed', 'Balloon Arch', 'Farah Khan'),
  appt(-3, '11:00', 'no-show', 'Birthday Decoration', 'Dev Patel'),
  appt(-4, '09:00', 'cancelled', 'Balloon Arch', 'Sara Thomas'),
];
const reviews = [
  { _id: 'r1', rating: 5, comment: 'The arch was stunning and set up well before the party.', createdAt: at(-2, '18:00'), userId: { email: 'farah@example.com' }, serviceId: 's1', serviceName: 'Balloon Arch' },
  { _id: 'r2', rating: 4, comment: 'Lovely decoration, arrived ten minutes late.', createdAt: at(-6, '18:00'), userId: { email: 'neel@example.com' }, serviceId: 's2', serviceName: 'Birthday Decoration' },
];

// GET /providers/me/analytics: a steady sample business over the asked days (the same every run).
const STATUSES = ['completed', 'completed', 'completed', 'confirmed', 'pending', 'other', 'cancelled', 'rejected', 'noShow', 'completed'];
function analytics(days) {
  const daily = Array.from({ length: days }, (_, i) => {
    const back = days - 1 - i;
    const d = { date: iso(day(-back)), bookings: 0, pending: 0, confirmed: 0, completed: 0, cancelled: 0, rejected: 0, noShow: 0, other: 0, revenue: 0, averageRating: 0, ratingCount: 0 };
    const count = (back * 7 + 3) % 5;
    for (let k = 0; k < count; k++) d[STATUSES[(back * 3 + k * 7) % STATUSES.length]]++;
    d.bookings = count;
    d.revenue = d.completed * 1499;
    if (d.completed > 0) Object.assign(d, { ratingCount: d.completed, averageRating: 3.5 + ((back * 5) % 16) / 10 });
    return d;
  });
  const sum = (k) => daily.reduce((n, d) => n + d[k], 0);
  const totals = Object.fromEntries(['bookings', 'pending', 'confirmed', 'completed', 'cancelled', 'rejected', 'noShow', 'other', 'revenue'].map((k) => [k, sum(k)]));
  const ratingCount = sum('ratingCount');
  const rate = (n) => (totals.bookings ? n / totals.bookings : 0);
  const busy = { 9: 3, 10: 6, 11: 5, 12: 2, 14: 4, 15: 3, 16: 2, 17: 4, 18: 1 };
  return {
    days, from: daily[0].date, to: daily[days - 1].date, timeZone: 'Asia/Kolkata', totals,
    rates: { cancellation: rate(totals.cancelled), rejection: rate(totals.rejected), noShow: rate(totals.noShow) },
    averageRating: ratingCount ? daily.reduce((n, d) => n + d.averageRating * d.ratingCount, 0) / ratingCount : 0, ratingCount, daily,
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, bookings: Math.round(((busy[hour] ?? 0) * days) / 10) })),
  };
}

const json = (body) => ({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }, body: JSON.stringify(body) });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('token', 'sample-token');
    }, theme);
    const page = await context.newPage();
    await page.route(/:5001\//, (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() === 'OPTIONS') return route.fulfill(json({}));
      if (url.pathname === '/auth/profile') return route.fulfill(json({ success: true, user }));
      if (url.pathname === '/services/provider') return route.fulfill(json({ success: true, services }));
      if (url.pathname === '/appointments/provider') return route.fulfill(json({ success: true, appointments }));
      if (url.pathname === '/reviews/provider') return route.fulfill(json({ success: true, data: reviews }));
      if (url.pathname === '/providers/me/analytics') return route.fulfill(json(analytics(Number(url.searchParams.get('days') ?? 30))));
      return route.fulfill(json({ success: true }));
    });

    const shots = [
      { name: 'provider-home', path: '/' },
      { name: 'provider-dashboard', path: '/my-services' },
    ];
    for (const s of shots) {
      await page.goto(base + s.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      // The dashboard's analytics charts are a lazy chunk: wait until they are drawn.
      if (s.path === '/my-services') await page.locator('[data-testid="chart-daily"] .recharts-wrapper').waitFor();
      const file = path.join(out, `${s.name}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log('wrote', file);
    }

    // The Add Service modal with generated slots.
    await page.getByRole('button', { name: 'Add Service' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Service Name').fill('Photo Booth');
    await dialog.getByLabel('Category').selectOption('Private Events');
    await dialog.getByLabel('Description').fill('A themed photo booth with props and instant prints.');
    await dialog.getByLabel('Price (₹)').fill('3499');
    await dialog.getByLabel('Duration (minutes)').fill('90');
    await dialog.getByLabel('Address').fill('14 Baner Road');
    await dialog.getByLabel('City').fill('Pune');
    await dialog.getByLabel('Contact').fill('98220123');
    await dialog.getByLabel('Start Time').fill('10:00');
    await dialog.getByLabel('End Time').fill('13:00');
    await dialog.getByLabel('Slot Length (minutes)').fill('30');
    await dialog.getByRole('button', { name: 'Generate Slots' }).click();
    await dialog.getByRole('button', { name: 'Add Service' }).click(); // shows the contact rule's message
    await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(200);
    const file = path.join(out, `service-modal-${theme}.png`);
    await page.screenshot({ path: file });
    console.log('wrote', file);
    await context.close();
  }
} finally {
  await browser.close();
}
