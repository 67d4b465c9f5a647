import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// The waitlist (spec §2 "Waitlist landing (/shotanalysis)" and "Home", §4 "Waitlist landing
// form", §5, §7 "Referral link format", §8 "Waitlist and event flows", §9). The sign-ups are
// real: the API and the worker run on a fresh database (see playwright.config.ts).

test.describe.configure({ timeout: 60_000 });

/** Spec §9. */
const PANEL_DELAY_MS = 4000;
const COPIED_MS = 3000;

/** Generous: lazily loaded screens on a busy machine. */
const FIRST_RENDER_TIMEOUT = 20_000;

const REFERRAL_CODE = /^[A-Z0-9]{8}$/;

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // The API's expected 4xx answers (409, 404, 400) show up as failed resource loads.
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

async function brandOf(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content?.trim() || 'Swishly');
}

interface Joined {
  id: string;
  waitlistPosition: number;
  referralCode: string;
}

/** A sign-up straight through the API (to prepare a referrer, a duplicate, a status link). */
async function joinViaApi(request: APIRequestContext, input: { firstName: string; email: string; referrerCode?: string | null }): Promise<Joined> {
  const response = await request.post('/api/waitlist', {
    data: { first_name: input.firstName, email: input.email, role: null, referrerCode: input.referrerCode ?? null, website: '' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Joined;
}

/**
 * The token of the confirmation link in the welcome email (`<entry id>.<HMAC>`, see
 * libs/waitlist/src/entries/waitlist-links.ts), signed with the server's APP_SECRET: the e2e server
 * inherits this environment, so the same secret (or the development default) applies.
 */
function signedToken(purpose: 'waitlist-confirm' | 'waitlist-status', entryId: string): string {
  const secret = process.env.APP_SECRET ?? 'dev-only-secret-change-me-in-production';
  const signature = createHmac('sha256', secret).update(`${purpose}:${entryId}`).digest('base64url');
  return `${entryId}.${signature}`;
}
const confirmTokenFor = (entryId: string) => signedToken('waitlist-confirm', entryId);
/** The member's own "check your position" token (signed like the confirm token, for another purpose). */
const statusTokenFor = (entryId: string) => signedToken('waitlist-status', entryId);

/** Stops the page's (installed) clock about now. */
async function pauseClock(page: Page): Promise<void> {
  for (let lead = 100; ; lead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + lead);
      return;
    } catch (error) {
      // The page's time moved past the target meanwhile (a busy machine): aim further ahead.
      if (lead >= 6400 || !String(error).includes('past')) throw error;
    }
  }
}

/** The bottom panel (a region named by its h1). */
const panelOf = (page: Page) => page.getByRole('region', { name: /waitlist/i });

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

const joinForm = (scope: Page | Locator) => scope.getByRole('form', { name: 'Join the waitlist' });

/**
 * Opens /shotanalysis with a controllable clock and reveals the panel by moving the clock in
 * 100 ms steps, checking that it appears 4 s after the page's screen was put in the DOM:
 * never earlier, and no later than 4 s after the clock was stopped (by then the screen's
 * effects, which start the delay, have run). The clock runs normally again afterwards.
 */
async function openLandingAndWaitForPanel(page: Page, path = '/shotanalysis'): Promise<void> {
  await page.clock.install();
  // When the screen (its background video) is inserted, on the page's (fake) clock.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="background-video"]')) {
        (window as unknown as { __screenMountedAt: number }).__screenMountedAt = Date.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto(path);
  await expect(page.getByTestId('background-video')).toBeAttached({ timeout: FIRST_RENDER_TIMEOUT });
  // React's Suspense needs timers to show the lazy screen, so the clock only stops now, once
  // the screen's effects have surely run.
  await page.waitForTimeout(500);
  await pauseClock(page);
  const mountedAt = await page.evaluate(() => (window as unknown as { __screenMountedAt: number }).__screenMountedAt);
  const pausedAt = await page.evaluate(() => Date.now());

  const panel = panelOf(page);
  await expect(panel, 'no panel before 4 s').toHaveCount(0);
  let now = pausedAt;
  for (let step = 0; step < 60 && (await panel.count()) === 0; step += 1) {
    await page.clock.fastForward(100);
    now = await page.evaluate(() => Date.now());
  }
  await expect(panel).toHaveCount(1);
  expect(now - mountedAt, 'the panel waits 4 s').toBeGreaterThanOrEqual(PANEL_DELAY_MS);
  expect(now - pausedAt, 'the panel comes after 4 s').toBeLessThanOrEqual(PANEL_DELAY_MS + 100);
  await page.clock.resume();
  await expect(panel).toBeVisible();
}

test.describe('Waitlist landing (/shotanalysis)', () => {
  test('a full-screen looping muted video, then after 4 s a panel that can be minimized and expanded', { tag: '@layout' }, async ({ page }) => {
    const errors = collectErrors(page);
    await openLandingAndWaitForPanel(page);

    // The background video fills the screen's box, loops, is muted and plays inline; the upright
    // clip is shown whole (never zoomed to cover a wide screen), over a blurred poster backdrop.
    const video = page.getByTestId('background-video');
    const props = await video.evaluate((el: HTMLVideoElement) => ({
      loop: el.loop,
      muted: el.muted,
      autoplay: el.autoplay,
      playsInline: el.playsInline,
      poster: el.getAttribute('poster'),
      sources: [...el.querySelectorAll('source')].map((s) => s.getAttribute('src')),
      fit: getComputedStyle(el).objectFit,
      box: el.getBoundingClientRect().toJSON() as DOMRect,
    }));
    expect(props).toMatchObject({
      loop: true,
      muted: true,
      autoplay: true,
      playsInline: true,
      poster: '/media/demo-poster.webp',
      sources: ['/media/demo.webm', '/media/demo.mp4'],
      fit: 'contain',
    });
    await expect(page.locator('img[src="/media/demo-poster.webp"]')).toHaveCount(1);
    const viewport = page.viewportSize()!;
    expect(Math.round(props.box.width)).toBe(viewport.width);
    expect(Math.round(props.box.height)).toBe(viewport.height);

    // No site header or footer in the funnel.
    await expect(page.locator('header[data-scrolled]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    const panel = panelOf(page);
    const brand = await brandOf(page);
    await expect(panel.getByRole('heading', { level: 1 })).toHaveText(`Join the ${brand} waitlist`);
    const firstName = panel.getByLabel('First name');
    const email = panel.getByLabel('Email');
    await expect(firstName).toBeVisible();
    await expect(email).toHaveAttribute('type', 'email');
    await expect(panel.getByRole('button', { name: 'Count me in' })).toBeVisible();

    // Minimize: only the panel's header stays; the form leaves the view and the tab order.
    const minimize = panel.getByRole('button', { name: 'Minimize' });
    await expect(minimize).toHaveAttribute('aria-expanded', 'true');
    await firstName.fill('Kept');
    await minimize.click();
    const expand = panel.getByRole('button', { name: 'Expand' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(firstName).toBeHidden();
    await expect(panel.getByRole('heading', { level: 1 })).toBeVisible();
    const controls = await expand.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    await expect(page.locator(`[id="${controls}"]`)).toHaveAttribute('inert', '');

    // Expand again: the form is back as it was left.
    await expand.click();
    await expect(panel.getByRole('button', { name: 'Minimize' })).toHaveAttribute('aria-expanded', 'true');
    await expect(firstName).toBeVisible();
    await expect(firstName).toHaveValue('Kept');

    // The video can be paused and played again (moving content must be stoppable). Started
    // here whatever the autoplay policy did, so the toggle is always found as "Pause".
    await video.evaluate((el: HTMLVideoElement) => el.play());
    await panel.getByRole('button', { name: 'Pause background video' }).click();
    await expect(panel.getByRole('button', { name: 'Play background video' })).toBeVisible();
    expect(await video.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
    await panel.getByRole('button', { name: 'Play background video' }).click();
    await expect(panel.getByRole('button', { name: 'Pause background video' })).toBeVisible();
    expect(await video.evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);

    expect(errors).toEqual([]);
  });

  test('joining shows "You\'re in.", the position and a referral link that copies', async ({ page, context, baseURL }) => {
    const errors = collectErrors(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
    await openLandingAndWaitForPanel(page);
    const panel = panelOf(page);

    const email = uniqueEmail('landing');
    await panel.getByLabel('First name').fill('Landing');
    await panel.getByLabel('Email').fill(email);
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST');
    await panel.getByRole('button', { name: 'Count me in' }).click();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    const joined = (await response.json()) as Joined;
    expect(joined.referralCode).toMatch(REFERRAL_CODE);

    const heading = panel.getByRole('heading', { name: "You're in." });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(panel.getByTestId('waitlist-position')).toHaveText(`#${joined.waitlistPosition.toLocaleString('en-US')}`);
    await expect(panel).toContainText('Check your inbox for a welcome email');
    await expect(toast(page, 'Success!')).toContainText("You've been added to our waitlist.");
    await expect(joinForm(panel)).toHaveCount(0);

    // The result sits in a live region, so it is announced.
    await expect(panel.locator('[aria-live="polite"]').filter({ has: page.getByRole('heading', { name: "You're in." }) })).toHaveCount(1);

    // Copy Referral Link -> 'Copied!' for 3 s, the link in the clipboard.
    const expectedLink = `${new URL(baseURL!).origin}/shotanalysis?ref=${joined.referralCode}`;
    await expect(panel.getByTestId('referral-link')).toHaveValue(expectedLink);
    const clickedAt = Date.now();
    await panel.getByRole('button', { name: 'Copy Referral Link' }).click();
    await expect(panel.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(toast(page, 'Link Copied!')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(expectedLink);
    expect(copied).toMatch(new RegExp(`^${new URL(baseURL!).origin.replace(/[.]/g, '\\.')}/shotanalysis\\?ref=[A-Z0-9]{8}$`));

    await expect(panel.getByRole('button', { name: 'Copy Referral Link' })).toBeVisible({ timeout: COPIED_MS + 5000 });
    expect(Date.now() - clickedAt, "'Copied!' stays for 3 s").toBeGreaterThanOrEqual(COPIED_MS - 100);

    // Minimizing and expanding keeps the joined state.
    await panel.getByRole('button', { name: 'Minimize' }).click();
    await panel.getByRole('button', { name: 'Expand' }).click();
    await expect(panel.getByRole('heading', { name: "You're in." })).toBeVisible();

    expect(errors).toEqual([]);
  });

  test('the page is light while open and a dark visitor gets dark back on leaving', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    const key = `${(await brandOf(page)).toLowerCase()}-theme`;
    await page.evaluate((k) => window.localStorage.setItem(k, 'dark'), key);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);

    await openLandingAndWaitForPanel(page);
    for (const element of [page.locator('html'), page.locator('body')]) {
      await expect(element).toHaveClass(/(^|\s)light(\s|$)/);
      await expect(element).not.toHaveClass(/(^|\s)dark(\s|$)/);
    }
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('light');
    // Forced, not chosen: the visitor's stored choice is untouched.
    expect(await page.evaluate((k) => window.localStorage.getItem(k), key)).toBe('dark');

    // Leave within the app (the privacy link under the form).
    await panelOf(page).getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    for (const element of [page.locator('html'), page.locator('body')]) {
      await expect(element).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(element).not.toHaveClass(/(^|\s)light(\s|$)/);
    }
    expect(await page.evaluate((k) => window.localStorage.getItem(k), key)).toBe('dark');
  });

  test('a second sign-up with the same email is told it is already registered', { tag: '@layout' }, async ({ page, request }) => {
    const email = uniqueEmail('duplicate');
    await joinViaApi(request, { firstName: 'First', email });

    await openLandingAndWaitForPanel(page);
    const panel = panelOf(page);
    await panel.getByLabel('First name').fill('Again');
    await panel.getByLabel('Email').fill(email);
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST');
    await panel.getByRole('button', { name: 'Count me in' }).click();
    expect((await responsePromise).status()).toBe(409);

    await expect(toast(page, 'Email already registered')).toContainText('This email is already on our waitlist.');
    // At the top of the screen: the panel with the form fills the bottom.
    const toastBox = (await toast(page, 'Email already registered').boundingBox())!;
    const panelBox = (await panel.boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(panelBox.y);
    // Still the form, with what was typed.
    await expect(panel.getByLabel('First name')).toHaveValue('Again');
    await expect(panel.getByLabel('Email')).toHaveValue(email);
    await expect(panel.getByRole('button', { name: 'Count me in' })).toBeEnabled();
    await expect(panel.getByRole('heading', { name: "You're in." })).toHaveCount(0);
  });

  test("the visit's first page and campaign go with a join made pages later (first touch), beside the join's own source", async ({ page }) => {
    // Lands from a newsletter link on the home page, reads an article, then joins on /shotanalysis.
    await page.goto('/?utm_source=newsletter&utm_campaign=spring-launch');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    await page.goto('/resources');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    await openLandingAndWaitForPanel(page, '/shotanalysis');
    const panel = panelOf(page);
    const email = uniqueEmail('first-touch');
    await panel.getByLabel('First name').fill('Touch');
    await panel.getByLabel('Email').fill(email);
    const requestPromise = page.waitForRequest((r) => r.url().endsWith('/api/waitlist') && r.method() === 'POST');
    await panel.getByRole('button', { name: 'Count me in' }).click();
    const sent = await requestPromise;
    expect(sent.postDataJSON()).toMatchObject({
      utm_source: 'newsletter',
      utm_campaign: 'spring-launch',
      first_touch_source: 'newsletter',
      first_touch_campaign: 'spring-launch',
      first_touch_page: '/',
    });
    expect((await sent.response())?.status()).toBe(201);
  });

  test('a referral link (?ref=CODE) is sent with the sign-up', async ({ page, request }) => {
    const referrer = await joinViaApi(request, { firstName: 'Referrer', email: uniqueEmail('referrer') });

    // A friend's link: its visitor came to join, so the form is there at once (no 4 s of video first).
    await page.goto(`/shotanalysis?ref=${referrer.referralCode}`);
    const panel = panelOf(page);
    await expect(panel).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(panel.getByText('A friend invited you')).toBeVisible();
    const email = uniqueEmail('referred');
    await panel.getByLabel('First name').fill('Friend');
    await panel.getByLabel('Email').fill(email);
    const requestPromise = page.waitForRequest((r) => r.url().endsWith('/api/waitlist') && r.method() === 'POST');
    await panel.getByRole('button', { name: 'Count me in' }).click();
    const sent = await requestPromise;
    expect(sent.postDataJSON()).toEqual({
      first_name: 'Friend',
      email,
      role: null,
      referrerCode: referrer.referralCode,
      website: '',
    });
    expect((await sent.response())?.status()).toBe(201);
    await expect(panel.getByRole('heading', { name: "You're in." })).toBeVisible();
  });

  test("a referral link whose member is gone (or never was) invites nobody's friend", async ({ page }) => {
    const isCheck = (r: { url(): string }) => r.url().includes('/api/waitlist/referrals/NOSUCH42');
    // The first load's check answered before the reload, so the check awaited below is the reload's
    // own (the form shows before its check answers; a reload would cut a late one off).
    const firstCheck = page.waitForResponse(isCheck);
    await page.goto('/shotanalysis?ref=NOSUCH42');
    const panel = panelOf(page);
    await expect(panel.getByLabel('First name')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await firstCheck;
    const checked = page.waitForResponse(isCheck);
    await page.reload();
    expect(await (await checked).json()).toEqual({ valid: false });
    await expect(panel.getByLabel('First name')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(panel.getByText('A friend invited you')).toHaveCount(0);
  });

  test('the confirmation link (?confirm=TOKEN) confirms the email, shows the status and counts the referral', async ({ page, request, baseURL }) => {
    const referrer = await joinViaApi(request, { firstName: 'Host', email: uniqueEmail('host') });
    const friend = await joinViaApi(request, { firstName: 'Guest', email: uniqueEmail('guest'), referrerCode: referrer.referralCode });

    await page.goto(`/shotanalysis?confirm=${encodeURIComponent(confirmTokenFor(friend.id))}`);
    // Shown at once for the email's links: no 4 s wait.
    const panel = panelOf(page);
    await expect(panel).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(panel.getByText('Your email is confirmed')).toBeVisible();
    await expect(panel.getByRole('heading', { level: 2 })).toContainText('Guest');
    await expect(panel.getByTestId('status-position')).toHaveText(/^#\d+$/);
    await expect(panel.getByTestId('status-referrals')).toHaveText('0');
    await expect(panel.getByTestId('referral-link')).toHaveValue(`${new URL(baseURL!).origin}/shotanalysis?ref=${friend.referralCode}`);
    // Confirmed: no reminder to confirm.
    await expect(panel.getByText('Your email is not confirmed yet')).toHaveCount(0);

    // The worker credits the referrer once the friend has confirmed.
    await expect
      .poll(
        async () => {
          const response = await request.get(`/api/waitlist/status?token=${statusTokenFor(referrer.id)}`);
          return ((await response.json()) as { referrals: number }).referrals;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await page.goto(`/shotanalysis?status=${statusTokenFor(referrer.id)}`);
    await expect(panelOf(page).getByTestId('status-referrals')).toHaveText('1', { timeout: FIRST_RENDER_TIMEOUT });
  });

  test('an invalid confirmation link says so and offers the form', async ({ page }) => {
    await page.goto('/shotanalysis?confirm=not-a-real-token');
    const panel = panelOf(page);
    await expect(panel).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(panel.getByRole('heading', { name: "We couldn't confirm your email" })).toBeVisible();
    await expect(panel).toContainText('This confirmation link is not valid');
    await panel.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page).toHaveURL(/\/shotanalysis$/);
    await expect(joinForm(panelOf(page))).toBeVisible();
  });

  test('?status=TOKEN shows the position, the referrals and the referral link at once', async ({ page, request, baseURL }) => {
    const member = await joinViaApi(request, { firstName: 'Checker', email: uniqueEmail('status') });

    await page.clock.install();
    await page.goto(`/shotanalysis?status=${statusTokenFor(member.id)}`);
    await expect(page.getByTestId('background-video')).toBeAttached({ timeout: FIRST_RENDER_TIMEOUT });
    await pauseClock(page);
    // With the clock stopped, the panel is there already (loading or loaded).
    await expect(panelOf(page)).toBeVisible();
    await page.clock.resume();

    const panel = panelOf(page);
    const position = panel.getByTestId('status-position');
    await expect(position).toHaveText(/^#\d+$/);
    const shown = Number((await position.innerText()).replace(/[^\d]/g, ''));
    expect(shown).toBeGreaterThanOrEqual(1);
    await expect(panel.getByRole('heading', { level: 2 })).toContainText(`Checker, you're #${shown.toLocaleString('en-US')}`);
    await expect(panel.getByTestId('status-referrals')).toHaveText('0');
    await expect(panel.getByText('Your email is not confirmed yet')).toBeVisible();
    await expect(panel.getByTestId('referral-link')).toHaveValue(`${new URL(baseURL!).origin}/shotanalysis?ref=${member.referralCode}`);
    await expect(panel.getByRole('button', { name: 'Copy Referral Link' })).toBeVisible();
  });

  test('?status= with a token that is not ours says the link is not valid and offers the form', async ({ page }) => {
    await page.goto('/shotanalysis?status=00000000-0000-4000-8000-000000000000.forged');
    const panel = panelOf(page);
    await expect(panel).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(panel.getByRole('heading', { name: 'We could not find your spot.' })).toBeVisible();
    await expect(panel.getByTestId('status-position')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page).toHaveURL(/\/shotanalysis$/);
    await expect(joinForm(panelOf(page))).toBeVisible();
  });

  test('an old ?status=REFERRALCODE link shows nothing of the member and offers a fresh link by email', async ({ page, request }) => {
    const member = await joinViaApi(request, { firstName: 'Oldlink', email: uniqueEmail('oldlink') });
    await page.goto(`/shotanalysis?status=${member.referralCode}`);
    const panel = panelOf(page);
    await expect(panel).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(panel.getByRole('heading', { name: 'This link has been replaced' })).toBeVisible();
    await expect(panel).not.toContainText('Oldlink');
    await expect(panel.getByTestId('status-position')).toHaveCount(0);
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/waitlist/status-link'));
    await panel.getByRole('button', { name: 'Email me a fresh link' }).click();
    expect((await asked).status()).toBe(202);
    await expect(panel.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  });
});

test.describe('Home waitlist form', () => {
  const card = (page: Page) => page.locator('section#waitlist [data-slot="waitlist-form"]');

  async function openHome(page: Page): Promise<void> {
    await page.route('**/api/analytics/downloads', (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{"accepted":true}' }));
    await page.goto('/');
    await expect(card(page)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  }

  test('joins from the hero and shows the result', async ({ page, baseURL }) => {
    const errors = collectErrors(page);
    await openHome(page);
    const form = card(page);
    const email = uniqueEmail('home');
    await form.getByLabel('First name').fill('Homer');
    await form.getByLabel('Email').fill(email);

    // Hold the request to see the submitting state, then let it through to the real API.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/waitlist', async (route) => {
      await held;
      await route.continue();
    });
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/waitlist') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Count me in' }).click();
    const joining = form.getByRole('button', { name: 'Joining...' });
    await expect(joining).toBeVisible();
    await expect(joining).toBeDisabled();
    release();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    const joined = (await response.json()) as Joined;
    expect(response.request().postDataJSON()).toEqual({ first_name: 'Homer', email, role: null, referrerCode: null, website: '' });

    await expect(form.getByRole('heading', { name: "You're in." })).toBeVisible();
    await expect(form.getByTestId('waitlist-position')).toHaveText(`#${joined.waitlistPosition.toLocaleString('en-US')}`);
    await expect(form.getByTestId('referral-link')).toHaveValue(`${new URL(baseURL!).origin}/shotanalysis?ref=${joined.referralCode}`);
    await expect(form.getByRole('button', { name: 'Copy Referral Link' })).toBeVisible();
    await expect(form).toContainText('Check your inbox for a welcome email');
    await expect(toast(page, 'Success!')).toContainText("You've been added to our waitlist.");
    expect(errors).toEqual([]);
  });

  test('first name and email are required, and the email must look like one', async ({ page }) => {
    await openHome(page);
    const form = card(page);
    let requests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/waitlist')) requests += 1;
    });
    const firstName = form.getByLabel('First name');
    const email = form.getByLabel('Email');
    await expect(firstName).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('required', '');
    await expect(email).toHaveAttribute('type', 'email');

    await form.getByRole('button', { name: 'Count me in' }).click();
    await expect(firstName).toBeFocused();
    expect(await firstName.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

    await firstName.fill('Val');
    await email.fill('not-an-email');
    await form.getByRole('button', { name: 'Count me in' }).click();
    await expect(email).toBeFocused();
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);

    await page.waitForTimeout(300);
    expect(requests, 'the browser blocks the submit').toBe(0);
    await expect(form.getByRole('heading', { name: "You're in." })).toHaveCount(0);
  });

  test('a failed sign-up keeps what was typed and says why', async ({ page }) => {
    await openHome(page);
    const form = card(page);
    const email = uniqueEmail('failure');
    await form.getByLabel('First name').fill('Keep');
    await form.getByLabel('Email').fill(email);

    // The server refuses: its own words are shown.
    await page.route('**/api/waitlist', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too many requests. Please wait a minute and try again.', code: 'rate_limited' }),
      }),
    );
    await form.getByRole('button', { name: 'Count me in' }).click();
    await expect(toast(page, 'Submission Error')).toContainText('Too many requests. Please wait a minute and try again.');
    await expect(form.getByLabel('First name')).toHaveValue('Keep');
    await expect(form.getByLabel('Email')).toHaveValue(email);

    // The server cannot be reached: the generic message.
    await page.unroute('**/api/waitlist');
    await page.route('**/api/waitlist', (route) => route.abort('connectionrefused'));
    await form.getByRole('button', { name: 'Count me in' }).click();
    await expect(toast(page, 'Submission Error').filter({ hasText: 'There was a problem submitting your request. Please try again.' })).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveValue('Keep');
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(form.getByRole('button', { name: 'Count me in' })).toBeEnabled();
  });

  test('a refused copy says so and leaves the link to copy by hand', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Clipboard.prototype, 'writeText', {
        value: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')),
      });
      document.execCommand = () => false;
    });
    await openHome(page);
    // This test is about the copy, not the sign-up: answer it locally.
    await page.route('**/api/waitlist', (route) =>
      route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ id: '00000000-0000-4000-8000-000000000001', waitlistPosition: 1234, referralCode: 'ABCDEFGH' }),
      }),
    );
    const form = card(page);
    await form.getByLabel('First name').fill('Copy');
    await form.getByLabel('Email').fill(uniqueEmail('copy'));
    await form.getByRole('button', { name: 'Count me in' }).click();
    await expect(form.getByTestId('waitlist-position')).toHaveText('#1,234');

    await form.getByRole('button', { name: 'Copy Referral Link' }).click();
    await expect(toast(page, 'Copy Failed')).toContainText('Please try again or manually copy the link.');
    await expect(form.getByRole('button', { name: 'Copy Referral Link' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Copied!' })).toHaveCount(0);
    await expect(form.getByTestId('referral-link')).toHaveValue(/\/shotanalysis\?ref=ABCDEFGH$/);
  });

  test('the honeypot is out of sight, out of the tab order and sent empty', async ({ page }) => {
    await openHome(page);
    const honeypot = card(page).locator('input[name="website"]');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(await honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
    await expect(honeypot).not.toBeInViewport();
  });
});
