import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';

// A passkey as the second step of a staff sign-in, against the real API, with Chromium's own
// WebAuthn stack and a virtual authenticator (the DevTools protocol's). Passkeys need a domain,
// not an IP address, so this test opens the admin at localhost (the e2e server's PASSKEY_ORIGIN);
// it uses an account of its own (scripts/e2e-server.js).

const ACCOUNT = { email: 'passkey@swishly.test', password: 'Court-Vision-42' };
const FIRST_RENDER_TIMEOUT = 20_000;

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

async function signInWithPassword(page: Page, origin: string, account = ACCOUNT) {
  await page.goto(`${origin}/admin/login`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Chromium's virtual authenticator for this page: a passkey prompt answers at once, the user verified. */
async function virtualAuthenticator(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const localhost = (baseURL: string | undefined) => Object.assign(new URL(baseURL!), { hostname: 'localhost' }).origin;

test('a passkey added in the page is the second step of the next sign-in', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const origin = localhost(baseURL);
  await virtualAuthenticator(page);

  await signInWithPassword(page, origin);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await page.getByRole('button', { name: 'Two-Step Sign-In' }).click();
  const panel = page.getByRole('region', { name: 'Two-Step Sign-In' });
  const passkeys = panel.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Name').fill('Test laptop');
  await passkeys.getByRole('button', { name: 'Add a Passkey' }).click();
  await expect(toast(page, 'Passkey “Test laptop” added')).toBeVisible();
  // The account's first factor: its ten recovery codes, shown once.
  await expect(panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await panel.getByRole('button', { name: 'I Have Saved Them' }).click();
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');

  await page.getByRole('button', { name: 'Logout' }).click();
  await signInWithPassword(page, origin);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-Step Sign-In' })).toBeVisible();
  expect((await page.request.get(`${origin}/api/auth/session`)).status()).toBe(401);
  await page.getByRole('button', { name: 'Use a Passkey' }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  // Removing it leaves the account as it was, for a retry.
  await page.getByRole('button', { name: 'Two-Step Sign-In' }).click();
  await passkeys.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
  await page.getByRole('alertdialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove Passkey' }).click();
  await expect(toast(page, 'Passkey removed')).toBeVisible();
  await expect(panel).toContainText('Off.');
});

/** The owner's requirement of a second factor for everyone, set through the API as the e2e admin. */
async function requireSecondFactor(owner: BrowserContext, requireSecondFactor: boolean) {
  const csrf = (await owner.cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const answer = await owner.request.put('/api/admin/settings/security', { data: { requireSecondFactor }, headers: { 'X-CSRF-Token': csrf } });
  expect(answer.status()).toBe(200);
}

// @exclusive: while the requirement is on, every other test's password sign-in would be sent to set a factor up.
test('when every account must have a second factor, a passkey can be it, set up at sign-in', { tag: '@exclusive' }, async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const origin = localhost(baseURL);
  const owner = await browser.newContext({ storageState: ADMIN_STATE, baseURL });
  await requireSecondFactor(owner, true);
  try {
    await virtualAuthenticator(page);
    await signInWithPassword(page, origin, { email: 'passkey-required@swishly.test', password: ACCOUNT.password });
    await expect(page.getByRole('heading', { level: 1, name: 'Set Up Two-Step Sign-In' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await page.getByRole('button', { name: 'Use a Passkey Instead' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    expect((await page.request.get(`${origin}/api/auth/session`)).status()).toBe(200);
  } finally {
    await requireSecondFactor(owner, false);
    await owner.close();
  }
});
