import { createHmac, randomBytes } from 'node:crypto';
import { MailSuppressions } from '@swishly/platform';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Resend's webhooks: verified over the raw body with the svix headers, each delivery
// handled once; a permanent bounce or a complaint suppresses the address, and nothing is sent to
// it again. The deliveries are signed here by hand, by the Standard Webhooks scheme Resend uses
// (HMAC-SHA-256 of "id.timestamp.body" under the secret's bytes), apart from the SDK the API verifies with.
const KEY = randomBytes(24);
const SECRET = `whsec_${KEY.toString('base64')}`;

function signed(body: unknown, options: { id?: string; at?: number; key?: Buffer } = {}) {
  const payload = JSON.stringify(body);
  const id = options.id ?? `msg_${randomBytes(8).toString('hex')}`;
  const timestamp = String(Math.floor((options.at ?? Date.now()) / 1000));
  const signature = createHmac('sha256', options.key ?? KEY)
    .update(`${id}.${timestamp}.${payload}`)
    .digest('base64');
  return { payload, headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${signature}` } };
}

const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
let ip = 0;

describe('Resend webhooks and suppression (real Postgres, Redis and worker, Resend on loopback)', () => {
  let stack: TestStack;
  const post = (delivery: ReturnType<typeof signed>) =>
    stack.api.inject({ method: 'POST', url: '/api/webhooks/resend', payload: delivery.payload, headers: delivery.headers });
  const join = (email: string) =>
    stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Mia', email, role: null, referrerCode: null },
      remoteAddress: `10.9.0.${++ip}`,
    });
  const mailTo = (email: string) => stack.dataSource.query(`SELECT status, provider_id FROM mail_log WHERE to_address = $1 ORDER BY id`, [email]);
  const deliveries = async () => Number((await stack.dataSource.query(`SELECT count(*) FROM mail_webhook_deliveries`))[0].count);
  const suppressions = () => stack.dataSource.query(`SELECT address_hash, reason FROM mail_suppressions ORDER BY created_at`);

  /** Joins and waits for the welcome email to reach the provider; answers its provider id. */
  async function welcomed(email: string): Promise<string> {
    expect((await join(email)).statusCode).toBe(201);
    const [row] = await eventually(
      () => mailTo(email),
      (rows) => rows[0]?.status === 'sent',
    );
    return row.provider_id;
  }

  beforeAll(async () => {
    stack = await startStack({ RESEND_WEBHOOK_SECRET: SECRET, PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("records a delivery as the email's status; the same delivery twice is handled once", async () => {
    const email = unique('delivered');
    const emailId = await welcomed(email);
    const delivered = signed({ type: 'email.delivered', created_at: new Date().toISOString(), data: { email_id: emailId, to: [email] } });
    expect((await post(delivered)).json()).toEqual({ ok: true, duplicate: false });
    expect((await mailTo(email))[0].status).toBe('delivered');

    const before = await deliveries();
    const again = await post(delivered);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    expect(await deliveries()).toBe(before);
  });

  it('refuses a forged, a stale or an unsigned delivery with 401, recording nothing', async () => {
    const email = unique('forged');
    const emailId = await welcomed(email);
    const body = { type: 'email.complained', data: { email_id: emailId, to: [email] } };
    const before = { deliveries: await deliveries(), suppressions: (await suppressions()).length };

    const forged = await post(signed(body, { key: randomBytes(24) }));
    const stale = await post(signed(body, { at: Date.now() - 6 * 60_000 }));
    const tampered = signed(body);
    tampered.payload = tampered.payload.replace('email.complained', 'email.delivered');
    const unsigned = await stack.api.inject({ method: 'POST', url: '/api/webhooks/resend', payload: body });
    for (const response of [forged, stale, await post(tampered), unsigned]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'The webhook signature could not be verified.', code: 'invalid_signature' });
    }
    expect(await deliveries()).toBe(before.deliveries);
    expect((await suppressions()).length).toBe(before.suppressions);
    expect((await mailTo(email))[0].status).toBe('sent');
  });

  it('a permanent bounce suppresses the address (kept as a hash): its next email is recorded as suppressed and never sent', async () => {
    const email = unique('Bounce.Me');
    const emailId = await welcomed(email);
    const bounce = signed({
      type: 'email.bounced',
      data: { email_id: emailId, to: [email], bounce: { type: 'Permanent', subType: 'General', message: 'No such mailbox' } },
    });
    expect((await post(bounce)).statusCode).toBe(200);
    expect((await mailTo(email))[0].status).toBe('bounced');

    const rows = await suppressions();
    expect(rows).toContainEqual({ address_hash: stack.api.get(MailSuppressions).addressHash(email.toUpperCase()), reason: 'bounced' });
    expect(JSON.stringify(rows)).not.toContain('bounce.me');

    // The same person joins again: the reminder is written, suppressed, not sent.
    const sentBefore = stack.resend.delivered.length;
    expect((await join(email)).statusCode).toBe(409);
    const after = await eventually(
      () => mailTo(email),
      (list) => list.length === 2,
    );
    expect(after[1]).toEqual({ status: 'suppressed', provider_id: null });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stack.resend.delivered.slice(sentBefore).filter((sent) => [sent.body.to].flat().includes(email))).toEqual([]);
  });

  it('a transient bounce marks the email but keeps mailing the address; a complaint suppresses it', async () => {
    const soft = unique('soft');
    const softId = await welcomed(soft);
    await post(signed({ type: 'email.bounced', data: { email_id: softId, to: [soft], bounce: { type: 'Transient', message: 'Mailbox full' } } }));
    expect((await mailTo(soft))[0].status).toBe('bounced');
    const suppressed = stack.api.get(MailSuppressions);
    expect(await suppressed.suppressedAmong([soft])).toEqual(new Map());

    const annoyed = unique('annoyed');
    const annoyedId = await welcomed(annoyed);
    await post(signed({ type: 'email.complained', data: { email_id: annoyedId, to: [annoyed] } }));
    expect(await suppressed.suppressedAmong([annoyed, soft])).toEqual(new Map([[annoyed, 'complained']]));
  });

  it('answers a signed delivery whose body is not an object 400, recording nothing (the provider sees it is malformed)', async () => {
    const before = await deliveries();
    for (const body of [null, [], 'email.bounced', 42]) {
      const res = await post(signed(body));
      expect([body, res.statusCode, res.json()]).toEqual([body, 400, { error: 'The webhook body is not an event.', code: 'invalid_event' }]);
    }
    expect(await deliveries()).toBe(before);
  });

  it('takes a signed bounce of a type it does not know with 2xx, marks the email and suppresses nothing (no endless retries)', async () => {
    const email = unique('odd.bounce');
    const emailId = await welcomed(email);
    for (const bounce of [{ type: 7 }, { type: { kind: 'Permanent' } }, { type: 'Undetermined' }, 'Permanent']) {
      const res = await post(signed({ type: 'email.bounced', data: { email_id: emailId, to: [email], bounce } }));
      expect([bounce, res.statusCode, res.json()]).toEqual([bounce, 200, { ok: true, duplicate: false }]);
    }
    expect((await mailTo(email))[0].status).toBe('bounced');
    expect(await stack.api.get(MailSuppressions).suppressedAmong([email])).toEqual(new Map());
    // Events and fields it does not know at all: taken and ignored as well.
    for (const body of [{ type: 'email.opened', data: { email_id: emailId } }, { type: 12, data: 'x' }, {}, { type: 'email.bounced', data: null }]) {
      expect([body, (await post(signed(body))).statusCode]).toEqual([body, 200]);
    }
  });
});
