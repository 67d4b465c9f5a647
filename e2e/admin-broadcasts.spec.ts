import { expect, test } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';
import { linkEmailedTo } from './fixtures/inbox';

// Launch announcements in the browser: staff write one in the resources editor, see
// how many members each audience reaches, preview it in both themes, send themselves a test,
// then send it and watch the progress bar fill; the confirmed member it went to gets it.

test.describe.configure({ timeout: 90_000 });
test.use({ storageState: ADMIN_STATE });

test('staff write an announcement, preview and test it, send it and watch it go out', async ({ page, request }) => {
  // A member who confirmed through the emailed link: they are in the audience "Everyone".
  const tag = `b${Date.now().toString(36)}`;
  const email = `announce-${tag}@example.com`;
  expect((await request.post('/api/waitlist', { data: { first_name: `Announce${tag}`, email, role: null, referrerCode: null } })).status()).toBe(201);
  const confirm = await linkEmailedTo(request, email, /[?&]confirm=/);
  expect((await request.post('/api/waitlist/confirm', { data: { token: new URL(confirm, 'http://site').searchParams.get('confirm') } })).status()).toBe(200);

  await page.goto('/admin/broadcasts');
  await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible({ timeout: 20_000 });
  const composer = page.getByRole('region', { name: 'New announcement' });

  // Nothing written: the send says what is missing, and nothing goes.
  await composer.getByRole('button', { name: /^Send to / }).click();
  await expect(composer.getByText('Give the announcement a subject.')).toBeVisible();

  const subject = `Swishly is out ${tag}`;
  await composer.getByLabel('Subject').fill(subject);
  const editor = composer.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await editor.pressSequentially('The wait is over: get the app today.');

  // Each audience with its count; "Everyone" reaches at least our member.
  const everyone = composer.getByRole('radio', { name: /^Everyone · [\d,]+ members?/ });
  await expect(everyone).toBeChecked();
  await expect(composer.getByRole('radio', { name: /^Admitted · [\d,]+ members?/ })).toBeVisible();
  const count = Number((await composer.getByText(/^Everyone · [\d,]+/).textContent())!.match(/([\d,]+) members?/)![1].replace(/,/g, ''));
  expect(count).toBeGreaterThanOrEqual(1);

  // The preview, in the light theme and the dark one.
  await composer.getByRole('button', { name: 'Preview' }).click();
  const light = composer.frameLocator('iframe[title="Email preview (light theme)"]');
  await expect(light.getByRole('heading', { name: subject })).toBeVisible();
  await expect(light.getByText('The wait is over: get the app today.')).toBeVisible();
  expect(await light.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(244, 245, 247)');
  await composer.getByRole('radio', { name: 'Dark' }).click();
  const dark = composer.frameLocator('iframe[title="Email preview (dark theme)"]');
  await expect(dark.getByRole('heading', { name: subject })).toBeVisible();
  // The email's own dark-mode styles apply in the dark frame.
  await expect.poll(() => dark.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(11, 15, 23)');
  // All of it: the cell React Email wraps the email in too, not a light band around a dark card.
  expect(
    await dark
      .locator('body > table > tbody > tr > td')
      .first()
      .evaluate((td) => getComputedStyle(td).backgroundColor),
  ).toBe('rgb(11, 15, 23)');

  // A test to yourself.
  await composer.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Test sent' }).first()).toBeVisible();

  // The send, after a confirmation naming the count.
  await composer.getByRole('button', { name: `Send to ${count.toLocaleString('en-US')} ${count === 1 ? 'member' : 'members'}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send this announcement?' });
  await expect(dialog).toContainText(subject);
  await dialog.getByRole('button', { name: 'Send now' }).click();
  const bar = composer.getByRole('progressbar', { name: 'Announcement progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(composer).toContainText(/Sent: [\d,]+ of [\d,]+ emails/);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Announcement sent' }).first()).toBeVisible();

  // It is in the history, and in the member's inbox with its unsubscribe link.
  await expect(page.getByRole('region', { name: 'Sent and scheduled announcements' }).getByRole('row').filter({ hasText: subject })).toBeVisible();
  await expect(linkEmailedTo(request, email, /\/unsubscribe\?/)).resolves.toContain('/unsubscribe?');
});

test('in the dark admin, the light preview draws the subject dark on the light email', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('swishly-theme', 'dark'));
  await page.goto('/admin/broadcasts');
  await expect(page.locator('html')).toHaveClass(/dark/, { timeout: 20_000 });
  const composer = page.getByRole('region', { name: 'New announcement' });
  const subject = `Dark admin preview ${Date.now().toString(36)}`;
  await composer.getByLabel('Subject').fill(subject);
  const editor = composer.getByRole('textbox', { name: 'Message' });
  await editor.click();
  await editor.pressSequentially('Readable in both.');
  // Leaving throwaway addresses out asks the server for the audience without them.
  const counted = page.waitForRequest((r) => r.url().includes('/api/admin/broadcasts/audience?') && r.url().includes('withoutDisposable=true'));
  await composer.getByLabel('Leave out throwaway addresses').check();
  await counted;
  await composer.getByRole('button', { name: 'Preview' }).click();
  const heading = composer.frameLocator('iframe[title="Email preview (light theme)"]').getByRole('heading', { name: subject });
  await expect(heading).toBeVisible();
  // The relative luminance of the subject's colour: dark text (well under half) on the light email.
  const luminance = await heading.evaluate((h) => {
    const [r, g, b] = getComputedStyle(h).color.match(/\d+/g)!.map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });
  expect(luminance).toBeLessThan(0.5);
});
