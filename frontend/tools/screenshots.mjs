// Screenshots of home, login and a category page in light and dark mode.
// Usage: node tools/screenshots.mjs [baseURL]   (default http://localhost:4300, i.e. `vite preview`)
// Writes PNGs to ../docs/screenshots/. The category page is fed a sample catalogue (route interception). Uses Debian's Chromium; never downloads a browser.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const base = process.argv[2] ?? 'http://localhost:4300';
const out = path.resolve(import.meta.dirname, '../../docs/screenshots');
mkdirSync(out, { recursive: true });

const pages = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'category-private-events', path: '/categories/private-events' },
];

const sample = (i, name, price, duration, avgRating, totalReviews, provider, location) => ({
  _id: `sample-${i}`, name, category: 'Private Events', description: `${name} by ${provider}.`, price, duration,
  provider, location, contact: 'hello@example.com', imageUrl: '', isActive: true, timeSlots: ['10:00', '14:00'],
  avgRating, totalReviews, icon: '',
});
const SAMPLE = [
  sample(1, 'Birthday Decoration', 2499, 120, 4.6, 18, 'Party Studio', 'Koregaon Park, Pune'),
  sample(2, 'Event Photography', 4999, 180, 4.8, 42, 'Lens & Light', 'Bandra, Mumbai'),
  sample(3, 'Home Catering (20 guests)', 7999, 240, 4.2, 9, 'Annapurna Caterers', 'Jayanagar, Bengaluru'),
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    // Sample catalogue for the category page, so the picture does not depend on a running API.
    await page.route(/\/services\?/, (route) =>
      route.fulfill({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ success: true, services: SAMPLE }) }),
    );
    for (const p of pages) {
      await page.goto(base + p.path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const file = path.join(out, `${p.name}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: p.name !== 'home' });
      console.log('wrote', file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
