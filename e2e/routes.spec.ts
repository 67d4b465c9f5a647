import { expect, test, type Page } from '@playwright/test';

test.describe.configure({ timeout: 60_000 });

/** Generous wait for the first render: lazily loaded screens on a busy CI machine. */
const FIRST_RENDER_TIMEOUT = 30_000;

// Every route of the spec's route table (§2) loads at both viewports (the staff screens, signed
// out, at one) without a console error
// or an uncaught page error, shows one visible <h1>, never leaks a '{product}' placeholder and
// gets a branded document title. The not-found page is checked in detail.

interface RouteCase {
  path: string;
  /** Where the app is expected to end up (redirects), as a pathname regex. */
  lands?: RegExp;
  /** Which chrome the route shows. */
  layout: 'marketing' | 'funnel' | 'admin';
  /** The server may answer an unknown path with 404 (the app still renders its not-found page). */
  notFound?: boolean;
  /** The API call whose 404 the page is about (an unknown article): Chromium logs it as an error. */
  apiNotFound?: string;
}

const ROUTES: RouteCase[] = [
  { path: '/', layout: 'marketing' },
  { path: '/download', lands: /\/download\/direct$/, layout: 'marketing' },
  { path: '/download/instagram-bio', layout: 'marketing' },
  { path: '/download/direct?platform=ios', layout: 'marketing' },
  { path: '/privacy-policy', layout: 'marketing' },
  { path: '/terms-of-service', layout: 'marketing' },
  { path: '/about', layout: 'marketing' },
  { path: '/our-vision', layout: 'marketing' },
  { path: '/resources', layout: 'marketing' },
  { path: '/resources/sample-post', layout: 'marketing', notFound: true, apiNotFound: '/api/resources/sample-post' },
  { path: '/contact', layout: 'marketing' },
  { path: '/privacy-request', layout: 'marketing' },
  { path: '/unsubscribe', layout: 'marketing' },
  { path: '/shotanalysis', layout: 'funnel' },
  { path: '/shotanalysis?ref=ABC123', layout: 'funnel' },
  { path: '/hbf/E2ECODE1', layout: 'funnel' },
  { path: '/hbf-feedback/E2ECODE1', layout: 'funnel' },
  { path: '/shot/E2ECODE2', layout: 'funnel' },
  { path: '/shot-feedback/E2ECODE2', layout: 'funnel' },
  { path: '/admin/login', layout: 'marketing' },
  { path: '/admin/invitation', layout: 'marketing' },
  { path: '/admin', layout: 'admin' },
  { path: '/admin/early-access', layout: 'admin' },
  { path: '/admin/creator-codes', layout: 'admin' },
  { path: '/admin/emails', layout: 'admin' },
  { path: '/admin/broadcasts', layout: 'admin' },
  { path: '/admin/rewards', layout: 'admin' },
  { path: '/admin/resources', layout: 'admin' },
  { path: '/admin/resources/new', layout: 'admin' },
  { path: '/admin/resources/edit/00000000-0000-4000-8000-000000000000', layout: 'admin' },
  { path: '/admin/resources/00000000-0000-4000-8000-000000000000', layout: 'admin' },
  { path: '/admin/staff', layout: 'admin' },
  { path: '/admin/audit', layout: 'admin' },
  { path: '/admin/integrations', layout: 'admin' },
  { path: '/this/route/does-not-exist', layout: 'marketing', notFound: true },
];

/** scripts/e2e-server.js gives the server this SHOTS_INGEST_TOKEN. */
const SHOTS_INGEST_TOKEN = 'e2e-shots-ingest-token';

// The hbf and shot pages' codes exist and are claimed, as a player's would be, and are opened
// with the claim's token as the player's emailed link does: the feedback pages show the analysis
// (an unknown code is shot-flows.spec.ts's business). A shot is its claimer's, so each run of
// this hook (a worker may run it more than once) records and claims codes of its own, which stand
// in for the table's E2ECODE1 and E2ECODE2.
const claimedLinks = new Map<string, string>();

test.beforeAll(async ({ request }) => {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  for (const [kind, code] of [
    ['hbf', 'E2ECODE1'],
    ['shot', 'E2ECODE2'],
  ]) {
    const own = `${code}${run}`;
    const recorded = await request.post('/api/shots', {
      headers: { Authorization: `Bearer ${SHOTS_INGEST_TOKEN}` },
      data: { kind, code: own, shot_data: 'A smooth release; keep your elbow under the ball.' },
    });
    expect(recorded.status()).toBe(201);
    const claimed = await request.post(`/api/shots/${kind}/${own}/claim`, {
      data: { first_name: 'Route', email: `route-${kind}-${own.toLowerCase()}@example.com` },
    });
    expect(claimed.status()).toBe(200);
    claimedLinks.set(code, `${own}?token=${encodeURIComponent((await claimed.json()).claimToken)}`);
  }
});

