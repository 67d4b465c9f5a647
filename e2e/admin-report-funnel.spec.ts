import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN_STATE } from './fixtures/admin-session';
import { seriousViolations } from './fixtures/axe';

// The report's waitlist funnel (/admin/analytics): joined → confirmed → admitted → code redeemed
// for the period's members, as bars with their counts in words and as tables by source, creator
// code and day, with its CSV; in both themes, at 1280 and 375 px, without an accessibility violation.

test.use({ storageState: ADMIN_STATE, bypassCSP: true });
test.describe.configure({ timeout: 90_000 });

const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const today = () => new Date().toISOString().slice(0, 10);

for (const theme of ['light', 'dark'] as const) {
  test(`the waitlist funnel in the ${theme} theme: its steps, its tables and its CSV`, { tag: '@layout' }, async ({ page }) => {
    const joined = await page.context().request.post('/api/waitlist', { data: { first_name: 'Funnel', email: unique('funnel'), role: null } });
    expect(joined.status()).toBe(201);
    await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
    await page.emulateMedia({ reducedMotion: 'reduce' });

    await page.goto(`/admin/analytics?from=${today()}&to=${today()}`);
    const funnel = page.getByRole('region', { name: 'Waitlist funnel', exact: true });
    const steps = funnel.getByRole('list', { name: 'Funnel steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(4, { timeout: 20_000 });
    await expect(steps.nth(0)).toContainText('Joined');
    await expect(steps.nth(3)).toContainText('Code redeemed');
    await expect(funnel).toContainText('Reminded to confirm');
    await expect(page.locator('html')).toHaveClass(new RegExp(theme));

    const bySource = page.getByRole('region', { name: 'Waitlist funnel by source', exact: true });
    await expect(bySource.getByRole('columnheader')).toHaveText(['Source', 'Joined', 'Confirmed', 'Admitted', 'Code redeemed']);
    await expect(bySource.getByRole('row').filter({ hasText: 'Landing page' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Waitlist funnel per day joined', exact: true }).getByRole('row')).toHaveCount(2);

    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousViolations(page, { all: true })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const download = page.waitForEvent('download');
    await funnel.getByRole('link', { name: 'Export Waitlist funnel as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`analytics-funnel-${today()}-to-${today()}.csv`);
    const lines = (await readFile((await file.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('by,value,joined,confirmed,admitted,redeemed');
    expect(lines[1]).toMatch(/^total,,[1-9]\d*,\d+,\d+,\d+$/);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^day,${today()},[1-9]`)));
  });
}
