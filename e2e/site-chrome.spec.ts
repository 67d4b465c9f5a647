import { expect, test, type Locator, type Page } from '@playwright/test';
import { SITE_SETTINGS, withSiteConfig } from './site-config';

// The shared chrome (spec §2 "Shared chrome": header, drawer, theme, footer) and the home
// page's structure and behaviours (spec §2 "Home", §4 "Theme", "Mobile feature chips", §9).

const MOBILE_BREAKPOINT = 768;

// Several tests reload or navigate a few times; leave room for a busy CI machine.
test.describe.configure({ timeout: 60_000 });

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

async function brandOf(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content?.trim() || 'Swishly');
}

const isMobileViewport = (viewport: { width: number } | null) => (viewport?.width ?? 1280) < MOBILE_BREAKPOINT;

/** Generous wait for the first render: lazily loaded screens on a busy CI machine. */
const FIRST_RENDER_TIMEOUT = 30_000;

/** Waits that include fetching a lazily loaded chunk (menu, drawer, FAQ, testimonials). */
const LAZY_TIMEOUT = 15_000;

/** Opens a page and waits until its screen (lazy chunk) has rendered its heading. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
}

/** The site header (the layouts without it render no element with data-scrolled). */
const siteHeader = (page: Page) => page.locator('header[data-scrolled]');

/** The open 'How It Works' menu: a navigation menu's list of links. */
const howItWorksMenu = (page: Page) => siteHeader(page).getByRole('list', { name: 'How It Works' });

/** Top of an element relative to the viewport. */
async function topOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => el.getBoundingClientRect().top);
}

/** Waits until scrolling has stopped, then returns scrollY. */
async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  for (let i = 0; i < 40; i += 1) {
    const y = await page.evaluate(() => window.scrollY);
    if (y === last) return y;
    last = y;
    await page.waitForTimeout(100);
  }
  return last;
}

