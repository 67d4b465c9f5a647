import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, ADMIN_STATE } from './fixtures/admin-session';
import { seriousViolations } from './fixtures/axe';
import { linkEmailedTo } from './fixtures/inbox';

// Staff roles in the browser: the owner (the e2e admin) invites an editor, who accepts in a
// browser of their own and sees only what an editor can open; the owner changes and removes
// accounts, and reads it all in the audit log. Each test makes its own people (by a tag): the
// database is shared with the other tests.

test.describe.configure({ timeout: 90_000 });
test.use({ storageState: ADMIN_STATE, bypassCSP: true });

const FIRST_RENDER_TIMEOUT = 20_000;
const PASSWORD = 'Free-Throw-77';

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  return { 'X-CSRF-Token': csrf };
}

/** The invitation link the provider received for `email`, as a path on the site. */
const invitationLink = (request: APIRequestContext, email: string) => linkEmailedTo(request, email, /\/admin\/invitation\?token=/);

/** A staff account of `role`, invited by the owner and accepted through the API, signed in in a browser of its own. */
async function signedInStaff(page: Page, browser: Browser, role: string): Promise<{ email: string; context: BrowserContext }> {
  const email = unique(role);
  const invited = await page.context().request.post('/api/admin/staff/invitations', { headers: await csrfHeaders(page), data: { email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(await invitationLink(page.context().request, email), 'http://site').searchParams.get('token');
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const accepted = await context.request.post('/api/auth/invitations/accept', { data: { token, password: PASSWORD } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return { email, context };
}

/** A staff account of `role` (signed in nowhere). */
async function staffMember(page: Page, browser: Browser, role: string): Promise<string> {
  const { email, context } = await signedInStaff(page, browser, role);
  await context.close();
  return email;
}

test('the owner invites an editor, who accepts and sees only what an editor can open', async ({ page, browser, request }) => {
  const email = unique('editor');

  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByRole('region', { name: 'Team' }).getByRole('row').filter({ hasText: ADMIN.email })).toContainText('You');

  const invitesSent: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/admin/staff/invitations')) invitesSent.push(sent.url());
  });
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
  await dialog.getByLabel('Email').fill(email);
  // Every role is offered to an owner, each saying what it can do.
  await expect(dialog.getByRole('radio')).toHaveCount(5);
  await dialog.getByRole('radio', { name: /^Editor/ }).check();
  await expect(dialog.getByText('Resources only')).toBeVisible();
  // A double click sends one invitation.
  await dialog.getByRole('button', { name: 'Send invitation' }).dblclick();
  await expect(toast(page, 'Invitation sent')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(invitesSent).toHaveLength(1);
  const pending = page.getByRole('region', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email });
  await expect(pending).toContainText('Editor');
  await expect(pending).toContainText(`by ${ADMIN.email}`);

  // The editor, in a browser of their own, follows the emailed link.
  const link = await invitationLink(request, email);
  const editorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const editor = await editorContext.newPage();
  const refused: string[] = [];
  editor.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await editor.goto(link);
  await expect(editor.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(editor.getByLabel('Email')).toHaveValue(email);
  await expect(editor.getByText('Role: Editor')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await editor.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(`${PASSWORD}x`);
  await editor.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(editor.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
  await editor.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
  await editor.getByRole('button', { name: 'Accept and sign in' }).click();

  await expect(editor).toHaveURL(/\/admin$/);
  await expect(editor.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(editor.getByText(email)).toBeVisible();
  const nav = editor.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Resources']);
  await expect(editor.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Resource Management']);

  // A typed address the role can't open says so inside the admin, with the way to what it can.
  await editor.goto('/admin/waitlist');
  await expect(editor.getByRole('heading', { level: 1, name: "Your role (editor) can't open this page" })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await editor.getByRole('region', { name: 'What you can open' }).getByRole('link', { name: 'Resources' }).click();
  await expect(editor.getByRole('heading', { level: 1, name: 'Resource Management' })).toBeVisible();
  expect(refused, 'no screen asks for what the editor may not read').toEqual([]);
  await expect(editor.locator('[data-sonner-toast]')).toHaveCount(0);

  // The link works once.
  await editor.goto(link);
  await expect(editor.getByRole('heading', { level: 1, name: "This invitation can't be used" })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(editor.getByText('Ask whoever invited you for a new one.')).toBeVisible();
  await editorContext.close();

  // The owner sees the editor on the team, the invitation gone, and both in the audit log.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Team' }).getByRole('row').filter({ hasText: email })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByRole('region', { name: 'Team' }).getByRole('combobox', { name: `Role of ${email}` })).toHaveValue('editor');
  await expect(page.getByRole('region', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email })).toHaveCount(0);

  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const log = page.getByRole('region', { name: 'Audit log' });
  await page.getByLabel('Staff member').selectOption({ label: email });
  await expect(page).toHaveURL(/[?&]actor=/);
  await expect(log.getByRole('row').filter({ hasText: 'Accepted an invitation' })).toHaveCount(1);
  // The filters are in the address: a reload keeps them.
  await page.getByLabel('Action').selectOption({ label: 'Accepted an invitation' });
  await expect(page).toHaveURL(/[?&]action=admin\.staff-invitation-accepted/);
  await page.reload();
  await expect(page.getByLabel('Staff member').locator('option:checked')).toHaveText(email, { timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByLabel('Action').locator('option:checked')).toHaveText('Accepted an invitation');
  await expect(log.getByRole('row')).toHaveCount(2); // the header and the one entry
  await expect(log.getByRole('row').nth(1)).toContainText(email);
  // The owner's invitation, under the owner.
  await page.getByLabel('Staff member').selectOption({ label: ADMIN.email });
  await page.getByLabel('Action').selectOption({ label: 'Invited a staff member' });
  await expect(log.getByRole('row').filter({ hasText: 'Invited a staff member' }).first()).toContainText(ADMIN.email);
});

// What each role's navigation offers (the server's table of roles, README "Staff roles").
const AREAS_OF: Record<string, string[]> = {
  admin: [
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
  ],
  marketing: ['Dashboard', 'Waitlist', 'Announcements', 'Rewards', 'Early Access', 'Creator Codes', 'Analytics'],
  ops: ['Dashboard', 'Waitlist', 'Mail Log'],
  editor: ['Dashboard', 'Resources'],
};

test('each role opens every area it is offered, and no screen asks for what the role may not read', async ({ page, browser }) => {
  test.setTimeout(180_000);
  for (const [role, areas] of Object.entries(AREAS_OF)) {
    const { context } = await signedInStaff(page, browser, role);
    const staff = await context.newPage();
    const refused: string[] = [];
    staff.on('response', (response) => {
      if (response.status() === 403) refused.push(`${role}: ${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await staff.goto('/admin');
    const tabs = staff.getByRole('navigation', { name: 'Admin' }).getByRole('link');
    await expect(tabs).toHaveText(areas, { timeout: FIRST_RENDER_TIMEOUT });
    // The dashboard's account panels: two-step sign-in (the rule for everyone is the owner's alone).
    await staff.getByRole('button', { name: 'Two-Step Sign-In' }).click();
    await expect(staff.getByRole('switch', { name: 'Require two-step sign-in for every staff account' })).toHaveCount(0);
    await staff.waitForLoadState('networkidle');
    const paths = await tabs.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const path of paths) {
      await staff.goto(path);
      await expect(staff.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(staff.getByRole('heading', { level: 1 })).not.toHaveText(/can't open this page/);
      await staff.waitForLoadState('networkidle');
      await expect(staff.locator('[aria-busy="true"]')).toHaveCount(0);
    }
    if (role === 'ops') {
      // Reads the waitlist, doesn't manage it.
      await staff.goto('/admin/waitlist');
      await expect(staff.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(staff.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
    }
    if (role === 'admin') {
      // An admin can't make owners: the invitation offers every role but owner.
      await staff.goto('/admin/staff');
      await staff.getByRole('button', { name: 'Invite' }).click();
      const invite = staff.getByRole('dialog', { name: 'Invite to the team' });
      await expect(invite.getByRole('radio')).toHaveCount(4);
      await expect(invite.getByRole('radio', { name: /^Owner/ })).toHaveCount(0);
    }
    await expect(staff.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
    expect(refused).toEqual([]);
    await context.close();
  }
});

test('the owner changes a role, asking first when it takes something away, and removes an account', async ({ page, browser }) => {
  const email = await staffMember(page, browser, 'editor');
  await page.goto('/admin/staff');
  const team = page.getByRole('region', { name: 'Team' });
  const role = team.getByRole('combobox', { name: `Role of ${email}` });
  await expect(role).toHaveValue('editor', { timeout: FIRST_RENDER_TIMEOUT });

  // Only more power (an editor made admin): no question.
  await role.selectOption('admin');
  await expect(toast(page, 'Role changed')).toBeVisible();
  await expect(role).toHaveValue('admin');

  // Anything taken away (an admin made ops): asked first; Cancel keeps the role.
  await role.selectOption('ops');
  const question = page.getByRole('alertdialog', { name: `Make ${email} ops?` });
  await expect(question).toContainText('They will no longer open the team and its invitations, the audit log,');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(role).toHaveValue('admin');
  await role.selectOption('ops');
  await question.getByRole('button', { name: 'Change role' }).click();
  await expect(question).toBeHidden();
  await expect(role).toHaveValue('ops');

  // One's own account can't be removed.
  await expect(team.getByRole('button', { name: `Remove ${ADMIN.email}` })).toHaveAttribute('aria-disabled', 'true');

  await team.getByRole('button', { name: `Remove ${email}` }).click();
  const removal = page.getByRole('alertdialog', { name: `Remove ${email} from the team?` });
  await expect(removal).toContainText('signed out everywhere at once');
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Removed from the team')).toBeVisible();
  await expect(team.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('an invitation is refused for someone already on the team, and can be sent again or revoked', async ({ page }) => {
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
  await dialog.getByLabel('Email').fill(ADMIN.email);
  await dialog.getByRole('radio', { name: /^Ops/ }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That person already has a staff account.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const email = unique('marketing');
  const invited = await page.context().request.post('/api/admin/staff/invitations', { headers: await csrfHeaders(page), data: { email, role: 'marketing' } });
  expect(invited.status()).toBe(201);
  await page.reload();
  const invitations = page.getByRole('region', { name: 'Pending invitations' });
  await expect(invitations.getByRole('row').filter({ hasText: email })).toContainText('Marketing', { timeout: FIRST_RENDER_TIMEOUT });

  await invitations.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
  await expect(toast(page, 'Invitation sent again')).toBeVisible();

  // By the keyboard (the toast above covers the row's buttons for its few seconds).
  await invitations.getByRole('button', { name: `Revoke the invitation to ${email}` }).press('Enter');
  await page
    .getByRole('alertdialog', { name: `Revoke the invitation to ${email}?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(toast(page, 'Invitation revoked')).toBeVisible();
  await expect(invitations.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the staff and audit pages in the ${theme} theme have no accessibility violation and fit the screen`, { tag: '@layout' }, async ({ page }) => {
    // A pending invitation, so the invitations table has a row.
    const invited = await page.context().request.post('/api/admin/staff/invitations', {
      headers: await csrfHeaders(page),
      data: { email: unique(`axe-${theme}`), role: 'editor' },
    });
    expect(invited.status()).toBe(201);
    await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto('/admin/staff');
    await expect(page.getByRole('region', { name: 'Pending invitations' }).getByRole('row').nth(1)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.locator('html')).toHaveClass(new RegExp(theme));
    expect(await seriousViolations(page, { all: true })).toEqual([]);
    expect(await fits()).toBe(true);
    await page.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByRole('dialog', { name: 'Invite to the team' })).toBeVisible();
    expect(await seriousViolations(page, { all: true })).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/admin/audit');
    await expect(page.getByRole('region', { name: 'Audit log' }).getByRole('row').nth(1)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousViolations(page, { all: true })).toEqual([]);
    expect(await fits()).toBe(true);
  });

  test(
    `the invitation page and the role's refusal in the ${theme} theme have no accessibility violation and fit the screen`,
    { tag: '@layout' },
    async ({ page, browser }) => {
      const email = unique(`axe-join-${theme}`);
      const invited = await page.context().request.post('/api/admin/staff/invitations', { headers: await csrfHeaders(page), data: { email, role: 'editor' } });
      expect(invited.status()).toBe(201);
      const link = await invitationLink(page.context().request, email);
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const joiner = await context.newPage();
      await joiner.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await joiner.emulateMedia({ reducedMotion: 'reduce' });
      const fits = () => joiner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

      await joiner.goto(link);
      await expect(joiner.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(joiner.locator('html')).toHaveClass(new RegExp(theme));
      expect(await seriousViolations(joiner, { all: true })).toEqual([]);
      expect(await fits()).toBe(true);
      await joiner.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await joiner.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
      await joiner.getByRole('button', { name: 'Accept and sign in' }).click();
      await expect(joiner.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

      await joiner.goto('/admin/privacy');
      await expect(joiner.getByRole('heading', { level: 1, name: "Your role (editor) can't open this page" })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      expect(await seriousViolations(joiner, { all: true })).toEqual([]);
      expect(await fits()).toBe(true);
      await context.close();
    },
  );
}

test('a role changed meanwhile: the next refused request shows what the new role opens, without an error toast', async ({ page, browser }) => {
  const { email, context } = await signedInStaff(page, browser, 'ops');
  const staff = await context.newPage();
  await staff.goto('/admin/emails');
  await expect(staff.getByRole('heading', { level: 1, name: 'Mail Log' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

  const team: { staff: { id: string; email: string }[] } = await (await page.context().request.get('/api/admin/staff')).json();
  const id = team.staff.find((member) => member.email === email)!.id;
  const changed = await page.context().request.patch(`/api/admin/staff/${id}`, { headers: await csrfHeaders(page), data: { role: 'editor' } });
  expect(changed.status()).toBe(200);

  await staff.getByRole('button', { name: 'Refresh' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: "Your role (editor) can't open this page" })).toBeVisible();
  await expect(staff.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(['Dashboard', 'Resources']);
  await expect(staff.locator('[data-sonner-toast]')).toHaveCount(0);
  await context.close();
});

// @exclusive: while the setting is on, every other test's password sign-in would be sent to set a factor up.
test('when every account must have a second factor, an accepted invitation sets it up first', { tag: '@exclusive' }, async ({ page, browser }) => {
  const setting = (requireSecondFactor: boolean) =>
    csrfHeaders(page).then((headers) => page.context().request.put('/api/admin/settings/security', { headers, data: { requireSecondFactor } }));
  expect((await setting(true)).status()).toBe(200);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const email = unique('two-step');
    const invited = await page.context().request.post('/api/admin/staff/invitations', { headers: await csrfHeaders(page), data: { email, role: 'editor' } });
    expect(invited.status()).toBe(201);
    const joiner = await context.newPage();
    await joiner.goto(await invitationLink(page.context().request, email));
    await joiner.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD, { timeout: FIRST_RENDER_TIMEOUT });
    await joiner.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
    await joiner.getByRole('button', { name: 'Accept and sign in' }).click();

    await expect(joiner.getByRole('heading', { level: 1, name: 'Set Up Two-Step Sign-In' })).toBeVisible();
    expect((await joiner.request.get('/api/auth/session')).status()).toBe(401);
    await joiner.getByRole('button', { name: 'Set Up Now' }).click();
    const secret = (await joiner.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    await joiner.getByLabel('Authentication code').fill(await generate({ secret }));
    await joiner.getByRole('button', { name: 'Turn On' }).click();
    await expect(joiner.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await joiner.getByRole('button', { name: 'Continue' }).click();
    await expect(joiner.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(toast(joiner, 'Welcome to the team!')).toBeVisible();
    await expect(joiner.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(['Dashboard', 'Resources']);
  } finally {
    await setting(false);
    await context.close();
  }
});
