// Screenshots of home, login and a category page in light and dark mode.
// Usage: node tools/screenshots.mjs [baseURL]   (default http://localhost:4300, i.e. `vite preview`)
// Writes PNGs to ../docs/screenshots/. Uses Debian's Chromium; never downloads a browser.
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

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
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