/** The address a route's page is opened at: the shot pages at this worker's claimed codes (the feedback pages with their token). */
function addressOf(path: string): string {
  return path.replace(/E2ECODE[12]$/, (code) => (/-feedback\//.test(path) ? claimedLinks.get(code)! : claimedLinks.get(code)!.split('?')[0]));
}

/** Collects console errors and uncaught exceptions for the whole test. */
function collectErrors(page: Page, apiNotFound?: string): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // An unknown page is served with status 404 (for crawlers); Chromium reports that status of
    // the document itself as a console error. Any other failed resource still counts.
    const documentNotFound = /status of 404/.test(message.text()) && message.location().url === page.url();
    // The admin screens (and the login page) ask whether the visitor is signed in; a visitor
    // who is not gets 401 from /api/auth/session, which Chromium also reports as an error.
    const signedOutCheck = /status of 401/.test(message.text()) && message.location().url.endsWith('/api/auth/session');
    const expectedApiNotFound = apiNotFound !== undefined && /status of 404/.test(message.text()) && message.location().url.endsWith(apiNotFound);
    if (!documentNotFound && !signedOutCheck && !expectedApiNotFound) errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** The brand the server put in <meta name="application-name"> (absent under `vite preview`). */
async function brandOf(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content?.trim() || 'Swishly');
}

test.beforeEach(async ({ page }) => {
  // Badge and page-visit tracking are not what these tests check; keep them off the API.
  await page.route('**/api/analytics/downloads', (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{"accepted":true}' }));
});

for (const route of ROUTES) {
  // At both widths, but the staff screens: signed out, each of them lands on /admin/login, whose
  // own case checks it at both.
  test(`${route.path} loads without errors`, { tag: route.layout === 'admin' ? '@desktop' : '@layout' }, async ({ page }) => {
    const errors = collectErrors(page, route.apiNotFound);
    const response = await page.goto(addressOf(route.path));
    const status = response?.status() ?? 0;
    if (route.notFound) expect([200, 404], 'the document is served').toContain(status);
    else expect(status, 'the document is served').toBeLessThan(400);

    if (route.lands) await expect(page).toHaveURL(route.lands);

    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading.first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.locator('main#main-content')).toHaveCount(1);

    // The chrome matches the layout of the route. (A protected admin screen may send a
    // visitor who is not signed in to /admin/login, which has the marketing chrome.)
    const header = page.locator('header[data-scrolled]');
    const footer = page.getByRole('contentinfo');
    const onLogin = new URL(page.url()).pathname === '/admin/login';
    if (route.layout === 'marketing' || onLogin) {
      await expect(header).toBeVisible();
      await expect(footer).toBeVisible();
    } else {
      await expect(header).toHaveCount(0);
      await expect(footer).toHaveCount(0);
    }

    await page.waitForLoadState('networkidle');

    const brand = await brandOf(page);
    await expect(page).toHaveTitle(new RegExp(brand));
    expect(await page.title()).not.toContain('{product}');
    expect(await page.locator('body').innerText()).not.toContain('{product}');

    expect(errors).toEqual([]);
  });
}

test('serves /favicon.ico (browsers and crawlers ask for it)', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await response.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

test.describe('Not-found page', () => {
  test('shows 404, the message and a link home that works', async ({ page }) => {
    const errors = collectErrors(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });

    await page.goto('/no-such-page?from=e2e');
    const main = page.getByRole('main');
    await expect(main.getByText('404', { exact: true })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/Not Found/i);
    // The unknown address is logged (as a warning, not an error).
    await expect.poll(() => warnings.some((text) => text.includes('/no-such-page'))).toBe(true);

    const home = main.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('heading', { level: 1, name: /Train like the Pros/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('unknown nested admin paths are not found either', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/admin/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    expect(errors).toEqual([]);
  });
});

test.describe('Client-side navigation', () => {
  test('updates the title per route and starts each page at the top', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    const brand = await brandOf(page);
    await expect(page).toHaveTitle(new RegExp(brand));

    await page.evaluate(() => window.scrollTo(0, 900));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page).toHaveTitle(new RegExp(`Privacy Policy.*${brand}`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page).toHaveTitle(new RegExp(`Terms of Service.*${brand}`));

    await page.goBack();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page).toHaveTitle(new RegExp(`Privacy Policy.*${brand}`));
    expect(errors).toEqual([]);
  });
});

test("the home page's scripts and styles are served Brotli-compressed from the build", async ({ request }) => {
  const html = await (await request.get('/')).text();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  expect(files.length).toBeGreaterThan(2);
  let compressed = 0;
  for (const file of files) {
    const plain = await request.get(file, { headers: { 'accept-encoding': 'identity' } });
    const response = await request.get(file, { headers: { 'accept-encoding': 'br' } });
    expect(response.status(), file).toBe(200);
    expect(response.headers()['cache-control'], file).toContain('immutable');
    // Files under 1 KB are not worth a compressed copy (vite.config.ts).
    if ((await plain.body()).length < 1024) continue;
    expect(response.headers()['content-encoding'], file).toBe('br');
    compressed++;
  }
  expect(compressed).toBeGreaterThanOrEqual(2); // at least the entry script and the stylesheet
});
