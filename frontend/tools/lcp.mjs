// Paint times on a phone's network: Chromium at 390×844 with the CPU slowed 4× and Lighthouse's
// slow-4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), through the DevTools protocol; a
// fresh browser context (empty cache) per run. Prints each route's largest contentful paint and
// the paint of its data — the first service card of a category, the first slot of the booking
// page — (medians of RUNS) and, with WATERFALL=1, the requests of its first run in order.
// The data's paint is read from Element Timing (the elementtiming attribute the app puts on the
// first card's name and the first slot); where a build has none, from the first animation frame
// after the element enters the DOM (the fallback column).
// Usage (a devstack on :3000/:5001, e.g. under the ports lock):
//   node tools/lcp.mjs [webURL] [apiURL]      RUNS=3 by default
// The figures belong in docs/operations.md ("Web speed on a phone"), not in a test.
import { chromium } from 'playwright-core';

const web = process.argv[2] ?? 'http://localhost:3000';
const apiURL = process.argv[3] ?? 'http://localhost:5001';
const RUNS = Number(process.env.RUNS ?? 3);

async function api(path, init = {}) {
  const r = await fetch(`${apiURL}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(body)}`);
  return body;
}

// A customer for /book, and a service to book (a seeded demo service).
const email = `lcp.${Date.now().toString(36)}@example.com`;
await api('/auth/register', {
  method: 'POST',
  body: JSON.stringify({ email, password: 'secret123', fullName: 'Speed Test', phoneNumber: '9876543210', address: 'FC Road, Pune', gender: 'other', role: 'customer' }),
});
const { token } = await api('/auth/login-with-role', { method: 'POST', body: JSON.stringify({ email, password: 'secret123', role: 'customer' }) });
const { services } = await api(`/services?name=${encodeURIComponent('Haircut & Styling')}`);
if (!services?.length) throw new Error('no demo service to book: is the devstack seeded (DEMO_SEED)?');
const s = services[0];

const routes = [
  { name: '/', path: '/' },
  { name: '/categories/healthcare', path: '/categories/healthcare', data: '[data-testid="service-card"]' },
  { name: '/book', path: `/book?service=${encodeURIComponent(s.name)}&serviceId=${s._id}`, token, data: '[data-slot]' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function measure(route) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  if (route.token) await context.addInitScript((t) => localStorage.setItem('token', t), route.token);
  // The data element's paint: Element Timing, and a frame after it enters the DOM as a fallback.
  await context.addInitScript((sel) => {
    const w = window;
    w.__paint = { element: null, frame: null };
    if (!sel) return;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const t = e.renderTime || e.loadTime;
        if (w.__paint.element === null || t < w.__paint.element) w.__paint.element = t;
      }
    }).observe({ type: 'element', buffered: true });
    const seen = new MutationObserver(() => {
      if (!document.querySelector(sel)) return;
      seen.disconnect();
      requestAnimationFrame(() => requestAnimationFrame((t) => (w.__paint.frame = t)));
    });
    seen.observe(document, { childList: true, subtree: true });
  }, route.data ?? '');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${web}${route.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          resolve({ ms: Math.round(last.startTime), element: last.element ? `${last.element.tagName.toLowerCase()} "${(last.element.textContent ?? '').trim().slice(0, 40)}"` : '' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  if (route.data) await page.waitForFunction(() => window.__paint.frame !== null, null, { timeout: 30_000 });
  const paint = await page.evaluate(() => ({ element: window.__paint.element === null ? null : Math.round(window.__paint.element), frame: window.__paint.frame === null ? null : Math.round(window.__paint.frame) }));
  const waterfall = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({
      name: e.name.replace(location.origin, ''),
      start: Math.round(e.startTime),
      end: Math.round(e.responseEnd),
      kb: Math.round(e.encodedBodySize / 102.4) / 10,
    })),
  );
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    return { ttfb: Math.round(n.responseStart), domContentLoaded: Math.round(n.domContentLoadedEventEnd) };
  });
  await context.close();
  return { lcp, paint, waterfall, nav };
}

try {
  for (const route of routes) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(route));
    const median = (xs) => {
      const v = xs.filter((x) => x !== null).sort((a, b) => a - b);
      return v.length ? v[Math.floor(v.length / 2)] : null;
    };
    const list = (xs) => xs.map((x) => x ?? '–').join(', ');
    console.log(`${route.name}\tLCP median ${median(runs.map((r) => r.lcp.ms))} ms (runs ${list(runs.map((r) => r.lcp.ms))})\tLCP element ${runs[0].lcp.element}\tHTML ${runs[0].nav.ttfb} ms, DOMContentLoaded ${runs[0].nav.domContentLoaded} ms`);
    if (route.data) {
      console.log(`    data ${route.data}: element timing median ${median(runs.map((r) => r.paint.element)) ?? '–'} ms (runs ${list(runs.map((r) => r.paint.element))}); fallback (frame after insert) median ${median(runs.map((r) => r.paint.frame))} ms (runs ${list(runs.map((r) => r.paint.frame))})`);
    }
    if (process.env.WATERFALL) for (const w of runs[0].waterfall) console.log(`    ${String(w.start).padStart(5)}–${String(w.end).padEnd(5)} ${String(w.kb).padStart(6)} KB  ${w.name}`);
  }
} finally {
  await browser.close();
}
