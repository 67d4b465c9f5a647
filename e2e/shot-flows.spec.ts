import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

// The event and shot flows (spec §2 "Event form and shot form", "Feedback pages", "Coach chat";
// §4 "Feedback page", "Form submit", "Chat"; §5; §7 "Sharing the analysis"; §8; §9). Shot records
// are recorded like the booth does (POST /api/shots with the e2e server's token); the claim, the
// analysis and the chat are real, with the built-in coach (the e2e server has no OpenAI key).

test.describe.configure({ timeout: 60_000 });

/** scripts/e2e-server.js gives the server this SHOTS_INGEST_TOKEN. */
const SHOTS_INGEST_TOKEN = 'e2e-shots-ingest-token';

/** Generous: lazily loaded screens on a busy machine. */
const FIRST_RENDER_TIMEOUT = 20_000;

type Kind = 'hbf' | 'shot';

const ANALYSIS = {
  shotRating: 7,
  form: 'Balanced base, elbow tucked under the ball at the set point.',
  release: 'The ball leaves your hand a touch late, after the top of your jump.',
  followThrough: 'You drop the wrist early instead of holding the gooseneck.',
  tips: ['Release on the way up: 3 sets of 10 one-motion form shots from 1 metre.', 'Hold your follow-through until the ball hits the rim.'],
};

const COPY: Record<Kind, { formTitle: string; subtitle: string }> = {
  hbf: { formTitle: 'Helsinki Basketball Festival', subtitle: 'Helsinki Basketball Festival' },
  shot: { formTitle: 'AI Shot Analysis', subtitle: 'AI-Powered Basketball Coaching' },
};

function uniqueCode(tag: string): string {
  return `E2E-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`.toUpperCase();
}

function uniqueEmail(tag: string): string {
  return `e2e-shot-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function recordShot(request: APIRequestContext, kind: Kind, code: string, body: { shot_data?: unknown; metrics?: unknown }) {
  const response = await request.post('/api/shots', {
    headers: { Authorization: `Bearer ${SHOTS_INGEST_TOKEN}` },
    data: { kind, code, ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Claim tokens of the shots claimed through the API, by code: what the player's emailed link carries. */
const claimTokens = new Map<string, string>();

async function claimViaApi(request: APIRequestContext, kind: Kind, code: string, email: string) {
  const response = await request.post(`/api/shots/${kind}/${code}/claim`, { data: { first_name: 'Sam', email, website: '' } });
  expect(response.status(), await response.text()).toBe(200);
  claimTokens.set(code, (await response.json()).claimToken);
}

/** The feedback page as the claimer's emailed link opens it (with their token, when the shot was claimed through the API). */
function feedbackLink(kind: Kind, code: string): string {
  const token = claimTokens.get(code);
  return `/${kind}-feedback/${code}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

async function brandOf(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content?.trim() || 'Swishly');
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Expected 4xx answers (the 404 of an unknown code, the 422 of an empty record) show up as failed loads.
    if (/Failed to load resource: the server responded with a status of (4\d\d|500)/.test(message.text())) return;
    errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

const chat = (page: Page) => page.getByTestId('coach-chat');
const messageInput = (page: Page) => chat(page).getByRole('textbox');
const botBubbles = (page: Page) => chat(page).locator('li[data-sender="bot"]');
const userBubbles = (page: Page) => chat(page).locator('li[data-sender="user"]');
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

/** The greeting has been typed out: the input is unlocked. */
async function waitForChat(page: Page): Promise<void> {
  await expect(messageInput(page)).toBeEnabled({ timeout: FIRST_RENDER_TIMEOUT });
}

async function fillForm(page: Page, firstName: string, email: string): Promise<void> {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'See My Shot Analysis' }).click();
}

/** Sends a message and waits for the coach's whole reply; returns its text. */
async function ask(page: Page, question: string): Promise<string> {
  const before = await botBubbles(page).count();
  await messageInput(page).fill(question);
  await messageInput(page).press('Enter');
  await expect(userBubbles(page).last()).toHaveText(question);
  const reply = botBubbles(page).nth(before);
  await expect(reply).toHaveAttribute('data-typing', 'false', { timeout: 15_000 });
  return (await reply.innerText()).trim();
}

