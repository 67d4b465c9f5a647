import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN_STATE } from './fixtures/admin-session';

// Two-step sign-in (an authenticator app) for a staff account, against the real API. It uses
// accounts of its own, made by scripts/e2e-server.js: a factor on the shared admin would stop
// every other test's sign-in.

const ACCOUNT = { email: 'two-step@swishly.test', password: 'Court-Vision-42' };
const MUST_SET_UP = { email: 'two-step-required@swishly.test', password: 'Court-Vision-42' };
const FIRST_RENDER_TIMEOUT = 20_000;

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/** A code from the authenticator app, `steps` time-steps (30 s) from now: each code is accepted once, so a later one signs in after the set-up's. */
const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function signInWithPassword(page: Page, account: { email: string; password: string } = ACCOUNT) {
  await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('an authenticator app set up in the page signs in with its code; a recovery code turns it off', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

  await page.getByRole('button', { name: 'Two-Step Sign-In' }).click();
  const panel = page.getByRole('region', { name: 'Two-Step Sign-In' });
  await expect(panel).toContainText('Off.');
  await panel.getByRole('button', { name: 'Set Up Two-Step Sign-In' }).click();
  await expect(panel.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await panel.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const confirm = panel.getByRole('form', { name: 'Confirm the authenticator app' });
  await confirm.getByLabel('Authentication code').fill('000000' === (await codeFor(secret)) ? '111111' : '000000');
  await confirm.getByRole('button', { name: 'Turn On' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');
  await expect(confirm.getByLabel('Authentication code')).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(confirm.getByLabel('Authentication code')).toHaveAttribute('inputmode', 'numeric');
  await confirm.getByLabel('Authentication code').fill(await codeFor(secret));
  await confirm.getByRole('button', { name: 'Turn On' }).click();

  await expect(toast(page, 'Two-step sign-in is on')).toBeVisible();
  const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(panel.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const recoveryCode = await codes.first().innerText();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('swishly-recovery-codes.txt');
  await panel.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(panel).toContainText('On.');
  await expect(panel).toContainText('10 recovery codes are left.');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The password alone opens nothing: the second step asks for the app's code.
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Step Sign-In' })).toBeVisible();
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
  const step = page.getByRole('form', { name: 'Two-step sign-in' });
  await expect(step.getByLabel('Authentication code')).toBeFocused();
  await step.getByLabel('Authentication code').fill(await codeFor(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  // Turning it off takes a code: here a recovery code. (It also leaves the account as it was, for a retry.)
  await page.getByRole('button', { name: 'Two-Step Sign-In' }).click();
  await panel.getByRole('button', { name: 'Turn Off' }).click();
  const off = panel.getByRole('form', { name: 'Turn off two-step sign-in' });
  await off.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await off.getByLabel('Recovery code').fill(recoveryCode);
  await off.getByRole('button', { name: 'Turn Off' }).click();
  await expect(toast(page, 'Two-step sign-in is off')).toBeVisible();
  await expect(panel).toContainText('Off.');
});

test.describe('set-up panel', () => {
  test.use({ storageState: ADMIN_STATE });

  test('fits the page and shows the QR code and the key @layout', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await page.getByRole('button', { name: 'Two-Step Sign-In' }).click();
    const panel = page.getByRole('region', { name: 'Two-Step Sign-In' });
    await expect(panel.getByRole('button', { name: 'Add a Passkey' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling with the passkeys shown').toBe(true);
    // A set-up started and cancelled changes nothing for the shared admin: the factor is on only once a code confirms it.
    await panel.getByRole('button', { name: 'Set Up Two-Step Sign-In' }).click();
    await expect(panel.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(panel.getByTestId('totp-secret')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toContainText('Off.');
  });
});

// @exclusive: while the setting is on, every other test's password sign-in would be sent to set a factor up.
test('when every account must have it, an account without one sets it up at sign-in', { tag: '@exclusive' }, async ({ page, browser }) => {
  test.setTimeout(90_000);
  const owner = await browser.newContext({ storageState: ADMIN_STATE });
  const ownerPage = await owner.newPage();
  const requirement = () => ownerPage.getByRole('switch', { name: 'Require two-step sign-in for every staff account' });
  try {
    await ownerPage.goto('/admin');
    await ownerPage.getByRole('button', { name: 'Two-Step Sign-In' }).click({ timeout: FIRST_RENDER_TIMEOUT });
    await requirement().click();
    await expect(requirement()).toBeChecked();
    await expect(toast(ownerPage, 'Two-step sign-in is now required')).toBeVisible();

    await signInWithPassword(page, MUST_SET_UP);
    await expect(page.getByRole('heading', { level: 1, name: 'Set Up Two-Step Sign-In' })).toBeVisible();
    expect((await page.request.get('/api/auth/session')).status()).toBe(401);
    await page.getByRole('button', { name: 'Set Up Now' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    await page.getByLabel('Authentication code').fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Turn On' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(toast(page, 'Welcome!')).toBeVisible();
    expect((await page.request.get('/api/auth/session')).status()).toBe(200);
  } finally {
    const csrf = (await owner.cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
    await ownerPage.request.put('/api/admin/settings/security', { data: { requireSecondFactor: false }, headers: { 'X-CSRF-Token': csrf } });
    await owner.close();
  }
});
