import { expect, test } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';

// Staff import a list from another waitlist tool on /admin/waitlist: the dialog takes a CSV and
// the options, follows the import with a progress bar (in the address, so a reload keeps it), then
// shows the report with its skipped and invalid lines, and the list shows the new members.

test.describe.configure({ timeout: 90_000 });
test.use({ storageState: ADMIN_STATE });

test('staff import a CSV and read its report', { tag: '@layout' }, async ({ page, request }, testInfo) => {
  const tag = `i${Date.now().toString(36)}${testInfo.project.name[0]}`;
  const onList = `onlist-${tag}@example.com`;
  expect((await request.post('/api/waitlist', { data: { first_name: `Listed${tag}`, email: onList, role: null, referrerCode: null } })).status()).toBe(201);
  const csv = [
    'email,first_name,confirmed',
    `one-${tag}@example.com,Imported${tag}One,true`,
    `${onList.toUpperCase()},Again,`,
    `two-${tag}@example.com,Imported${tag}Two,false`,
    'not-an-address,Nobody,',
  ].join('\n');

  await page.goto('/admin/waitlist');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import members from a CSV' });
  await expect(dialog.getByText('first_name', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a CSV file to import.');
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'old-list.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('checkbox', { name: /This list was double opt-in/ }).check();
  // A double click starts one import.
  const posts: string[] = [];
  page.on('request', (sent) => sent.method() === 'POST' && sent.url().includes('/api/admin/waitlist/import') && posts.push(sent.url()));
  await dialog.getByRole('button', { name: 'Import' }).dblclick();

  await expect(page).toHaveURL(/import=[0-9a-f-]{36}/);
  await expect(dialog.getByText(/^Done: 4 rows read, 2 members added\.$/)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '4');
  await expect(dialog.getByRole('list', { name: 'Skipped lines' })).toContainText('Line 3Already on the list');
  await expect(dialog.getByRole('list', { name: 'Invalid lines' })).toContainText('Line 5Not a valid email address');
  if (testInfo.project.name === 'mobile') {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
  }

  // A reload shows the same import's report.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Import members from a CSV' }).getByText(/^Done: 4 rows read/)).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).not.toHaveURL(/import=/);

  const table = page.getByRole('region', { name: 'Waitlist members' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(`imported${tag}`);
  await expect(table.getByRole('row').filter({ hasText: `Imported${tag}` })).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: `Imported${tag}One` })).toContainText('Confirmed');
  await expect(table.getByRole('row').filter({ hasText: `Imported${tag}Two` })).toContainText('Unconfirmed');
  expect(posts).toHaveLength(1);
});
