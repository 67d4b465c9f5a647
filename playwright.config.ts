import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';

/**
 * Browser tests in Debian's Chromium against the real app (API + worker on a fresh
 * database), started by scripts/e2e-server.js. Set E2E_BASE_URL to test a running server.
 */
// A free port unless E2E_PORT says which, chosen once: Playwright's workers inherit it from the runner.
process.env.E2E_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  // Generous: in CI two browsers share two cores with the API, the worker and Postgres, and a
  // page that answers in under a second when the machine is idle can take several under that load.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A failed test keeps its trace (DOM snapshots, network, console). Without the screencast:
    // its JPEG frames cost the run about a seventh of its time on two cores (171 s -> 143 s for
    // site-chrome and content-pages), and the snapshots show what a frame would.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { browserName: 'chromium', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/e2e-server.js',
        url: `${baseURL}/health/ready`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: { E2E_PORT: String(port) },
        // SIGTERM, not Playwright's default SIGKILL: the server drops its database and Redis keys.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      },
});

function freePort(): string {
  const script = "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); })";
  return execFileSync(process.execPath, ['-e', script]).toString();
}
