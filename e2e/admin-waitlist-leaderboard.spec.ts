import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';
import { seriousViolations } from './fixtures/axe';
import { linkEmailedTo } from './fixtures/inbox';

// The top referrers in /admin/waitlist: a referrer with credited, pending and held referrals on
// the board (the view and the open referrer in the address), and their held referrals ticked
// by keyboard and credited, then rejected, at once with a reason. Both themes, at both widths.

test.describe.configure({ timeout: 120_000 });
test.use({ storageState: ADMIN_STATE, bypassCSP: true });

const FIRST_RENDER_TIMEOUT = 20_000;

async function join(request: APIRequestContext, name: string, referrerCode: string | null): Promise<{ id: string; referralCode: string }> {
  const joined = await request.post('/api/waitlist', { data: { first_name: name, email: `${name.toLowerCase()}@example.com`, role: null, referrerCode } });
  expect(joined.status()).toBe(201);
  return joined.json();
}

async function confirm(request: APIRequestContext, name: string): Promise<void> {
  const link = await linkEmailedTo(request, `${name.toLowerCase()}@example.com`, /[?&]confirm=/);
  const token = new URL(link, 'http://site').searchParams.get('confirm')!;
  expect((await request.post('/api/waitlist/confirm', { data: { token } })).status()).toBe(200);
}

for (const theme of ['light', 'dark'] as const) {
  test(
    `staff see the top referrers and decide a referrer's held referrals at once, in the ${theme} theme`,
    { tag: '@layout' },
    async ({ page, request }, testInfo) => {
      const tag = `${theme[0]}${testInfo.project.name[0]}${Date.now().toString(36)}`;
      // Every browser test comes from one address: past REFERRAL_BURST_LIMIT (5 an hour per
      // referrer) a referrer's next referrals are held. Two friends confirm (credited), three do not
      // (pending), three are held.
      const referrer = await join(request, `Top${tag}`, null);
      const pals: string[] = [];
      for (let n = 1; n <= 8; n++) pals.push((await join(request, `Pal${tag}${n}`, referrer.referralCode)).id);
      for (const n of [1, 2]) await confirm(request, `Pal${tag}${n}`);
      await expect
        .poll(async () => {
          const board = await (await request.get('/api/admin/waitlist/leaderboard?limit=100')).json();
          return board.entries.find((e: { id: string }) => e.id === referrer.id)?.referralCredits;
        })
        .toBe(2);

      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/admin/waitlist');
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      const views = page.getByRole('navigation', { name: 'Waitlist views' });
      await views.getByRole('link', { name: 'Top referrers' }).click({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(page).toHaveURL(/[?&]view=referrers/);
      await expect(views.getByRole('link', { name: 'Top referrers' })).toHaveAttribute('aria-current', 'page');
      await page.getByLabel('Show').selectOption('100');
      await expect(page).toHaveURL(/[?&]top=100/);

      const board = page.getByRole('region', { name: 'Top referrers' });
      const row = board.getByRole('row').filter({ hasText: `Top${tag}` });
      const cell = (column: string) => row.locator(`td[data-label="${column}"]`);
      await expect(row).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(cell('Credited')).toHaveText('2');
      await expect(cell('Pending')).toHaveText('3');
      await expect(cell('Held')).toHaveText('3 held');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
      expect(await seriousViolations(page, { all: true })).toEqual([]);

      // The view and the open referrer survive a reload.
      await row.getByRole('button', { name: `Review held referrals of Top${tag}` }).click();
      await expect(page).toHaveURL(/[?&]referrer=[0-9a-f-]{36}/);
      await page.reload();
      const dialog = page.getByRole('dialog', { name: `Held referrals of Top${tag}` });
      await expect(dialog.getByRole('checkbox', { name: `Pal${tag}6` })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(dialog.getByRole('checkbox')).toHaveCount(4); // three, and "Select all"
      expect(await seriousViolations(page, { all: true })).toEqual([]);

      // Two ticked by keyboard, credited with a reason.
      await dialog.getByRole('checkbox', { name: `Pal${tag}6` }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('checkbox', { name: `Pal${tag}7` })).toBeChecked();
      await expect(dialog).toContainText('2 referrals selected');
      await dialog.getByRole('button', { name: 'Credit selected' }).click();
      const reasonStep = page.getByRole('dialog', { name: 'Credit 2 referrals' });
      await reasonStep.getByRole('button', { name: 'Credit 2 referrals' }).click();
      await expect(reasonStep).toContainText('Give a reason of at least 3 characters.');
      await reasonStep.getByLabel('Reason').fill('Flatmates on one network');
      expect(await seriousViolations(page, { all: true })).toEqual([]);
      await reasonStep.getByRole('button', { name: 'Credit 2 referrals' }).dblclick();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Referrals credited' }).first()).toContainText('2 credited once the friend confirms');

      // One left: rejected with "Select all".
      await expect(dialog.getByRole('checkbox', { name: `Pal${tag}8` })).toBeVisible();
      await expect(dialog.getByRole('checkbox', { name: `Pal${tag}6` })).toHaveCount(0);
      await dialog.getByRole('checkbox', { name: 'Select all (1)' }).check();
      await dialog.getByRole('button', { name: 'Reject selected' }).click();
      const rejectStep = page.getByRole('dialog', { name: 'Reject 1 referral' });
      await rejectStep.getByLabel('Reason').fill('Scripted sign-up');
      await rejectStep.getByRole('button', { name: 'Reject 1 referral' }).click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Referrals rejected' }).first()).toContainText('1 rejected');
      await expect(dialog).toContainText('No referrals of theirs are waiting for review.');
      await page.keyboard.press('Escape');
      await expect(page).not.toHaveURL(/[?&]referrer=/);
      await expect(cell('Pending')).toHaveText('5'); // the two credited wait for their friends to confirm
      await expect(cell('Held')).toHaveText('0');

      // Each decision once (the double click did one thing), with its reason in the audit log.
      const audit = await (await request.get('/api/admin/audit?action=waitlist.referral-reviewed')).json();
      const decided = audit.entries
        .filter((e: { target: { id: string } | null }) => e.target && pals.slice(5).includes(e.target.id))
        .map((e: { target: { id: string }; reason: string }) => [pals.indexOf(e.target.id) + 1, e.reason])
        .sort();
      expect(decided).toEqual([
        [6, 'Flatmates on one network'],
        [7, 'Flatmates on one network'],
        [8, 'Scripted sign-up'],
      ]);

      await views.getByRole('link', { name: 'Members' }).click();
      await expect(page).not.toHaveURL(/view=/);
      await expect(page.getByRole('region', { name: 'Waitlist members' })).toBeVisible();
    },
  );
}
