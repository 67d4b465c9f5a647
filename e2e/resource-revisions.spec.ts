import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';

// The resource editor's revisions, unpublished revisions of a live post, draft preview links and
// the featuring confirmation, as an editor uses them; the API's rules are
// test/resources.spec.ts's. Each test works on its own posts, found by unique titles.

test.describe.configure({ timeout: 90_000 });

const FIRST_RENDER_TIMEOUT = 20_000;
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Creates a post through the staff API (as the signed-in page), answering its id and slug. */
async function createPost(page: Page, data: Record<string, unknown>): Promise<{ id: string; slug: string }> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const created = await page.context().request.post('/api/admin/resources', { headers: { 'X-CSRF-Token': csrf }, data });
  expect(created.status(), await created.text()).toBe(201);
  return created.json();
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/admin/resources/edit/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Resource' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
}

test.describe(() => {
  test.use({ storageState: ADMIN_STATE });

  test('revisions are listed with who and what changed, shown, and one restored as a new save', async ({ page }) => {
    const title = unique('Revised drill');
    const { id } = await createPost(page, { title, excerpt: 'The first words.', content: '<p>First body.</p>' });
    await openEditor(page, id);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} v2`);
    await page.getByRole('button', { name: 'Save Draft' }).first().click();
    await expect(toast(page, 'Resource saved successfully.')).toBeVisible();

    await openEditor(page, id);
    const revisions = page.getByRole('list', { name: 'Revisions' });
    await expect(revisions.getByRole('listitem')).toHaveCount(2);
    const newest = revisions.getByRole('listitem').first();
    await expect(newest).toContainText('Revision 2');
    await expect(newest).toContainText('Current draft');
    await expect(newest).toContainText('Changed the title');
    await expect(newest).toContainText('by admin@swishly.test');
    await expect(revisions.getByRole('listitem').last()).toContainText('The post as first saved');

    await page.getByRole('button', { name: 'Show revision 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revision 1' });
    await expect(dialog.getByText(title, { exact: true })).toBeVisible();
    await expect(dialog.getByText('First body.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Restore this revision' }).click();
    await expect(toast(page, 'Revision restored')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The editor shows the restored text, and the history grew by one.
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    await expect(revisions.getByRole('listitem')).toHaveCount(3);
    await expect(revisions.getByRole('listitem').first()).toContainText('Restored revision 1');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title, { timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByText(/Restored your unsaved changes/)).toHaveCount(0);
  });

  test("a published post offers 'Update' and 'Save revision'; a revision stays off the public page until the update", async ({ page }) => {
    const title = unique('Live article');
    const { id, slug } = await createPost(page, { title, content: '<p>What readers see.</p>', is_published: true });
    await openEditor(page, id);
    await expect(page.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Update' }).first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (revised)`);
    await page.getByRole('button', { name: 'Save revision' }).first().click();
    await expect(toast(page, 'Revision saved.')).toBeVisible();

    await page.goto(`/resources/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

    await openEditor(page, id);
    await expect(page.getByText(/You are editing an unpublished revision/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`${title} (revised)`);
    await page.getByRole('button', { name: 'Update' }).first().click();
    await expect(toast(page, 'Resource saved successfully.')).toBeVisible();
    await page.goto(`/resources/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: `${title} (revised)` })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  });

  test('a preview link opens the draft signed out, and stops working once the post is published', async ({ page, browser }) => {
    const title = unique('Preview draft');
    const { id } = await createPost(page, { title, content: '<p>Not out yet.</p>' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openEditor(page, id);
    await page.getByRole('button', { name: 'Copy preview link' }).click();
    await expect(toast(page, 'Preview link copied to clipboard')).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/p\/[0-9a-f-]{36}$/);
    const path = new URL(url).pathname;

    // Someone who is not signed in.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const reader = await visitor.newPage();
    const response = await reader.goto(path);
    expect(response?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(reader.getByRole('note')).toContainText('This article is a draft');
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    // Published: the link finds nothing and says why.
    await page.getByRole('button', { name: 'Publish' }).first().click();
    await expect(toast(page, 'Resource saved successfully.')).toBeVisible();
    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(reader.getByText('This preview link no longer works')).toBeVisible();
    await visitor.close();
  });

  test('featuring a post names the post that loses its place', async ({ page }) => {
    const [first, second] = [unique('Featured before'), unique('Featured next')];
    await createPost(page, { title: first, content: '<p>One.</p>', is_published: true, is_featured: true });
    const { id } = await createPost(page, { title: second, content: '<p>Two.</p>', is_published: true });
    await openEditor(page, id);
    await page.getByRole('switch', { name: 'Featured' }).click();
    // Other tests feature posts too: the dialog names whichever is featured now.
    const confirm = page.getByRole('alertdialog', { name: 'Feature this post?' });
    await expect(confirm).toContainText('is featured now. Featuring this post takes its place');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('switch', { name: 'Featured' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'Featured' }).click();
    await page.getByRole('alertdialog', { name: 'Feature this post?' }).getByRole('button', { name: 'Feature' }).click();
    await expect(page.getByRole('switch', { name: 'Featured' })).toBeChecked();
  });

  test("the toolbar's three pickers say what they choose, on screen and to screen readers", async ({ page }) => {
    await page.goto('/admin/resources/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New Resource' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const shown = (name: string) => toolbar.getByRole('button', { name, exact: true }).evaluate((element) => getComputedStyle(element, '::before').content);
    await expect.poll(() => shown('Text style')).toBe('"Style: Normal"');
    expect(await shown('Font')).toBe('"Font: Sans Serif"');
    expect(await shown('Text size')).toBe('"Size: Normal"');
    // A choice is named as the menu shows it, and the picker then says it.
    await page.getByRole('textbox', { name: 'Content' }).click();
    await toolbar.getByRole('button', { name: 'Text style', exact: true }).click();
    await toolbar.getByRole('button', { name: 'Heading 2', exact: true }).click();
    await expect.poll(() => shown('Text style')).toBe('"Style: Heading 2"');
    await toolbar.getByRole('button', { name: 'Text size', exact: true }).click();
    await toolbar.getByRole('button', { name: 'Large', exact: true }).click();
    await expect.poll(() => shown('Text size')).toBe('"Size: Large"');
  });
});
