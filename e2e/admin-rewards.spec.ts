import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';
import { seriousViolations } from './fixtures/axe';
import { linkEmailedTo } from './fixtures/inbox';

// Referral milestones at /admin/rewards: staff write the milestones (each number of friends with
// a reward and its email), the editor says what is missing, the list is saved and reloads as
// saved; a member who passed a milestone before it existed is counted and, after a confirmation,
// rewarded: their email with their own early-access code reaches them, and their status page
// shows the way to the next milestone.

test.describe.configure({ timeout: 120_000 });
test.use({ storageState: ADMIN_STATE, bypassCSP: true });

const FIRST_RENDER_TIMEOUT = 20_000;
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  return { 'X-CSRF-Token': csrf };
}

/** A member who confirmed through their emailed link, as a person does. */
async function joinConfirmed(page: Page, email: string, referrerCode: string | null = null): Promise<{ id: string; referralCode: string }> {
  const joined = await page.request.post('/api/waitlist', { data: { first_name: 'Rita', email, role: null, referrerCode } });
  expect(joined.status(), await joined.text()).toBe(201);
  const confirm = await linkEmailedTo(page.request, email, /[?&]confirm=/);
  const token = new URL(confirm, 'http://site').searchParams.get('confirm');
  expect((await page.request.post('/api/waitlist/confirm', { data: { token } })).status()).toBe(200);
  return (await joined.json()) as { id: string; referralCode: string };
}

// @exclusive: the milestones are one list for the whole site, and the catch-up rewards every
// member who passed one: other tests' referrers must not be mailed while they run.
test('staff write milestones, save them, and reward a member who passed one before it existed', { tag: '@exclusive' }, async ({ page }) => {
  const before = (await (await page.request.get('/api/admin/referral-milestones')).json()) as { milestones: object[] };
  const t = tag();
  // Two confirmed friends, before any milestone asks for two.
  const referrerEmail = `rewarded-${t}@example.com`;
  const referrer = await joinConfirmed(page, referrerEmail);
  for (let i = 1; i <= 2; i++) await joinConfirmed(page, `rewarded-${t}-friend${i}@example.com`, referrer.referralCode);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/admin/waitlist/${referrer.id}`)).json()) as { referrals: { credited: number } }).referrals.credited)
    .toBe(2);
  try {
    await page.request.put('/api/admin/referral-milestones', { headers: await csrfHeaders(page), data: { milestones: [] } });
    await page.goto('/admin/rewards');
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    const editor = page.getByRole('region', { name: 'Milestones' });
    await expect(editor.getByText('No milestones yet')).toBeVisible();

    // A milestone without its email: the save says what is missing.
    await editor.getByRole('button', { name: 'Add milestone' }).click();
    await editor.getByRole('button', { name: 'Save milestones' }).click();
    await expect(editor.getByText('Milestone 1: give the email a subject.')).toBeVisible();

    const first = editor.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Milestone 1' }) });
    await first.getByLabel('Friends who confirmed').fill('2');
    await first.getByLabel('Reward').selectOption('early_access');
    await first.getByLabel('Email subject').fill(`Two friends in ${t}`);
    const body = first.getByRole('textbox', { name: 'Email', exact: true });
    await body.click();
    await body.pressSequentially('Thank you for bringing your friends!');

    await editor.getByRole('button', { name: 'Add milestone' }).click();
    const second = editor.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Milestone 2' }) });
    await second.getByLabel('Friends who confirmed').fill('2');
    await second.getByLabel('Email subject').fill('A second milestone');
    const secondBody = second.getByRole('textbox', { name: 'Email', exact: true });
    await secondBody.click();
    await secondBody.pressSequentially('Five friends!');
    await editor.getByRole('button', { name: 'Save milestones' }).click();
    await expect(editor.getByText('Two milestones are at 2 friends: give each number of friends once.')).toBeVisible();
    await second.getByLabel('Friends who confirmed').fill('5');
    await editor.getByRole('button', { name: 'Save milestones' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Milestones saved' }).first()).toBeVisible();

    // Saved as written, and the referrer who passed the first is counted.
    await page.reload();
    await expect(editor.getByLabel('Email subject').first()).toHaveValue(`Two friends in ${t}`, { timeout: FIRST_RENDER_TIMEOUT });
    await expect(editor.getByLabel('Friends who confirmed').nth(1)).toHaveValue('5');
    await expect(editor.getByText(/passed it before it existed/).first()).toBeVisible();
    const catchUp = page.getByRole('region', { name: 'Members who passed a milestone before it existed' });
    await expect(catchUp).toContainText(/[\d,]+ members? already (has|have) enough confirmed friends/);

    // The catch-up, after a confirmation.
    await catchUp.getByRole('button', { name: 'Reward them' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reward members who passed a milestone?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Reward them' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Catch-up started' }).first()).toBeVisible();
    await expect(catchUp).toContainText('Everyone who has passed a milestone has received it.', { timeout: 30_000 });

    // The referrer's email carries their code and the way to the app; their status page shows the next milestone.
    await expect(linkEmailedTo(page.request, referrerEmail, /\/download$/)).resolves.toBe('/download');
    const status = await linkEmailedTo(page.request, referrerEmail, /[?&]status=/);
    await page.goto(status);
    await expect(page.getByTestId('status-next-milestone')).toHaveText(/3 more friends to a thank-you/, { timeout: FIRST_RENDER_TIMEOUT });
  } finally {
    await page.request.put('/api/admin/referral-milestones', { headers: await csrfHeaders(page), data: before });
  }
});

const SHOWN = {
  milestones: [
    {
      referrals: 1,
      reward: 'email',
      subject: 'Your first friend is in',
      html: '<p>Thank you, {{first_name}}!</p>',
      reached: 1234,
      waiting: 0,
    },
    {
      referrals: 3,
      reward: 'early_access',
      subject: 'Three friends: you are in early, and this subject is long enough to wrap on a phone',
      html: '<p>Here is your code.</p>',
      reached: 56,
      waiting: 7,
    },
  ],
};

for (const theme of ['light', 'dark'] as const) {
  test(
    `the rewards page with two milestones, in the ${theme} theme, fits the screen and has no accessibility violation`,
    { tag: '@layout' },
    async ({ page }) => {
      // The page as it shows a saved list, without changing the site's own (other tests run meanwhile).
      await page.route('**/api/admin/referral-milestones', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: SHOWN }) : route.fallback()));
      await page.route('**/api/admin/referral-milestones/catch-up', (route) =>
        route.request().method() === 'GET' ? route.fulfill({ json: { members: 7 } }) : route.fallback(),
      );
      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/admin/rewards');
      const editor = page.getByRole('region', { name: 'Milestones' });
      await expect(editor.getByLabel('Email subject').first()).toHaveValue('Your first friend is in', { timeout: FIRST_RENDER_TIMEOUT });
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      await expect(editor.getByText('Reached by 1,234')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Members who passed a milestone before it existed' })).toContainText('7 members already have');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
      expect(await seriousViolations(page, { all: true })).toEqual([]);

      // The confirmation dialog, by keyboard.
      await page.getByRole('button', { name: 'Reward them' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Reward members who passed a milestone?' });
      await expect(dialog).toContainText('7 members get each milestone');
      expect(await seriousViolations(page, { all: true })).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    },
  );
}
