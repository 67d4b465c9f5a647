import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { SITE_SETTINGS, withSiteConfig } from './site-config';

const { APP_STORE_URL, GOOGLE_PLAY_URL } = SITE_SETTINGS;

// Content pages: About, Our Vision, Privacy Policy, Terms of Service and the download page
// with its tracking (spec §2, §4 "Download tracking flow", §7 "track-download", §8).

const TRACK_URL = '**/api/analytics/downloads';

interface TrackBody {
  source_tag: string;
  platform: 'ios' | 'android' | 'desktop';
  click_type: 'badge_click' | 'page_visit';
  explicit_choice?: boolean;
}

/** Answers the tracking endpoint with `status` and records every body sent to it. */
async function recordTracking(page: Page, status = 202): Promise<TrackBody[]> {
  const bodies: TrackBody[] = [];
  await page.route(TRACK_URL, async (route) => {
    expect(route.request().method()).toBe('POST');
    bodies.push(route.request().postDataJSON() as TrackBody);
    await route.fulfill({
      status,
      contentType: 'application/json',
      body: status < 300 ? '{"accepted":true}' : '{"error":"Tracking is down","code":"INTERNAL"}',
    });
  });
  return bodies;
}

/** The store listings must never be fetched from the internet during tests. */
async function stubStores(context: BrowserContext): Promise<void> {
  for (const url of [APP_STORE_URL, GOOGLE_PLAY_URL]) {
    const { origin } = new URL(url);
    await context.route(`${origin}/**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Store</title><p>Store</p>' }),
    );
  }
}

/** Opens a page and waits for its lazily loaded content (the page's h1). */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Collects console errors except the ones a test expects. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('About page', () => {
  test('tells the team story and, with no real founder yet, presents the team as a whole', { tag: '@layout' }, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openPage(page, '/about');
    await expect(page).toHaveTitle(/About/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /It started with a missed shot/ })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Finland');

    // content/people.ts has only samples: visitors see the team, no made-up founder.
    await expect(page.getByRole('heading', { level: 2, name: 'Meet the team' })).toBeVisible();
    await expect(page.getByTestId('founder-card')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('Co-founder');
    const team = page.getByTestId('team-card');
    await expect(team).toBeVisible();
    await expect(team.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(team.getByRole('link', { name: 'Get in touch with the team' })).toHaveAttribute('href', '/contact');
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });

  test('in development the sample founders show, as three cards marked as samples', { tag: '@layout' }, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await withSiteConfig(page, (config) => ({ ...config, samples: true }));
    await openPage(page, '/about');
    await expect(page.getByRole('heading', { level: 2, name: 'Meet the founders' })).toBeVisible();
    await expect(page.getByTestId('team-card')).toHaveCount(0);
    const cards = page.getByTestId('founder-card');
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) {
      const portrait = card.getByTestId('founder-portrait');
      await expect(portrait).toBeVisible();
      const box = await portrait.boundingBox();
      expect(box?.width).toBe(112);
      expect(box?.height).toBe(112);
      await expect(card.getByText('Sample', { exact: true })).toBeVisible();
      await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
      expect((await card.locator('p').allInnerTexts()).join(' ').length).toBeGreaterThan(60);
      const link = card.getByRole('link');
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAttribute('href', /^(\/|https:\/\/)/);
    }
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });

  test("'Download the App' goes to /contact", async ({ page }) => {
    await openPage(page, '/about');
    const download = page.getByRole('main').getByRole('link', { name: 'Download the App' });
    await expect(download).toHaveAttribute('href', '/contact');
    await download.click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("'See How It Works' goes to the product section of the home page", async ({ page }) => {
    await openPage(page, '/about');
    const howItWorks = page.getByRole('main').getByRole('link', { name: 'See How It Works' });
    await expect(howItWorks).toHaveAttribute('href', '/#product');
    await howItWorks.click();
    await expect(page).toHaveURL(/\/#product$/);
    await expect(page.locator('#product')).toBeInViewport({ timeout: 10_000 });
  });
});

test.describe('Our Vision page', () => {
  test('tells the vision in narrative sections', { tag: '@layout' }, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openPage(page, '/our-vision');
    await expect(page).toHaveTitle(/Our Vision/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    for (const name of ['Why shooting form matters', 'Democratising elite coaching', 'From youth to elite', 'Built in Finland', "What's next"]) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });

  test("'Download the App' opens the download page tagged our-vision", async ({ page }) => {
    const bodies = await recordTracking(page);
    await openPage(page, '/our-vision');
    const download = page.getByRole('main').getByRole('link', { name: 'Download the App' });
    await expect(download).toHaveAttribute('href', '/download/our-vision');
    await download.click();
    await expect(page).toHaveURL(/\/download\/our-vision$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible();
    await expect.poll(() => bodies).toContainEqual(expect.objectContaining({ source_tag: 'our-vision', click_type: 'page_visit' }));
  });

  test("'See How It Works' scrolls to the product section", async ({ page }) => {
    await openPage(page, '/our-vision');
    await page.getByRole('main').getByRole('link', { name: 'See How It Works' }).click();
    await expect(page).toHaveURL(/\/#product$/);
    await expect(page.locator('#product')).toBeInViewport({ timeout: 10_000 });
  });

  test('a deep link to a chapter scrolls to it', async ({ page }) => {
    await openPage(page, '/our-vision#built-in-finland');
    await expect(page.locator('#built-in-finland')).toBeInViewport({ timeout: 10_000 });
  });

  test("'Contact Us' goes to /contact", async ({ page }) => {
    await openPage(page, '/our-vision');
    const contact = page.getByRole('main').getByRole('link', { name: 'Contact Us' });
    await expect(contact).toHaveAttribute('href', '/contact');
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

const privacySections = [
  ['who-we-are', 'Who we are'],
  ['what-we-collect', 'What we collect'],
  ['how-we-use-data', 'How we use your data'],
  ['sharing', 'Sharing your data'],
  ['your-rights', 'Your rights'],
  ['security', 'Security'],
  ['children', 'Children'],
  ['retention', 'Data retention'],
  ['changes', 'Changes to this policy'],
] as const;

const termsSections = [
  ['acceptance', 'Acceptance of terms'],
  ['accounts', 'Accounts'],
  ['use', 'Use of the service'],
  ['intellectual-property', 'Intellectual property'],
  ['termination', 'Termination'],
  ['disclaimers', 'Disclaimers'],
  ['limitation-of-liability', 'Limitation of liability'],
  ['governing-law', 'Governing law'],
  ['contact', 'Contact'],
] as const;

test.describe('Legal pages', () => {
  test('the privacy policy has its nine sections, date and age rule', { tag: '@layout' }, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openPage(page, '/privacy-policy');
    await expect(page).toHaveTitle(/Privacy Policy/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Last updated June 9th, 2025')).toBeVisible();

    const headings = page.getByRole('main').locator('section > h2[id]');
    await expect(headings).toHaveCount(9);
    for (const [index, [id, title]] of privacySections.entries()) {
      const heading = page.getByRole('heading', { level: 2, name: `${index + 1}. ${title}`, exact: true });
      await expect(heading).toHaveAttribute('id', id);
    }

    const children = page.locator('section').filter({ has: page.locator('#children') });
    await expect(children).toContainText('The Service is for players aged 13 and over');
    await expect(children).toContainText('A player under 13 uses the Service through a parent or guardian');
    await expect(page.locator('section').filter({ has: page.locator('#who-we-are') })).toContainText('Finland');
    await expect(page.getByRole('main')).toContainText('Data Protection Ombudsman');
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });

  test('the terms of service have their nine sections, date, age rule, Finnish law and the liability cap', { tag: '@layout' }, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openPage(page, '/terms-of-service');
    await expect(page).toHaveTitle(/Terms of Service/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated June 9th, 2025')).toBeVisible();

    const headings = page.getByRole('main').locator('section > h2[id]');
    await expect(headings).toHaveCount(9);
    for (const [index, [id, title]] of termsSections.entries()) {
      const heading = page.getByRole('heading', { level: 2, name: `${index + 1}. ${title}`, exact: true });
      await expect(heading).toHaveAttribute('id', id);
    }

    const section = (id: string) => page.locator('section').filter({ has: page.locator(`#${id}`) });
    await expect(section('accounts')).toContainText('If you are under 15, you may create an account only with the consent of a parent or guardian');
    await expect(section('governing-law')).toContainText('governed by the laws of Finland');
    await expect(section('limitation-of-liability')).toContainText('limited to the amount you have paid us for the Service in the 12 months before');
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });

  test('both name the company behind the site, as configured, and the privacy policy its privacy contact', async ({ page }) => {
    await openPage(page, '/privacy-policy');
    const whoWeAre = page.locator('section').filter({ has: page.locator('#who-we-are') });
    await expect(whoWeAre).toContainText(`provided by ${SITE_SETTINGS.COMPANY_LEGAL_NAME}, registered and based in Finland`);
    const details = whoWeAre.getByTestId('company-details');
    for (const value of [SITE_SETTINGS.COMPANY_LEGAL_NAME, SITE_SETTINGS.COMPANY_BUSINESS_ID, SITE_SETTINGS.COMPANY_ADDRESS]) {
      await expect(details).toContainText(value);
    }
    await expect(details.getByRole('link', { name: SITE_SETTINGS.PRIVACY_EMAIL })).toHaveAttribute('href', `mailto:${SITE_SETTINGS.PRIVACY_EMAIL}`);
    const rights = page.locator('section').filter({ has: page.locator('#your-rights') });
    await expect(rights.getByRole('link', { name: SITE_SETTINGS.PRIVACY_EMAIL })).toBeVisible();

    await openPage(page, '/terms-of-service');
    await expect(page.locator('section').filter({ has: page.locator('#acceptance') })).toContainText(
      `provided by ${SITE_SETTINGS.COMPANY_LEGAL_NAME}, based in Finland`,
    );
    const contact = page
      .locator('section')
      .filter({ has: page.locator('#contact') })
      .getByTestId('company-details');
    await expect(contact).toContainText(SITE_SETTINGS.COMPANY_BUSINESS_ID);
    await expect(contact).toContainText(SITE_SETTINGS.COMPANY_ADDRESS);
  });

  test('without a configured company they say where to ask for its details, and invent none', async ({ page }) => {
    await withSiteConfig(page, (config) => ({ ...config, company: {} }));
    await openPage(page, '/privacy-policy');
    const whoWeAre = page.locator('section').filter({ has: page.locator('#who-we-are') });
    await expect(whoWeAre).toContainText('provided by the company behind Swishly, registered and based in Finland');
    await expect(whoWeAre.getByTestId('company-details')).toContainText('are not listed here yet');
    await expect(whoWeAre.getByTestId('company-details').getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('main').locator('a[href^="mailto:"]')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText(SITE_SETTINGS.COMPANY_LEGAL_NAME);
  });

  test('a deep link to a section scrolls to it once the page has loaded', async ({ page }) => {
    await openPage(page, '/privacy-policy#children');
    await expect(page.locator('#children')).toBeInViewport({ timeout: 10_000 });
  });

  test('the contents list links to the sections', async ({ page }) => {
    await openPage(page, '/terms-of-service');
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: '8. Governing law' }).click();
    await expect(page).toHaveURL(/#governing-law$/);
    await expect(page.locator('#governing-law')).toBeInViewport({ timeout: 10_000 });
  });
});

