import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';
import { generatedBmp, generatedPng } from './fixtures/generated-png';

// Resources (spec §2 "Resources list", "Resource article", "Admin resource list",
// "Admin resource editor"; §4 "Post", "Public list", "Crop"; §5; §7 "Sharing an article"; §8
// "Public resources", "Admin resources"; §9) against the real API. Tests run in parallel on one
// server (and both projects at once), so each works on its own post, found by its unique title.

test.describe.configure({ timeout: 90_000 });

const FIRST_RENDER_TIMEOUT = 20_000;

const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');

/** The post's row in /admin/resources (a table row from md up, a card on phones). */
async function openAdminRow(page: Page, title: string) {
  await page.goto('/admin/resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Resource Management' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await page.getByRole('searchbox', { name: 'Search' }).fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  return row;
}

test.beforeEach(async ({ page }) => {
  await page.route('**/api/analytics/downloads', (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{"accepted":true}' }));
});

// More than a page of posts (the list asks for 50 at a time): the oldest is reached with "Load more
// resources" and its tag is a filter button from the start. (The featured post chosen from every
// post is test/resources.spec.ts's: featuring is one global flag, which other tests here move.)
test.describe(() => {
  test.use({ storageState: ADMIN_STATE });

  test('a blog of more than one page shows every post and every tag', async ({ page }) => {
    const batch = unique('paged').replace(' ', '-').toLowerCase();
    const oldestTag = `${batch}-oldest`;
    const request = page.context().request;
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
    // State through the API: 55 published posts, oldest first; the oldest has a tag of its own.
    for (let i = 1; i <= 55; i += 1) {
      const created = await request.post('/api/admin/resources', {
        headers: { 'X-CSRF-Token': csrf },
        data: { title: `${batch} post ${i}`, content: `<p>Post ${i} of the batch.</p>`, tags: i === 1 ? [batch, oldestTag] : [batch], is_published: true },
      });
      expect(created.status(), await created.text()).toBe(201);
    }

    await page.goto(`/resources?tag=${batch}`);
    const post = (i: number) => page.getByRole('heading', { name: `${batch} post ${i}`, exact: true });
    const loadMore = page.getByRole('button', { name: 'Load more resources' });
    await expect(post(55)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(post(6)).toBeVisible(); // the first page: the newest 50
    await expect(post(5)).toHaveCount(0);
    // The oldest post's own tag is a filter button before its page is loaded.
    await expect(page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: oldestTag })).toBeVisible();
    await loadMore.click();
    await expect(post(1)).toBeVisible();
    await expect(loadMore).toHaveCount(0); // the last page
    for (const i of [2, 5, 6, 50, 55]) await expect(post(i)).toHaveCount(1); // each once
  });

  test('leaving the editor with unsaved work asks first, in the app and in the browser; the work comes back', async ({ page }) => {
    const title = unique('Unsaved');
    await page.goto('/admin/resources/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New Resource' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    // Nothing typed yet: the way back leaves at once.
    await page.getByRole('link', { name: 'Back to Resources' }).click();
    await expect(page).toHaveURL(/\/admin\/resources$/);
    await page.goto('/admin/resources/new');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Elbow under the ball.');

    // In the app: a link asks; Stay keeps the work on screen.
    await page.getByRole('link', { name: 'Back to Resources' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/resources\/new$/);
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);

    // The browser's own prompt before the tab goes (beforeunload).
    const prompted = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss(); // stay
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await prompted).toBe('beforeunload');
    await expect.poll(() => page.isClosed()).toBe(false);

    // Leave: the work is kept in this browser and comes back with a notice.
    await page.getByRole('link', { name: 'Back to Resources' }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/admin\/resources$/);
    await page.goto('/admin/resources/new');
    await expect(page.getByText(/Restored your unsaved changes/)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });

  test("the editor shows the server's limits at their fields and stops the input there", async ({ page }) => {
    await page.goto('/admin/resources/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New Resource' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await title.fill('T'.repeat(210));
    await expect(title).toHaveValue('T'.repeat(200));
    await expect(page.getByText('200/200 characters')).toBeVisible();

    const tag = page.getByRole('textbox', { name: 'Add a tag' });
    await tag.fill('x'.repeat(60));
    await expect(tag).toHaveValue('x'.repeat(50));
    await expect(page.getByText('(50/50)')).toBeVisible();
    for (let i = 1; i <= 20; i += 1) {
      await tag.fill(`tag ${i}`);
      await tag.press('Enter');
    }
    await expect(page.getByText('20/20 tags')).toBeVisible();
    await expect(page.getByText('The most a post can have: remove one to add another.')).toBeVisible();
    await expect(tag).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Remove tag tag 20' }).click();
    await expect(tag).toBeEnabled();

    // A refusal the editor could not foresee: the server's own message, at its field and in the toast.
    await page.route('**/api/admin/resources', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"Title must be at most 200 characters","code":"validation_failed"}' })
        : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Body.');
    await page.getByRole('button', { name: 'Save Draft' }).first().click();
    await expect(toast(page, 'Failed to save resource. Title must be at most 200 characters')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Title must be at most 200 characters' })).toBeVisible();
    await expect(title).toHaveAttribute('aria-invalid', 'true');
  });
});

// The staff's side: signed in as the e2e admin (e2e/admin-session.setup.ts).
test.describe(() => {
  test.use({ storageState: ADMIN_STATE });

  test(
    'write, crop an image, publish, read it on /resources and its article, feature, unpublish and delete it',
    { tag: '@layout' },
    async ({ page, context }, testInfo) => {
      const phone = testInfo.project.name === 'mobile';
      const title = unique('Elbow Under the Ball');
      const slug = slugOf(title);

      // The dashboard's card leads to the list, the list to the editor.
      await page.goto('/admin');
      await page.getByRole('link', { name: /Resource Management/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Resource Management' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      for (const counter of ['Total Resources', 'Published', 'Drafts', 'Featured'])
        await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${counter}$`) })).toBeVisible();
      await page.getByRole('link', { name: 'New Resource' }).click();
      await expect(page).toHaveURL(/\/admin\/resources\/new$/);
      await expect(page.getByRole('heading', { level: 1, name: 'New Resource' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

      // Content: the slug follows the title while it is empty.
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await expect(page.getByLabel('Slug')).toHaveValue(slug);
      await page.getByLabel('Excerpt').fill('Three checkpoints for a straighter shot.');
      const editor = page.getByRole('textbox', { name: 'Content' });
      await expect(page.locator('.resource-editor .ql-container')).toHaveCSS('height', '400px');
      await editor.click();
      await page.keyboard.type('Keep the elbow under the ball and finish high.');
      await expect(page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' })).toBeVisible();

      // Featured image: a generated PNG (3:2) cropped to 16:9 before it is stored.
      await page.getByLabel('Upload an image').setInputFiles({ name: 'court.png', mimeType: 'image/png', buffer: generatedPng(1200, 800) });
      const crop = page.getByRole('dialog', { name: 'Crop Image' });
      await expect(crop).toBeVisible();
      const selection = crop.locator('.ReactCrop__crop-selection');
      await expect(selection).toBeVisible();
      // Nudged left with the keyboard (Shift: 10 px).
      const before = await selection.boundingBox();
      await selection.focus();
      await page.keyboard.press('Shift+ArrowLeft');
      await expect.poll(async () => Math.round((await selection.boundingBox())!.x)).toBe(Math.round(before!.x) - 10);
      await crop.getByRole('button', { name: 'Apply Crop' }).click();
      // The crop is uploaded and re-encoded on the server first.
      await expect(toast(page, 'Image uploaded and cropped successfully.')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(crop).toBeHidden();
      const preview = page.getByRole('img', { name: 'Featured image preview' });
      await expect(preview).toBeVisible();
      const ratio = await preview.evaluate((image: HTMLImageElement) => image.naturalWidth / image.naturalHeight);
      expect(ratio).toBeCloseTo(16 / 9, 1);
      await page.getByLabel('Alt text').fill('Orange court stripes');

      // Tags: Enter or Add; blanks and duplicates are ignored.
      const tagInput = page.getByLabel('Add a tag');
      await tagInput.fill('  Shooting  ');
      await tagInput.press('Enter');
      await tagInput.fill('Form');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await tagInput.fill('Shooting');
      await tagInput.press('Enter');
      await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Shooting', 'Form']);

      // SEO: the counters follow the title and excerpt while the fields are empty.
      await expect(page.getByText(`${title.length}/60 characters`)).toBeVisible();

      await page.getByRole('button', { name: 'Publish' }).first().click();
      await expect(toast(page, 'Resource saved successfully.')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/resources$/);

      // The public list finds it (a search re-runs on each change) and leads to the article.
      await page.goto(`/resources?search=${encodeURIComponent(title)}`);
      const featured = page.getByRole('region', { name: 'Featured Resource' });
      await expect(featured.getByRole('heading', { name: title })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(featured.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Shooting', 'Form']);
      await featured.getByRole('link', { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/resources/${slug}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Three checkpoints for a straighter shot.')).toBeVisible();
      await expect(page.getByText('Keep the elbow under the ball and finish high.')).toBeVisible();
      await expect(page.getByText('1 min read')).toBeVisible();
      const today = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date());
      await expect(page.locator('time').first()).toHaveText(today);
      await expect(page.getByRole('img', { name: 'Orange court stripes' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Fix your form before your next game' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/');
      await expect(page).toHaveTitle(new RegExp(title));

      // Share: the device's share sheet where there is one (the phone), else the address copied.
      if (phone) {
        await page.evaluate(() => {
          (window as unknown as { shared: unknown[] }).shared = [];
          navigator.share = async (data?: ShareData) => void (window as unknown as { shared: unknown[] }).shared.push(data);
        });
        await page.getByRole('button', { name: 'Share' }).click();
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
          .toEqual([{ title, text: 'Three checkpoints for a straighter shot.', url: page.url() }]);
      } else {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.evaluate(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
        await page.getByRole('button', { name: 'Share' }).click();
        await expect(toast(page, 'Link Copied!')).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
      }

      // Feature it.
      let row = await openAdminRow(page, title);
      await row.getByRole('switch', { name: `Featured: ${title}` }).click();
      // Another post may be featured (other tests run beside this one): then the confirmation names it.
      const confirmFeature = page.getByRole('alertdialog', { name: `Feature “${title}”?` });
      await expect(confirmFeature.or(toast(page, 'Resource featured successfully.'))).toBeVisible();
      if (await confirmFeature.isVisible()) {
        await expect(confirmFeature).toContainText('is featured now and will lose its place at the top of the Resources page.');
        await confirmFeature.getByRole('button', { name: 'Feature' }).click();
      }
      await expect(toast(page, 'Resource featured successfully.')).toBeVisible();
      await expect(row.getByRole('switch', { name: `Featured: ${title}` })).toBeChecked();

      // Unpublish it: readers no longer find it.
      await row.getByRole('switch', { name: `Published: ${title}` }).click();
      await expect(toast(page, 'Resource unpublished successfully.')).toBeVisible();
      await expect(row.getByRole('switch', { name: `Published: ${title}` })).not.toBeChecked();
      await page.goto(`/resources/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

      // Delete it, after the confirmation.
      row = await openAdminRow(page, title);
      await row.getByRole('button', { name: `Delete ${title}` }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Are you sure you want to delete this resource? This action cannot be undone.');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Resource deleted successfully.')).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
    },
  );

  test('the editor keeps an unsaved copy through a reload; a draft stays off the public site', async ({ page }) => {
    const title = unique('Draft Footwork');
    await page.goto('/admin/resources/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New Resource' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

    await page.getByRole('button', { name: 'Save Draft' }).first().click();
    await expect(toast(page, 'Title and content are required.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Left foot, right foot, rise.');
    await page.reload();
    await expect(page.getByText(/Restored your unsaved changes/)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'Content' })).toHaveText('Left foot, right foot, rise.');

    await page.getByRole('button', { name: 'Save Draft' }).first().click();
    await expect(toast(page, 'Resource saved successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/resources$/);
    const row = await openAdminRow(page, title);
    await expect(row.getByRole('switch', { name: `Published: ${title}` })).not.toBeChecked();

    // The local copy went with the save; a draft is not on the public site.
    await page.goto('/admin/resources/new');
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('', { timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByText(/Restored your unsaved changes/)).toHaveCount(0);
    await page.goto(`/resources/${slugOf(title)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

    // Opened again, the editor loads the saved post.
    await page.goto('/admin/resources');
    await page.getByRole('searchbox', { name: 'Search' }).fill(title);
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Resource' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    await expect(page.getByRole('textbox', { name: 'Content' })).toHaveText('Left foot, right foot, rise.');
    await page.getByRole('link', { name: 'Back to Resources' }).click();
    await expect(page).toHaveURL(/\/admin\/resources$/);
  });

  test("the editor's Image button takes a BMP (spec §9's editor types) and stores it as an image", async ({ page }) => {
    await page.goto('/admin/resources/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New Resource' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await page.getByRole('textbox', { name: 'Content' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Image' }).click();
    await (await chooser).setFiles({ name: 'hoop.bmp', mimeType: 'image/bmp', buffer: generatedBmp(40, 30, [230, 90, 20]) });
    const image = page.locator('.resource-editor .ql-editor img');
    await expect(image).toHaveAttribute('src', /resources\/\d+-cropped\.jpg$/);
    // Stored and served as a real image of the same size.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : ''))).toBe('40x30');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to upload image' })).toHaveCount(0);
  });
});

test('the public list: loading, the empty state, and no match with Clear filters', async ({ page }) => {
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/resources', async (route) => {
    await answered;
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"posts":[]}' });
  });
  await page.goto('/resources');
  await expect(page.getByText('Loading resources...')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  release();
  await expect(page.getByRole('heading', { name: 'No resources found' })).toBeVisible();
  await expect(page.getByText('Check back soon for expert basketball training insights.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);

  await page.unroute('**/api/resources');
  const search = page.getByRole('searchbox', { name: 'Search resources' });
  await expect(search).toHaveAttribute('placeholder', 'Search resources...');
  await search.fill(unique('no such drill'));
  await expect(page.getByText('Try adjusting your search or filter criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(search).toHaveValue('');
});

test('an unknown article shows Resource Not Found with a way back', async ({ page }) => {
  await page.goto(`/resources/${slugOf(unique('nothing here'))}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Resource Not Found' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByText("The resource you're looking for doesn't exist or has been removed.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to Resources' }).click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
});
