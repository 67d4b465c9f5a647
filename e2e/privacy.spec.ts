import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, ADMIN_STATE } from './fixtures/admin-session';
import { linkEmailedTo } from './fixtures/inbox';

// Privacy as a person uses it: /privacy-request, then the emailed link followed
// (read from the mail log as staff: the e2e server has no provider key, so emails land there);
// and an email's unsubscribe link (opening it changes nothing; its button does) with its undo. The people are real sign-ups on the e2e database.

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
  // Whose and which day: two exports are told apart.
  const named = `personal-data-${email.replace('@', '-at-')}-`;
  expect((await download).suggestedFilename()).toMatch(new RegExp(`^${named.replace(/[.]/g, '\\.')}\\d{4}-\\d{2}-\\d{2}\\.json$`));
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
  // What went, and what our email provider still holds for a while.
  await expect(page.getByRole('status')).toContainText('your place on the waitlist');
  await expect(page.getByRole('status')).toContainText('Our email provider keeps its own delivery log');
  // Staff find nothing under the address any more (the mail log's rows to it went too).
  expect((await request.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
  const list = await (await request.get('/api/admin/emails?pageSize=100')).json();
  expect(list.items.filter((item: { to: string }) => item.to === email)).toEqual([]);
});

test("the link in an email's footer opens the form with the recipient's address filled in", async ({ page, request }) => {
  const email = uniqueEmail('footer');
  await join(request, email);
  const footer = await linkEmailedTo(request, email, /\/privacy-request#email=/);
  expect(footer).toBe(`/privacy-request#email=${encodeURIComponent(email)}`);
  await page.goto(footer);
  await expect(page.getByLabel('Email')).toHaveValue(email, { timeout: FIRST_RENDER_TIMEOUT });
});

test('the form says what is wrong with an address, and keeps it', async ({ page }) => {
  await page.goto('/privacy-request');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send me a copy' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('not-an-address');
});

// Mail security scanners open an email's links and run their pages: opening the unsubscribe
// link must change nothing. The page shows the address's state; only its button changes it.
test(
  "opening an email's unsubscribe link changes nothing; its button unsubscribes, and undo subscribes again",
  { tag: '@layout' },
  async ({ page, request }) => {
    const email = uniqueEmail('unsubscribe');
    await join(request, email);
    const link = await linkEmailedTo(request, email, /\/unsubscribe\?token=/);
    const token = new URL(link, 'http://site').searchParams.get('token')!;
    /** Whether the server holds marketing email back, read without changing it. */
    const unsubscribed = async () => (await (await request.get('/api/email/subscription', { params: { token } })).json()).unsubscribed;

    for (const theme of ['light', 'dark'] as const) {
      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from Swishly emails?' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      // Everything the page runs has run (as a scanner lets it): still subscribed.
      await page.waitForLoadState('networkidle');
      expect(await unsubscribed()).toBe(false);
      // The button fits the width, the page does not scroll sideways.
      const button = page.getByRole('button', { name: 'Unsubscribe', exact: true });
      await expect(button).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }

    // From the keyboard: the button is reached with Tab and pressed with Enter.
    const button = page.getByRole('button', { name: 'Unsubscribe', exact: true });
    await button.focus();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();
    expect(await unsubscribed()).toBe(true);
    const undo = page.getByRole('button', { name: 'Undo: keep me subscribed' });
    await expect(undo).toBeFocused();
    await undo.click();
    await expect(page.getByRole('heading', { level: 1, name: "You're subscribed again" })).toBeVisible();
    expect(await unsubscribed()).toBe(false);
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible();

    // Opened again, the link shows the state it finds, and changes nothing.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await page.waitForLoadState('networkidle');
    expect(await unsubscribed()).toBe(true);
    await page.getByRole('button', { name: 'Subscribe again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: "You're subscribed again" })).toBeVisible();
    expect(await unsubscribed()).toBe(false);

    // An altered token: while the page asks, it says so; then that the link is not usable, with no button.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/email/subscription?*', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(`/unsubscribe?token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    await expect(page.getByRole('status').filter({ hasText: 'Checking your subscription' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    answer();
    await expect(page.getByRole('heading', { name: "We couldn't use this link" })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByRole('button', { name: /subscribe/i })).toHaveCount(0);
    expect(await unsubscribed()).toBe(false);
  },
);

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
    expect((await download).suggestedFilename()).toMatch(/^personal-data-e2e-privacy-.+-at-example\.com-\d{4}-\d{2}-\d{2}\.json$/);

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
