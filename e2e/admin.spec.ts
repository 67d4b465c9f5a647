import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, ADMIN_STATE } from './fixtures/admin-session';
import { linkEmailedTo } from './fixtures/inbox';
import { REPORT_PERIOD, withReportDays } from './fixtures/report-days';

// The admin area (spec §2 "Admin login", "Admin dashboard", "Early access page", "Creator codes
// page"; §4 "Admin login modes"; §5; §8 "Admin early access and creator codes", "Admin login")
// against the real API. scripts/e2e-server.js creates the admin below before the servers start.
//
// Tests run in parallel against one server, so:
// - every test uses its own codes and names;
// - a failed sign-in uses an unknown email: failures of the real admin account would lock it
//   for everyone (5 per account per 15 minutes);
// - no test changes the admin's password (that would sign every other test out).

test.describe.configure({ timeout: 90_000 });

const FIRST_RENDER_TIMEOUT = 20_000;

/** The characters of a generated early access code (spec §5: no I, O, 0 or 1). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function random(alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += alphabet[Math.floor(Math.random() * alphabet.length)];
  return text;
}

const uniqueCode = (prefix: string) => `${prefix}${random(CODE_ALPHABET, 8)}`;
const uniqueEmail = (tag: string) => `e2e-admin-${tag}-${Date.now()}-${random('abcdefghjk', 6)}@example.com`;

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
}

/**
 * Whether the element is wholly on screen once the window has scrolled to it (vertically only):
 * nothing clips it and nothing beside it has to be scrolled sideways to reach it (at
 * 375 px a list that scrolls sideways inside its frame hides Status and Actions).
 */
async function expectOnScreen(page: Page, target: Locator): Promise<void> {
  await target.evaluate((element) => window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - 120, behavior: 'instant' }));
  // Clipped by a scrolling ancestor counts as out of view.
  await expect(target).toBeInViewport({ ratio: 1 });
  const box = await target.boundingBox();
  expect(box, 'a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
}

/** How many lines the element's text takes. */
function lineCount(target: Locator): Promise<number> {
  return target.evaluate((element) => Math.round(element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight)));
}

