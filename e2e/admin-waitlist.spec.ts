import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';
import { linkEmailedTo } from './fixtures/inbox';

// Staff's waitlist in the browser: the list in position order at both widths, a
// search, a status filter with its count, the next page, and the CSV download. The members are
// real sign-ups on the e2e database (other tests add theirs: the checks look for these by a tag).

test.describe.configure({ timeout: 90_000 });
test.use({ storageState: ADMIN_STATE });

const FIRST_RENDER_TIMEOUT = 20_000;

async function join(request: APIRequestContext, name: string, email: string): Promise<void> {
  const joined = await request.post('/api/waitlist', { data: { first_name: name, email, role: null, referrerCode: null } });
  expect(joined.status()).toBe(201);
}

test('staff find members by name, filter by status and download the list', { tag: '@layout' }, async ({ page, request }, testInfo) => {
  const tag = `w${Date.now().toString(36)}${testInfo.project.name[0]}`;
  for (const n of [1, 2, 3]) await join(request, `Listed${tag}${n}`, `listed-${tag}-${n}@example.com`);

  await page.goto('/admin/waitlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const table = page.getByRole('region', { name: 'Waitlist members' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(`listed${tag}`);
  await expect(table.getByRole('row').filter({ hasText: `Listed${tag}` })).toHaveCount(3);
  await expect(page.getByText(/^3 members, showing 1–3$/)).toBeVisible();
  // In position order: the first to join is first.
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: `Listed${tag}` })
      .first(),
  ).toContainText(`Listed${tag}1`);
  await expect(table.getByRole('row').filter({ hasText: `Listed${tag}1` })).toContainText('Unconfirmed');

  const status = page.getByLabel('Status');
  await expect(status.locator('option', { hasText: /^Confirmed \(\d+\)$/ })).toHaveCount(1);
  await status.selectOption('confirmed');
  await expect(page).toHaveURL(/status=confirmed/);
  await expect(table.getByText('No members match')).toBeVisible();

  await status.selectOption('all');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`listed${tag}`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`waitlist-${new Date().toISOString().slice(0, 10)}-listed${tag}.csv`); // what it was searched for
  const csv = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).trimEnd().split('\r\n');
  // A UTF-8 byte-order mark first: spreadsheet programs then show accents as written.
  expect(csv[0]).toMatch(/^\uFEFFposition,first_name,email,status,mail,/);
  expect(csv.slice(1).map((line) => line.split(',')[1])).toEqual([`Listed${tag}1`, `Listed${tag}2`, `Listed${tag}3`]);

  // Back goes to the list as it was, search box and all: the address and the page never disagree.
  await page.goto('/admin/waitlist');
  await status.selectOption('confirmed');
  await expect(page).toHaveURL(/status=confirmed/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(`listed${tag}`);
  await expect(page).toHaveURL(new RegExp(`search=listed${tag}`));
  await page.goBack();
  await expect(page).not.toHaveURL(/status=|search=/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(status).toHaveValue('all');
});

