import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_STATE } from './fixtures/admin-session';

// Tooltips of the icon-only buttons (spec §9 "Tooltip": open delay 700 ms, skip delay 300 ms),
// shown on hover after the delay and at once on keyboard focus, their text the button's name.

const FIRST_RENDER_TIMEOUT = 20_000;
/** Waits that include fetching a lazily loaded chunk (the header's tooltip). */
const LAZY_TIMEOUT = 15_000;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const uniqueCode = () => `T${Array.from({ length: 8 }, () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)]).join('')}`;

/**
 * Hovers `target` and returns how long (in the page's clock, so a slow test machine cannot
 * shorten it) passed between the pointer's arrival and the first tooltip in the page.
 */
async function msFromHoverToTooltip(page: Page, target: Locator): Promise<number> {
  await target.evaluate((element) => {
    const times = { hovered: 0, shown: 0 };
    (window as unknown as { tooltipTimes: typeof times }).tooltipTimes = times;
    element.addEventListener('pointermove', () => (times.hovered ||= performance.now()));
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[role="tooltip"]')) return;
      times.shown = performance.now();
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await target.hover();
  await expect(page.getByRole('tooltip')).toBeVisible({ timeout: LAZY_TIMEOUT });
  const { hovered, shown } = await page.evaluate(() => (window as unknown as { tooltipTimes: { hovered: number; shown: number } }).tooltipTimes);
  expect(hovered, 'the pointer reached the button').toBeGreaterThan(0);
  return shown - hovered;
}

/** The tooltip with this text (one that is closing may still fade out beside it). */
const tooltip = (page: Page, text: string) => page.getByRole('tooltip').filter({ hasText: text });

/** Moves the mouse to the middle of `target` in steps, as a hand does (Radix tracks the way out of a tooltip). */
async function glide(page: Page, target: Locator | { x: number; y: number }): Promise<void> {
  let point = target as { x: number; y: number };
  if ('boundingBox' in target) {
    const box = await target.boundingBox();
    expect(box, 'a box').not.toBeNull();
    point = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
  }
  await page.mouse.move(point.x, point.y, { steps: 8 });
}

test.describe('Admin tables', () => {
  test.use({ storageState: ADMIN_STATE });

  test('an icon button names itself in a tooltip 700 ms after the pointer rests on it, at once on keyboard focus', async ({ page }) => {
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
    const code = uniqueCode();
    const created = await page.context().request.post('/api/admin/early-access/codes', {
      headers: { 'X-CSRF-Token': csrf },
      data: { firstName: 'Tip', email: `e2e-tooltip-${Date.now()}@example.com`, code },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/admin/early-access');
    await expect(page.getByRole('heading', { level: 1, name: 'Early Access Management' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    const row = page.getByRole('row').filter({ hasText: code });
    const copy = row.getByRole('button', { name: `Copy code ${code}` });
    const remove = row.getByRole('button', { name: `Delete code ${code}` });

    // Hover: nothing at first, the tooltip after 700 ms.
    const waited = await msFromHoverToTooltip(page, copy);
    expect(waited).toBeGreaterThanOrEqual(690);
    await expect(page.getByRole('tooltip')).toHaveText(`Copy code ${code}`);

    // Its neighbour, reached within 300 ms, shows its own at once.
    await glide(page, remove);
    await expect(tooltip(page, `Delete code ${code}`)).toBeVisible({ timeout: 400 });

    // Away: gone. Keyboard focus shows it without the delay.
    await glide(page, { x: 5, y: 5 });
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.waitForTimeout(400);
    // (Focus put on a control after the mouse only moved counts as keyboard focus in Chromium:
    // the test starts on Copy, so that no tooltip is still fading out when the keys come back to it.)
    await copy.focus();
    await expect(tooltip(page, `Copy code ${code}`)).toBeVisible({ timeout: 500 });
    await page.keyboard.press('Tab');
    await expect(remove).toBeFocused();
    await expect(tooltip(page, `Delete code ${code}`)).toBeVisible({ timeout: 500 });
    await expect(tooltip(page, `Copy code ${code}`)).toHaveCount(0);
    await page.keyboard.press('Shift+Tab');
    await expect(copy).toBeFocused();
    await expect(tooltip(page, `Copy code ${code}`)).toBeVisible({ timeout: 500 });
    await page.keyboard.press('Tab');
    await expect(remove).toBeFocused();
    await expect(tooltip(page, `Delete code ${code}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });
});

test.describe('Theme toggle', { tag: '@desktop' }, () => {
  test('names itself in a tooltip on hover (after 700 ms) and on keyboard focus', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    const header = page.locator('header[data-scrolled]');
    const toggle = header.getByRole('button', { name: 'Dark theme' });

    // The first hover also fetches the tooltip's code; it still waits its 700 ms.
    const waited = await msFromHoverToTooltip(page, toggle);
    expect(waited).toBeGreaterThanOrEqual(690);
    await expect(page.getByRole('tooltip')).toHaveText('Dark theme');

    await glide(page, { x: 5, y: 400 });
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.waitForTimeout(400);

    // From the keyboard: the link before it, then Tab.
    await header.getByRole('link', { name: 'Contact Us' }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await expect(tooltip(page, 'Dark theme')).toBeVisible({ timeout: 500 });

    // Still a toggle: Enter switches the theme.
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  test('the first thing to reach it may be the keyboard', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    const header = page.locator('header[data-scrolled]');
    const toggle = header.getByRole('button', { name: 'Dark theme' });
    await header.getByRole('link', { name: 'Contact Us' }).focus();
    await page.keyboard.press('Tab');
    // The tooltip's code arrives and takes the button over without losing its focus.
    await expect(page.getByRole('tooltip')).toHaveText('Dark theme', { timeout: LAZY_TIMEOUT });
    await expect(toggle).toBeFocused();
  });
});