test.beforeEach(async ({ page }) => {
  await page.route('**/api/analytics/downloads', (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{"accepted":true}' }));
});

test.describe('Header (desktop)', { tag: '@desktop' }, () => {
  test('has the logo, the links and the theme toggle', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/about');
    const header = siteHeader(page);
    const brand = await brandOf(page);

    const logo = header.getByRole('link', { name: `${brand} home` });
    await expect(logo).toHaveAttribute('href', '/');
    await expect(logo.locator('img')).toBeVisible();

    const nav = header.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/resources');
    await expect(nav.getByRole('link', { name: 'Our Vision' })).toHaveAttribute('href', '/our-vision');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(nav.getByRole('button', { name: 'Dark theme' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();

    await nav.getByRole('link', { name: 'Our Vision' }).click();
    await expect(page).toHaveURL(/\/our-vision$/);
    await expect(nav.getByRole('link', { name: 'Our Vision' })).toHaveAttribute('aria-current', 'page');

    await logo.click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  });

  test("'How It Works' menu lists three items that all lead to /#product", async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/');
    const trigger = siteHeader(page).getByRole('button', { name: 'How It Works' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');

    const menu = howItWorksMenu(page);
    await expect(menu).toBeVisible({ timeout: LAZY_TIMEOUT });
    const items = menu.getByRole('link');
    await expect(items).toHaveText(['Real-time Feedback', 'Motion Analysis & Biomechanics', 'Form Breakdown']);
    for (const item of await items.all()) await expect(item).toHaveAttribute('href', '/#product');

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('the menu works from the keyboard', async ({ page }) => {
    await open(page, '/privacy-policy');
    const trigger = siteHeader(page).getByRole('button', { name: 'How It Works' });
    await trigger.focus();
    // Focusing fetches the real menu, which replaces its stand-in without losing focus.
    await expect(siteHeader(page).locator('[data-placeholder]')).toHaveCount(0, { timeout: LAZY_TIMEOUT });
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = howItWorksMenu(page);
    await expect(menu).toBeVisible({ timeout: LAZY_TIMEOUT });
    await expect(menu.getByRole('link', { name: 'Real-time Feedback' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Motion Analysis & Biomechanics' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Form Breakdown' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/#product$/);
    await expect(menu).toBeHidden();
    await expect.poll(() => topOf(page.locator('#product')), { timeout: LAZY_TIMEOUT }).toBeLessThan(120);
  });

  test('the menu opens from the keyboard even before its code has arrived', async ({ page }) => {
    await page.route(/how-it-works-menu[^/]*\.(js|tsx)(\?.*)?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await open(page, '/about');
    const standIn = siteHeader(page).locator('[data-placeholder]');
    await expect(standIn).toHaveCount(1);
    await standIn.focus();
    await page.keyboard.press('Enter');
    const menu = howItWorksMenu(page);
    await expect(menu).toBeVisible({ timeout: LAZY_TIMEOUT });
    await expect(menu.getByRole('link', { name: 'Real-time Feedback' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(siteHeader(page).getByRole('button', { name: 'How It Works' })).toBeFocused();
  });

  test('a menu item on the home page scrolls straight to the product section', async ({ page }) => {
    await open(page, '/');
    await siteHeader(page).getByRole('button', { name: 'How It Works' }).click();
    await howItWorksMenu(page).getByRole('link', { name: 'Form Breakdown' }).click();
    await expect(page).toHaveURL(/\/#product$/);
    await expect.poll(() => topOf(page.locator('#product')), { timeout: LAZY_TIMEOUT }).toBeLessThan(120);
    expect(await topOf(page.locator('#product'))).toBeGreaterThanOrEqual(0);
  });

  test('the menu opens 200 ms after the pointer rests on its trigger and closes when it leaves (spec §9)', async ({ page }) => {
    await open(page, '/about');
    const trigger = siteHeader(page).getByRole('button', { name: 'How It Works' });
    // The first pointer on the stand-in fetches the menu, which opens without another move.
    await trigger.hover();
    await expect(howItWorksMenu(page)).toBeVisible({ timeout: LAZY_TIMEOUT });
    await page.mouse.move(640, 500, { steps: 8 });
    await expect(howItWorksMenu(page)).toBeHidden();
    await page.waitForTimeout(400);

    // Times in the page's clock, so a slow machine cannot make them look shorter.
    await trigger.evaluate((element) => {
      const times = { hovered: 0, opened: 0, left: 0, closed: 0 };
      (window as unknown as { menuTimes: typeof times }).menuTimes = times;
      element.addEventListener('pointermove', () => (times.hovered ||= performance.now()));
      element.addEventListener('pointerleave', () => (times.left ||= performance.now()));
      new MutationObserver(() => {
        const expanded = element.getAttribute('aria-expanded') === 'true';
        if (expanded && !times.opened) times.opened = performance.now();
        if (!expanded && times.opened && !times.closed) times.closed = performance.now();
      }).observe(element, { attributes: true, attributeFilter: ['aria-expanded'] });
    });
    const times = () => page.evaluate(() => (window as unknown as { menuTimes: Record<string, number> }).menuTimes);
    await trigger.hover();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const opened = await times();
    expect(opened.opened - opened.hovered, 'not open before 200 ms').toBeGreaterThanOrEqual(195);

    const link = howItWorksMenu(page).getByRole('link', { name: 'Form Breakdown' });
    await expect(link).toBeVisible();
    await page.mouse.move(640, 500, { steps: 8 });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(howItWorksMenu(page)).toBeHidden();
    const closed = await times();
    expect(closed.closed - closed.left, 'open for 150 ms after the pointer left').toBeGreaterThanOrEqual(145);

    // Back within 300 ms: open again without the delay; its items lead to the home page section.
    await trigger.hover();
    await expect(howItWorksMenu(page)).toBeVisible();
    await page.mouse.move(0, 0);
    await trigger.hover();
    await link.hover();
    await link.click();
    await expect(page).toHaveURL(/\/#product$/);
    await expect.poll(() => topOf(page.locator('#product')), { timeout: LAZY_TIMEOUT }).toBeLessThan(120);
  });

  test('ArrowDown opens the menu on its first link', async ({ page }) => {
    await open(page, '/about');
    const trigger = siteHeader(page).getByRole('button', { name: 'How It Works' });
    await trigger.focus();
    await expect(siteHeader(page).locator('[data-placeholder]')).toHaveCount(0, { timeout: LAZY_TIMEOUT });
    await expect(trigger).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const menu = howItWorksMenu(page);
    await expect(menu.getByRole('link', { name: 'Real-time Feedback' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('link', { name: 'Form Breakdown' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('Mobile drawer', { tag: '@phone' }, () => {
  test('opens with the same items and a Theme toggle, and Escape closes it', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/about');
    const header = siteHeader(page);
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();

    // While the modal drawer is open the rest of the page is aria-hidden, so find the trigger by CSS.
    const trigger = header.locator('button[aria-haspopup="dialog"]');
    await expect(trigger).toHaveAccessibleName('Open menu');
    await expect(trigger).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.click();

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible({ timeout: LAZY_TIMEOUT });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Real-time Feedback', 'Motion Analysis & Biomechanics', 'Form Breakdown']) {
      await expect(drawer.getByRole('link', { name })).toHaveAttribute('href', '/#product');
    }
    await expect(drawer.getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/resources');
    await expect(drawer.getByRole('link', { name: 'Our Vision' })).toHaveAttribute('href', '/our-vision');
    await expect(drawer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(drawer.getByRole('switch', { name: 'Theme' })).toBeVisible();

    // Focus is trapped inside the drawer: a full round of Tab (8 stops) and back stays in it.
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('the close button and the links close it', async ({ page }) => {
    await open(page, '/');
    const trigger = siteHeader(page).locator('button[aria-haspopup="dialog"]');
    await trigger.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();

    await trigger.click();
    await drawer.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(drawer).toBeHidden();
  });

  test('a section link in the drawer on another page goes to the home section', async ({ page }) => {
    await open(page, '/our-vision');
    await siteHeader(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Form Breakdown' }).click();
    await expect(page).toHaveURL(/\/#product$/);
    await expect.poll(() => topOf(page.locator('#product')), { timeout: LAZY_TIMEOUT }).toBeLessThan(120);
  });
});

test.describe('Theme', () => {
  test('starts from the system preference, toggles, and persists across a reload', { tag: '@layout' }, async ({ page, viewport }) => {
    const errors = collectErrors(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, '/');
    // 'swishly-theme' with the default brand.
    const key = `${(await brandOf(page)).toLowerCase()}-theme`;
    const html = page.locator('html');
    const body = page.locator('body');
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(body).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();

    const darkBackground = await body.evaluate((el) => getComputedStyle(el).backgroundColor);

    if (isMobileViewport(viewport)) {
      await siteHeader(page).getByRole('button', { name: 'Open menu' }).click();
      const toggle = page.getByRole('dialog', { name: 'Menu' }).getByRole('switch', { name: 'Theme' });
      await expect(toggle).toHaveAttribute('aria-checked', 'true', { timeout: LAZY_TIMEOUT });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await page.keyboard.press('Escape');
    } else {
      const toggle = siteHeader(page).getByRole('button', { name: 'Dark theme' });
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    }

    await expect(html).toHaveClass(/(^|\s)light(\s|$)/);
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(body).toHaveClass(/(^|\s)light(\s|$)/);
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBe('light');
    expect(await body.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(darkBackground);
    // The logo follows the theme.
    await expect(siteHeader(page).locator('img').first()).toHaveAttribute('src', /light/);

    await page.reload();
    await expect(html).toHaveClass(/(^|\s)light(\s|$)/);
    await expect(body).toHaveClass(/(^|\s)light(\s|$)/);
    expect(errors).toEqual([]);
  });

  test('a stored choice wins over the system preference; an invalid one is ignored', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/');
    await expect(page.locator('html')).toHaveClass(/(^|\s)light(\s|$)/);
    const key = `${(await brandOf(page)).toLowerCase()}-theme`;

    await page.evaluate((k) => localStorage.setItem(k, 'dark'), key);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(page.locator('body')).toHaveClass(/(^|\s)dark(\s|$)/);

    await page.evaluate((k) => localStorage.setItem(k, 'purple'), key);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/(^|\s)light(\s|$)/);
  });

  test('the theme is applied before the app runs (no flash)', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, '/');
    const key = `${(await brandOf(page)).toLowerCase()}-theme`;
    await page.evaluate((k) => localStorage.setItem(k, 'dark'), key);
    // Hold the app's JavaScript back: only /theme-init.js may run.
    await page.route(/\/(assets|src)\/.*\.(js|tsx?)(\?.*)?$/, (route) => route.abort());
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root')).toBeEmpty();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(page.locator('body')).toHaveClass(/(^|\s)dark(\s|$)/);
  });
});

test.describe('Layouts', () => {
  for (const path of ['/shotanalysis', '/hbf/x', '/hbf-feedback/x', '/shot/x', '/shot-feedback/x', '/admin']) {
    test(`no header and no footer on ${path}`, async ({ page }) => {
      await open(page, path);
      if (new URL(page.url()).pathname === '/admin/login') return; // sent to sign in: covered below
      await expect(siteHeader(page)).toHaveCount(0);
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    });
  }

  test('/admin/login has both the header and the footer', async ({ page }) => {
    await open(page, '/admin/login');
    await expect(siteHeader(page)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('the skip link jumps to the main content', async ({ page }) => {
    await open(page, '/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
  });
});

test.describe('Header behaviour', () => {
  test('becomes more opaque after scrolling more than 50 px', async ({ page }) => {
    await open(page, '/');
    const header = siteHeader(page);
    const alpha = () =>
      header.evaluate((el) => {
        const color = getComputedStyle(el).backgroundColor;
        const parts = color.match(/[\d.]+/g)?.map(Number) ?? [];
        if (color.startsWith('color(')) return parts[3] ?? 1;
        return parts.length >= 4 ? parts[3] : 1;
      });

    await expect(header).toHaveAttribute('data-scrolled', 'false');
    const atTop = await alpha();

    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(400);
    await expect(header).toHaveAttribute('data-scrolled', 'false');

    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(alpha).toBeGreaterThan(atTop + 0.2);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect.poll(alpha).toBeLessThan(atTop + 0.05);
  });

  test('the logo falls back to the local mark when it cannot load', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(/\/brand\/logo-for-(dark|light)-theme\.svg$/, (route) => route.fulfill({ status: 404, body: '' }));
    await open(page, '/about');
    const logo = siteHeader(page).getByRole('link', { name: /home$/ });
    await expect(logo.locator('img[src="/brand/logo-fallback.svg"]')).toBeVisible();
    await expect(logo).toContainText(await brandOf(page));
    expect(errors).toEqual([]);
  });
});

test.describe('Hash links', () => {
  test('a footer product link on /about goes to / and scrolls to #product', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/about');
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Real-time Feedback' });
    await expect(link).toHaveAttribute('href', '/#product');
    await link.click();
    await expect(page).toHaveURL(/\/#product$/);
    // Both bounds at once, polled until the scroll settles (a single read can catch it mid-way).
    await expect
      .poll(
        async () => {
          const top = await topOf(page.locator('#product'));
          return top >= 0 && top < 120;
        },
        { timeout: LAZY_TIMEOUT },
      )
      .toBe(true);
    expect(await settledScrollY(page)).toBeGreaterThan(200);
    expect(errors).toEqual([]);
  });

  test('opening /#faq directly scrolls to the FAQ', async ({ page }) => {
    await open(page, '/#faq');
    await expect.poll(() => topOf(page.locator('#faq')), { timeout: LAZY_TIMEOUT }).toBeLessThan(120);
    expect(await settledScrollY(page)).toBeGreaterThan(400);
  });

  test('#waitlist scrolls back to the top of the page', async ({ page }) => {
    await open(page, '/');
    const cta = page.locator('[data-cta="homepage"]');
    await cta.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await expect(cta).toHaveAttribute('href', '/#waitlist');
    await cta.click();
    await expect(page).toHaveURL(/\/#waitlist$/);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: LAZY_TIMEOUT }).toBe(0);
  });
});

test.describe('Home page', () => {
  test('has its sections in order with their anchors', { tag: '@layout' }, async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/');
    const brand = await brandOf(page);

    const hero = page.locator('section#waitlist');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Train like the Pros, Become one.');
    await expect(hero).toContainText('Real-time feedback. Smarter training.');
    await expect(hero).toContainText(`${brand} is your AI-powered coach, built to make you better.`);
    await expect(hero).toContainText("Be among the world's first to try our AI shooting coach. Download the alpha now.");
    await expect(hero.locator('[data-slot="waitlist-form"]')).toBeVisible();
    for (const name of [/App Store/, /Google Play/]) {
      const badge = hero.getByRole('link', { name });
      await expect(badge).toBeVisible();
      const box = await badge.locator('img').boundingBox();
      expect(box?.width).toBe(200);
      expect(box?.height).toBe(56);
    }

    await expect(page.locator('#product').getByRole('heading', { level: 2 })).toHaveText('See your shot. Understand your form. Train with precision.');
    await expect(page.getByRole('heading', { level: 2, name: 'Start improving today' })).toBeVisible();

    const order = await page.evaluate(() => {
      const ids = ['waitlist', 'product', 'testimonials', 'faq'];
      const nodes = ids.map((id) => document.getElementById(id));
      const cta = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Start improving today');
      return [...nodes, cta].map((node) => (node ? node.getBoundingClientRect().top + window.scrollY : null));
    });
    expect(order.every((value) => value !== null)).toBe(true);
    const tops = order as number[];
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    expect(new Set(tops).size).toBe(tops.length);

    // The closing call to action carries the homepage tags.
    const cta = page.locator('section[data-section="cta"]');
    await expect(cta.getByRole('link', { name: /App Store/ })).toBeVisible();
    await expect(cta.locator('[data-cta="homepage"]')).toBeVisible();

    await expect(page.locator('body')).not.toContainText('{product}');
    expect(errors).toEqual([]);
  });

  test('shows no made-up testimonial: with no real one, it invites players to share their story', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/');
    const section = page.locator('section#testimonials');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { level: 2, name: 'Share your story' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'Send us your story' })).toHaveAttribute('href', '/contact');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('testimonials-list')).toHaveCount(0);
    // The samples of content/people.ts (named "alpha testers") never reach a visitor.
    for (const name of ['Aino K.', 'Mikko L.', 'Jenna S.', 'Oskari P.', 'Alpha tester']) {
      await expect(page.locator('body')).not.toContainText(name);
    }
    await section.getByRole('link', { name: 'Send us your story' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(errors).toEqual([]);
  });

  test('in development the sample testimonials show, loaded only when they come near the viewport', async ({ page }) => {
    await withSiteConfig(page, (config) => ({ ...config, samples: true }));
    const chunkRequests: string[] = [];
    page.on('request', (request) => {
      if (/testimonials-list/.test(request.url())) chunkRequests.push(request.url());
    });
    await open(page, '/');
    await page.waitForLoadState('networkidle');
    expect(chunkRequests).toEqual([]);
    await expect(page.getByTestId('testimonials-list')).toHaveCount(0);

    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    const list = page.getByTestId('testimonials-list');
    await expect(list).toBeVisible({ timeout: LAZY_TIMEOUT });
    await expect(list.locator('li')).toHaveCount(4);
    await expect(list.locator('li').first()).toContainText('Sample');
    expect(chunkRequests.length).toBeGreaterThan(0);
  });

  test('store badges link to the configured listings only; without one, a "coming soon" badge that is not a link', async ({ page }) => {
    await open(page, '/');
    const hero = page.locator('section#waitlist');
    await expect(hero.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', SITE_SETTINGS.APP_STORE_URL);
    await expect(hero.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', SITE_SETTINGS.GOOGLE_PLAY_URL);
    await expect(page.locator('a[href*="id0000000000"]')).toHaveCount(0);

    await withSiteConfig(page, (config) => ({ ...config, stores: {} }));
    await open(page, '/');
    await expect(page.locator('a[href*="apple.com"], a[href*="play.google.com"]')).toHaveCount(0);
    for (const area of [hero, page.locator('section[data-section="cta"]')]) {
      await expect(area.getByText('App Store: Coming soon')).toBeVisible();
      await expect(area.getByText('Google Play: Coming soon')).toBeVisible();
    }
  });

  test('the demo video is 9:16, muted, looping, inline and loaded lazily', { tag: '@layout' }, async ({ page }) => {
    const mediaRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/media\/demo/.test(request.url())) mediaRequests.push(request.url());
    });
    await open(page, '/');
    const video = page.locator('#product video');
    await expect(video).toHaveCount(1);
    expect(
      await video.evaluate((el: HTMLVideoElement) => ({
        muted: el.muted,
        loop: el.loop,
        playsInline: el.playsInline,
        autoplay: el.autoplay,
        preload: el.preload,
      })),
    ).toEqual({ muted: true, loop: true, playsInline: true, autoplay: true, preload: 'none' });

    const frame = page.getByTestId('demo-video-frame');
    const box = await frame.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs(box!.width / box!.height - 9 / 16)).toBeLessThan(0.02);

    // Near the viewport only: nothing is fetched while the section is far away.
    const initiallyNear = await frame.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight + 300);
    if (!initiallyNear) expect(mediaRequests).toEqual([]);
    await frame.scrollIntoViewIfNeeded();
    await expect(video).toHaveAttribute('poster', '/media/demo-poster.webp', { timeout: LAZY_TIMEOUT });
    await expect.poll(() => video.evaluate((el) => el.querySelectorAll('source').length), { timeout: LAZY_TIMEOUT }).toBe(2);
  });

  test('shows the badge text for the viewport', { tag: '@layout' }, async ({ page, viewport }) => {
    await open(page, '/');
    const badge = page.getByTestId('video-badge');
    if (isMobileViewport(viewport)) {
      await expect(badge.getByText('Alpha version coming soon')).toBeVisible();
      await expect(badge.getByText('Alpha version just dropped!')).toBeHidden();
    } else {
      await expect(badge.getByText('Alpha version just dropped!')).toBeVisible();
      await expect(badge.getByText('Alpha version coming soon')).toBeHidden();
    }
  });

  test('desktop shows the three feature cards beside the video', { tag: '@desktop' }, async ({ page }) => {
    await open(page, '/');
    const cards = page.getByTestId('feature-cards');
    await expect(cards).toBeVisible();
    await expect(cards.locator('li')).toHaveCount(3);
    await expect(page.getByTestId('feature-chips')).toBeHidden();
    const cardsBox = await cards.boundingBox();
    const videoBox = await page.getByTestId('demo-video-frame').boundingBox();
    expect(cardsBox!.x + cardsBox!.width).toBeLessThanOrEqual(videoBox!.x);
    for (const color of ['orange', 'blue']) {
      expect(await cards.locator(`[data-color="${color}"]`).count()).toBeGreaterThan(0);
    }
  });

  test('mobile chips open and close independently', { tag: '@phone' }, async ({ page }) => {
    await open(page, '/');
    await expect(page.getByTestId('feature-cards')).toBeHidden();
    const chips = page.getByTestId('feature-chips').getByRole('button');
    await expect(chips).toHaveCount(3);
    const [first, second, third] = await chips.all();
    const panelOf = async (chip: Locator) => page.locator(`#${await chip.getAttribute('aria-controls')}`);

    for (const chip of [first, second, third]) await expect(chip).toHaveAttribute('aria-expanded', 'false');
    await expect(await panelOf(first)).toBeHidden();

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstPanel = await panelOf(first);
    await expect(firstPanel).toBeVisible();
    expect((await firstPanel.innerText()).length).toBeGreaterThan(20);

    await second.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(third).toHaveAttribute('aria-expanded', 'false');

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstPanel).toBeHidden();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(await panelOf(second)).toBeVisible();
  });

  test('FAQ: 16 questions, one open at a time, and it can be collapsed', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/');
    const faq = page.locator('section#faq');
    await faq.scrollIntoViewIfNeeded();
    await expect(faq.getByTestId('faq-accordion')).toBeVisible({ timeout: LAZY_TIMEOUT });
    const triggers = faq.getByRole('button');
    await expect(triggers).toHaveCount(16);
    const first = triggers.nth(0);
    const second = triggers.nth(1);

    for (const trigger of await triggers.all()) await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstPanel = faq.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(firstPanel).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstPanel).toBeHidden();
    expect(await faq.locator('[aria-expanded="true"]').count()).toBe(1);

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(await faq.locator('[aria-expanded="true"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

test.describe('Footer', () => {
  test('has its columns, coming-soon entries that are not links, and the configured social links', async ({ page }) => {
    await open(page, '/about');
    const footer = page.getByRole('contentinfo');
    const brand = await brandOf(page);

    const expectLink = async (name: string, href: string) => expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expectLink('About', '/about');
    await expectLink('Contact Us', '/contact');
    await expectLink('Blog', '/resources');
    await expectLink('Support', '/contact');
    await expectLink('Privacy Policy', '/privacy-policy');
    await expectLink('Terms of Service', '/terms-of-service');
    for (const name of ['Real-time Feedback', 'Motion Analysis', 'Form Breakdown']) await expectLink(name, '/#product');

    for (const name of ['Press', 'Careers', 'Guide']) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveCount(0);
      const entry = footer.locator('[data-coming-soon]', { hasText: name });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText('Coming soon');
    }

    // Only the configured profiles: Instagram and YouTube, not TikTok (scripts/e2e-server.js).
    const social = footer.getByRole('list', { name: 'Social media' });
    await expect(social.getByRole('link')).toHaveCount(2);
    for (const [network, href] of [
      ['Instagram', SITE_SETTINGS.INSTAGRAM_URL],
      ['YouTube', SITE_SETTINGS.YOUTUBE_URL],
    ]) {
      const link = social.getByRole('link', { name: new RegExp(network) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link', { name: /TikTok/ })).toHaveCount(0);

    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${brand}`);
  });

  test('with no social profile configured, it shows no social links', async ({ page }) => {
    await withSiteConfig(page, (config) => ({ ...config, social: {} }));
    await open(page, '/about');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('list', { name: 'Social media' })).toHaveCount(0);
    await expect(footer.locator('a[href*="instagram.com"], a[href*="tiktok.com"], a[href*="youtube.com"]')).toHaveCount(0);
  });
});