test('on a slow device, Back right after a search empties the search box with the address', async ({ page }) => {
  // A slow CPU lets React render the search's address and the Back as one transition: the box
  // must still follow the address it came back to.
  await page.goto('/admin/waitlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
  const status = page.getByLabel('Status');
  await status.selectOption('confirmed');
  await expect(page).toHaveURL(/status=confirmed/);
  await page.getByRole('searchbox', { name: 'Search' }).fill('someone');
  await expect(page).toHaveURL(/search=someone/);
  await page.goBack();
  await expect(page).not.toHaveURL(/status=|search=/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('', { timeout: 30_000 });
  await expect(status).toHaveValue('all');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('the list pages forward and back by keyset', async ({ page, request }) => {
  // Enough members for a second page of 50 (the database is shared: earlier tests add their own).
  const tag = `p${Date.now().toString(36)}`;
  const total = (await (await request.get('/api/admin/waitlist?limit=1')).json()).total as number;
  for (let n = total; n < 55; n++) await join(request, `Paged${tag}${n}`, `paged-${tag}-${n}@example.com`);
  await page.goto('/admin/waitlist');
  const table = page.getByRole('region', { name: 'Waitlist members' });
  await expect(table.getByRole('row').nth(1)).toContainText('1', { timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByText(/members, showing 1–50$/)).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(/members, showing 51–/)).toBeVisible();
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('51');
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(page.getByText(/members, showing 1–50$/)).toBeVisible();
});

/** Joins and confirms through the emailed link: a member waiting to be let in. */
async function confirmedMember(request: APIRequestContext, name: string, email: string): Promise<void> {
  await join(request, name, email);
  const confirm = await linkEmailedTo(request, email, /[?&]confirm=/);
  const token = new URL(confirm, 'http://site').searchParams.get('confirm')!;
  expect((await request.post('/api/waitlist/confirm', { data: { token } })).status()).toBe(200);
}

const INVITES_QUEUE = '/admin/queues/api/queues/admin.invite-admitted-members';

// One admission runs at a time, across every staff screen: the tests that admit run one after another.
test.describe('admissions', () => {
  test.describe.configure({ mode: 'serial' });

  test('staff see who gets in, admit them and watch the invites go out; a member who left the announcements gets theirs', async ({ page, request }) => {
    // Two confirmed members (through the emailed confirmation link) among unconfirmed ones; one
    // of them then unsubscribes from announcements, which is not from the invite they queued for.
    const tag = `a${Date.now().toString(36)}`;
    const email = `admit-${tag}@example.com`;
    const quiet = `admit-quiet-${tag}@example.com`;
    await confirmedMember(request, `Admit${tag}`, email);
    await confirmedMember(request, `Quiet${tag}`, quiet);
    const unsubscribe = new URL(await linkEmailedTo(request, quiet, /\/unsubscribe\?token=/), 'http://site');
    expect((await request.post('/api/email/unsubscribe', { data: { token: unsubscribe.searchParams.get('token') } })).ok()).toBe(true);

    await page.goto('/admin/waitlist');
    const panel = page.getByRole('region', { name: 'Let members in' });
    await expect(panel).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    // Everyone confirmed and waiting (other tests may have confirmed members too): admit them all.
    // The count arrives after the panel itself: wait for it before reading it.
    const waitingText = /([\d,]+) confirmed members? (?:is|are) waiting/;
    await expect(panel).toContainText(waitingText);
    const waiting = Number((await panel.textContent())?.match(waitingText)?.[1].replace(/,/g, '') ?? '0');
    expect(waiting).toBeGreaterThanOrEqual(2);
    await panel.getByLabel('How many').fill(String(waiting));
    await panel.getByRole('button', { name: /^Admit next/ }).click();

    // Who gets in, by name, before anyone does.
    const dialog = page.getByRole('dialog', { name: new RegExp(`Let in the next ${waiting} members`) });
    await expect(dialog.getByRole('list', { name: 'Members to let in' })).toContainText(`Admit${tag}`);
    await expect(dialog.getByRole('list', { name: 'Members to let in' })).toContainText(`Quiet${tag}`);
    await dialog.getByRole('button', { name: `Let ${waiting} members in` }).click();
    await expect(dialog).toBeHidden();

    const bar = panel.getByRole('progressbar', { name: 'Admission progress' });
    await expect(bar).toHaveAttribute('aria-valuemax', String(waiting));
    await expect(bar).toHaveAttribute('aria-valuenow', String(waiting), { timeout: 30_000 });
    await expect(panel).toContainText(`Done: ${waiting} of ${waiting} members`);

    await page.getByRole('searchbox', { name: 'Search' }).fill(`admit${tag}`);
    await expect(
      page
        .getByRole('region', { name: 'Waitlist members' })
        .getByRole('row')
        .filter({ hasText: `Admit${tag}` }),
    ).toContainText('Admitted');
    await expect(linkEmailedTo(request, email, /\/download/)).resolves.toContain('/download');
    await expect(linkEmailedTo(request, quiet, /\/download/)).resolves.toContain('/download');

    // Their own page says they are in, with no place to climb.
    await page.goto(await linkEmailedTo(request, email, /[?&]status=/));
    const status = page.getByTestId('waitlist-status');
    await expect(status).toContainText(`Admit${tag}, you're in!`, { timeout: FIRST_RENDER_TIMEOUT });
    await expect(status.getByTestId('status-position')).toHaveCount(0);
    await expect(status).not.toContainText('moves you up');
  });

  test('a double click on "Let in" is one admission', async ({ page, request }) => {
    const tag = `d${Date.now().toString(36)}`;
    await confirmedMember(request, `Double${tag}`, `double-${tag}@example.com`);
    await confirmedMember(request, `Second${tag}`, `second-${tag}@example.com`);
    const admitted = async () => (await (await page.request.get('/api/admin/waitlist/statuses')).json()).admitted as number;

    await page.goto('/admin/waitlist');
    const panel = page.getByRole('region', { name: 'Let members in' });
    await expect(panel).toContainText(/confirmed members? (?:is|are) waiting/, { timeout: FIRST_RENDER_TIMEOUT });
    const before = await admitted();
    await panel.getByLabel('How many').fill('1');
    await panel.getByRole('button', { name: 'Admit next 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Let in the next 1 member?' });
    await dialog.getByRole('button', { name: 'Let 1 member in' }).dblclick();
    await expect(panel).toContainText('Done: 1 of 1 members', { timeout: 30_000 });
    expect(await admitted()).toBe(before + 1);
  });

  test('a reload in the middle of an admission shows it running, and another admission waits for it', async ({ page, request }) => {
    const tag = `r${Date.now().toString(36)}`;
    await confirmedMember(request, `Reload${tag}`, `reload-${tag}@example.com`);
    await page.goto('/admin/waitlist');
    const panel = page.getByRole('region', { name: 'Let members in' });
    await expect(panel).toContainText(/confirmed members? (?:is|are) waiting/, { timeout: FIRST_RENDER_TIMEOUT });

    // Ops pause the invites (the queue dashboard's own action): the admission stays running.
    expect((await page.request.put(`${INVITES_QUEUE}/pause`)).ok()).toBe(true);
    try {
      await panel.getByLabel('How many').fill('1');
      await panel.getByRole('button', { name: 'Admit next 1' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Let 1 member in' }).click();
      await expect(panel).toContainText('Sending invites: 0 of 1 members');

      await page.reload();
      await expect(panel).toContainText('Sending invites: 0 of 1 members', { timeout: FIRST_RENDER_TIMEOUT });
      await expect(panel.getByRole('progressbar', { name: 'Admission progress' })).toHaveAttribute('aria-valuemax', '1');
      await expect(panel.getByRole('button', { name: /^Admit next/ })).toBeDisabled();
      // The server says the same to anyone who tries meanwhile.
      const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
      const second = await page.request.post('/api/admin/waitlist/admissions', { data: { count: 1 }, headers: { 'X-CSRF-Token': csrf } });
      expect(second.status()).toBe(409);
      expect((await second.json()).code).toBe('admission_running');
    } finally {
      expect((await page.request.put(`${INVITES_QUEUE}/resume`)).ok()).toBe(true);
    }
    await expect(panel).toContainText('Done: 1 of 1 members', { timeout: 30_000 });
    await expect(panel.getByRole('button', { name: /^Admit next/ })).toBeEnabled();
  });
});

test('staff review a referral held for review: the held one shows under its status and can be rejected', async ({ page, request }) => {
  // Every browser test comes from one address: past REFERRAL_BURST_LIMIT (5 an hour) a referrer's
  // next referrals are held for review.
  const tag = `r${Date.now().toString(36)}`;
  const referrer = await request.post('/api/waitlist', {
    data: { first_name: `Referrer${tag}`, email: `referrer-${tag}@example.com`, role: null, referrerCode: null },
  });
  const code = (await referrer.json()).referralCode as string;
  for (let n = 1; n <= 6; n++) {
    const friend = await request.post('/api/waitlist', {
      data: { first_name: `Held${tag}${n}`, email: `held-${tag}-${n}@example.com`, role: null, referrerCode: code },
    });
    expect(friend.status()).toBe(201);
  }
  await page.goto('/admin/waitlist?status=flagged');
  const table = page.getByRole('region', { name: 'Waitlist members' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(`held${tag}`);
  const held = table.getByRole('row').filter({ hasText: `Held${tag}6` });
  await expect(held).toContainText('Referral held', { timeout: FIRST_RENDER_TIMEOUT });
  // A member's view links to whoever referred them.
  await held.getByRole('button', { name: `View Held${tag}6` }).click();
  const heldView = page.getByRole('dialog', { name: new RegExp(`^Held${tag}6 · `) });
  // The view says why the referral is held, and can decide it too.
  await expect(heldView.getByRole('note')).toContainText('Their own referral is held for review');
  await expect(heldView.getByRole('button', { name: 'Reject the referral' })).toBeVisible();
  await heldView.getByRole('button', { name: `View Referrer${tag}` }).click();
  await expect(page.getByRole('dialog', { name: new RegExp(`^Referrer${tag} · `) })).toContainText(`referrer-${tag}@example.com`);
  await page.keyboard.press('Escape');
  await held.getByRole('button', { name: `Reject the referral of Held${tag}6` }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Referral rejected' }).first()).toBeVisible();
  await expect(table.getByText('No members match')).toBeVisible(); // reviewed: no longer held
});

test("staff open a member's view, send the confirmation again and erase them", async ({ page, request }) => {
  const tag = `m${Date.now().toString(36)}`;
  await join(request, `Viewed${tag}`, `viewed-${tag}@example.com`);
  await page.goto('/admin/waitlist');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`viewed${tag}`);
  await page.getByRole('button', { name: `View Viewed${tag}` }).click({ timeout: FIRST_RENDER_TIMEOUT });
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Viewed${tag} · #[\\d,]+$`) });
  await expect(dialog).toContainText(`viewed-${tag}@example.com`);
  await expect(dialog).toContainText('Unconfirmed');
  await expect(dialog).toContainText('Not referred by anyone.');
  await expect(dialog.getByRole('button', { name: 'Admit now' })).toHaveCount(0); // unconfirmed: double opt-in
  // The search and the open view are in the address: a reload (or a shared link) shows them again.
  await expect(page).toHaveURL(new RegExp(`[?&]search=viewed${tag}`));
  await expect(page).toHaveURL(/[?&]member=[0-9a-f-]{36}/);
  await page.reload();
  await expect(dialog).toContainText(`viewed-${tag}@example.com`, { timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.locator('input[type="search"]')).toHaveValue(`viewed${tag}`); // behind the open view

  await dialog.getByRole('button', { name: 'Resend confirmation' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Confirmation sent again' }).first()).toBeVisible();
  await expect(linkEmailedTo(request, `viewed-${tag}@example.com`, /[?&]confirm=/)).resolves.toContain('confirm=');

  await dialog.getByRole('button', { name: 'Erase' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Erase Viewed${tag}?` });
  await confirm.getByRole('button', { name: 'Erase' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Member erased' }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Waitlist members' }).getByText('No members match')).toBeVisible();
});
