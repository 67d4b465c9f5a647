import { expect, test, type Page } from '@playwright/test';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ADMIN_STATE } from './fixtures/admin-session';
import { seriousViolations } from './fixtures/axe';

// Outgoing webhooks at /admin/integrations, against a receiver on loopback that this test
// starts (the e2e server allows private URLs): an endpoint added with its secret shown once, a
// join delivered signed to it (checked with the `standardwebhooks` library), the delivery in the
// log and sent again under the same webhook-id, pause and resume, a rotated secret, the delete.
// Other tests join the waitlist at the same time, so the receiver tells this test's deliveries
// apart by the address that joined, and each endpoint has a path of its own.

test.describe.configure({ timeout: 90_000 });
test.use({ storageState: ADMIN_STATE, bypassCSP: true });

const FIRST_RENDER_TIMEOUT = 20_000;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface MemberEvent {
  type: string;
  timestamp: string;
  data: { id: string; email?: string; firstName?: string };
}

const receiver = {
  server: null as Server | null,
  base: '',
  received: [] as Received[],
};

test.beforeAll(async () => {
  receiver.server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      receiver.received.push({ path: req.url ?? '/', headers: req.headers, body });
      res.statusCode = 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
  receiver.base = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (receiver.server ? receiver.server.close(() => resolve()) : resolve()));
});

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

const verify = (secret: string, received: Received) => new Webhook(secret).verify(received.body, received.headers as Record<string, string>) as MemberEvent;

/** What reached `path` about the member who joined as `email`. */
function deliveriesFor(path: string, email: string): Received[] {
  return receiver.received.filter((one) => one.path === path && (JSON.parse(one.body) as MemberEvent).data.email === email);
}

async function join(page: Page, email: string): Promise<void> {
  const joined = await page.request.post('/api/waitlist', { data: { first_name: 'Hook', email, role: null, referrerCode: null } });
  expect(joined.status(), await joined.text()).toBe(201);
}

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  return { 'X-CSRF-Token': csrf };
}

