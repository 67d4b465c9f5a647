import { MailSuppressions } from '@swishly/platform';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// One-click unsubscribe (RFC 8058), on the real Postgres, Redis and worker with Resend
// on loopback: marketing email carries List-Unsubscribe and List-Unsubscribe-Post and a visible
// link; the link's form-encoded POST stops marketing email at once, while the answers to the
// person's own requests still go; undo brings it back; a bounce outranks an unsubscribe.
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
let ip = 0;

describe('one-click unsubscribe', () => {
  let stack: TestStack;
  const from = () => `10.30.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const join = (email: string) =>
    stack.api.inject({ method: 'POST', url: '/api/waitlist', payload: { first_name: 'Uma', email, role: null, referrerCode: null }, remoteAddress: from() });
  const mailTo = (email: string) => stack.dataSource.query(`SELECT template, status FROM mail_log WHERE to_address = $1 ORDER BY id`, [email]);
  const sentTo = (email: string) => stack.resend.delivered.filter((m) => [m.body.to].flat().includes(email));

  /** Joins and answers the welcome as the provider received it. */
  async function welcomed(email: string) {
    const joined = await join(email);
    expect(joined.statusCode).toBe(201);
    await eventually(
      async () => sentTo(email),
      (mails) => mails.length === 1,
    );
    return { entry: joined.json() as { id: string; referralCode: string }, welcome: sentTo(email)[0] };
  }

  const unsubscribeUrlOf = (welcome: Awaited<ReturnType<typeof welcomed>>['welcome']) =>
    new URL(welcome.body.headers!['List-Unsubscribe'].replace(/^<|>$/g, ''));

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('puts List-Unsubscribe, List-Unsubscribe-Post and a visible link on the welcome, never the address itself', async () => {
    const email = unique('headers');
    const { welcome } = await welcomed(email);
    expect(welcome.body.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<https:\/\/swishly\.test\/unsubscribe\?token=[0-9a-f]{64}\.[\w-]{32}>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const url = unsubscribeUrlOf(welcome);
    expect(welcome.body.html).toContain(`href="${url.href}"`);
    expect(welcome.body.text).toContain('Unsubscribe');
    expect(url.href).not.toContain(email.split('@')[0]);
  });

  it("takes the mail client's form-encoded one-click POST; then no marketing email leaves, while a requested status link still does", async () => {
    const email = unique('one-click');
    const { entry, welcome } = await welcomed(email);
    const url = unsubscribeUrlOf(welcome);
    const clicked = await stack.api.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(clicked.statusCode).toBe(200);
    // The same POST twice is harmless.
    expect(
      (
        await stack.api.inject({
          method: 'POST',
          url: `${url.pathname}${url.search}`,
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(200);

    // A repeat sign-up's reminder is marketing: recorded as suppressed, never sent.
    expect((await join(email)).statusCode).toBe(409);
    await eventually(
      () => mailTo(email),
      (rows) => rows.some((r: { template: string }) => r.template === 'waitlist-confirm-reminder'),
    );
    expect((await mailTo(email)).find((r: { template: string }) => r.template === 'waitlist-confirm-reminder').status).toBe('suppressed');
    // A fresh status link answers the member's own request: it goes.
    const asked = await stack.api.inject({ method: 'POST', url: '/api/waitlist/status-link', payload: { code: entry.referralCode }, remoteAddress: from() });
    expect(asked.statusCode).toBe(202);
    await eventually(
      () => mailTo(email),
      (rows) => rows.some((r: { template: string; status: string }) => r.template === 'waitlist-status-link' && r.status === 'sent'),
    );
    expect(sentTo(email).map((m) => m.body.subject)).toEqual([expect.stringContaining("You're #"), expect.stringContaining('Your link')]);
    expect(sentTo(email)[1].body.headers).toBeUndefined(); // a transactional email carries no unsubscribe
  });

  it('undoes an unsubscribe from the page, and shows none of it to a forged token', async () => {
    const email = unique('undo');
    const { welcome } = await welcomed(email);
    const token = unsubscribeUrlOf(welcome).searchParams.get('token')!;
    const hash = stack.api.get(MailSuppressions).addressHash(email);
    const reasonOf = async () => (await stack.dataSource.query('SELECT reason FROM mail_suppressions WHERE address_hash = $1', [hash]))[0]?.reason ?? null;

    const off = await stack.api.inject({ method: 'POST', url: '/api/email/unsubscribe', payload: { token } });
    expect(off.json()).toEqual({ unsubscribed: true });
    expect(await reasonOf()).toBe('unsubscribed');
    const on = await stack.api.inject({ method: 'POST', url: '/api/email/resubscribe', payload: { token } });
    expect(on.json()).toEqual({ unsubscribed: false });
    expect(await reasonOf()).toBeNull();

    const forged = `${'0'.repeat(64)}.${token.split('.')[1]}`;
    for (const bad of [forged, `${token}x`, 'nonsense', '']) {
      const refused = await stack.api.inject({ method: 'POST', url: '/api/email/unsubscribe', payload: { token: bad } });
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (
        await stack.api.inject({
          method: 'POST',
          url: `/unsubscribe?token=${forged}`,
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(400);
    expect(await reasonOf()).toBeNull();
  });

  it('opening the link changes nothing: the page and its state are GETs that only read (a mail scanner opens links and runs pages)', async () => {
    const email = unique('scanner');
    const { welcome } = await welcomed(email);
    const url = unsubscribeUrlOf(welcome);
    const token = url.searchParams.get('token')!;
    const hash = stack.api.get(MailSuppressions).addressHash(email);
    const suppressions = () => stack.dataSource.query('SELECT reason, created_at FROM mail_suppressions WHERE address_hash = $1', [hash]);

    // The link as a scanner fetches it, the page's own request for the state, and a HEAD.
    const page = await stack.api.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBeLessThan(500);
    expect((await stack.api.inject({ method: 'HEAD', url: `${url.pathname}${url.search}` })).statusCode).toBeLessThan(500);
    for (let i = 0; i < 3; i++) {
      const state = await stack.api.inject({ method: 'GET', url: `/api/email/subscription?token=${encodeURIComponent(token)}` });
      expect([state.statusCode, state.json(), state.headers['cache-control']]).toEqual([200, { unsubscribed: false }, 'no-store']);
    }
    expect(await suppressions()).toEqual([]);

    // Only the button (or the mail client's one-click POST) unsubscribes; the state then says so, and still changes nothing.
    expect((await stack.api.inject({ method: 'POST', url: '/api/email/unsubscribe', payload: { token } })).json()).toEqual({ unsubscribed: true });
    const [unsubscribed] = await suppressions();
    expect(unsubscribed.reason).toBe('unsubscribed');
    expect((await stack.api.inject({ method: 'GET', url: `/api/email/subscription?token=${encodeURIComponent(token)}` })).json()).toEqual({
      unsubscribed: true,
    });
    expect(await suppressions()).toEqual([unsubscribed]);

    // A forged or missing token reads nothing.
    for (const bad of [`${'0'.repeat(64)}.${token.split('.')[1]}`, 'nonsense']) {
      expect((await stack.api.inject({ method: 'GET', url: `/api/email/subscription?token=${bad}` })).statusCode).toBe(400);
    }
    expect((await stack.api.inject({ method: 'GET', url: '/api/email/subscription' })).statusCode).toBe(400);
  });

  it('a bounce outranks an unsubscribe, and undo never lifts a bounce', async () => {
    const email = unique('bounced');
    const suppressions = stack.api.get(MailSuppressions);
    const token = (await welcomed(email)).welcome.body.headers!['List-Unsubscribe'].match(/token=([^>]+)/)![1];
    expect((await stack.api.inject({ method: 'POST', url: '/api/email/unsubscribe', payload: { token } })).statusCode).toBe(200);
    await suppressions.suppress(email, 'bounced');
    expect((await suppressions.suppressedAmong([email])).get(email)).toBe('bounced');
    await stack.api.inject({ method: 'POST', url: '/api/email/resubscribe', payload: { token } });
    expect((await suppressions.suppressedAmong([email])).get(email)).toBe('bounced');
    await suppressions.suppress(email, 'unsubscribed');
    expect((await suppressions.suppressedAmong([email])).get(email)).toBe('bounced');
  });

  it('takes a form-encoded body nowhere else: the API is JSON only', async () => {
    const refused = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: 'first_name=Uma&email=x%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.statusCode).toBe(415);
  });
});