for (const kind of ['hbf', 'shot'] as const) {
  test(`${kind}: the form leads to the analysis and a conversation with the coach`, { tag: '@layout' }, async ({ page, request }, testInfo) => {
    const errors = collectErrors(page);
    const code = uniqueCode(kind);
    await recordShot(request, kind, code, { shot_data: ANALYSIS });
    const brand = await test.step('the form', async () => {
      await page.goto(`/${kind}/${code}`);
      await expect(page.getByRole('heading', { level: 1, name: COPY[kind].formTitle })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      const brand = await brandOf(page);
      await expect(page).toHaveTitle(`${COPY[kind].formTitle} – ${brand}`);
      await expect(page.getByText(/early access to the .* app/)).toBeVisible();
      // Spec §2 "Shared chrome": no header on these pages.
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByLabel('First name')).toHaveAttribute('required', '');
      await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
      return brand;
    });

    await fillForm(page, 'Alex', uniqueEmail(kind));
    await expect(page).toHaveURL(`/${kind}-feedback/${code}`);
    await expect(toast(page, 'Success!')).toContainText("You've been added to our waitlist.");

    await test.step('the analysis', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Your Shot Analysis' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(page.getByText(COPY[kind].subtitle, { exact: true }).filter({ visible: true })).toBeVisible();
      await expect(page).toHaveTitle(`Your Shot Analysis – ${brand}`);
      const analysis = page.getByTestId('shot-analysis').filter({ visible: true });
      await expect(analysis.getByTestId('shot-rating')).toContainText('7/10');
      for (const text of [ANALYSIS.form, ANALYSIS.release, ANALYSIS.followThrough]) await expect(analysis.getByText(text)).toBeVisible();
      await expect(analysis.getByTestId('shot-tips').locator('li')).toHaveText([`1${ANALYSIS.tips[0]}`, `2${ANALYSIS.tips[1]}`]);
    });

    await test.step('the chat: the coach by name, the greeting, the layout', async () => {
      await expect(chat(page).getByRole('heading', { name: brand })).toBeVisible();
      await waitForChat(page);
      await expect(messageInput(page)).toHaveAttribute('placeholder', `Ask ${brand}...`);
      await expect(botBubbles(page).first()).toContainText('Hi Alex!');
      await expect(botBubbles(page).first()).toContainText('7/10');
      await expect(chat(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
      await expect(chat(page).getByRole('link', { name: 'privacy request page' })).toHaveAttribute('href', '/privacy-request');
      const viewport = page.viewportSize()!;
      if (testInfo.project.name === 'mobile') {
        // The chat fills the phone's screen.
        const box = (await chat(page).boundingBox())!;
        expect(Math.round(box.height)).toBe(viewport.height);
        expect(Math.round(box.width)).toBe(viewport.width);
      } else {
        await expect(page.getByText(`You've been added to the waitlist. We'll notify you when ${brand} launches.`)).toBeVisible();
        const area = (await chat(page).getByRole('region', { name: 'Conversation' }).boundingBox())!;
        expect(Math.round(area.height)).toBe(450);
      }
    });

    const reply = await test.step('a reply streams in', async () => {
      const reply = await ask(page, 'How do I fix my late release?');
      expect(reply.length).toBeGreaterThan(20);
      return reply;
    });

    await test.step('the conversation is there on the next visit, after the greeting', async () => {
      await page.reload();
      await waitForChat(page);
      await expect(userBubbles(page)).toHaveText(['How do I fix my late release?']);
      await expect(botBubbles(page)).toHaveCount(2);
      await expect(botBubbles(page).nth(1)).toHaveText(reply);
    });
    expect(errors).toEqual([]);
  });
}

test('the shot flow shows an analysis generated from the metrics', async ({ page, request }) => {
  const code = uniqueCode('metrics');
  await recordShot(request, 'shot', code, {
    metrics: { elbowAngleDeg: 112, releaseAngleDeg: 38, releaseTimeMs: 820, followThroughHoldMs: 150, balanceScore: 55, makes: 4, misses: 6 },
  });
  await claimViaApi(request, 'shot', code, uniqueEmail('metrics'));
  await page.goto(feedbackLink('shot', code));
  const analysis = page.getByTestId('shot-analysis').filter({ visible: true });
  await expect(analysis.getByTestId('shot-rating')).toContainText(/\d+(\.\d)?\/10/, { timeout: FIRST_RENDER_TIMEOUT });
  await expect(analysis.getByRole('heading', { name: 'Release' })).toBeVisible();
  await expect(analysis.getByTestId('shot-tips').locator('li').first()).toBeVisible();
  // The coach answers a player's own question from these numbers.
  await waitForChat(page);
  expect(await ask(page, 'what was my shooting percentage?')).toMatch(/^You made 4 of 10 shots \(40 %\)/);
});

test('an email already on the waitlist still reaches the analysis', async ({ page, request }) => {
  const email = uniqueEmail('again');
  const joined = await request.post('/api/waitlist', { data: { first_name: 'Rae', email, role: null, referrerCode: null, website: '' } });
  expect(joined.status(), await joined.text()).toBe(201);
  const code = uniqueCode('again');
  await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });

  await page.goto(`/hbf/${code}`);
  await fillForm(page, 'Rae', email);
  await expect(page).toHaveURL(`/hbf-feedback/${code}`);
  await expect(page.getByTestId('shot-analysis').filter({ visible: true }).getByTestId('shot-rating')).toContainText('7/10', {
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await waitForChat(page);
  await expect(botBubbles(page).first()).toContainText('Hi Rae!');
});

test("an unknown code stays on the form with the spec's error", async ({ page }) => {
  await page.goto(`/hbf/${uniqueCode('unknown')}`);
  await fillForm(page, 'Kim', uniqueEmail('unknown'));
  await expect(toast(page, 'Error')).toContainText('Could not update shot analysis. Please try again.');
  await expect(page).toHaveURL(/\/hbf\/E2E-UNKNOWN-/);
  await expect(page.getByLabel('First name')).toHaveValue('Kim');
  await expect(page.getByRole('button', { name: 'See My Shot Analysis' })).toBeEnabled();
});

test("the form shows the server's words for a refused submission, and Processing... while sending", async ({ page, request }) => {
  const code = uniqueCode('refused');
  await recordShot(request, 'shot', code, { shot_data: 'A smooth, repeatable shot.' });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/shots/shot/${code}/claim`, async (route) => {
    await held;
    await route.fulfill({ status: 400, json: { error: 'Please enter a valid email address', code: 'validation_failed' } });
  });
  await page.goto(`/shot/${code}`);
  await fillForm(page, 'Lee', uniqueEmail('refused'));
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  await expect(toast(page, 'Submission Error')).toContainText('Please enter a valid email address');
  await expect(page).toHaveURL(`/shot/${code}`);
});

test('a code without a name and email sends the visitor to the form', async ({ page, request }) => {
  const code = uniqueCode('unclaimed');
  await recordShot(request, 'shot', code, { shot_data: ANALYSIS });
  await page.goto('/');
  await page.goto(feedbackLink('shot', code));
  await expect(page).toHaveURL(`/shot/${code}`, { timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByRole('heading', { level: 1, name: 'AI Shot Analysis' })).toBeVisible();
  // Replaced, not pushed: Back leaves the flow instead of bouncing to the form again.
  await page.goBack();
  await expect(page).toHaveURL('/');

  const unknown = uniqueCode('nosuch');
  await page.goto(`/hbf-feedback/${unknown}`);
  await expect(page).toHaveURL(`/hbf/${unknown}`, { timeout: FIRST_RENDER_TIMEOUT });
});

test('the error view: nothing to analyse, other failures, Try Again reloads', async ({ page, request }) => {
  const code = uniqueCode('empty');
  await recordShot(request, 'hbf', code, {});
  await claimViaApi(request, 'hbf', code, uniqueEmail('empty'));

  await page.goto(feedbackLink('hbf', code));
  const alert = page.getByRole('alert').filter({ hasText: 'Your Shot Analysis' });
  await expect(alert).toContainText('Failed to load your shot analysis. Please try again later.', { timeout: FIRST_RENDER_TIMEOUT });
  const reloaded = page.waitForEvent('load');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await reloaded;
  await expect(alert).toContainText('Failed to load your shot analysis. Please try again later.', { timeout: FIRST_RENDER_TIMEOUT });

  await page.route('**/api/feedback/**', (route) => route.fulfill({ status: 500, json: { error: 'boom', code: 'internal' } }));
  await page.goto(feedbackLink('hbf', code));
  await expect(alert).toContainText('An error occurred. Please try again later.', { timeout: FIRST_RENDER_TIMEOUT });

  await page.goto('/hbf-feedback/%20');
  await expect(alert).toContainText('Invalid shot code', { timeout: FIRST_RENDER_TIMEOUT });
});

test('the loading texts while the analysis is on its way', async ({ page, request }) => {
  const code = uniqueCode('slow');
  await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });
  await claimViaApi(request, 'hbf', code, uniqueEmail('slow'));
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/feedback/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(feedbackLink('hbf', code));
  await expect(page.getByText('Getting your shot analysis...')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByText('Loading your shot analysis...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Shot Analysis' })).toBeVisible();
});

test('the greeting types out at 1 ms per character before the input unlocks', async ({ page, request }) => {
  const code = uniqueCode('typing');
  await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });
  await claimViaApi(request, 'hbf', code, uniqueEmail('typing'));
  // The page's clock stands still until the analysis has arrived; then it is moved by hand.
  await page.clock.install();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/feedback/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(feedbackLink('hbf', code));
  await expect(page.getByText('Getting your shot analysis...')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  release();

  const greeting = botBubbles(page).first();
  await expect(greeting).toHaveAttribute('data-typing', 'true', { timeout: FIRST_RENDER_TIMEOUT });
  await expect(messageInput(page)).toBeDisabled();
  await expect(chat(page).getByRole('button', { name: 'Send message' })).toHaveCount(0);
  await expect(chat(page).getByRole('button', { name: 'Share your analysis' })).toHaveCount(0);

  await page.clock.runFor(100);
  const partial = (await greeting.innerText()).length;
  // About 100 characters after 100 ms (a frame's worth either side).
  expect(partial).toBeGreaterThan(60);
  expect(partial).toBeLessThan(140);
  await expect(messageInput(page)).toBeDisabled();

  await page.clock.runFor(2000);
  await expect(greeting).toHaveAttribute('data-typing', 'false');
  expect((await greeting.innerText()).length).toBeGreaterThan(partial);
  await expect(messageInput(page)).toBeEnabled();
  await expect(chat(page).getByRole('button', { name: 'Send message' })).toBeVisible();
  await expect(chat(page).getByRole('button', { name: 'Share your analysis' })).toBeVisible();
});

test('Enter sends, Shift+Enter makes a new line, blank messages are ignored; the wait indicator shows', async ({ page, request }) => {
  const code = uniqueCode('keys');
  await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });
  await claimViaApi(request, 'hbf', code, uniqueEmail('keys'));
  await page.goto(feedbackLink('hbf', code));
  await waitForChat(page);
  const input = messageInput(page);

  await input.fill('   ');
  await input.press('Enter');
  await expect(userBubbles(page)).toHaveCount(0);

  await input.fill('');
  await input.focus();
  await page.keyboard.type('What should I drill');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('this week?');
  await expect(input).toHaveValue('What should I drill\nthis week?');
  await expect(userBubbles(page)).toHaveCount(0);

  // Hold the reply to see the three dots.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/chat', async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('Enter');
  await expect(userBubbles(page)).toHaveText(['What should I drill\nthis week?']);
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('chat-typing-indicator')).toBeVisible();
  release();
  await expect(page.getByTestId('chat-typing-indicator')).toHaveCount(0, { timeout: 15_000 });
  await expect(botBubbles(page).nth(1)).toHaveAttribute('data-typing', 'false', { timeout: 15_000 });
  expect((await botBubbles(page).nth(1).innerText()).trim().length).toBeGreaterThan(20);
});

test('the chat works from the keyboard alone', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const code = uniqueCode('keyboard');
  await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });
  await claimViaApi(request, 'hbf', code, uniqueEmail('keyboard'));
  await page.goto(feedbackLink('hbf', code));
  await waitForChat(page);

  // From the top of the page, Tab reaches the conversation (scrollable), then the input.
  await page.locator('body').focus();
  const input = messageInput(page);
  for (let presses = 0; presses < 10 && !(await input.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(input).toBeFocused();
  // Back one step are the suggested questions: Enter asks one, and the input has the focus again.
  await page.keyboard.press('Shift+Tab');
  const suggestions = chat(page).getByTestId('chat-suggestions').getByRole('button');
  await expect(suggestions.last()).toBeFocused();
  const suggested = await suggestions.last().innerText();
  await page.keyboard.press('Enter');
  await expect(userBubbles(page)).toHaveText([suggested]);
  await expect(botBubbles(page).nth(1)).toHaveAttribute('data-typing', 'false', { timeout: 15_000 });
  await expect(input).toBeFocused();
  await expect(chat(page).getByTestId('chat-suggestions')).toHaveCount(0);

  await page.keyboard.press('Shift+Tab');
  await expect(chat(page).getByRole('region', { name: 'Conversation' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Give me one drill for my release.');
  await page.keyboard.press('Enter');
  await expect(botBubbles(page).nth(2)).toHaveAttribute('data-typing', 'false', { timeout: 15_000 });

  await expect(input).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(chat(page).getByRole('button', { name: 'Share your analysis' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Analysis Copied!')).toBeVisible();
});

test("share copies the analysis with the player's referral link, never a link to the shot's own pages", async ({ page, request, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const code = uniqueCode('share');
  await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });
  await claimViaApi(request, 'hbf', code, uniqueEmail('share'));
  const { referralCode } = await (await request.get(`/api/feedback/hbf/${code}`, { headers: { Authorization: `Bearer ${claimTokens.get(code)}` } })).json();
  expect(referralCode).toEqual(expect.any(String));
  await page.goto(feedbackLink('hbf', code));
  await waitForChat(page);
  const brand = await brandOf(page);

  await chat(page).getByRole('button', { name: 'Share your analysis' }).click();
  await expect(toast(page, 'Analysis Copied!')).toContainText('Share your shot analysis with friends.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(
    [
      `My shot analysis from ${brand} 🏀`,
      '',
      'Rating: 7/10',
      `Form: ${ANALYSIS.form}`,
      `Release: ${ANALYSIS.release}`,
      `Follow-through: ${ANALYSIS.followThrough}`,
      '',
      'Tips:',
      `1. ${ANALYSIS.tips[0]}`,
      `2. ${ANALYSIS.tips[1]}`,
      '',
      `Get your own shot analysis: ${baseURL}/shotanalysis?ref=${referralCode}`,
    ].join('\n'),
  );
  expect(copied).not.toContain(code);
});

test("a claimed shot is its claimer's: the code alone opens nothing, another email is refused, the claimer's own is emailed the link", async ({
  browser,
  page,
  request,
}) => {
  const code = uniqueCode('owned');
  await recordShot(request, 'shot', code, { shot_data: ANALYSIS });
  const owner = uniqueEmail('owner');

  await test.step('the player claims it and keeps it across a reload', async () => {
    await page.goto(`/shot/${code}`);
    await expect(page.getByLabel('First name')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await fillForm(page, 'Oona', owner);
    await expect(page).toHaveURL(`/shot-feedback/${code}`);
    await waitForChat(page);
    await page.reload();
    await waitForChat(page);
    await expect(botBubbles(page).first()).toContainText('Hi Oona!');
  });

  const stranger = await browser.newPage();
  try {
    await test.step('someone else with the code is sent to the form, which says why', async () => {
      await stranger.goto(`/shot-feedback/${code}`);
      await expect(stranger).toHaveURL(`/shot/${code}`, { timeout: FIRST_RENDER_TIMEOUT });
      await expect(stranger.getByRole('status').filter({ hasText: 'This shot analysis has been claimed' })).toBeVisible();
      await expect(stranger.getByText('Oona')).toHaveCount(0);
    });

    await test.step('their own email is refused with the reason', async () => {
      await fillForm(stranger, 'Stranger', uniqueEmail('stranger'));
      await expect(toast(stranger, 'Submission Error')).toContainText('already been claimed by another player');
      await expect(stranger).toHaveURL(`/shot/${code}`);
    });

    await test.step("the claimer's email, typed by anyone, is answered by email, never with the page", async () => {
      await fillForm(stranger, 'Oona', owner);
      const sent = stranger.getByRole('status').filter({ hasText: 'Check your inbox' });
      await expect(sent).toBeVisible();
      await expect(sent).toContainText(owner);
      await expect(stranger).toHaveURL(`/shot/${code}`);
      await stranger.getByRole('button', { name: 'Use another email' }).click();
      await expect(stranger.getByLabel('Email')).toBeVisible();
    });
  } finally {
    await stranger.close();
  }
});

test('the emailed link opens the analysis on another device and leaves no token in the address bar', async ({ browser, request }) => {
  const code = uniqueCode('link');
  await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });
  await claimViaApi(request, 'hbf', code, uniqueEmail('link'));
  const other = await browser.newPage();
  try {
    await other.goto(feedbackLink('hbf', code));
    await waitForChat(other);
    await expect(other).toHaveURL(`/hbf-feedback/${code}`);
    await other.reload();
    await waitForChat(other);
    await expect(other.getByTestId('shot-analysis').filter({ visible: true }).getByTestId('shot-rating')).toContainText('7/10');
  } finally {
    await other.close();
  }
});

test('a failed reply: the Communication Error toast and the apology bubble', async ({ page, request }) => {
  const code = uniqueCode('down');
  await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });
  await claimViaApi(request, 'hbf', code, uniqueEmail('down'));
  await page.route('**/api/chat', (route) => route.fulfill({ status: 503, json: { error: 'unavailable', code: 'unavailable' } }));
  await page.goto(feedbackLink('hbf', code));
  await waitForChat(page);
  await messageInput(page).fill('Is my elbow angle the problem?');
  await messageInput(page).press('Enter');
  await expect(toast(page, 'Communication Error')).toContainText("Couldn't connect with the coach. Please try again.");
  await expect(botBubbles(page).last()).toHaveText("Sorry, I'm having trouble connecting. Try again in a moment.");
  await expect(messageInput(page)).toBeEnabled();
});

test('the chat is only downloaded by the feedback pages', async ({ page, request }) => {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  const chatCode = (texts: string[]) => texts.some((text) => text.includes('having trouble connecting. Try again in a moment.'));
  for (const path of ['/', '/shotanalysis', '/hbf/ANY']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(chatCode(await Promise.all(scripts))).toBe(false);

  const code = uniqueCode('chunk');
  await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });
  await claimViaApi(request, 'hbf', code, uniqueEmail('chunk'));
  await page.goto(feedbackLink('hbf', code));
  await waitForChat(page);
  expect(chatCode(await Promise.all(scripts))).toBe(true);
});

test.describe('accessibility', () => {
  // axe-core injected into the page; our CSP forbids inline scripts, so this context bypasses it.
  test.use({ bypassCSP: true });
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

  async function seriousViolations(page: Page): Promise<string[]> {
    await page.addScriptTag({ content: axeSource });
    const results = await page.evaluate(async () => {
      type Results = { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
      const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<Results> } }).axe;
      // Violations only: the passes and the inapplicable rules are not read, and collecting them took a third of axe's time.
      return axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        resultTypes: ['violations'],
      });
    });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} at ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`the form, the analysis and the chat in the ${theme} theme have no serious or critical violation`, { tag: '@layout' }, async ({ page, request }) => {
      const code = uniqueCode(`a11y-${theme}`);
      await recordShot(request, 'hbf', code, { shot_data: ANALYSIS });
      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });

      await page.goto(`/hbf/${code}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      expect(await seriousViolations(page)).toEqual([]);

      await fillForm(page, 'Ari', uniqueEmail(`a11y-${theme}`));
      await waitForChat(page);
      await ask(page, 'How do I fix my release?');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