test('staff add an endpoint, see it signed and delivered, send it again, pause, resume, rotate the secret and delete it', async ({ page }) => {
  const path = `/hooks/${tag()}`;
  const url = `${receiver.base}${path}`;
  const email = `hook-${tag()}@example.com`;

  await page.goto('/admin/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Standard Webhooks specification/ })).toHaveAttribute('href', 'https://www.standardwebhooks.com');

  const created: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/admin/webhooks') created.push(sent.url());
  });
  await page.getByRole('button', { name: 'Add endpoint', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByLabel('Description').fill('CRM sync');
  // Every event unticked: said before anything is sent.
  await expect(dialog.getByRole('checkbox')).toHaveCount(6);
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
  await expect(dialog.getByText('a member was erased on request (id only): delete them on your side too', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose at least one event to send.');
  expect(created).toHaveLength(0);
  // The server's refusal shows in the form, which keeps what was typed.
  await dialog.getByLabel('URL').fill('ftp://example.com/hooks');
  await dialog.getByRole('checkbox', { name: /^member\.joined/ }).check();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The URL must start with https://');
  await expect(dialog.getByLabel('Description')).toHaveValue('CRM sync');
  await expect(dialog.getByRole('checkbox', { name: /^member\.joined/ })).toBeChecked();
  created.length = 0;
  // A double click adds one endpoint.
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('button', { name: 'Add endpoint' }).dblclick();
  await expect(dialog).toBeHidden();
  expect(created).toHaveLength(1);

  // The secret, this once.
  const panel = page.getByRole('region', { name: `Signing secret for ${url}` });
  await expect(panel.getByRole('heading')).toBeFocused();
  await expect(panel).toContainText('This secret is shown once. Store it where your receiver can read it.');
  await expect(panel).toContainText('new Webhook(secret).verify(body, headers)');
  const secret = (await panel.getByLabel('Signing secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add endpoint', exact: true })).toBeFocused();
  await expect(page.getByText(secret)).toHaveCount(0);

  const card = page.getByRole('article', { name: url });
  await expect(card).toContainText('CRM sync');
  await expect(card.getByRole('list', { name: 'Events' }).getByRole('listitem')).toHaveText(['member.joined']);
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Never'); // nothing delivered yet

  // Someone joins: one signed delivery of member.joined reaches the receiver.
  await join(page, email);
  await expect.poll(() => deliveriesFor(path, email).length).toBe(1);
  const [first] = deliveriesFor(path, email);
  const event = verify(secret, first);
  expect(event.type).toBe('member.joined');
  expect(event.data).toMatchObject({ email, firstName: 'Hook' });
  const webhookId = String(first.headers['webhook-id']);
  expect(webhookId).toMatch(/^msg_/);

  // In the log, delivered with the receiver's 200; the open log is in the address.
  await card.getByRole('button', { name: 'Delivery log' }).click();
  await expect(page).toHaveURL(/[?&]webhook=/);
  const details = card.getByRole('button', { name: `Details of ${webhookId}` });
  const row = card.getByRole('row').filter({ has: page.getByRole('button', { name: `Details of ${webhookId}` }) });
  await expect(row).toContainText('Delivered');
  await expect(row).toContainText('200');
  await expect(row).toContainText('member.joined');
  await page.reload();
  await expect(row).toContainText('Delivered', { timeout: FIRST_RENDER_TIMEOUT });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  const opened = page.locator(`[id="${await details.getAttribute('aria-controls')}"]`);
  await expect(opened).toContainText(webhookId);
  await expect(opened).toContainText(`"email": "${email}"`);
  // The status filter, in the address too.
  await card.getByLabel('Status').selectOption('failed');
  await expect(page).toHaveURL(/[?&]webhookStatus=failed/);
  await expect(row).toHaveCount(0);
  await card.getByLabel('Status').selectOption('delivered');
  await expect(row).toContainText('Delivered');

  // Sent again, once for a double click, under the same webhook-id.
  const resent: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/resend')) resent.push(sent.url());
  });
  await card.getByLabel('Status').selectOption('');
  await row.getByRole('button', { name: 'Send again' }).dblclick();
  await expect(toast(page, 'Sending again')).toBeVisible();
  expect(resent).toHaveLength(1);
  await expect.poll(() => deliveriesFor(path, email).length).toBe(2);
  const again = deliveriesFor(path, email)[1];
  expect(again.headers['webhook-id']).toBe(webhookId);
  expect(verify(secret, again).data.email).toBe(email);
  await expect(row).toContainText('Delivered');

  // Paused, a join waits; resumed, it goes out within seconds.
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(toast(page, 'Endpoint paused')).toBeVisible();
  await expect(card).toContainText('Paused by staff');
  const waiting = `hook-${tag()}@example.com`;
  await join(page, waiting);
  // A paused endpoint's log doesn't follow itself (nothing moves): Refresh shows the delivery waiting.
  await expect(async () => {
    await card.getByRole('button', { name: 'Refresh' }).click();
    await expect(card.getByRole('row').filter({ hasText: 'Next attempt when resumed' }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass();
  expect(deliveriesFor(path, waiting)).toHaveLength(0);
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(toast(page, 'Endpoint resumed')).toContainText('go out within seconds');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect.poll(() => deliveriesFor(path, waiting).length).toBe(1);
  expect(verify(secret, deliveriesFor(path, waiting)[0]).type).toBe('member.joined');

  // A rotated secret, shown once; the old one still signs beside it for a day.
  await card.getByRole('button', { name: 'Rotate secret' }).click();
  const rotate = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
  await expect(rotate).toContainText('keeps signing beside it for 24 hours');
  await rotate.getByRole('button', { name: 'Rotate secret' }).click();
  const rotated = page.getByRole('region', { name: `New signing secret for ${url}` });
  await expect(rotated).toContainText('This secret is shown once.');
  await expect(rotated).toContainText('The old secret keeps signing beside it for 24 hours');
  const newSecret = (await rotated.getByLabel('Signing secret').textContent()) ?? '';
  expect(newSecret).toMatch(/^whsec_/);
  expect(newSecret).not.toBe(secret);
  await rotated.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByRole('button', { name: 'Rotate secret' })).toBeFocused();
  await row.getByRole('button', { name: 'Send again' }).click();
  await expect.poll(() => deliveriesFor(path, email).length).toBe(3);
  const third = deliveriesFor(path, email)[2];
  expect(third.headers['webhook-id']).toBe(webhookId);
  expect(verify(newSecret, third).data.email).toBe(email);
  expect(verify(secret, third).data.email).toBe(email);

  // Deleted, with its log.
  await card.getByRole('button', { name: 'Delete' }).click();
  const removal = page.getByRole('alertdialog', { name: 'Delete this endpoint?' });
  await expect(removal).toContainText('its delivery log is deleted with it');
  await removal.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Endpoint deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]webhook=/);
});

for (const theme of ['light', 'dark'] as const) {
  test(
    `the integrations page with an endpoint and its log open, in the ${theme} theme, fits the screen and has no accessibility violation`,
    { tag: '@layout' },
    async ({ page }) => {
      // A long URL to a closed port: it must wrap, and its failing delivery fills every column.
      const url = `http://127.0.0.1:9/a-rather-long-path/that-a-receiver-might-really-use/${tag()}?token=${'x'.repeat(40)}`;
      const added = await page.request.post('/api/admin/webhooks', {
        headers: await csrfHeaders(page),
        data: { url, events: ['member.joined', 'member.referral_credited', 'member.erased'], description: `Layout check, ${theme}` },
      });
      expect(added.status(), await added.text()).toBe(201);
      const { id } = (await added.json()) as { id: string };
      await join(page, `hook-layout-${tag()}@example.com`);
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/api/admin/webhooks/${id}/deliveries`)).json()) as { deliveries: { lastError: string | null }[] }).deliveries[0]
              ?.lastError ?? null,
        )
        .not.toBeNull();

      await page.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`/admin/integrations?webhook=${id}`);
      const card = page.getByRole('article', { name: url });
      await expect(card.getByRole('row').nth(1)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
      await expect(page.locator('html')).toHaveClass(new RegExp(theme));
      await expect(card).toContainText('Failing since');
      await card
        .getByRole('button', { name: /^Details of / })
        .first()
        .click();
      await expect(card.getByText('"type": "member.joined"')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling').toBe(true);
      expect(await seriousViolations(page, { all: true })).toEqual([]);

      await card.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit endpoint' })).toBeVisible();
      expect(await seriousViolations(page, { all: true })).toEqual([]);
      await page.keyboard.press('Escape');

      const removed = await page.request.delete(`/api/admin/webhooks/${id}`, { headers: await csrfHeaders(page) });
      expect(removed.status()).toBe(204);
    },
  );
}
