import { MailUnsubscribes } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { createHmac } from 'node:crypto';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { WebhookDeliveries } from '../libs/admin/src/integrations/webhooks/webhook-deliveries.service';
import { postDelivery } from '../libs/admin/src/integrations/webhooks/webhook-sender';
import { isPublicAddress, urlProblem } from '../libs/admin/src/integrations/webhooks/webhook-targets';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Outgoing webhooks on the real Postgres, Redis, API and worker, delivered over HTTP to a
// receiver on loopback and verified there with the `standardwebhooks` library (and by hand, to
// the specification): each subscribed member event reaches each endpoint once under one
// webhook-id, retries keep that id, a day of failures pauses the endpoint and tells staff, and
// an erasure leaves nothing of the person in the delivery log.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** An HTTP receiver answering each path with the status its queue says (200 when empty). */
class Receiver {
  readonly received: Received[] = [];
  private readonly answers = new Map<string, number[]>();
  private server?: Server;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ headers: req.headers, body, path });
        res.statusCode = this.answers.get(path)?.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  answer(path: string, ...statuses: number[]): void {
    this.answers.set(path, statuses);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The signature the specification defines, computed here without the library: base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
function signedBySpec(secret: string, received: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const content = `${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`;
  return `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
}

const verify = (secret: string, received: Received) =>
  new Webhook(secret).verify(received.body, received.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };

describe('outgoing webhooks', () => {
  let stack: TestStack;
  let staff: { cookie: string; 'x-csrf-token': string };
  const receiver = new Receiver();
  let ip = 0;
  const from = () => `10.61.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  const join = async (email: string, referrerCode: string | null = null) => {
    const answer = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Wanda', email, role: 'Guard', referrerCode },
      remoteAddress: from(),
    });
    expect(answer.statusCode).toBe(201);
    return answer.json() as { id: string; referralCode: string };
  };
  const confirm = async (entryId: string) => {
    const answer = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist/confirm',
      payload: { token: stack.api.get(WaitlistService).links.confirmToken(entryId) },
      remoteAddress: from(),
    });
    expect(answer.statusCode).toBeLessThan(300);
  };
  const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    stack.api.inject({ method, url, headers: staff, ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}) });
  const addEndpoint = async (path: string, events: string[]) => {
    const created = await admin('POST', '/api/admin/webhooks', { url: `${receiver.base}${path}`, events, description: `receiver ${path}` });
    expect(created.statusCode).toBe(201);
    return created.json() as { id: string; secret: string };
  };
  const deliveriesOf = (endpointId: string) =>
    stack.dataSource.query(
      `SELECT id, event_type, status, attempts, response_status, payload, first_failed_at FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at`,
      [endpointId],
    );
  const arrived = (path: string, count: number, timeoutMs?: number) =>
    eventually(
      async () => receiver.at(path),
      (list) => list.length >= count,
      timeoutMs,
    );
  /** What a day's waiting would do: the deliveries of this endpoint are due now. */
  const makeDue = (endpointId: string) =>
    stack.dataSource.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1 AND status = 'pending'`, [endpointId]);

  beforeAll(async () => {
    await receiver.start();
    stack = await startStack({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_POLL_MS: '200', PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    staff = await signInStaff(stack.api, 'integrations-owner@swishly.test');
  });

  afterAll(async () => {
    await stack?.stop();
    await receiver.stop();
  });

  it('answers 201 with the id and a whsec_ secret shown once, which the log never holds; refuses bad URLs and events', async () => {
    const created = await admin('POST', '/api/admin/webhooks', { url: `${receiver.base}/shape`, events: ['member.joined'] });
    expect(created.statusCode).toBe(201);
    expect(Object.keys(created.json()).sort()).toEqual(['id', 'secret']);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [leak] = await stack.dataSource.query(`SELECT count(*)::int AS n FROM domain_events WHERE payload::text LIKE $1 OR metadata::text LIKE $1`, [
      `%${secret.slice(6, 30)}%`,
    ]);
    expect(leak.n).toBe(0);
    const listed = (await admin('GET', '/api/admin/webhooks')).json().endpoints.find((e: { id: string }) => e.id === id);
    expect(listed).toMatchObject({
      url: `${receiver.base}/shape`,
      events: ['member.joined'],
      status: 'active',
      deliveries: { delivered: 0, pending: 0, failed: 0 },
    });
    expect(JSON.stringify(listed)).not.toContain(secret);

    for (const [payload, code] of [
      [{ url: 'not a url', events: ['member.joined'] }, 'invalid_url'],
      [{ url: `${receiver.base}/x`, events: [] }, 'validation_failed'],
      [{ url: `${receiver.base}/x`, events: ['member.deleted'] }, 'validation_failed'],
      [{ url: `${receiver.base}/x` }, 'validation_failed'],
      [{ url: 'ftp://hooks.example.com/', events: ['member.joined'] }, 'invalid_url'],
    ] as const) {
      const refused = await admin('POST', '/api/admin/webhooks', payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe(code);
    }
    expect(
      (await stack.api.inject({ method: 'POST', url: '/api/admin/webhooks', payload: { url: 'https://a.example', events: ['member.joined'] } })).statusCode,
    ).toBe(401);
    await admin('DELETE', `/api/admin/webhooks/${id}`);
  });

  it('sends each subscribed member event once to each endpoint, signed so that the standardwebhooks library verifies it', async () => {
    const all = await addEndpoint('/all', [
      'member.joined',
      'member.confirmed',
      'member.referral_credited',
      'member.admitted',
      'member.unsubscribed',
      'member.erased',
    ]);
    const confirmedOnly = await addEndpoint('/confirmed-only', ['member.confirmed']);

    const referrer = await join('webhook-referrer@example.com');
    await confirm(referrer.id);
    const friend = await join('webhook-friend@example.com', referrer.referralCode);
    await confirm(friend.id); // credits the referrer, in a job of its own
    // The credit is worked after the confirmation answers; a friend erased before it is never credited, so wait for it first.
    await eventually(
      async () => receiver.at('/all').filter((r) => r.body.includes('"member.referral_credited"')),
      (credited) => credited.length === 1,
    );
    const admitted = await admin('POST', `/api/admin/waitlist/${referrer.id}/admission`);
    expect(admitted.statusCode).toBe(202);
    const token = stack.api.get(MailUnsubscribes).token('webhook-friend@example.com');
    for (let click = 0; click < 2; click++) {
      expect(
        (
          await stack.api.inject({
            method: 'POST',
            url: `/unsubscribe?token=${token}`,
            payload: 'List-Unsubscribe=One-Click',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).statusCode,
      ).toBe(200);
    }
    expect((await admin('POST', '/api/admin/privacy/erase', { email: 'webhook-friend@example.com' })).statusCode).toBe(200);

    // joined ×2, confirmed ×2, referral credited, admitted, unsubscribed (two clicks: once), erased.
    const received = await arrived('/all', 8);
    await arrived('/confirmed-only', 2);
    await new Promise((r) => setTimeout(r, 1000)); // nothing more comes
    expect(receiver.at('/all')).toHaveLength(8);
    expect(receiver.at('/confirmed-only')).toHaveLength(2);

    const events = received.map((r) => verify(all.secret, r));
    const ofType = (type: string) => events.filter((e) => e.type === type);
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        'member.admitted',
        'member.confirmed',
        'member.confirmed',
        'member.erased',
        'member.joined',
        'member.joined',
        'member.referral_credited',
        'member.unsubscribed',
      ].sort(),
    );
    for (const r of received) {
      expect(r.headers['webhook-signature']).toBe(signedBySpec(all.secret, r));
      expect(r.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(r.headers['content-type']).toBe('application/json');
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    }
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(8);
    // The least personal data: a join names the person (address, first name), nothing else does; the role they typed never leaves.
    expect(ofType('member.joined').find((e) => e.data.id === referrer.id)!.data).toEqual({
      id: referrer.id,
      email: 'webhook-referrer@example.com',
      firstName: 'Wanda',
      position: expect.any(Number),
      source: 'landing',
      referredBy: null,
      joinedAt: expect.any(String),
    });
    expect(ofType('member.referral_credited')[0].data).toEqual({ id: referrer.id, referredMemberId: friend.id, places: expect.any(Number) });
    expect(ofType('member.admitted')[0].data).toEqual({ id: referrer.id, admittedAt: expect.any(String) });
    expect(ofType('member.unsubscribed')[0].data).toEqual({ id: friend.id, unsubscribedAt: expect.any(String) });
    expect(ofType('member.erased')[0].data).toEqual({ id: friend.id });
    for (const event of events.filter((e) => e.type !== 'member.joined')) expect(JSON.stringify(event)).not.toMatch(/@|Wanda|Guard/);
    expect(JSON.stringify(events)).not.toContain('Guard');
    // The other endpoint got only what it asked for, under its own secret (the first's does not verify it).
    const other = receiver.at('/confirmed-only');
    expect(other.map((r) => verify(confirmedOnly.secret, r).type)).toEqual(['member.confirmed', 'member.confirmed']);
    expect(() => verify(all.secret, other[0])).toThrow();

    // The erasure left nothing of the friend in the delivery log.
    const logged = await stack.dataSource.query(`SELECT payload::text AS payload, subject FROM webhook_deliveries`);
    expect(logged.filter((row: { payload: string }) => row.payload.includes('webhook-friend'))).toEqual([]);
  });

  it('keeps one webhook-id through retries and a redelivered job, and records the attempts in the delivery log', async () => {
    const flaky = await addEndpoint('/flaky', ['member.joined']);
    receiver.answer('/flaky', 500, 503);
    const member = await join('webhook-retry@example.com');
    await arrived('/flaky', 1);
    const [afterFirst] = await eventually(
      () => deliveriesOf(flaky.id),
      (rows) => rows[0]?.status === 'pending' && rows[0].attempts === 1,
    );
    expect(afterFirst.response_status).toBe(500);
    await makeDue(flaky.id);
    await arrived('/flaky', 2);
    await eventually(
      () => deliveriesOf(flaky.id),
      (rows) => rows[0].attempts === 2 && rows[0].status === 'pending',
    );
    await makeDue(flaky.id);
    await arrived('/flaky', 3);
    const [done] = await eventually(
      () => deliveriesOf(flaky.id),
      (rows) => rows[0].status === 'delivered',
    );
    expect(done).toMatchObject({ attempts: 3, response_status: 200 });
    const attempts = receiver.at('/flaky');
    expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
    for (const r of attempts) expect(verify(flaky.secret, r).data.id).toBe(member.id);

    // The consumer's job run again (a redelivery from Redis) writes and sends nothing new.
    const [event] = await stack.dataSource.query(`SELECT id FROM domain_events WHERE stream_id = $1 AND type = 'waitlist.joined'`, [member.id]);
    const joined = (await stack.dataSource.query(`SELECT * FROM domain_events WHERE id = $1`, [event.id]))[0];
    const written = await stack.dataSource.transaction((manager) =>
      stack.worker.get(WebhookDeliveries).write(
        [
          {
            id: joined.id,
            position: joined.position,
            streamType: joined.stream_type,
            streamId: joined.stream_id,
            version: joined.version,
            type: joined.type,
            payload: { ...joined.payload, email: 'webhook-retry@example.com', firstName: 'Wanda' },
            metadata: {},
            occurredAt: joined.occurred_at.toISOString(),
          },
        ],
        manager,
      ),
    );
    expect(written).toEqual([]);
    expect(await deliveriesOf(flaky.id)).toHaveLength(1);

    const log = (await admin('GET', `/api/admin/webhooks/${flaky.id}/deliveries`)).json();
    expect(log.deliveries).toEqual([
      expect.objectContaining({
        id: attempts[0].headers['webhook-id'],
        eventType: 'member.joined',
        status: 'delivered',
        attempts: 3,
        responseStatus: 200,
        lastError: null,
      }),
    ]);

    // Send again: the same id and body, a fresh attempt, in the audit log.
    const resent = await admin('POST', `/api/admin/webhooks/${flaky.id}/deliveries/${log.deliveries[0].id}/resend`);
    expect(resent.statusCode).toBe(202);
    await arrived('/flaky', 4);
    expect(receiver.at('/flaky')[3].headers['webhook-id']).toBe(attempts[0].headers['webhook-id']);
    expect((await admin('POST', `/api/admin/webhooks/${flaky.id}/deliveries/msg_nope/resend`)).statusCode).toBe(404);
    const audit = (await admin('GET', '/api/admin/audit')).json();
    expect(JSON.stringify(audit)).toContain('Sent a webhook delivery again');
    expect(JSON.stringify(audit)).toContain('Added a webhook endpoint');
  });

  it('pauses an endpoint after a day of failures and emails staff; its deliveries wait and go when staff resume it', async () => {
    const down = await addEndpoint('/down', ['member.joined']);
    receiver.answer('/down', ...Array(20).fill(500));
    await join('webhook-down-1@example.com');
    await arrived('/down', 1);
    // A delivery of the same day that ran out of attempts counts toward the pause, and no longer after the resume.
    await stack.dataSource.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, attempts, first_failed_at)
       VALUES ('msg_ranout', $1, gen_random_uuid(), 'member.confirmed', '{"type":"member.confirmed","timestamp":"2026-01-01T00:00:00Z","data":{"id":"x"}}', 'failed', 8, now() - interval '20 hours')`,
      [down.id],
    );
    await eventually(
      () => deliveriesOf(down.id),
      (rows) => rows[0]?.attempts === 1 && rows[0].status === 'pending',
    );
    // A day has passed since the first failure; the next attempt fails too.
    await stack.dataSource.query(`UPDATE webhook_deliveries SET first_failed_at = now() - interval '25 hours' WHERE endpoint_id = $1`, [down.id]);
    await makeDue(down.id);
    await arrived('/down', 2);
    const paused = await eventually(
      async () => (await admin('GET', `/api/admin/webhooks/${down.id}`)).json(),
      (endpoint) => endpoint.status === 'paused',
    );
    expect(paused).toMatchObject({ pausedReason: 'failing', failingSince: expect.any(String), deliveries: { pending: 1 } });
    const [mail] = await eventually(
      () => stack.dataSource.query(`SELECT to_address, subject FROM mail_log WHERE template = 'webhook-paused'`),
      (rows) => rows.length === 1,
    );
    expect(mail.to_address).toBe('integrations-owner@swishly.test');

    // While paused nothing is attempted, even when due.
    await join('webhook-down-2@example.com');
    await makeDue(down.id);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.at('/down')).toHaveLength(2);
    expect(await deliveriesOf(down.id)).toHaveLength(3);

    // The first attempts after the resume fail too: the day before the resume no longer counts, so it is not paused again.
    receiver.answer('/down', 500, 500);
    const resumed = await admin('POST', `/api/admin/webhooks/${down.id}/resume`);
    expect(resumed.json().status).toBe('active');
    await arrived('/down', 4);
    const failingAgain = await eventually(
      async () => (await admin('GET', `/api/admin/webhooks/${down.id}`)).json(),
      (endpoint) => endpoint.failingSince !== null,
    );
    expect(failingAgain.status).toBe('active');
    expect(Date.now() - Date.parse(failingAgain.failingSince)).toBeLessThan(60_000);
    await makeDue(down.id);
    await arrived('/down', 6);
    await eventually(
      () => deliveriesOf(down.id),
      (rows) => rows.filter((row: { status: string }) => row.status === 'delivered').length === 2,
    );
    expect((await admin('GET', `/api/admin/webhooks/${down.id}`)).json()).toMatchObject({
      status: 'active',
      failingSince: null,
      deliveries: { delivered: 2, pending: 0, failed: 1 },
    });
  });

  it('an erasure cancels the deliveries still waiting and keeps only the member id in those sent', async () => {
    const held = await addEndpoint('/held', ['member.joined']);
    expect((await admin('POST', `/api/admin/webhooks/${held.id}/pause`)).json()).toMatchObject({ status: 'paused', pausedReason: 'staff' });
    const member = await join('Webhook.Erased@Example.com');
    const [waiting] = await eventually(
      () => deliveriesOf(held.id),
      (rows) => rows.length === 1,
    );
    expect(waiting.payload.data.email).toBe('Webhook.Erased@Example.com');
    expect((await admin('POST', '/api/admin/privacy/erase', { email: 'webhook.erased@example.com' })).statusCode).toBe(200);
    const [after] = await deliveriesOf(held.id);
    expect(after.status).toBe('cancelled');
    expect(after.payload.data).toEqual({ id: member.id });
    await admin('POST', `/api/admin/webhooks/${held.id}/resume`);
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.at('/held')).toHaveLength(0);
    expect((await admin('POST', `/api/admin/webhooks/${held.id}/deliveries/${after.id}/resend`)).statusCode).toBe(409);
  });

  it('rotates the secret: the new one is shown once, and for a day both the new and the old one verify', async () => {
    const rotating = await addEndpoint('/rotating', ['member.joined']);
    const rotated = await admin('POST', `/api/admin/webhooks/${rotating.id}/secret`);
    expect(rotated.statusCode).toBe(201);
    const { secret } = rotated.json();
    expect(secret).not.toBe(rotating.secret);
    await join('webhook-rotation@example.com');
    const [delivery] = await arrived('/rotating', 1);
    expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(secret, delivery).type).toBe('member.joined');
    expect(verify(rotating.secret, delivery).type).toBe('member.joined');
  });

  it('delivers a burst of 300 joins once each, and takes up an attempt whose worker died mid-send once its lease runs out', async () => {
    const burst = await addEndpoint('/burst', ['member.joined']);
    const emails = Array.from({ length: 300 }, (_, i) => `webhook-burst-${i}@example.com`);
    await Promise.all(emails.map((email) => join(email)));
    // 300 joins' welcome emails, positions and deliveries: on a loaded machine that takes a while
    // (a fresh-clone run at a load average of 21 had not delivered them all after 180 s).
    const received = await arrived('/burst', 300, 360_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.at('/burst')).toHaveLength(300);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(300);
    expect(new Set(received.map((r) => verify(burst.secret, r).data.email)).size).toBe(300);

    // A worker killed after claiming an attempt leaves it 'sending' under a lease; once the lease
    // has run out, the next pass sends it again, under the same webhook-id.
    const [row] = await deliveriesOf(burst.id);
    await stack.dataSource.query(`UPDATE webhook_deliveries SET status = 'sending', lease_until = now() - interval '1 second' WHERE id = $1`, [row.id]);
    await arrived('/burst', 301);
    expect(receiver.at('/burst')[300].headers['webhook-id']).toBe(row.id);
    await eventually(
      () => deliveriesOf(burst.id),
      (rows) => rows.find((r: { id: string }) => r.id === row.id).status === 'delivered',
    );
    // A lease still running is left alone.
    await stack.dataSource.query(`UPDATE webhook_deliveries SET status = 'sending', lease_until = now() + interval '1 minute' WHERE id = $1`, [row.id]);
    expect(await stack.worker.get(WebhookDeliveries).sendDue([row.id])).toBe(0);
    await admin('DELETE', `/api/admin/webhooks/${burst.id}`);
  }, 480_000);

  it('lets only the owner and admin manage webhooks', async () => {
    for (const role of ['marketing', 'ops', 'editor'] as const) {
      const headers = await signInStaff(stack.api, `webhooks-${role}@swishly.test`, role);
      const answer = await stack.api.inject({ method: 'GET', url: '/api/admin/webhooks', headers });
      expect(answer.statusCode).toBe(403);
    }
  });
});

