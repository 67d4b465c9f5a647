import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Browser tests in Debian's Chromium against the real app (API + worker on a fresh
 * database), started by scripts/e2e-server.js. Set E2E_BASE_URL to test a running server.
 */
// A free port unless E2E_PORT says which, chosen once: Playwright's workers inherit it from the runner.
process.env.E2E_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const DESKTOP = { browserName: 'chromium', viewport: { width: 1280, height: 800 } } as const;

export default defineConfig({
  testDir: './e2e',
  // Generous: in CI two browsers share two cores with the API, the worker and Postgres, and a
  // page that answers in under a second when the machine is idle can take several under that load.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // Three in CI on two cores: a test spends much of its time waiting on the server or a timer, and
  // npm test runs Jest beside the browser tests, so a third browser fills what the others leave.
  workers: process.env.CI ? 3 : undefined,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    // npm test reads its counts from here for its closing table (scripts/test.js).
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['json'] as const] : []),
  ],
  use: {
    baseURL,
    // Run by hand, a failed test keeps its trace (DOM snapshots, network, console; no screencast,
    // whose frames cost a seventh of the run). In CI nobody can open a trace, and recording one
    // for every test cost 15 % of the run's CPU (site-chrome: 200 -> 169 CPU-seconds): CI prints
    // the error, its call log and the page's ARIA snapshot instead (`--trace retain-on-failure`
    // brings traces back for one run).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
  },
  // Where each browser test runs, by its tag: a test means something at the widths it runs at.
  //   no tag    behaviour (a form's validation, a toast, a redirect, a download): once, at 1280 px
  //   @layout   what it checks depends on the width (what fits, what shows, the DOM axe reads): at both
  //   @phone    the drawer, phone-only controls, a phone's redirect: at 375 px only
  //   @desktop  desktop-only layout (the header's links, the feature cards): at 1280 px only, said so
  //   @exclusive changes what every other test relies on (the early-access switch, a factor required of all): alone, one at a time, at 1280 px, after the rest
  projects: [
    // Signs the e2e admin in once; tests that need a signed-in admin use its storageState (e2e/fixtures/admin-session.ts).
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'desktop', dependencies: ['setup'], grepInvert: /@phone\b|@exclusive\b/, use: DESKTOP },
    {
      name: 'mobile',
      dependencies: ['setup'],
      grep: /@layout\b|@phone\b/,
      use: { browserName: 'chromium', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    // One at a time: two of them change one setting (a second factor required of everyone), and one toggles what another has just set.
    { name: 'exclusive', dependencies: ['desktop', 'mobile'], grep: /@exclusive\b/, use: DESKTOP, workers: 1 },
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

/**
 * Debian's headless shell (Chromium's old headless mode, which Playwright's own browser downloads
 * use for headless runs) when scripts/machine.sh installed it: the same Blink and V8 as the full
 * browser, without its window machinery, at about half the CPU per test. Else the full browser.
 */
function chromium(): string {
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}

function freePort(): string {
  const script = "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); })";
  return execFileSync(process.execPath, ['-e', script]).toString();
}
