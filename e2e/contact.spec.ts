import { expect, test, type Page } from '@playwright/test';

// The contact page (spec §2 "Contact", §3 "Contact submission", §5 "Contact", §8 "Contact").
// Messages go to the real API (fresh database, see playwright.config.ts).

test.describe.configure({ timeout: 60_000 });

const FIRST_RENDER_TIMEOUT = 20_000;

function uniqueEmail(tag: string): string {
  return `e2e-contact-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/Failed to load resource: the server responded with a status of [45]\d\d/.test(message.text())) return;
    errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

const contactForm = (page: Page) => page.getByRole('form', { name: 'Send us a message' });

async function openContact(page: Page): Promise<void> {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
}

async function fill(page: Page, values: { firstName: string; email: string; subject?: string; message: string }) {
  const form = contactForm(page);
  await form.getByLabel('First name').fill(values.firstName);
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Subject').fill(values.subject ?? '');
  await form.getByLabel('Message').fill(values.message);
}

test.beforeEach(async ({ page }) => {
  await page.route('**/api/analytics/downloads', (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{"accepted":true}' }));
});

test('sends a message, says so and resets the form', async ({ page }) => {
  const errors = collectErrors(page);
  await openContact(page);
  const form = contactForm(page);
  const email = uniqueEmail('send');
  await fill(page, { firstName: 'Casey', email, message: 'Hello team, I would love to try the app.' });

  // Hold the request to see the sending state, then let it through to the real API.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  const requestPromise = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Send message' }).click();
  const sending = form.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();
  release();

  const sent = await requestPromise;
  // An empty subject is sent as null; the honeypot goes along, empty.
  expect(sent.postDataJSON()).toEqual({
    first_name: 'Casey',
    email,
    subject: null,
    message: 'Hello team, I would love to try the app.',
    website: '',
  });
  const response = await sent.response();
  expect(response?.status()).toBe(201);
  expect(((await response?.json()) as { id?: string }).id).toBeTruthy();

  await expect(toast(page, 'Message sent!')).toContainText("We'll get back to you as soon as possible.");
  for (const label of ['First name', 'Email', 'Subject', 'Message']) {
    await expect(form.getByLabel(label)).toHaveValue('');
  }
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();

  // A second message, with a subject this time.
  await fill(page, { firstName: 'Casey', email, subject: 'Partnership', message: 'Our club would like to talk.' });
  const secondPromise = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Send message' }).click();
  const second = await secondPromise;
  expect(second.postDataJSON()).toMatchObject({ subject: 'Partnership', message: 'Our club would like to talk.' });
  expect((await second.response())?.status()).toBe(201);
  await expect(form.getByLabel('Subject')).toHaveValue('');
  expect(errors).toEqual([]);
});

test('first name, email and message are required; the subject is optional', async ({ page }) => {
  await openContact(page);
  const form = contactForm(page);
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact')) requests += 1;
  });

  for (const label of ['First name', 'Email', 'Message']) {
    await expect(form.getByLabel(label)).toHaveAttribute('required', '');
  }
  await expect(form.getByLabel('Subject')).not.toHaveAttribute('required', '');
  await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');

  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByLabel('First name')).toBeFocused();
  for (const label of ['First name', 'Email', 'Message']) {
    expect(await form.getByLabel(label).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  }

  await fill(page, { firstName: 'Val', email: 'not-an-email', message: 'Hi' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByLabel('Email')).toBeFocused();
  expect(await form.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);

  await page.waitForTimeout(300);
  expect(requests, 'the browser blocks the submit').toBe(0);
});

test('a failure keeps every field; too many messages shows the server message', async ({ page }) => {
  await openContact(page);
  const form = contactForm(page);
  const email = uniqueEmail('fail');
  const values = { firstName: 'Robin', email, subject: 'Question', message: 'Will there be an Android app?' };
  await fill(page, values);

  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error","code":"internal"}' }),
  );
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(toast(page, 'Failed to send message. Please try again.')).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue(values.firstName);
  await expect(form.getByLabel('Email')).toHaveValue(values.email);
  await expect(form.getByLabel('Subject')).toHaveValue(values.subject);
  await expect(form.getByLabel('Message')).toHaveValue(values.message);
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();

  await page.unroute('**/api/contact');
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Too many requests. Please wait a minute and try again.', code: 'rate_limited' }),
    }),
  );
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(toast(page, 'Too many requests. Please wait a minute and try again.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue(values.message);
  await expect(toast(page, 'Message sent!')).toHaveCount(0);
});

test('the honeypot is hidden from people and sent empty', async ({ page }) => {
  await openContact(page);
  const honeypot = contactForm(page).locator('input[name="website"]');
  await expect(honeypot).toHaveCount(1);
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  expect(await honeypot.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true);
  await expect(honeypot).not.toBeInViewport();
});

test.describe('Back button', () => {
  test('returns to the previous page', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await page.getByRole('main').getByRole('link', { name: 'Download the App' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('goes home when the visit started on the contact page', async ({ page }) => {
    await openContact(page);
    await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
