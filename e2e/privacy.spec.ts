import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, ADMIN_STATE } from './fixtures/admin-session';
import { linkEmailedTo } from './fixtures/inbox';

// Privacy as a person uses it (issue 29): /privacy-request, then the emailed link followed
// (read from the mail log as staff: the e2e server has no provider key, so emails land there);
// and an email's unsubscribe link with its undo. The people are real sign-ups on the e2e database.

test.describe.configure({ timeout: 90_000 });

const FIRST_RENDER_TIMEOUT = 20_000;
const uniqueEmail = (tag: string) => `e2e-privacy-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function join(request: APIRequestContext, email: string): Promise<void> {
  const joined = await request.post('/api/waitlist', { data: { first_name: 'Priya', email, role: null, referrerCode: null } });
  expect(joined.status()).toBe(201);
}

async function ask(page: Page, email: string, button: 'Send me a copy' | 'Delete my data') {
  await page.goto('/privacy-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('status')).toContainText('Check your inbox');
  await expect(page.getByRole('status')).toContainText(email);
}

test('a person gets a copy of their data by the emailed link, which works once', async ({ page, request }) => {
  const email = uniqueEmail('copy');
  await join(request, email);
  await ask(page, email, 'Send me a copy');

  const link = await linkEmailedTo(request, email, /\/privacy-request\?token=/);
  await page.goto(link);
  await expect(page.getByText('This downloads a copy of everything')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByRole('status')).toContainText('Your copy is downloading');

  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link has already been used.');
  await expect(page.getByRole('link', { name: 'Make a new request' })).toBeVisible();
});

test('a person deletes their data by the emailed link, and staff find nothing under the address', async ({ page, request }) => {
  const email = uniqueEmail('erase');
  await join(request, email);
  await ask(page, email, 'Delete my data');

  const link = await linkEmailedTo(request, email, /\/privacy-request\?token=/);
  await page.goto(link);
  await expect(page.getByText("It can't be undone.")).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await page.getByRole('button', { name: 'Delete my data' }).click();
  await expect(page.getByRole('status')).toContainText('Your data is deleted');
  // Staff find nothing under the address any more (the mail log's rows to it went too).
  expect((await request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
  const list = await (await request.get('/api/admin/emails?pageSize=100')).json();
  expect(list.items.filter((item: { to: string }) => item.to === email)).toEqual([]);
});

test('the form says what is wrong with an address, and keeps it', async ({ page }) => {
  await page.goto('/privacy-request');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send me a copy' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('not-an-address');
});

test('an email\'s unsubscribe link unsubscribes on opening, and undo subscribes again', { tag: '@layout' }, async ({ page, request }) => {
  const email = uniqueEmail('unsubscribe');
  await join(request, email);
  const link = await linkEmailedTo(request, email, /\/unsubscribe\?token=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await page.getByRole('button', { name: 'Undo: keep me subscribed' }).click();
  await expect(page.getByRole('heading', { name: "You're subscribed again" })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();

  await page.goto('/unsubscribe?token=forged.token');
  await expect(page.getByRole('heading', { name: "We couldn't use this link" })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
});

test.describe('/admin/privacy (signed in)', () => {
  test.use({ storageState: ADMIN_STATE });
  const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

  test('staff look a person up, download what we hold and erase them after typing the address', { tag: '@layout' }, async ({ page, request }) => {
    const email = uniqueEmail('staff');
    await join(request, email);
    await page.goto('/admin/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByRole('region', { name: 'Suppressed addresses' })).toBeVisible();

    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Look up' }).click();
    const person = page.getByRole('region', { name: email });
    await expect(person).toContainText('Priya, joined');
    await expect(person).toContainText('Not opted in'); // not confirmed: no waitlist news yet
    const download = page.waitForEvent('download');
    await person.getByRole('button', { name: 'Download JSON' }).click();
    expect((await download).suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);

    await person.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Erase this person?' });
    const erase = dialog.getByRole('button', { name: 'Erase permanently' });
    await expect(erase).toBeDisabled();
    await dialog.getByLabel('Type the address to confirm').fill('someone-else@example.com');
    await expect(erase).toBeDisabled();
    await dialog.getByLabel('Type the address to confirm').fill(email);
    await erase.click();
    await expect(toast(page, 'Person erased')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent privacy requests' }).getByRole('row').nth(1)).toContainText(/Erasure \(\d+ records\)/);

    // Looked up again: nothing left.
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('region', { name: email })).toContainText('We hold nothing under this address.');
  });
});