test.describe('Download page', () => {
  test.beforeEach(async ({ context }) => {
    await stubStores(context);
  });

  test('shows the logo, headline, badges and three blurbs, and records a desktop page visit', { tag: '@layout' }, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const bodies = await recordTracking(page);
    await page.addInitScript(() => {
      (window as Window & { dataLayer?: unknown[] }).dataLayer = [];
    });
    await openPage(page, '/download/direct');

    await expect(page).toHaveTitle(/Download/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible();
    await expect(page.getByTestId('download-logo')).toBeVisible();
    for (const name of ['AI Shot Analysis', 'Personal Coach', 'Track Progress']) {
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
    }

    const main = page.getByRole('main');
    for (const name of [/App Store/, /Google Play/]) {
      const image = main.getByRole('link', { name }).getByRole('img');
      await expect(image).toBeVisible();
      const box = await image.boundingBox();
      expect(box?.width).toBe(200);
      expect(box?.height).toBe(56);
    }

    await expect.poll(() => bodies).toEqual([{ source_tag: 'direct', platform: 'desktop', click_type: 'page_visit', explicit_choice: false }]);
    const dataLayer = await page.evaluate(() => (window as Window & { dataLayer?: unknown[] }).dataLayer);
    expect(dataLayer).toContainEqual(expect.objectContaining({ event: 'page_view', source_tag: 'direct' }));
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
  });

  test("the tag defaults to 'direct'", async ({ page }) => {
    const bodies = await recordTracking(page);
    await openPage(page, '/download');
    await expect(page).toHaveURL(/\/download\/direct$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible();
    await expect.poll(() => bodies).toEqual([expect.objectContaining({ source_tag: 'direct', click_type: 'page_visit', platform: 'desktop' })]);
  });

  test('?platform=ios is recorded as an explicit choice', async ({ page }) => {
    const bodies = await recordTracking(page);
    await openPage(page, '/download/instagram-bio?platform=ios');
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible();
    await expect.poll(() => bodies).toEqual([{ source_tag: 'instagram-bio', platform: 'ios', click_type: 'page_visit', explicit_choice: true }]);
  });

  test('?platform=android is recorded as an explicit choice', async ({ page }) => {
    const bodies = await recordTracking(page);
    await openPage(page, '/download/direct?platform=android');
    await expect.poll(() => bodies).toEqual([{ source_tag: 'direct', platform: 'android', click_type: 'page_visit', explicit_choice: true }]);
  });

  test("no page visit is recorded when sessionStorage has 'mobile-redirected'", async ({ page }) => {
    const bodies = await recordTracking(page);
    await page.addInitScript(() => window.sessionStorage.setItem('mobile-redirected', 'true'));
    await openPage(page, '/download/direct?platform=ios');
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI Basketball Coach' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(bodies).toEqual([]);
  });

  test('clicking a badge records a badge_click, pushes to the data layer and opens the store', async ({ page }) => {
    const bodies = await recordTracking(page);
    await page.addInitScript(() => {
      (window as Window & { dataLayer?: unknown[] }).dataLayer = [];
    });
    await openPage(page, '/download/direct');
    await expect.poll(() => bodies.length).toBe(1);

    const main = page.getByRole('main');
    const appStorePopup = page.waitForEvent('popup');
    await main.getByRole('link', { name: /App Store/ }).click();
    const appStore = await appStorePopup;
    await appStore.waitForLoadState();
    expect(appStore.url()).toBe(APP_STORE_URL);
    await appStore.close();

    const playPopup = page.waitForEvent('popup');
    await main.getByRole('link', { name: /Google Play/ }).click();
    const play = await playPopup;
    await play.waitForLoadState();
    expect(play.url()).toBe(GOOGLE_PLAY_URL);
    await play.close();

    await expect
      .poll(() => bodies.filter((body) => body.click_type === 'badge_click'))
      .toEqual([
        { source_tag: 'direct', platform: 'ios', click_type: 'badge_click' },
        { source_tag: 'direct', platform: 'android', click_type: 'badge_click' },
      ]);
    const dataLayer = await page.evaluate(() => (window as Window & { dataLayer?: unknown[] }).dataLayer);
    expect(dataLayer).toContainEqual({ event: 'app_download_click', platform: 'ios', source: 'direct' });
    expect(dataLayer).toContainEqual({ event: 'app_download_click', platform: 'android', source: 'direct' });
    // The visitor stays on the download page.
    await expect(page).toHaveURL(/\/download\/direct$/);
  });

  test('a failing tracking call still opens the store and is logged', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const bodies = await recordTracking(page, 500);
    await openPage(page, '/download/direct');
    await expect.poll(() => bodies.length).toBe(1);

    const popup = page.waitForEvent('popup');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Google Play/ })
      .click();
    const store = await popup;
    await store.waitForLoadState();
    expect(store.url()).toBe(GOOGLE_PLAY_URL);

    await expect.poll(() => bodies.map((body) => body.click_type)).toEqual(['page_visit', 'badge_click']);
    await expect.poll(() => errors.filter((text) => text.startsWith('Error tracking download:')).length).toBe(2);
  });

  test('the badges open the configured listings, never a made-up one', async ({ page }) => {
    await recordTracking(page);
    await openPage(page, '/download/direct');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', APP_STORE_URL);
    await expect(main.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', GOOGLE_PLAY_URL);
    await expect(page.locator('a[href*="id0000000000"]')).toHaveCount(0);
  });

  test('a store without a configured listing shows a "coming soon" badge that links nowhere', async ({ page }) => {
    const bodies = await recordTracking(page);
    await withSiteConfig(page, (config) => ({ ...config, stores: { android: GOOGLE_PLAY_URL } }));
    await openPage(page, '/download/direct');
    const main = page.getByRole('main');
    await expect(main.getByText('App Store: Coming soon')).toBeVisible();
    await expect(main.getByRole('link', { name: /App Store/ })).toHaveCount(0);
    await expect(page.locator('a[href*="apple.com"]')).toHaveCount(0);
    const soon = main.locator('[data-platform="ios"][data-coming-soon="true"]');
    const box = await soon.boundingBox();
    expect(box?.width).toBe(200);
    expect(box?.height).toBe(56);
    await soon.click();
    await expect(page).toHaveURL(/\/download\/direct$/);
    await expect(main.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', GOOGLE_PLAY_URL);
    expect(bodies.filter((body) => body.click_type === 'badge_click')).toEqual([]);
  });

  test('the badges are keyboard accessible', async ({ page }) => {
    await recordTracking(page);
    await openPage(page, '/download/direct');
    const appStore = page.getByRole('main').getByRole('link', { name: /App Store/ });
    await appStore.focus();
    await expect(appStore).toBeFocused();
    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    expect((await popup).url()).toBe(APP_STORE_URL);
  });
});
