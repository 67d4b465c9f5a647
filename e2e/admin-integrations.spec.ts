import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ADMIN_STATE } from './fixtures/admin-session';
import { seriousViolations } from './fixtures/axe';

// The integrations page's API keys: the owner (the e2e admin) makes a key with the keyboard, sees
// it once and copies it, another system uses it, and the owner revokes it; the audit log names the
// key. Each test makes keys of its own (by a unique name): the database is shared.

test.describe.configure({ timeout: 90_000 });
test.use({ storageState: ADMIN_STATE, bypassCSP: true });

const FIRST_RENDER_TIMEOUT = 20_000;

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  return { 'X-CSRF-Token': csrf };
}

test('the owner makes an API key, sees it once and copies it; the key works until it is revoked, and the audit log names it', async ({
  page,
  context,
  playwright,
}) => {
  const name = unique('Zapier');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // From the dashboard's card.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Integrations' })).toBeVisible();
  await page
    .getByRole('link', { name: /Integrations/ })
    .last()
    .click();
  await expect(page).toHaveURL(/\/admin\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'API keys' })).toBeVisible();

  // The dialog, with the keyboard: what is missing is said, nothing is sent.
  const created: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/admin/api-keys')) created.push(sent.url());
  });
  await page.getByRole('button', { name: 'Create API key' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await expect(dialog).toBeVisible();
  const read = dialog.getByRole('checkbox', { name: /Read members/ });
  const write = dialog.getByRole('checkbox', { name: /Add members/ });
  await expect(read).toBeChecked();
  await read.focus();
  await page.keyboard.press('Space');
  await expect(read).not.toBeChecked();
  await dialog.getByRole('textbox', { name: 'Name' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Name the key' })).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Choose at least one' })).toBeVisible();
  expect(created).toHaveLength(0);

  await page.keyboard.type(name);
  await read.focus();
  await page.keyboard.press('Space');
  await write.focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('textbox', { name: 'Name' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(created).toHaveLength(1);

  // The key, this once, with its warning and a Copy button.
  const panel = page.getByRole('region', { name: `Your new API key “${name}”` });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading')).toBeFocused();
  await expect(panel).toContainText('it won’t be shown again');
  const key = (await panel.getByLabel('API key').textContent())!.trim();
  expect(key).toMatch(/^swk_live_[A-Za-z0-9_-]{43}$/);
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'API key copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const row = page.getByRole('region', { name: 'API keys' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Read members');
  await expect(row).toContainText('Add members');
  await expect(row).toContainText(key.slice(0, 15));
  await expect(row).not.toContainText(key);
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  await expect(row).toContainText(`by ${ADMIN.email}`);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create API key' })).toBeFocused();
  await page.reload();
  await expect(row).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByText(key)).toHaveCount(0);

  // Another system uses it: the row shows when.
  const other = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const listed = await other.get('/api/v1/members', { headers: { authorization: `Bearer ${key}` } });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toMatchObject({ members: expect.any(Array) });
  await page.reload();
  await expect(row).not.toContainText('Never', { timeout: FIRST_RENDER_TIMEOUT });

  // Revoked after a confirmation: refused at once.
  await row.getByRole('button', { name: `Revoke the API key ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: `Revoke the API key “${name}”?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(toast(page, 'API key revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  expect((await other.get('/api/v1/members', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  await other.dispose();

  // The audit log: the key's use under its name, its making and revocation under the owner's.
  await page.goto('/admin/audit?action=api-key.members-listed');
  await expect(
    page
      .getByRole('region', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: `API key ‘${name}’` }),
  ).toContainText('Listed members (API)', { timeout: FIRST_RENDER_TIMEOUT });
});

test('a failed load says so and offers to try again', async ({ page }) => {
  let refuse = true;
  await page.route('**/api/admin/api-keys', (route) =>
    refuse ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Down","code":"internal"}' }) : route.fallback(),
  );
  await page.goto('/admin/integrations');
  const table = page.getByRole('region', { name: 'API keys' });
  await expect(table.getByText('The API keys could not be loaded.')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  refuse = false;
  await table.getByRole('button', { name: 'Try again' }).click();
  await expect(table.getByText('The API keys could not be loaded.')).toBeHidden();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the integrations page in the ${theme} theme has no accessibility violation and fits the screen`, { tag: '@layout' }, async ({ page }) => {
    const made = await page.context().request.post('/api/admin/api-keys', {
      headers: await csrfHeaders(page),
      data: { name: unique(`Layout ${theme}`), scopes: ['members:read', 'members:write'] },
    });
    expect(made.status()).toBe(201);
    await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto('/admin/integrations');
    await expect(page.getByRole('region', { name: 'API keys' }).getByRole('row').nth(1)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.locator('html')).toHaveClass(new RegExp(theme));
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousViolations(page, { all: true })).toEqual([]);
    expect(await fits()).toBe(true);

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByRole('button', { name: 'Create key' }).click(); // the name is missing: its message shows
    await expect(dialog.getByRole('alert').filter({ hasText: 'Name the key' })).toBeVisible();
    expect(await seriousViolations(page, { all: true })).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(unique(`Panel ${theme}`));
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const panel = page.getByRole('region', { name: /^Your new API key/ });
    await expect(panel).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousViolations(page, { all: true })).toEqual([]);
    expect(await fits()).toBe(true);
  });
}
