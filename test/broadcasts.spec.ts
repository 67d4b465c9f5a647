import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { BroadcastsService } from '../libs/admin/src/broadcasts/broadcasts.service';
import { signInStaff } from './utils/test-app';
import { MailSuppressions } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Launch announcements: staff write one, see who it will reach, test it on themselves,
// then send it to an audience. Every recipient exactly once, with one-click unsubscribe; never an
// unconfirmed, unsubscribed, suppressed or erased address.
describe('/api/admin/broadcasts', () => {
  let stack: TestStack;
  let headers: Record<string, string>;
  let ip = 0;
  const emails = ['bc-unconfirmed', 'bc-admitted', 'bc-waiting', 'bc-unsubscribed', 'bc-bounced', 'bc-erased', 'bc-waiting-too'].map((n) => `${n}@example.com`);
  const body = '<h2>It is out</h2><p>Swishly is in the stores today. <a href="https://swishly.test/download">Get the app</a></p>';
  const post = (url: string, payload: unknown, extra: Record<string, string> = {}) =>
    stack.api.inject({ method: 'POST', url, payload: payload as object, headers: { ...headers, ...extra } });
  const get = (url: string) => stack.api.inject({ url, headers });
  /** What became of an email, told by the provider: signed as Resend signs (Standard Webhooks), with the library of that name. */
  const PROVIDER_SECRET = `whsec_${randomBytes(24).toString('base64')}`;
  const providerSays = (type: string, providerId: string, secret = PROVIDER_SECRET) => {
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const at = new Date();
    const payload = JSON.stringify({ type, created_at: at.toISOString(), data: { email_id: providerId, to: ['someone@example.com'] } });
    return stack.api.inject({
      method: 'POST',
      url: '/api/webhooks/resend',
      payload,
      headers: {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
        'svix-signature': new Webhook(secret).sign(id, at, payload),
      },
    });
  };
  const deliveredTo = (email: string, subject: string) => stack.resend.delivered.filter((m) => [m.body.to].flat()[0] === email && m.body.subject === subject);

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000', RESEND_WEBHOOK_SECRET: PROVIDER_SECRET, BROADCAST_SCHEDULE_POLL_MS: '300' });
    headers = await signInStaff(stack.api, 'broadcast-staff@swishly.test');
    const ids: string[] = [];
    for (const [i, email] of emails.entries()) {
      const joined = await stack.api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: `Member${i}`, email, role: null, referrerCode: null },
        remoteAddress: `10.60.0.${++ip}`,
      });
      ids.push(joined.json().id);
    }
    for (const id of ids.slice(1)) {
      const token = stack.api.get(WaitlistService).links.confirmToken(id);
      expect((await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token }, remoteAddress: `10.60.1.${++ip}` })).statusCode).toBe(
        200,
      );
    }
    const admission = await post('/api/admin/waitlist/admissions', { count: 1 }); // the first confirmed: bc-admitted
    await eventually(
      async () => (await get(`/api/admin/waitlist/admissions/${admission.json().id}`)).json(),
      (p) => p.status === 'done',
    );
    await stack.api.get(MailSuppressions).suppress('bc-unsubscribed@example.com', 'unsubscribed');
    await stack.api.get(MailSuppressions).suppress('bc-bounced@example.com', 'bounced');
    expect((await post('/api/admin/privacy/erase', { email: 'bc-erased@example.com' })).statusCode).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('counts who each audience reaches: confirmed members only, never unsubscribed, suppressed or erased', async () => {
    const sizes: Record<string, number> = {};
    const notMailable: Record<string, number> = {};
    for (const audience of ['all', 'confirmed', 'waiting', 'admitted']) {
      const res = await get(`/api/admin/broadcasts/audience?audience=${audience}`);
      expect(res.statusCode).toBe(200);
      sizes[audience] = res.json().recipients;
      notMailable[audience] = res.json().notMailable;
    }
    expect(sizes).toEqual({ all: 3, confirmed: 3, waiting: 2, admitted: 1 });
    // And why the waitlist's own counts are larger: the waiting members who cannot be emailed (unsubscribed, bounced).
    expect(notMailable).toEqual({ all: 2, confirmed: 2, waiting: 2, admitted: 0 });
    expect((await get('/api/admin/waitlist/statuses')).json()).toMatchObject({ confirmed: sizes.waiting + notMailable.waiting, admitted: 1 });
    expect((await get('/api/admin/broadcasts/audience?audience=everyone')).statusCode).toBe(400);
  });

  it('previews the email and sends a test to the staff member only, sanitised like posts', async () => {
    const draft = { subject: 'Preview: we are live', html: `${body}<script>alert(1)</script><img src=x onerror="alert(2)">` };
    const preview = await post('/api/admin/broadcasts/preview', draft);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain('Preview: we are live');
    expect(preview.json().html).toContain('Get the app');
    expect(preview.json().html).not.toMatch(/<script|onerror/i);

    const test = await post('/api/admin/broadcasts/test', draft);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toEqual({ to: 'broadcast-staff@swishly.test' });
    const [sent] = await eventually(
      async () => deliveredTo('broadcast-staff@swishly.test', '[Test] Preview: we are live'),
      (m) => m.length === 1,
    );
    expect(sent.body.html).toContain('Swishly is in the stores today');
    expect(sent.body.html).not.toMatch(/<script|onerror/i);
    // Nobody on the list got it.
    expect(stack.resend.delivered.filter((m) => m.body.subject.includes('Preview: we are live'))).toHaveLength(1);
  });

  it('sends to every member of the audience exactly once, with one-click unsubscribe, also when the request comes twice', async () => {
    const subject = 'Swishly is out today';
    const first = await post('/api/admin/broadcasts', { subject, html: body, audience: 'all' }, { 'idempotency-key': 'launch-day' });
    expect(first.statusCode).toBe(202);
    const again = await post('/api/admin/broadcasts', { subject, html: body, audience: 'all' }, { 'idempotency-key': 'launch-day' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());

    const done = await eventually(
      async () => (await get(`/api/admin/broadcasts/${first.json().id}`)).json(),
      (p) => p.status === 'sent',
    );
    expect(done).toEqual({
      id: first.json().id,
      subject,
      audience: 'all',
      status: 'sent',
      sendAt: null,
      total: 3,
      sent: 3,
      skipped: 0,
      failed: 0,
      erased: 0,
      delivered: 0,
      opened: 0,
      clicked: 0,
      bounced: 0,
      complained: 0,
      unsubscribed: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // a duplicate would show up meanwhile
    const reached = emails.map((email) => deliveredTo(email, subject).length);
    expect(Object.fromEntries(emails.map((e, i) => [e, reached[i]]))).toEqual({
      'bc-unconfirmed@example.com': 0,
      'bc-admitted@example.com': 1,
      'bc-waiting@example.com': 1,
      'bc-unsubscribed@example.com': 0,
      'bc-bounced@example.com': 0,
      'bc-erased@example.com': 0,
      'bc-waiting-too@example.com': 1,
    });
    const [email] = deliveredTo('bc-waiting@example.com', subject);
    expect(email.body.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /<(https:\/\/[^>]+)>/.exec(email.body.headers?.['List-Unsubscribe'] ?? '')![1];
    // The link in the body is the recipient's own, the same as the header's.
    expect(email.body.html).toContain(link.replaceAll('&', '&amp;'));
    expect(deliveredTo('bc-waiting-too@example.com', subject)[0].body.html).not.toContain(link);

    // The member unsubscribes with one click; the next announcement leaves them out.
    const url = new URL(link);
    const unsubscribed = await stack.api.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: '10.60.9.9',
    });
    expect(unsubscribed.statusCode).toBeLessThan(300);
    expect(url.searchParams.get('from')).toMatch(/^[0-9a-f-]{36}$/);
    // Counted for the announcement its link came from, once, however often it is clicked.
    await stack.api.inject({
      method: 'POST',
      url: '/api/email/unsubscribe',
      payload: { token: url.searchParams.get('token'), from: url.searchParams.get('from') },
    });
    expect((await get(`/api/admin/broadcasts/${first.json().id}`)).json().unsubscribed).toBe(1);
    expect((await get('/api/admin/broadcasts/audience?audience=waiting')).json().recipients).toBe(1);
    const next = await post('/api/admin/broadcasts', { subject: 'Week one in numbers', html: body, audience: 'waiting' });
    const nextDone = await eventually(
      async () => (await get(`/api/admin/broadcasts/${next.json().id}`)).json(),
      (p) => p.status === 'sent',
    );
    expect(nextDone).toMatchObject({ audience: 'waiting', total: 1, sent: 1 });
    expect(deliveredTo('bc-waiting@example.com', 'Week one in numbers')).toHaveLength(0);
    expect(deliveredTo('bc-waiting-too@example.com', 'Week one in numbers')).toHaveLength(1);

    const list = await get('/api/admin/broadcasts');
    expect(list.json().broadcasts.map((b: { subject: string }) => b.subject)).toEqual(['Week one in numbers', subject]);
    // What staff did is on record: the request's event names the admin.
    const [requested] = await stack.dataSource.query(`SELECT metadata FROM domain_events WHERE type = 'broadcast.requested' AND stream_id = $1`, [
      first.json().id,
    ]);
    expect(requested.metadata.actorType).toBe('admin');
  });

  it('counts delivered, opened, clicked and complained from signed provider events, each recipient once, beside the unsubscribes its links brought', async () => {
    const [launch] = (await get('/api/admin/broadcasts')).json().broadcasts.filter((b: { subject: string }) => b.subject === 'Swishly is out today');
    const sentTo: { provider_id: string; to_address: string }[] = await stack.dataSource.query(
      `SELECT provider_id, to_address FROM mail_log WHERE broadcast_id = $1 ORDER BY to_address`,
      [launch.id],
    );
    const id = Object.fromEntries(sentTo.map((row) => [row.to_address.split('@')[0], row.provider_id]));
    expect(Object.keys(id).sort()).toEqual(['bc-admitted', 'bc-waiting', 'bc-waiting-too']);
    const told: [string, string][] = [
      ['email.delivered', id['bc-admitted']],
      ['email.delivered', id['bc-waiting']],
      ['email.delivered', id['bc-waiting-too']],
      ['email.opened', id['bc-admitted']],
      ['email.opened', id['bc-admitted']], // opened twice: one recipient
      ['email.opened', id['bc-waiting-too']],
      ['email.clicked', id['bc-waiting-too']],
      ['email.clicked', id['bc-waiting-too']],
      ['email.complained', id['bc-admitted']],
    ];
    for (const [type, providerId] of told) expect((await providerSays(type, providerId)).statusCode).toBeLessThan(300);
    // Unsigned by the provider's secret: refused, counts nothing.
    expect((await providerSays('email.clicked', id['bc-admitted'], `whsec_${randomBytes(24).toString('base64')}`)).statusCode).toBe(401);
    expect((await get(`/api/admin/broadcasts/${launch.id}`)).json()).toMatchObject({
      sent: 3,
      delivered: 3,
      opened: 2,
      clicked: 1,
      bounced: 0,
      complained: 1,
      unsubscribed: 1,
    });
    // Nothing about who opened or clicked is kept beside the mail log's own rows.
    const [columns] = await stack.dataSource.query(`SELECT count(*)::int AS n FROM mail_log WHERE opened_at IS NOT NULL AND broadcast_id = $1`, [launch.id]);
    expect(columns.n).toBe(2);
  });

  it('keeps an announcement’s counts as they were when it was sent after a recipient is erased, and says so apart', async () => {
    const sentBefore = (await get('/api/admin/broadcasts')).json().broadcasts as { id: string; subject: string; total: number; sent: number }[];
    expect((await post('/api/admin/privacy/erase', { email: 'bc-waiting-too@example.com' })).statusCode).toBe(200);
    expect(await stack.dataSource.query(`SELECT 1 FROM mail_log WHERE to_address_normalized = 'bc-waiting-too@example.com'`)).toEqual([]);
    const after = (await get('/api/admin/broadcasts')).json().broadcasts as { id: string; subject: string; total: number; sent: number; erased: number }[];
    expect(after.map(({ subject, total, sent, erased }) => ({ subject, total, sent, erased }))).toEqual([
      { subject: 'Week one in numbers', total: 1, sent: 1, erased: 1 },
      { subject: 'Swishly is out today', total: 3, sent: 3, erased: 1 },
    ]);
    expect(after.map((b) => b.id)).toEqual(sentBefore.map((b) => b.id));
    // What the erased recipient's email achieved stays in the counts, as numbers only.
    expect((await get(`/api/admin/broadcasts/${after[1].id}`)).json()).toMatchObject({ delivered: 3, opened: 2, clicked: 1, complained: 1, unsubscribed: 1 });
  });

  it('refuses an empty draft, an unknown audience, an audience nobody can be mailed in, an unknown broadcast, and a visitor', async () => {
    expect((await post('/api/admin/broadcasts', { subject: '', html: body, audience: 'all' })).statusCode).toBe(400);
    expect((await post('/api/admin/broadcasts', { subject: 'Hi', html: '<p> </p><script>x</script>', audience: 'all' })).statusCode).toBe(400);
    expect((await post('/api/admin/broadcasts', { subject: 'Hi', html: body, audience: 'unconfirmed' })).statusCode).toBe(400);
    await stack.api.get(MailSuppressions).suppress('bc-admitted@example.com', 'complained');
    const empty = await post('/api/admin/broadcasts', { subject: 'Hi', html: body, audience: 'admitted' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toBe('Nobody in this audience can be emailed yet.');
    expect((await get('/api/admin/broadcasts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await stack.api.inject({ method: 'POST', url: '/api/admin/broadcasts', payload: { subject: 'Hi', html: body, audience: 'all' } })).statusCode).toBe(
      401,
    );
    expect((await stack.api.inject({ url: '/api/admin/broadcasts/audience?audience=all' })).statusCode).toBe(401);
  });

  it('leaves throwaway addresses out when staff ask, in the count and in the sending', async () => {
    for (const email of ['bc-tossy@mailinator.com', 'bc-lasting@example.com']) {
      const joined = await stack.api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: 'Tossy', email, role: null, referrerCode: null },
        remoteAddress: `10.60.0.${++ip}`,
      });
      const token = stack.api.get(WaitlistService).links.confirmToken(joined.json().id);
      const confirmed = await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token }, remoteAddress: `10.60.1.${++ip}` });
      expect(confirmed.statusCode).toBe(200);
    }
    const all = (await get('/api/admin/broadcasts/audience?audience=waiting')).json();
    const without = (await get('/api/admin/broadcasts/audience?audience=waiting&withoutDisposable=true')).json();
    expect(without).toMatchObject({ recipients: all.recipients - 1, leftOut: 1 });

    const subject = 'No throwaways please';
    const sent = await post('/api/admin/broadcasts', { subject, html: body, audience: 'waiting', withoutDisposable: true });
    expect(sent.statusCode).toBe(202);
    const done = await eventually(
      async () => (await get(`/api/admin/broadcasts/${sent.json().id}`)).json(),
      (p) => p.status === 'sent',
    );
    expect(done).toMatchObject({ total: without.recipients, sent: without.recipients });
    expect(deliveredTo('bc-tossy@mailinator.com', subject)).toHaveLength(0);
    expect(deliveredTo('bc-lasting@example.com', subject)).toHaveLength(1);
  });

  it("fills each recipient's own name, place and referral link into the announcement, escaped, and previews it as a real member", async () => {
    const personal = '<p>Hi {{first_name}}, you are {{ position }} on the list. Bring a friend: {{referral_link}}</p>';
    const preview = (
      await post('/api/admin/broadcasts/preview', { subject: 'Just for you', html: personal, audience: 'waiting', withoutDisposable: true })
    ).json();
    expect(preview.previewedAs).toEqual({ firstName: 'Tossy', email: 'bc-lasting@example.com' });
    expect(preview.html).toMatch(/Hi Tossy, you are #\d+ on the list\. Bring a friend: https:\/\/swishly\.test\/shotanalysis\?ref=[A-Z0-9]{8}/);

    const subject = 'Just for you';
    const sent = await post('/api/admin/broadcasts', { subject, html: personal, audience: 'waiting', withoutDisposable: true });
    await eventually(
      async () => (await get(`/api/admin/broadcasts/${sent.json().id}`)).json(),
      (p) => p.status === 'sent',
    );
    const [email] = deliveredTo('bc-lasting@example.com', subject);
    const [row] = await stack.dataSource.query(`SELECT referral_code FROM waitlist_entries WHERE email = 'bc-lasting@example.com'`);
    const position = (await get('/api/admin/waitlist?search=bc-lasting')).json().entries[0].position;
    expect(email.body.html).toContain(`Hi Tossy, you are #${position} on the list. Bring a friend: https://swishly.test/shotanalysis?ref=${row.referral_code}`);
    expect(email.body.text).toContain(`Hi Tossy, you are #${position} on the list.`);
    expect(email.body.html).not.toContain('{{');
  });
  it('sends a scheduled announcement once at its time, counting the audience then, and not one cancelled before', async () => {
    // The audience is counted at its time: a member who confirms meanwhile gets it.
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Sched', email: 'bc-scheduled@example.com', role: null, referrerCode: null },
      remoteAddress: `10.60.0.${++ip}`,
    });
    const confirmToken = stack.api.get(WaitlistService).links.confirmToken(joined.json().id);
    // Seconds ahead, so that the confirmation below lands before its time even on a loaded machine.
    const soon = new Date(Date.now() + 6000).toISOString();
    const scheduled = await post('/api/admin/broadcasts', { subject: 'Doors open at six', html: body, audience: 'waiting', sendAt: soon });
    expect(scheduled.statusCode).toBe(202);
    const id = scheduled.json().id;
    expect((await get(`/api/admin/broadcasts/${id}`)).json()).toMatchObject({ status: 'scheduled', sendAt: soon, total: 0, sent: 0 });
    expect(stack.resend.delivered.filter((m) => m.body.subject === 'Doors open at six')).toHaveLength(0);
    expect(
      (await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token: confirmToken }, remoteAddress: `10.60.1.${++ip}` })).statusCode,
    ).toBe(200);
    // Its time comes while other replicas' passes run too: it is requested once.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(soon) - Date.now()) + 100));
    const service = stack.worker.get(BroadcastsService);
    await Promise.all([service.sendScheduled(), service.sendScheduled(), service.sendScheduled()]);
    const done = await eventually(
      async () => (await get(`/api/admin/broadcasts/${id}`)).json(),
      (p) => p.status === 'sent',
    );
    const waiting = (await get('/api/admin/broadcasts/audience?audience=waiting')).json().recipients;
    expect(done).toMatchObject({ sendAt: soon, total: waiting, sent: waiting });
    const [requests] = await stack.dataSource.query(`SELECT count(*)::int AS n FROM domain_events WHERE stream_id = $1 AND type = 'broadcast.requested'`, [id]);
    expect(requests.n).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    const reached = stack.resend.delivered.filter((m) => m.body.subject === 'Doors open at six').map((m) => [m.body.to].flat()[0]);
    expect(reached).toContain('bc-scheduled@example.com');
    expect(new Set(reached).size).toBe(reached.length);

    // Cancelled before its time: it never goes, and a second cancel says why.
    const later = await post('/api/admin/broadcasts', {
      subject: 'Never mind',
      html: body,
      audience: 'waiting',
      sendAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const cancelled = await post(`/api/admin/broadcasts/${later.json().id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const again = await post(`/api/admin/broadcasts/${later.json().id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('not_scheduled');
    await stack.dataSource.query(`UPDATE broadcasts SET send_at = now() - interval '1 minute' WHERE id = $1`, [later.json().id]);
    expect(await service.sendScheduled()).toBe(0);
    expect((await post(`/api/admin/broadcasts/${id}/cancel`, {})).statusCode).toBe(409); // gone out already

    for (const sendAt of [new Date(Date.now() - 60_000).toISOString(), 'tomorrow', new Date(Date.now() + 200 * 86_400_000).toISOString()]) {
      const refused = await post('/api/admin/broadcasts', { subject: 'Bad time', html: body, audience: 'waiting', sendAt });
      expect([sendAt, refused.statusCode]).toEqual([sendAt, 400]);
    }
    const audit = (await get('/api/admin/audit')).json();
    expect(JSON.stringify(audit)).toContain('Scheduled an announcement');
    expect(JSON.stringify(audit)).toContain('Cancelled a scheduled announcement');
  });
});
