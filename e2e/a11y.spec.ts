import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ADMIN_STATE } from './fixtures/admin-session';

// axe-core injected into the page; our CSP forbids inline scripts, so this test context bypasses it.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const PUBLIC_PAGES = ['/', '/about', '/our-vision', '/privacy-policy', '/privacy-request', '/terms-of-service', '/download/direct', '/contact', '/resources', '/shotanalysis', '/admin/login', '/admin/login?mode=forgot', '/admin/login?mode=reset&token=x', '/no-such-page'];

/** Admin screens, checked signed in as the e2e admin (e2e/admin-session.setup.ts). */
const ADMIN_PAGES = ['/admin', '/admin/early-access', '/admin/creator-codes', '/admin/emails', '/admin/waitlist', '/admin/broadcasts', '/admin/privacy'];

test.use({ bypassCSP: true });

/** Serious and critical violations, or with `all` every violation whatever its impact. */
async function seriousViolations(page: Page, { all = false } = {}): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // Violations only: the passes and the inapplicable rules are not read, and collecting them took a third of axe's time.
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] });
  });
  return results.violations
    .filter((v) => all || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

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
