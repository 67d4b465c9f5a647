import { expect, test, type Page } from '@playwright/test';

// A passkey as the second step of a staff sign-in, against the real API, with Chromium's own
// WebAuthn stack and a virtual authenticator (the DevTools protocol's). Passkeys need a domain,
// not an IP address, so this test opens the admin at localhost (the e2e server's PASSKEY_ORIGIN);
// it uses an account of its own (scripts/e2e-server.js).

const ACCOUNT = { email: 'passkey@swishly.test', password: 'Court-Vision-42' };
const FIRST_RENDER_TIMEOUT = 20_000;

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

async function signInWithPassword(page: Page, origin: string) {
  await page.goto(`${origin}/admin/login`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(ACCOUNT.email);
  await form.getByLabel('Password', { exact: true }).fill(ACCOUNT.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('a passkey added in the page is the second step of the next sign-in', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const origin = Object.assign(new URL(baseURL!), { hostname: 'localhost' }).origin;
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