describe('where a webhook may go', () => {
  it('takes https URLs of public hosts only, unless private URLs are allowed (development, tests)', () => {
    for (const url of [
      'http://hooks.example.com/',
      'https://localhost/',
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://10.0.0.7/',
      'https://192.168.1.1/',
      'https://172.16.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://0.0.0.0/',
      'https://metadata.internal/',
      'https://user:pass@hooks.example.com/',
      'https://intranet/',
    ]) {
      expect([url, urlProblem(url, false)]).toEqual([url, expect.any(String)]);
    }
    expect(urlProblem('https://hooks.example.com/swishly', false)).toBeNull();
    expect(urlProblem('https://93.184.215.14/hook', false)).toBeNull();
    expect(urlProblem('http://127.0.0.1:3999/hook', true)).toBeNull();
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::', '224.0.0.1', 'not-an-ip']) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
  });

  it('checks the address a host resolves to at delivery time, and never connects to a private one', async () => {
    let connections = 0;
    const server = createServer((_req, res) => {
      connections++;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // 'localhost.' passes the check by name; its DNS answer (loopback) is what refuses it.
      for (const url of [`https://localhost.:${port}/`, `https://127.0.0.1:${port}/`, `http://127.0.0.1:${port}/`]) {
        const outcome = await postDelivery(url, '{}', {}, { timeoutMs: 2000, allowPrivate: false });
        expect([url, outcome.ok]).toEqual([url, false]);
        expect(outcome.ok === false && outcome.status).toBeNull();
      }
      expect(connections).toBe(0);
      expect(await postDelivery(`http://127.0.0.1:${port}/`, '{}', {}, { timeoutMs: 2000, allowPrivate: true })).toEqual({ ok: true, status: 200 });
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });
});
