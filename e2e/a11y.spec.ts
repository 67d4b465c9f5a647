import { expect, test } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';
import { seriousViolations } from './fixtures/axe';
import { linkEmailedTo } from './fixtures/inbox';
import { REPORT_PERIOD, withReportDays } from './fixtures/report-days';

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/our-vision',
  '/privacy-policy',
  '/privacy-request',
  '/terms-of-service',
  '/download/direct',
  '/contact',
  '/resources',
  '/shotanalysis',
  '/admin/login',
  '/admin/login?mode=forgot',
  '/admin/login?mode=reset&token=x',
  '/admin/invitation?token=x',
  '/unsubscribe?token=forged.token',
  '/no-such-page',
];

/** Admin screens, checked signed in as the e2e admin (e2e/admin-session.setup.ts). */
const ADMIN_PAGES = ['/admin', '/admin/early-access', '/admin/creator-codes', '/admin/emails', '/admin/waitlist', '/admin/broadcasts', '/admin/privacy'];

test.use({ bypassCSP: true });

for (const theme of ['light', 'dark'] as const) {
  for (const path of PUBLIC_PAGES) {
    test(`${path} in the ${theme} theme has no serious or critical accessibility violation`, { tag: '@layout' }, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      if (path !== '/shotanalysis') await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  // An email's unsubscribe link with a real token: the state it shows and its button, then the done state.
  test(
    `/unsubscribe with a real link in the ${theme} theme has no serious or critical accessibility violation`,
    { tag: '@layout' },
    async ({ page, request }) => {
      const email = `e2e-a11y-unsubscribe-${theme}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      expect((await request.post('/api/waitlist', { data: { first_name: 'Ada', email, role: null, referrerCode: null } })).status()).toBe(201);
      const link = await linkEmailedTo(request, email, /\/unsubscribe\?token=/);
      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(link);
      await expect(page.getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Undo: keep me subscribed' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  test.describe(() => {
    test.use({ storageState: ADMIN_STATE });

    // The resource editor, on a published post with an unpublished revision and a history: no violation of any impact.
    test(`the resource editor in the ${theme} theme has no accessibility violation at all`, { tag: '@layout' }, async ({ page }) => {
      const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
      const headers = { 'X-CSRF-Token': csrf };
      const created = await page.context().request.post('/api/admin/resources', {
        headers,
        data: { title: `Axe editor ${theme} ${Date.now().toString(36)}`, content: '<p>Body.</p>', tags: ['form'], is_published: true },
      });
      const { id, title } = await created.json();
      await page.context().request.post(`/api/admin/resources/${id}/revisions`, { headers, data: { title: `${title} v2`, content: '<p>Body two.</p>' } });
      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/admin/resources/edit/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Resource' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('list', { name: 'Revisions' }).getByRole('listitem')).toHaveCount(2);
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      expect(await seriousViolations(page, { all: true })).toEqual([]);
    });

    // The report's charts: every text (the legends' labels beside their coloured marks, the axes)
    // at 4.5:1, whatever axe calls the impact. A sign-up of each kind, so every series shows.
    test(`/admin/analytics in the ${theme} theme has no colour contrast violation at all`, { tag: '@layout' }, async ({ page }) => {
      await withReportDays(page);
      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/admin/analytics?from=${REPORT_PERIOD.from}&to=${REPORT_PERIOD.to}`);
      await expect(page.getByRole('heading', { level: 1, name: 'User Analytics' })).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      await expect(page.locator('.recharts-legend-item-text').getByText('Direct', { exact: true })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      expect((await seriousViolations(page, { all: true })).filter((v) => v.includes('color-contrast'))).toEqual([]);
      // axe leaves the charts' texts for review (their background is under an SVG), so each one is
      // measured here against its chart's panel: legend labels and axis ticks.
      const texts = await page.locator('.recharts-wrapper').evaluateAll((charts) => {
        const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const luminance = (color: string) => {
          const [r, g, b] = rgb(color).map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        return charts.flatMap((chart) => {
          let panel: Element | null = chart;
          while (panel && getComputedStyle(panel).backgroundColor === 'rgba(0, 0, 0, 0)') panel = panel.parentElement;
          const background = luminance(getComputedStyle(panel ?? document.body).backgroundColor);
          return [...chart.querySelectorAll('.recharts-legend-item-text, .recharts-cartesian-axis-tick-value')].map((text) => {
            // The colour of the element that holds the words (a label may wrap them in a span of its own).
            let inner: Element = text;
            while (inner.children.length === 1 && inner.firstElementChild!.textContent === text.textContent) inner = inner.firstElementChild!;
            const style = getComputedStyle(inner);
            const l = luminance(inner instanceof SVGElement ? style.fill : style.color);
            const ratio = (Math.max(l, background) + 0.05) / (Math.min(l, background) + 0.05);
            return `${text.textContent}: ${ratio >= 4.5 ? 'at least 4.5:1' : `${ratio.toFixed(2)}:1`}`;
          });
        });
      });
      expect(texts.length).toBeGreaterThan(10);
      expect(texts.filter((text) => !text.endsWith('at least 4.5:1'))).toEqual([]);
    });

    for (const path of ADMIN_PAGES) {
      test(`${path} (signed in) in the ${theme} theme has no serious or critical accessibility violation`, { tag: '@layout' }, async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
        await expect(page.locator('html')).toHaveClass(new RegExp(theme));
        // Lists have loaded (or shown their empty state).
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
