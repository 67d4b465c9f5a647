import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { SITE_SETTINGS } from './site-config';
import { REPORT_PERIOD, withReportDays } from './fixtures/report-days';
import { ADMIN_STATE } from './fixtures/admin-session';

// Download attribution and the marketing report. The badge click (dataLayer, new tab)
// and a tracking call answering 500 are in content-pages.spec.ts; here the tracking API is
// unreachable, the phone redirect, and the report against the real API and worker.

const TRACK_URL = '**/api/analytics/downloads';
const { APP_STORE_URL, GOOGLE_PLAY_URL } = SITE_SETTINGS;
// The report reads the worker's rollups, which may take a while on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** A browser's user agent: Playwright's own (HeadlessChrome) is a known bot, counted apart. */
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

type TrackBody = Record<string, unknown>;

async function stubStores(context: BrowserContext): Promise<void> {
  for (const url of [APP_STORE_URL, GOOGLE_PLAY_URL]) {
    await context.route(`${new URL(url).origin}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Store</title><p>Store</p>' }),
    );
  }
}

async function recordTracking(page: Page): Promise<TrackBody[]> {
  const bodies: TrackBody[] = [];
  await page.route(TRACK_URL, async (route) => {
    bodies.push(route.request().postDataJSON() as TrackBody);
    await route.fulfill({ status: 202, contentType: 'application/json', body: '{"ok":true}' });
  });
  return bodies;
}

/** Clicks a store badge of the page's main part and answers the store tab it opened, loaded. */
async function openStore(page: Page, store: RegExp): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('main').getByRole('link', { name: store }).click();
  const tab = await popup;
  await tab.waitForLoadState();
  return tab;
}

const uniqueTag = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('Download tracking in the browser', () => {
  test.beforeEach(async ({ context }) => {
    await stubStores(context);
  });

  test('with the tracking API unreachable, a badge still opens the store in a new tab and pushes to the data layer', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.route(TRACK_URL, (route) => route.abort('connectionrefused'));
    await page.addInitScript(() => {
      (window as Window & { dataLayer?: unknown[] }).dataLayer = [];
    });
    await page.goto('/download/api-down');
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible({ timeout: 20_000 });

    const store = await openStore(page, /App Store/);
    expect(store.url()).toBe(APP_STORE_URL);
    const dataLayer = await page.evaluate(() => (window as Window & { dataLayer?: unknown[] }).dataLayer);
    expect(dataLayer).toContainEqual({ event: 'app_download_click', platform: 'ios', source: 'api-down' });
    await expect.poll(() => errors.filter((text) => text.startsWith('Error tracking download:')).length).toBe(2);
    await expect(page).toHaveURL(/\/download\/api-down$/);
  });

  test('a tag in lower case (accents mapped) is sent as such, without a notice', async ({ page }) => {
    const bodies = await recordTracking(page);
    await page.goto('/download/Caf%C3%A9-HOOPS25');
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => bodies).toEqual([{ source_tag: 'cafe-hoops25', platform: 'desktop', click_type: 'page_visit', explicit_choice: false }]);
    await expect(page.getByTestId('download-tag-notice')).toHaveCount(0);
  });

  test('a tag it cannot use is named in a visible notice, the visit counts as direct, and the badges still open the store', async ({ page }) => {
    const bodies = await recordTracking(page);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/download/hoops%2025!');
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible({ timeout: 20_000 });
    const notice = page.getByRole('status').filter({ hasText: 'can’t be used' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('“hoops 25!”');
    await expect(notice).toContainText('letters a–z, digits, - and _');
    await expect.poll(() => bodies).toEqual([{ source_tag: 'direct', platform: 'desktop', click_type: 'page_visit', explicit_choice: false }]);

    const store = await openStore(page, /App Store/);
    expect(store.url()).toBe(APP_STORE_URL);
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1]).toEqual({ source_tag: 'direct', platform: 'ios', click_type: 'badge_click' });
    expect(errors.filter((text) => text.startsWith('Error tracking download:'))).toEqual([]);
  });

  test.describe('on a phone', { tag: '@phone' }, () => {
    test.use({ userAgent: IPHONE_UA });

    test('the download page records the visit and the store redirect, and sends the phone to its store, once per session', async ({ page }) => {
      const bodies = await recordTracking(page);
      await page.goto('/download/tiktok-bio');
      await expect(page).toHaveURL(APP_STORE_URL, { timeout: 20_000 });
      // The redirect opens the store: a store open of its own, beside the visit.
      await expect
        .poll(() => bodies)
        .toEqual([
          { source_tag: 'tiktok-bio', platform: 'ios', click_type: 'page_visit', explicit_choice: false },
          { source_tag: 'tiktok-bio', platform: 'ios', click_type: 'store_redirect' },
        ]);

      // Back on the page in the same session: it stays, and the visit is not counted again.
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(/\/download\/tiktok-bio$/);
      expect(bodies).toHaveLength(2);
    });

    test('with a tag it cannot use the page stays, so that its notice is read, and counts the visit as direct', async ({ page }) => {
      const bodies = await recordTracking(page);
      await page.goto('/download/%F0%9F%8F%80');
      await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('status').filter({ hasText: 'can’t be used' })).toBeVisible();
      await expect.poll(() => bodies).toEqual([{ source_tag: 'direct', platform: 'desktop', click_type: 'page_visit', explicit_choice: false }]);
      await expect(page).toHaveURL(/\/download\/%F0%9F%8F%80$/);
      await expect(page.getByRole('main').getByRole('link', { name: /App Store/ })).toBeVisible();
    });

    test('an explicit ?platform= choice stays on the page', async ({ page }) => {
      const bodies = await recordTracking(page);
      await page.goto('/download/tiktok-bio?platform=android');
      await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => bodies).toEqual([{ source_tag: 'tiktok-bio', platform: 'android', click_type: 'page_visit', explicit_choice: true }]);
      await expect(page).toHaveURL(/\/download\/tiktok-bio\?platform=android$/);
    });
  });
});

test.describe('Marketing report (/admin/analytics)', () => {
  test.use({ userAgent: DESKTOP_UA, storageState: ADMIN_STATE });

  test('shows a source tag recorded moments earlier, and exports it as CSV', async ({ page, context }) => {
    await stubStores(context);
    const tag = uniqueTag('e2e');
    // A visit to the tag's download page and a badge click, through the real API and worker.
    await page.goto(`/download/${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible({ timeout: 20_000 });
    await (await openStore(page, /Google Play/)).close();

    await page.goto('/admin');
    await page
      .getByRole('main')
      .getByRole('link', { name: /User Analytics/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Analytics' })).toBeVisible({ timeout: 20_000 });

    const table = page.getByRole('region', { name: 'Downloads by source, platform and click type', exact: true });
    // The worker folds the clicks a moment after they are recorded.
    await expect(async () => {
      await page.reload();
      await expect(table.getByRole('row').filter({ hasText: tag })).toHaveCount(2, { timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await expect(table.getByRole('row').filter({ hasText: tag }).filter({ hasText: 'Badge click' })).toContainText('Android');
    await expect(
      page.getByRole('region', { name: 'Page visit to store open, per source', exact: true }).getByRole('row').filter({ hasText: tag }),
    ).toContainText('100 %');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export Downloads by source, platform and click type as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^analytics-downloads-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('source_tag,platform,click_type,total,unique,bots,unique_bots');
    expect(csv).toContain(`${tag},android,badge_click,1,1,0,0`);
    expect(csv).toContain(`${tag},desktop,page_visit,1,1,0,0`);
  });

  test('where only bots clicked, the empty states and the tables agree and say so; the tables are a jump apart, and the whole report downloads at once', async ({
    page,
  }) => {
    // The server's answer for an empty period, with the rows bots alone leave (people 0, bots counted apart).
    await page.route('**/api/admin/analytics/report?*', async (route) => {
      const report = await (await route.fetch()).json();
      report.downloads = ['homepage-hero', 'direct', 'tiktok-bio'].map((sourceTag) => ({
        sourceTag,
        platform: 'ios',
        clickType: 'badge_click',
        total: 0,
        unique: 0,
        bots: 2,
        uniqueBots: 1,
      }));
      report.conversion = report.downloads.map(({ sourceTag }: { sourceTag: string }) => ({
        sourceTag,
        pageVisits: 0,
        uniqueVisitors: 0,
        badgeClicks: 0,
        storeRedirects: 0,
        storeOpens: 0,
        conversionRate: null,
      }));
      await route.fulfill({ json: report });
    });
    await page.goto('/admin/analytics?from=2001-03-01&to=2001-03-31');
    await expect(page.getByRole('heading', { level: 1, name: 'User Analytics' })).toBeVisible({ timeout: 20_000 });
    const said = 'Known bots made 6 clicks: they are counted apart and left out of every figure';
    for (const name of ['Top sources', 'Downloads by source, platform and click type', 'Page visit to store open, per source']) {
      const region = page.getByRole('region', { name, exact: true });
      await expect(region, name).toContainText('No downloads by people in this period');
      await expect(region, name).toContainText(said);
      await expect(region.getByRole('row').filter({ hasText: 'homepage-hero' }), name).toHaveCount(0);
    }
    await expect(page.getByText('3 rows where only known bots clicked are left out here; the CSV has them.')).toBeVisible();
    await expect(page.getByText('No visits in this period')).toBeVisible();

    // A way between the six tables, and one file with all of them.
    const jumps = page.getByRole('navigation', { name: 'Report tables' });
    await jumps.getByRole('link', { name: 'Creator funnel' }).click();
    await expect(page).toHaveURL(/#creator-funnel$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Creator code funnel' })).toBeInViewport();
    const download = page.waitForEvent('download');
    await jumps.getByRole('link', { name: 'Download report' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('analytics-report-2001-03-01-to-2001-03-31.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n\r\n').map((section) => section.split('\r\n')[0])).toEqual([
      'downloads',
      'daily',
      'conversion',
      'top-sources',
      'signups',
      'creator-shares',
      'creator-funnel',
      'funnel',
    ]);
  });

  test("the downloads chart's numbers are in a table too, day by day", async ({ page }) => {
    await withReportDays(page);
    await page.goto(`/admin/analytics?from=${REPORT_PERIOD.from}&to=${REPORT_PERIOD.to}`);
    const perDay = page.getByRole('region', { name: 'Downloads per day', exact: true });
    await expect(perDay.getByRole('columnheader')).toHaveText(['Day', 'Page visits', 'Badge clicks', 'Store redirects', 'Unique visitors', 'Bots'], {
      timeout: 20_000,
    });
    await expect(perDay.getByRole('row')).toHaveCount(3); // the header and the two days with anything in them, newest first
    await expect(perDay.getByRole('row').nth(1)).toHaveText(
      /Nov 25, 2026\s*(Page visits)?\s*4\s*(Badge clicks)?\s*2\s*(Store redirects)?\s*1\s*(Unique visitors)?\s*3\s*(Bots)?\s*5/,
    );
    await expect(perDay.getByRole('row').nth(2)).toContainText('Nov 24, 2026');
    await expect(perDay.getByRole('link', { name: 'Export Downloads per day as CSV' })).toHaveAttribute('href', /\/export\/daily\?/);
    await page.getByRole('navigation', { name: 'Report tables' }).getByRole('link', { name: 'Downloads per day' }).click();
    await expect(page).toHaveURL(/#downloads-per-day$/);
  });

  test('an empty period says so, and a failed load offers to try again', async ({ page }) => {
    await page.goto('/admin/analytics?from=2001-01-01&to=2001-01-31');
    await expect(page.getByRole('heading', { level: 1, name: 'User Analytics' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Top sources', exact: true })).toContainText('No downloads by people in this period');
    await expect(page.getByRole('region', { name: 'Sign-ups per day', exact: true })).toContainText('No sign-ups in this period');
    // A year the server does not report on is refused on the page, without asking the server.
    await page.getByLabel('From', { exact: true }).fill('1999-12-31');
    await expect(page.getByRole('alert')).toHaveText('Choose days from 2000 to 2099.');
    await expect(page.getByRole('region', { name: 'Top sources', exact: true })).toContainText('No downloads by people in this period');

    let fail = true;
    await page.route('**/api/admin/analytics/report?*', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down","code":"internal"}' }) : route.fallback(),
    );
    await page.goto('/admin/analytics?from=2001-02-01&to=2001-02-28');
    const topSources = page.getByRole('region', { name: 'Top sources', exact: true });
    await expect(topSources).toContainText('The report could not be loaded.', { timeout: 20_000 });
    fail = false;
    await topSources.getByRole('button', { name: 'Try again' }).click();
    await expect(topSources).toContainText('No downloads by people in this period');
  });
});
