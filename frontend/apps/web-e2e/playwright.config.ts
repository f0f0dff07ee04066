import { defineConfig } from '@playwright/test';
import path from 'node:path';

/**
 * End-to-end tests against the real stack: the devstack serves the API on :5001 and the
 * built app (frontend/dist/apps/web) on :3000, or on the ports of E2E_API_URL and
 * E2E_BASE_URL (`make e2e-any-address`: API :6001, web :4000). Run `make -C frontend build`
 * first (the Makefile's e2e target does). Browsers are never downloaded: Debian's Chromium is used.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const apiURL = process.env.E2E_API_URL ?? 'http://localhost:5001';
/** The devstack's listen address for a URL of this machine: ':<port>'. */
const listenAddr = (u: string) => `:${new URL(u).port || '80'}`;

export default defineConfig({
  testDir: './src',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two spec files at a time against the one devstack: every file signs up accounts of its own
  // (a unique email prefix per file) and reads mail by recipient, so files share no state, and
  // most of a test's time is spent waiting on the stack, not on the CPU. Tests of a file stay in
  // order (a file's later tests use what its setup test made).
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'go run ./devstack/cmd/devstack',
    cwd: repoRoot,
    url: `${apiURL}/readyz`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/slotwise_e2e',
      API_ADDR: listenAddr(apiURL),
      WEB_ADDR: listenAddr(baseURL),
      // No spec reads Prometheus or Jaeger; a built bin/prometheus or bin/jaeger would otherwise
      // join (and every service export its spans) at the cost of CPU the browsers need.
      // make test-tracing checks the traces.
      NO_PROMETHEUS: '1',
      NO_JAEGER: '1',
    },
  },
});
