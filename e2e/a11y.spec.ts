import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';

// axe-core injected into the page; our CSP forbids inline scripts, so this test context bypasses it.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const PUBLIC_PAGES = ['/', '/about', '/our-vision', '/privacy-policy', '/terms-of-service', '/download/direct', '/contact', '/resources', '/shotanalysis', '/no-such-page'];

test.use({ bypassCSP: true });

for (const theme of ['light', 'dark'] as const) {
  for (const path of PUBLIC_PAGES) {
    test(`${path} in the ${theme} theme has no serious or critical accessibility violation`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      if (path !== '/shotanalysis') await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      await page.addScriptTag({ content: axeSource });
      const results = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
        return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
      });
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}