test.beforeEach(async ({ page }) => {
  await page.route('**/api/analytics/downloads', (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{"accepted":true}' }));
});

test.describe('Password reset and change (the account reset@swishly.test, made by scripts/e2e-server.js)', () => {
  const RESET_ADMIN = 'reset@swishly.test';

  test('a reset link from the email sets a new password and signs in; the dashboard then changes it again', async ({ page, request }) => {
    // Untagged, so in the desktop project only (playwright.config.ts): one account, changed once per run.
    test.setTimeout(90_000);
    await page.goto('/admin/login');
    await page
      .getByRole('button', { name: 'Forgot your password?' })
      .or(page.getByRole('link', { name: 'Forgot your password?' }))
      .click();
    await page.getByLabel('Email').fill(RESET_ADMIN);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(toast(page, 'Reset email sent')).toBeVisible();

    // The link as the provider received it: the mail log shows other admins the token hidden.
    const link = await linkEmailedTo(request, RESET_ADMIN, /mode=reset&token=(?!hidden)/);
    expect((await request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
    const list = await (await request.get('/api/admin/emails?pageSize=100')).json();
    const logged = list.items.find((item: { to: string; template: string }) => item.to === RESET_ADMIN && item.template === 'admin-password-reset');
    expect((await (await request.get(`/api/admin/emails/${logged.id}`)).json()).html).toContain('token=hidden');

    const url = new URL(link, 'http://site');
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Fresh-Court-77');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Fresh-Court-77');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL(/\/admin$/, { timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByText(RESET_ADMIN)).toBeVisible();

    // The link works once.
    const reused = await request.post('/api/auth/reset-password', {
      data: { token: url.searchParams.get('token'), password: 'Other-Court-78', confirmPassword: 'Other-Court-78' },
    });
    expect(reused.status()).toBe(400);

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Second-Court-88');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Second-Court-88');
    // Without the current password nothing changes.
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('form', { name: 'Change password' }).getByRole('alert')).toHaveText('Current password is required');
    await page.getByLabel('Current password').fill('Wrong-Court-00');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('form', { name: 'Change password' }).getByRole('alert')).toHaveText('Current password is incorrect');
    await page.getByLabel('Current password').fill('Fresh-Court-77');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Second-Court-88');
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/admin/password'));
    await page.getByRole('button', { name: 'Update Password' }).click();
    expect((await changed).status()).toBe(200);
    await expect(toast(page, 'Your other sessions have been signed out.')).toBeVisible();
    // Still signed in here (a fresh session), and only the newest password works.
    await page.reload();
    await expect(page.getByText(RESET_ADMIN)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    expect((await request.post('/api/auth/login', { data: { email: RESET_ADMIN, password: 'Fresh-Court-77' } })).status()).toBe(401);
    expect((await request.post('/api/auth/login', { data: { email: RESET_ADMIN, password: 'Second-Court-88' } })).status()).toBe(200);
  });
});

test.describe('Admin login', () => {
  for (const path of ['/admin', '/admin/early-access', '/admin/creator-codes', '/admin/emails']) {
    test(`a visitor who is not signed in is sent from ${path} to /admin/login`, async ({ page }) => {
      await page.goto(path);
      // Asking to come back to the page after signing in (the dashboard is where it goes anyway).
      const login = path === '/admin' ? '/admin/login' : `/admin/login?next=${encodeURIComponent(path)}`;
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === login, { timeout: FIRST_RENDER_TIMEOUT });
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
      // The redirect replaced the protected page in the history.
      expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
    });
  }

  test('the session is checked with a loading state first', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/creator-codes');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toBeAttached({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page).toHaveURL(/\/admin\/creator-codes$/);
    release();
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fcreator-codes$/);
  });

  test('a wrong password says Login failed with the server message', async ({ page }) => {
    await open(page, '/admin/login', 'Admin Login');
    const form = page.getByRole('form', { name: 'Sign in' });
    // An unknown account: failures of the real admin account would lock it for the other tests.
    await form.getByLabel('Email').fill(uniqueEmail('nobody'));
    await form.getByLabel('Password', { exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expect(toast(page, 'Login failed')).toContainText('Invalid email or password.');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('forgot password sends the reset email and returns to login', async ({ page }) => {
    await open(page, '/admin/login', 'Admin Login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expect(page).toHaveURL(/mode=forgot/);

    // A way back to login.
    await page.getByRole('button', { name: 'Back to login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Forgot your password?' }).click();

    const form = page.getByRole('form', { name: 'Reset your password' });
    await form.getByLabel('Email').fill(uniqueEmail('forgot'));
    const request = page.waitForRequest((r) => r.url().endsWith('/api/auth/forgot-password') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Send Reset Email' }).click();
    expect((await request).postDataJSON()).toEqual({ email: expect.stringMatching(/^e2e-admin-forgot-/) });
    await expect(toast(page, 'Reset email sent')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('reset mode checks the token and the passwords', async ({ page }) => {
    // No token at all.
    await open(page, '/admin/login?mode=reset', 'Set a New Password');
    let form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('New password').fill('Fresh-Password-1');
    await form.getByLabel('Confirm password').fill('Fresh-Password-1');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Invalid reset token');

    // With a token: the passwords must match and be long enough (checked before any request).
    await open(page, '/admin/login?mode=reset&token_hash=not-a-real-token', 'Set a New Password');
    form = page.getByRole('form', { name: 'Choose a new password' });
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/reset-password')) requests += 1;
    });
    await form.getByLabel('New password').fill('Fresh-Password-1');
    await form.getByLabel('Confirm password').fill('Fresh-Password-2');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(toast(page, 'Passwords do not match')).toBeVisible();

    await form.getByLabel('New password').fill('abc');
    await form.getByLabel('Confirm password').fill('abc');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
    expect(requests).toBe(0);

    // A token the server does not know.
    await form.getByLabel('New password').fill('Fresh-Password-1');
    await form.getByLabel('Confirm password').fill('Fresh-Password-1');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/auth/reset-password'));
    await form.getByRole('button', { name: 'Update Password' }).click();
    expect((await request).postDataJSON()).toEqual({
      token: 'not-a-real-token',
      password: 'Fresh-Password-1',
      confirmPassword: 'Fresh-Password-1',
    });
    await expect(form.getByRole('alert')).toHaveText('Invalid reset token');
    await expect(page).toHaveURL(/mode=reset/);
  });

  test('signing in greets the admin; the login page then leads to the dashboard; logout goes home', async ({ page }) => {
    await open(page, '/admin/login', 'Admin Login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(ADMIN.email);
    await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await form.getByRole('button', { name: 'Sign In' }).click();

    await expect(toast(page, 'Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(`Welcome back, ${ADMIN.email}`);
    // No site header or footer in the staff area.
    await expect(page.locator('header[data-scrolled]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    // Signed in, the login page has nothing to offer.
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/, { timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /Train like the Pros/ })).toBeVisible();
    const session = await page.request.get('/api/auth/session');
    expect(session.status()).toBe(401);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/, { timeout: FIRST_RENDER_TIMEOUT });
  });
});

test.describe('Admin dashboard', () => {
  test.use({ storageState: ADMIN_STATE });

  test('links to every admin area', async ({ page }) => {
    await open(page, '/admin', 'Admin Dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /Early Access Management/ })).toHaveAttribute('href', '/admin/early-access');
    await expect(main.getByRole('link', { name: /Creator Codes/ }).last()).toHaveAttribute('href', '/admin/creator-codes');
    await expect(main.getByRole('link', { name: /Resource Management/ })).toHaveAttribute('href', '/admin/resources');
    await expect(main.getByRole('link', { name: /Queue Dashboard/ })).toHaveAttribute('href', '/admin/queues');
    await expect(main.getByRole('link', { name: /^Rewards/ }).last()).toHaveAttribute('href', '/admin/rewards');
    // It opens in this tab like every other card: the same arrow, no external-link icon.
    await expect(main.getByRole('link', { name: /Queue Dashboard/ }).locator('svg.lucide-external-link')).toHaveCount(0);
    await expect(main.getByRole('link', { name: /Queue Dashboard/ }).locator('svg.lucide-arrow-right')).toHaveCount(1);
    await expect(main.getByRole('link', { name: /^Mail Log/ }).last()).toHaveAttribute('href', '/admin/emails');
    await expect(main.getByRole('link', { name: /User Analytics/ })).toHaveAttribute('href', '/admin/analytics');
    await expect(main.getByRole('link', { name: 'Back to Main Site' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: /^Waitlist/ }).last()).toHaveAttribute('href', '/admin/waitlist');
    await expect(main.getByRole('link', { name: /^Privacy/ }).last()).toHaveAttribute('href', '/admin/privacy');
    await expect(main.locator('[aria-disabled="true"]')).toHaveCount(0); // no area is 'Coming Soon' any more

    await main.getByRole('link', { name: /Early Access Management/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Early Access Management' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  test(
    'every admin area is in the header: tabs on a wide screen, a menu on a phone that the keyboard opens and closes',
    { tag: '@layout' },
    async ({ page }) => {
      await open(page, '/admin', 'Admin Dashboard');
      const areas = [
        'Dashboard',
        'Waitlist',
        'Announcements',
        'Rewards',
        'Early Access',
        'Creator Codes',
        'Resources',
        'Analytics',
        'Mail Log',
        'Privacy',
        'Staff',
        'Audit Log',
        'Integrations',
      ];
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) {
        // One row, not the two uneven rows of wrapped tabs.
        expect((await menu.locator('xpath=ancestor::div[contains(@class,"h-14")]').boundingBox())?.height).toBe(56);
        await menu.focus();
        await page.keyboard.press('Enter');
        const drawer = page.getByRole('dialog', { name: 'Admin menu' });
        await expect(drawer).toBeVisible();
        await expect(drawer.getByRole('link')).toHaveText(areas);
        await expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
        await page.keyboard.press('Escape');
        await expect(drawer).toHaveCount(0);
        await expect(menu).toBeFocused();
        await page.keyboard.press('Enter');
        await drawer.getByRole('link', { name: 'Analytics' }).click();
        await expect(drawer).toHaveCount(0);
      } else {
        const tabs = page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
        await expect(tabs).toHaveText(areas);
        for (const tab of await tabs.all()) await expectOnScreen(page, tab);
        await tabs.filter({ hasText: 'Analytics' }).click();
        await expect(tabs.filter({ hasText: 'Analytics' })).toHaveAttribute('aria-current', 'page');
      }
      await expect(page).toHaveURL(/\/admin\/analytics$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // The greeting: the address on a line of its own or beside it, never broken between letters.
      await open(page, '/admin', 'Admin Dashboard');
      const address = page.getByRole('main').getByText(ADMIN.email, { exact: true });
      await expectOnScreen(page, address);
      expect(await address.evaluate((element) => element.getClientRects().length)).toBe(1);
      expect(await lineCount(address)).toBe(1);
    },
  );

  test('Change Password toggles a form that checks the passwords', async ({ page }) => {
    await open(page, '/admin', 'Admin Dashboard');
    const toggle = page.getByRole('button', { name: 'Change Password' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = page.getByRole('form', { name: 'Change password' });
    await expect(form).toBeVisible();

    await form.getByLabel('New password').fill('Another-Password-9');
    await form.getByLabel('Confirm password').fill('Another-Password-8');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Passwords do not match');

    await form.getByLabel('New password').fill('short');
    await form.getByLabel('Confirm password').fill('short');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Password must be at least 6 characters long');

    // (Not submitted with a valid password: that would sign the other tests out.)
    await toggle.click();
    await expect(form).toHaveCount(0);
  });
});

test.describe('Early access', () => {
  test.use({ storageState: ADMIN_STATE });

  const row = (page: Page, code: string) => page.getByRole('row').filter({ hasText: code });

  async function createCode(page: Page, values: { firstName: string; email: string; code?: string }): Promise<string> {
    await page.getByRole('button', { name: 'Create Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Early Access Code' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('First name').fill(values.firstName);
    await dialog.getByLabel('Email').fill(values.email);
    const codeField = dialog.getByRole('textbox', { name: 'Code', exact: true });
    if (values.code) {
      await codeField.fill(values.code);
    } else {
      await dialog.getByRole('button', { name: 'Generate' }).click();
    }
    const code = await codeField.inputValue();
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(toast(page, 'Code created')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, code)).toBeVisible();
    return code;
  }

  test('creates a code with the generator, copies, filters and deletes it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/admin/early-access', 'Early Access Management');
    await expect(page.getByRole('switch', { name: 'Early access open' })).toBeVisible();

    // The code field forces upper case as typed; the generator fills 6 characters of the alphabet.
    await page.getByRole('button', { name: 'Create Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Early Access Code' });
    const codeField = dialog.getByRole('textbox', { name: 'Code', exact: true });
    await codeField.pressSequentially('ab c');
    await expect(codeField).toHaveValue('ABC');
    for (let i = 0; i < 3; i += 1) {
      await dialog.getByRole('button', { name: 'Generate' }).click();
      await expect(codeField).toHaveValue(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
    }
    // All fields are required: the browser keeps the dialog open.
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    const email = uniqueEmail('ea');
    const firstName = `Ada${random(LETTERS, 5)}`;
    const request = page.waitForRequest((r) => r.url().endsWith('/api/admin/early-access/codes') && r.method() === 'POST');
    const code = await createCode(page, { firstName, email });
    expect((await request).postDataJSON()).toEqual({ firstName, email, code });
    expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{6}$`));
    const created = row(page, code);
    await expect(created).toContainText(firstName);
    await expect(created).toContainText('Available');
    // Created today, in the short US format.
    const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date());
    await expect(created).toContainText(today);

    // Copy.
    await created.getByRole('button', { name: `Copy code ${code}` }).click();
    await expect(toast(page, 'Copied')).toContainText('Code copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // Search by code, first name and email; the status filter.
    const search = page.getByRole('searchbox', { name: 'Search' });
    for (const term of [code.toLowerCase(), firstName, email]) {
      await search.fill(term);
      await expect(page.getByRole('row')).toHaveCount(2); // header + the code
      await expect(row(page, code)).toBeVisible();
    }
    const status = page.getByLabel('Status');
    await status.selectOption('used');
    await expect(row(page, code)).toHaveCount(0);
    await expect(page.getByText('No codes match your search')).toBeVisible();
    await status.selectOption('unused');
    await expect(row(page, code)).toBeVisible();
    await search.fill('no-such-code-anywhere');
    await expect(page.getByText('No codes match your search')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await status.selectOption('all');
    await expect(row(page, code)).toBeVisible();

    // Delete asks first; Cancel keeps the code.
    await row(page, code)
      .getByRole('button', { name: `Delete code ${code}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this code?' });
    await expect(confirm).toContainText(code);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, code)).toBeVisible();
    await row(page, code)
      .getByRole('button', { name: `Delete code ${code}` })
      .click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Code deleted')).toBeVisible();
    await expect(row(page, code)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Early Access Management' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(row(page, code)).toHaveCount(0);
  });

  test('a used code shows as Used and cannot be deleted; a duplicate is refused', async ({ page, request }) => {
    await open(page, '/admin/early-access', 'Early Access Management');
    const code = await createCode(page, { firstName: 'Grace', email: uniqueEmail('used'), code: uniqueCode('u').toLowerCase() });
    expect(code).toMatch(/^U[A-Z0-9]{8}$/);

    // The app redeems it (a separate, signed-out client).
    const redeemed = await request.post('/api/early-access/redeem', { data: { code } });
    expect(redeemed.status(), await redeemed.text()).toBe(200);

    const used = row(page, code);
    await expect(async () => {
      await page.reload();
      await expect(used.getByText('Used', { exact: true })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(used).not.toContainText('Available');
    const remove = used.getByRole('button', { name: `Delete code ${code}` });
    await expect(remove).toBeDisabled();
    // Its tooltip (once named by a title attribute) says why.
    await remove.hover();
    await expect(page.getByRole('tooltip')).toContainText(/used code cannot be deleted/i);
    await remove.click({ force: true });
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByLabel('Status').selectOption('used');
    await expect(row(page, code)).toBeVisible();

    // The same code again: the server's message comes with the toast.
    await page.getByRole('button', { name: 'Create Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Early Access Code' });
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Email').fill(uniqueEmail('dup'));
    await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(toast(page, 'Failed to create early access code')).toContainText('That code already exists.');
    await expect(dialog).toBeVisible();
  });

  // @exclusive: one global setting, closed for a moment, which other tests (a code redeemed, a
  // booth's claim) need open: it runs alone, after every other test (playwright.config.ts).
  test('the open/closed switch saves the state', { tag: '@exclusive' }, async ({ page }) => {
    await open(page, '/admin/early-access', 'Early Access Management');
    const toggle = page.getByRole('switch', { name: 'Early access open' });
    await expect(toggle).toBeEnabled();
    const before = (await toggle.getAttribute('aria-checked')) === 'true';

    const saved = page.waitForRequest((r) => r.url().endsWith('/api/admin/early-access/settings') && r.method() === 'PUT');
    await toggle.click();
    expect((await saved).postDataJSON()).toEqual({ isOpen: !before });
    await expect(toast(page, before ? 'Early access closed' : 'Early access opened')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', String(!before));
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Early access open' })).toHaveAttribute('aria-checked', String(!before), {
      timeout: FIRST_RENDER_TIMEOUT,
    });

    // A failure says so and keeps the saved state.
    await page.route('**/api/admin/early-access/settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Boom","code":"internal"}' })
        : route.continue(),
    );
    await page.getByRole('switch', { name: 'Early access open' }).click();
    await expect(toast(page, 'Failed to update early access state')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Early access open' })).toHaveAttribute('aria-checked', String(!before));
    await page.unroute('**/api/admin/early-access/settings');

    // Back to how it was.
    await page.getByRole('switch', { name: 'Early access open' }).click();
    await expect(page.getByRole('switch', { name: 'Early access open' })).toHaveAttribute('aria-checked', String(before));
  });

  test('a failed load says so', async ({ page }) => {
    await page.route('**/api/admin/early-access/codes', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Database unavailable","code":"internal"}' }),
    );
    await open(page, '/admin/early-access', 'Early Access Management');
    await expect(toast(page, 'Failed to fetch early access codes')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('The codes could not be loaded.')).toBeVisible();
  });

  test("a code's fields and actions are on screen without scrolling sideways", { tag: '@layout' }, async ({ page }) => {
    await open(page, '/admin/early-access', 'Early Access Management');
    const email = uniqueEmail('narrow');
    const code = await createCode(page, { firstName: 'Linus', email, code: uniqueCode('N') });
    const line = row(page, code);
    for (const target of [
      line.getByText(code, { exact: true }),
      line.getByText('Linus', { exact: true }),
      line.getByText(email, { exact: true }),
      line.getByText('Available', { exact: true }),
      line.getByRole('button', { name: `Copy code ${code}` }),
      line.getByRole('button', { name: `Delete code ${code}` }),
    ]) {
      await expectOnScreen(page, target);
    }
    // The address wraps where it must, not every few characters.
    expect(await lineCount(line.getByText(email, { exact: true }))).toBeLessThanOrEqual(3);
    await line.getByRole('button', { name: `Delete code ${code}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete this code?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row(page, code)).toHaveCount(0);
  });

  test('the page works at the mobile size', { tag: '@layout' }, async ({ page }) => {
    await open(page, '/admin/early-access', 'Early Access Management');
    const table = page.getByRole('region', { name: 'Early access codes' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['Code', 'First Name', 'Status', 'Created', 'Used At', 'Actions']);
    await page.getByRole('button', { name: 'Create Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Early Access Code' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Generate' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('Creator codes', () => {
  test.use({ storageState: ADMIN_STATE });

  const row = (page: Page, code: string) => page.getByRole('row').filter({ hasText: code });

  async function openCreate(page: Page): Promise<Locator> {
    await page.getByRole('button', { name: 'Create Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Creator Code' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test('suggests a code from the influencer name while the code is empty', async ({ page }) => {
    await open(page, '/admin/creator-codes', 'Creator Codes');
    const dialog = await openCreate(page);
    const name = dialog.getByLabel('Influencer name');
    const code = dialog.getByLabel('Promo code');
    await expect(dialog.getByLabel('Platform')).toHaveValue('Instagram');

    for (const [typed, expected] of [
      ['Jordan Smith', 'JORDAN25'],
      ['Zoë Ab', 'ZOEAB25'],
      ['Al', 'AL25'],
      ['J.-P. Léa', 'JPLEA25'],
      ['Ángel Müller-Øst', 'ANGELM25'],
      ['42', '25'], // spec §5: fewer than 3 letters (none here) -> all of them plus 25
    ] as const) {
      await name.fill(typed);
      await expect(code, typed).toHaveValue(expected);
    }

    // A code of the admin's own stays; emptying it hands it back to the suggestion.
    await name.fill('Jordan');
    await code.fill('mine');
    await expect(code).toHaveValue('MINE');
    await name.fill('Jordan Smith');
    await expect(code).toHaveValue('MINE');
    await code.fill('');
    await name.fill('Kim');
    await expect(code).toHaveValue('KIM25');
  });

  test("the promo code field keeps the caret where the person types, and refuses what the server refuses in the hint's words", async ({ page }) => {
    await open(page, '/admin/creator-codes', 'Creator Codes');
    const dialog = await openCreate(page);
    await dialog.getByLabel('Influencer name').fill('Mia Virtanen');
    const code = dialog.getByLabel('Promo code');
    await expect(code).toHaveValue('MIAVIR25');
    // Typing at the start of the pre-filled code (the first day's "MMIAVIR25IA-10").
    await code.focus();
    await page.keyboard.press('Home');
    await page.keyboard.type('top');
    await expect(code).toHaveValue('TOPMIAVIR25');
    // Typing in the middle: "MIA10", then "xy" at position 3.
    await code.fill('MIA10');
    await code.evaluate((input: HTMLInputElement) => input.setSelectionRange(3, 3));
    await page.keyboard.type('xy');
    await expect(code).toHaveValue('MIAXY10');
    expect(await code.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(5);
    // A hyphen: kept on screen to fix, refused with the hint's words, nothing sent.
    await page.keyboard.type('-');
    await expect(code).toHaveValue('MIAXY-10');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Upper case letters and digits only: remove “-”.')).toBeVisible();
    await dialog.getByLabel('Social handle').fill('@mia');
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/creator-codes') && request.method() === 'POST') posted = true;
    });
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(dialog).toBeVisible();
    expect(posted).toBe(false);
    await code.focus();
    for (const key of ['End', 'ArrowLeft', 'ArrowLeft', 'Backspace']) await page.keyboard.press(key);
    await expect(code).toHaveValue('MIAXY10');
    await expect(dialog.getByText(/Upper case letters and digits only/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('creates, edits, toggles and deletes a code', async ({ page }) => {
    await open(page, '/admin/creator-codes', 'Creator Codes');

    const letters = random(LETTERS, 6);
    const influencer = `${letters[0]}${letters.slice(1).toLowerCase()} Creator`;
    const expectedCode = `${letters}25`;
    const handle = `@e2e_${letters.toLowerCase()}`;

    const dialog = await openCreate(page);
    await dialog.getByLabel('Influencer name').fill(influencer);
    await expect(dialog.getByLabel('Promo code')).toHaveValue(expectedCode);
    // The handle is required.
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Social handle').fill(handle);
    await dialog.getByLabel('Platform').selectOption('TikTok');
    const created = page.waitForRequest((r) => r.url().endsWith('/api/admin/creator-codes') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    // Optional fields left empty are sent as null.
    expect((await created).postDataJSON()).toEqual({
      code: expectedCode,
      handle,
      influencerName: influencer,
      platform: 'TikTok',
      campaign: null,
      notes: null,
    });
    await expect(toast(page, 'Creator code created')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const line = row(page, expectedCode);
    await expect(line).toContainText(influencer);
    await expect(line).toContainText(handle);
    await expect(line).toContainText('TikTok');
    await expect(line.getByRole('switch', { name: `${expectedCode} active` })).toHaveAttribute('aria-checked', 'true');

    // Edit: campaign, notes and platform.
    await line.getByRole('button', { name: `Edit code ${expectedCode}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Creator Code' });
    await expect(edit.getByLabel('Promo code')).toHaveValue(expectedCode);
    await expect(edit.getByLabel('Platform')).toHaveValue('TikTok');
    await edit.getByLabel('Campaign').fill('Summer Hoops');
    await edit.getByLabel('Notes').fill('Met at the e2e camp');
    await edit.getByLabel('Platform').selectOption('YouTube');
    const patched = page.waitForRequest((r) => r.url().includes('/api/admin/creator-codes/') && r.method() === 'PATCH');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect((await patched).postDataJSON()).toMatchObject({ campaign: 'Summer Hoops', notes: 'Met at the e2e camp', platform: 'YouTube' });
    // The toast first: it shows as the dialog starts closing, and lasts 5 s, less than a loaded machine
    // can take to finish the dialog's closing animation and poll again.
    await expect(toast(page, 'Creator code updated')).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(line).toContainText('Summer Hoops');
    await expect(line).toContainText('YouTube');

    // Filters: search, platform, status.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(handle);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByLabel('Platform').selectOption('Podcast');
    await expect(line).toHaveCount(0);
    await expect(page.getByText('No codes match your filters')).toBeVisible();
    await page.getByLabel('Platform').selectOption('YouTube');
    await expect(line).toBeVisible();

    // Status switch.
    const status = line.getByRole('switch', { name: `${expectedCode} active` });
    const toggled = page.waitForRequest((r) => r.url().includes('/api/admin/creator-codes/') && r.method() === 'PATCH');
    await status.click();
    expect((await toggled).postDataJSON()).toEqual({ status: 'inactive' });
    await expect(toast(page, 'Code deactivated')).toBeVisible();
    await expect(status).toHaveAttribute('aria-checked', 'false');
    await page.getByLabel('Status').selectOption('active');
    await expect(line).toHaveCount(0);
    await page.getByLabel('Status').selectOption('inactive');
    await expect(line).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: `${expectedCode} active` })).toHaveAttribute('aria-checked', 'false', {
      timeout: FIRST_RENDER_TIMEOUT,
    });

    // Delete, after confirming.
    await row(page, expectedCode)
      .getByRole('button', { name: `Delete code ${expectedCode}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this creator code?' });
    await expect(confirm).toContainText(expectedCode);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Creator code deleted')).toBeVisible();
    await expect(row(page, expectedCode)).toHaveCount(0);
  });

  test("the empty list, and a code's fields and actions, fit the screen", { tag: '@layout' }, async ({ page }) => {
    await page.route('**/api/admin/creator-codes', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }) : route.continue(),
    );
    await open(page, '/admin/creator-codes', 'Creator Codes');
    await expectOnScreen(page, page.getByText('No creator codes yet'));
    await expectOnScreen(page, page.getByText(/^Create the first one with .Create Code.\.$/));
    // The search box's hint is read whole, not cut off at the box's edge.
    const search = page.getByLabel('Search', { exact: true });
    const hint = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: input.placeholder, width: Math.ceil(context.measureText(input.placeholder).width), room };
    });
    expect(hint.text).not.toBe('');
    expect(hint.width, `"${hint.text}" is ${hint.width} px in a ${hint.room} px box`).toBeLessThanOrEqual(hint.room);
    await page.unroute('**/api/admin/creator-codes');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Creator Codes' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

    const letters = random(LETTERS, 6);
    const code = `${letters}25`;
    const handle = `@e2e_narrow_${letters.toLowerCase()}_official`;
    const dialog = await openCreate(page);
    await dialog.getByLabel('Influencer name').fill(`${letters} Narrow`);
    await expect(dialog.getByLabel('Promo code')).toHaveValue(code);
    await dialog.getByLabel('Social handle').fill(handle);
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(dialog).toHaveCount(0);
    const line = row(page, code);
    for (const target of [
      line.getByText(code, { exact: true }),
      line.getByText(handle, { exact: true }),
      line.getByRole('switch', { name: `${code} active` }),
      line.getByRole('button', { name: `Edit code ${code}` }),
      line.getByRole('button', { name: `Delete code ${code}` }),
    ]) {
      await expectOnScreen(page, target);
    }
    await line.getByRole('button', { name: `Delete code ${code}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete this creator code?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row(page, code)).toHaveCount(0);
  });

  test('errors are reported with the spec titles', async ({ page }) => {
    await open(page, '/admin/creator-codes', 'Creator Codes');
    const code = uniqueCode('DUP');

    let dialog = await openCreate(page);
    await dialog.getByLabel('Social handle').fill('@dup_one');
    await dialog.getByLabel('Promo code').fill(code);
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, code)).toBeVisible();

    dialog = await openCreate(page);
    await dialog.getByLabel('Social handle').fill('@dup_two');
    await dialog.getByLabel('Promo code').fill(code);
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(toast(page, 'Failed to create creator code')).toContainText('That code already exists.');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.route('**/api/admin/creator-codes/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Boom","code":"internal"}' }),
    );
    const status = row(page, code).getByRole('switch', { name: `${code} active` });
    await status.click();
    await expect(toast(page, 'Failed to update code status')).toBeVisible();
    await expect(status).toHaveAttribute('aria-checked', 'true');

    await row(page, code)
      .getByRole('button', { name: `Edit code ${code}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Creator Code' });
    await edit.getByLabel('Campaign').fill('Nope');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Failed to update creator code')).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await row(page, code)
      .getByRole('button', { name: `Delete code ${code}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Failed to delete creator code')).toBeVisible();
    await expect(row(page, code)).toBeVisible();

    await page.unroute('**/api/admin/creator-codes/*');
    await page.route('**/api/admin/creator-codes', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Boom","code":"internal"}' }),
    );
    await page.reload();
    await expect(toast(page, 'Failed to fetch creator codes')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  });
});

test.describe('Sign-in round trips', () => {
  test('a signed-out visitor of a staff page signs in and lands on that page', async ({ page }) => {
    await page.goto('/admin/emails?status=failed');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Femails%3Fstatus%3Dfailed$/, { timeout: FIRST_RENDER_TIMEOUT });
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/emails\?status=failed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mail Log' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  });

  test('a next= pointing off the site goes to the dashboard instead', async ({ page }) => {
    await page.goto('/admin/login?next=%2F%2Fevil.example%2Fadmin');
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('an anonymous visit to the login asks nothing and logs no error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const sessionChecks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/session')) sessionChecks.push(request.url());
    });
    await open(page, '/admin/login', 'Admin Login');
    await page.waitForLoadState('networkidle');
    expect(sessionChecks).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('an unknown staff path is a 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/admin/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i, { timeout: FIRST_RENDER_TIMEOUT });
  });
});

test.describe('Queue dashboard', () => {
  test('answers 401 to a program', async ({ request }) => {
    const response = await request.get('/admin/queues', { maxRedirects: 0 });
    expect(response.status()).toBe(401);
  });

  test('sends a signed-out browser to the sign-in and back, with a way back to the admin', async ({ page }) => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text());
    });
    await page.goto('/admin/queues');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fqueues$/, { timeout: FIRST_RENDER_TIMEOUT });
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/queues$/);
    await expect(page.getByText('waitlist.send-welcome-email').first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    expect(blocked.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
    await page.getByRole('link', { name: 'Back to admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test.describe(() => {
    test.use({ storageState: ADMIN_STATE });

    test('loads for a signed-in admin', async ({ page }) => {
      await open(page, '/admin', 'Admin Dashboard');
      await page.getByRole('link', { name: /Queue Dashboard/ }).click();
      await expect(page).toHaveURL(/\/admin\/queues/);
      await expect(page.getByText('waitlist.send-welcome-email').first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    });

    for (const theme of ['dark', 'light'] as const) {
      test(`follows the admin's ${theme} theme, with its own header leading back`, { tag: '@layout' }, async ({ page }) => {
        await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
        await page.goto('/admin/queues');
        // Queues under the names staff read, each with what it does on its page.
        const card = page.getByRole('main').getByText('Waitlist positions', { exact: true });
        await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
        // The admin's background (frontend/src/index.css), not Bull Board's white or its own dark.
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect([await page.evaluate(() => document.body.classList.contains('dark-mode')), background]).toEqual(
          theme === 'dark' ? [true, 'rgb(11, 15, 25)'] : [false, 'rgb(245, 247, 250)'],
        );

        // The way back is in a header bar of its own, above the board's header, menu and page.
        const bar = page.getByRole('banner', { name: 'Admin' });
        const back = bar.getByRole('link', { name: 'Back to admin' });
        await expect(back).toBeVisible();
        const barBox = (await bar.boundingBox())!;
        expect(barBox).toMatchObject({ x: 0, y: 0, width: page.viewportSize()!.width });
        for (const below of [page.locator('#root header').first(), page.getByRole('main').getByText('Admin password resets', { exact: true })]) {
          expect((await below.boundingBox())!.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
        }
        // Scrolled to the end, the last queue is still uncovered.
        await page.getByRole('main').getByText('Waitlist welcome emails', { exact: true }).scrollIntoViewIfNeeded();
        const last = (await page.getByRole('main').getByText('Waitlist welcome emails', { exact: true }).boundingBox())!;
        const barNow = (await back.boundingBox())!;
        expect(last.y >= barNow.y + barNow.height || last.y + last.height <= barNow.y).toBe(true);

        await card.click();
        await expect(page).toHaveURL(/\/admin\/queues\/queue\/waitlist\.update-positions$/);
        // The queue's page says what it does in the board's header (a phone's narrow header has no room for it).
        const description = page.locator('#root header').getByText('Moves members up the waitlist after sign-ups and referral credits.');
        await expect(description).toHaveCount(page.viewportSize()!.width > 768 ? 1 : 0);
        await back.click();
        await expect(page).toHaveURL(/\/admin$/);
        await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      });
    }
  });
});

test.describe('Dates in the admin', () => {
  test.use({ storageState: ADMIN_STATE });

  // Spec §9: US dates, short in admin lists ('Nov 25, 2026'); charts may drop the year. No ISO
  // dates ('2026-11-25'), numeric ones ('11/25/2026') or day-first ones ('25 Nov') on screen.
  const OTHER_FORMATS = [/\b\d{4}-\d{2}-\d{2}\b/, /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/, /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/];
  const otherFormats = (text: string) => OTHER_FORMATS.flatMap((format) => text.match(format) ?? []);

  test('the report writes its days as the rest of the admin does', async ({ page }) => {
    await withReportDays(page);
    await open(page, `/admin/analytics?from=${REPORT_PERIOD.from}&to=${REPORT_PERIOD.to}`, 'User Analytics');
    const perDay = page.getByRole('region', { name: 'Sign-ups per day', exact: true });
    await expect(perDay.getByRole('row').nth(1)).toContainText('Nov 25, 2026');
    await expect(perDay.getByRole('row').nth(2)).toContainText('Nov 24, 2026');
    await expect(page.getByRole('region', { name: 'Period' })).toContainText('Oct 27, 2026 – Nov 25, 2026');
    await expect(page.locator('#signups-chart ~ div .recharts-xAxis-tick-labels').first()).toContainText('Nov 25');
    expect(otherFormats(await page.getByRole('main').innerText())).toEqual([]);
  });

  for (const [path, heading] of [
    ['/admin/early-access', 'Early Access Management'],
    ['/admin/creator-codes', 'Creator Codes'],
    ['/admin/resources', 'Resource Management'],
    ['/admin/waitlist', 'Waitlist'],
    ['/admin/emails', 'Mail Log'],
    ['/admin/broadcasts', 'Announcements'],
    ['/admin/privacy', 'Privacy'],
  ] as const) {
    test(`${path} shows no ISO or numeric dates`, async ({ page }) => {
      await open(page, path, heading);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: FIRST_RENDER_TIMEOUT });
      expect(otherFormats(await page.getByRole('main').innerText())).toEqual([]);
    });
  }
});

test.describe('Admin pages on a phone', () => {
  test.use({ storageState: ADMIN_STATE });

  for (const [path, heading] of [
    ['/admin', 'Admin Dashboard'],
    ['/admin/early-access', 'Early Access Management'],
    ['/admin/creator-codes', 'Creator Codes'],
    ['/admin/resources', 'Resource Management'],
    ['/admin/resources/new', /Resource/],
    ['/admin/waitlist', 'Waitlist'],
    ['/admin/emails', 'Mail Log'],
    ['/admin/broadcasts', 'Announcements'],
    ['/admin/privacy', 'Privacy'],
    ['/admin/analytics', /Analytics/],
  ] as const) {
    test(`${path} never scrolls sideways, in either theme`, { tag: '@layout' }, async ({ page }) => {
      for (const theme of ['light', 'dark']) {
        await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
        await open(page, path, heading);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: FIRST_RENDER_TIMEOUT });
        // Against the layout viewport: on a phone the visual one (innerWidth) widens to fit what overflows.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} in the ${theme} theme is wider than the screen`).toBeLessThanOrEqual(0);
      }
    });
  }
});

test.describe('Mail log', () => {
  test.use({ storageState: ADMIN_STATE });

  test('shows the reset email after a forgot-password request, with a preview', async ({ page }) => {
    const forgot = await page.request.post('/api/auth/forgot-password', { data: { email: ADMIN.email } });
    expect(forgot.status()).toBe(202);

    await open(page, '/admin/emails', 'Mail Log');
    const resetRow = page.getByRole('row').filter({ hasText: 'admin-password-reset' }).filter({ hasText: ADMIN.email }).first();
    // The worker writes the email a moment later.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(resetRow).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await expect(resetRow).toContainText(/Reset your .* admin password/);

    // The preview: details, the HTML in a sandboxed frame and the text.
    await resetRow.getByRole('button', { name: /Reset your .* admin password/ }).click();
    const dialog = page.getByRole('dialog', { name: /Reset your .* admin password/ });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(ADMIN.email);
    const frame = dialog.locator('iframe[title="Email HTML preview"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator('iframe[title="Email HTML preview"]').getByText('Reset your password')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Text version' })).toContainText('/admin/login?mode=reset&token=');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The status filter goes into the address and to the server.
    const statusText = (await resetRow.locator('td').nth(3).innerText()).trim().toLowerCase();
    const filtered = page.waitForRequest((r) => r.url().includes('/api/admin/emails?') && r.url().includes(`status=${statusText}`));
    await page.getByLabel('Status').selectOption(statusText);
    await filtered;
    await expect(page).toHaveURL(new RegExp(`status=${statusText}`));
    await expect(resetRow).toBeVisible();
  });

  test('staff find an email by its recipient or subject and kind, and a reload keeps the search', async ({ page, request }) => {
    const to = uniqueEmail('searched-mail');
    expect((await request.post('/api/waitlist', { data: { first_name: 'Searchable', email: to, role: null, referrerCode: null } })).status()).toBe(201);
    await open(page, '/admin/emails', 'Mail Log');
    const [local] = to.split('@');
    await page.getByRole('searchbox', { name: 'Search' }).fill(local.toUpperCase());
    const rows = page.getByRole('region', { name: 'Emails' }).getByRole('row').filter({ hasText: to });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(rows).toHaveCount(1, { timeout: 5_000 }); // the welcome email, once the worker wrote it
    }).toPass({ timeout: 45_000 });
    await expect(page).toHaveURL(/[?&]q=/);
    await page.getByLabel('Kind').selectOption('waitlist-welcome');
    await expect(page).toHaveURL(/[?&]kind=waitlist-welcome/);
    await expect(rows).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(local.toUpperCase());
    await expect(page.getByLabel('Kind')).toHaveValue('waitlist-welcome');
    await expect(rows).toHaveCount(1, { timeout: 20_000 });
    await page.getByRole('searchbox', { name: 'Search' }).fill(`${local}-nobody`);
    await expect(page.getByText(`No emails match “${local}-nobody”`)).toBeVisible();
  });

  test('every status is explained, a banner says when delivery is off, and Back closes an open email', async ({ page, request }) => {
    const to = uniqueEmail('explained-mail');
    expect((await request.post('/api/waitlist', { data: { first_name: 'Explained', email: to } })).status()).toBe(201);
    await open(page, '/admin/emails', 'Mail Log');
    // This server sends email (through a loopback Resend): no banner.
    await expect(page.getByRole('heading', { level: 1, name: 'Mail Log' })).toBeVisible();
    await expect(page.getByText('Email delivery is off.')).toHaveCount(0);

    // Every status, in words, where the statuses are shown.
    await page.getByText('What the statuses mean').click();
    for (const words of [
      'Written to this log only',
      'Handed to the email provider',
      "Accepted by the recipient's mail server",
      'Could not be handed to the provider',
      'Not sent: this address bounced before',
    ]) {
      await expect(page.getByText(words).first()).toBeVisible();
    }

    // An open email is a step back in the history.
    const line = page.getByRole('row').filter({ hasText: to });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(line).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await line.getByRole('button', { name: /waitlist/i }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(to);
    await expect(dialog.getByText(/Handed to the email provider|Waiting for the worker|Accepted by the recipient/).first()).toBeVisible();
    await expect(page).toHaveURL(/[?&]email=\d+/);
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/emails$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mail Log' })).toBeVisible();

    // An instance without RESEND_API_KEY answers { enabled: false } (test/admin.spec.ts): the mail log and the dashboard say so.
    await page.route('**/api/admin/emails/delivery', (route) => route.fulfill({ json: { enabled: false, setting: 'RESEND_API_KEY' } }));
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: 'Email delivery is off.' });
    await expect(banner).toContainText('This instance has no RESEND_API_KEY, so emails are written to the mail log as “Logged”');
    await page.getByLabel('Status').selectOption('failed');
    await expect(page.getByText('Email delivery is off on this instance, so emails are logged, not sent').or(page.getByRole('row').nth(1))).toBeVisible();
    await open(page, '/admin', 'Admin Dashboard');
    await page.getByRole('status').filter({ hasText: 'Email delivery is off.' }).getByRole('link', { name: 'Open the mail log' }).click();
    await expect(page).toHaveURL(/\/admin\/emails$/);
  });

  test('a failed email can be sent again', async ({ page, request }) => {
    // The test server's loopback Resend refuses addresses at bounce.test (scripts/e2e-server.js):
    // this join's welcome email really fails, through the worker and the real SDK.
    const to = `bounce-${Date.now()}@bounce.test`;
    expect((await request.post('/api/waitlist', { data: { first_name: 'Bounce', email: to } })).status()).toBe(201);
    await open(page, '/admin/emails', 'Mail Log');
    const line = page.getByRole('row').filter({ hasText: to });
    await expect(async () => {
      await page.reload();
      await expect(line).toContainText('Failed', { timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    const resend = page.waitForResponse((r) => /\/api\/admin\/emails\/\d+\/resend$/.test(r.url()) && r.request().method() === 'POST');
    await line.getByRole('button', { name: 'Resend' }).click();
    expect((await resend).status()).toBeLessThan(300);
    await expect(toast(page, 'Email queued')).toBeVisible();
    // Sent again, refused again: the row comes back as failed, with the provider's reason.
    await expect(async () => {
      await page.reload();
      await expect(line).toContainText('Failed', { timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
  });

  test("an email's subject, address, status and date are on screen, the address wrapped only where it must", { tag: '@layout' }, async ({ page, request }) => {
    const to = uniqueEmail('narrow-mail');
    expect((await request.post('/api/waitlist', { data: { first_name: 'Narrow', email: to } })).status()).toBe(201);
    await open(page, '/admin/emails', 'Mail Log');
    const line = page.getByRole('row').filter({ hasText: to });
    await expect(async () => {
      await page.reload();
      await expect(line).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    const address = line.getByText(to, { exact: true });
    for (const target of [
      line.getByRole('button', { name: /waitlist/i }),
      address,
      line.getByText('waitlist-welcome', { exact: true }),
      line.getByText(/^(Pending|Logged|Sent|Failed)$/),
      line.getByText(/\d{4}, \d{1,2}:\d{2}/),
    ]) {
      await expectOnScreen(page, target);
    }
    expect(await lineCount(address)).toBeLessThanOrEqual(3);
  });
});
