import { signInStaff } from './utils/test-app';
import { MailSuppressions } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Admissions: staff let the next N confirmed members in, in position order; each gets
// their own early-access code and one invite, exactly once, also when the same request arrives
// twice; unconfirmed members are skipped, and no invite goes to an address that said no.
describe('POST /api/admin/waitlist/admissions', () => {
  let stack: TestStack;
  let headers: Record<string, string>;
  let ip = 0;
  const members: { id: string; email: string }[] = [];
  const admit = (count: unknown, key?: string) =>
    stack.api.inject({ method: 'POST', url: '/api/admin/waitlist/admissions', payload: { count }, headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) } });
  const progress = (id: string) => stack.api.inject({ url: `/api/admin/waitlist/admissions/${id}`, headers });

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    headers = await signInStaff(stack.api, 'admit-staff@swishly.test');
    for (let i = 1; i <= 6; i++) {
      const email = `admit${i}@example.com`;
      const joined = await stack.api.inject({ method: 'POST', url: '/api/waitlist', payload: { first_name: `Admit${i}`, email, role: null, referrerCode: null }, remoteAddress: `10.50.0.${++ip}` });
      members.push({ id: joined.json().id, email });
    }
    for (const i of [0, 1, 3, 4]) {
      const token = stack.api.get(WaitlistService).links.confirmToken(members[i].id);
      expect((await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token }, remoteAddress: `10.50.1.${++ip}` })).statusCode).toBe(200);
    }
    await stack.api.get(MailSuppressions).suppress(members[1].email, 'unsubscribed');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('admits the next confirmed members in position order, once per Idempotency-Key, each with a code and one invite', async () => {
    const first = await admit(3, 'launch-wave-1');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ id: expect.any(String), requested: 3, total: 3 });
    const again = await admit(3, 'launch-wave-1');
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().total).toBe(3);

    const done = await eventually(async () => (await progress(first.json().id)).json(), (p) => p.status === 'done');
    expect(done).toEqual({ id: first.json().id, requested: 3, total: 3, invited: 3, status: 'done' });
    const admitted = await stack.dataSource.query('SELECT email FROM waitlist_entries WHERE admitted_at IS NOT NULL ORDER BY rank_key');
    // Members 1, 2 and 4: member 3 never confirmed (double opt-in).
    expect(admitted.map((r: { email: string }) => r.email)).toEqual(['admit1@example.com', 'admit2@example.com', 'admit4@example.com']);

    // One code each, in /admin/early-access.
    const codes = await stack.dataSource.query('SELECT email, count(*)::int AS n FROM early_access_codes GROUP BY email ORDER BY email');
    expect(codes).toEqual([
      { email: 'admit1@example.com', n: 1 },
      { email: 'admit2@example.com', n: 1 },
      { email: 'admit4@example.com', n: 1 },
    ]);
    // One invite each, with one-click unsubscribe; none to the member who unsubscribed.
    const invites = await eventually(
      () => stack.dataSource.query(`SELECT to_address, status FROM mail_log WHERE template = 'waitlist-invite' ORDER BY to_address`),
      (rows) => rows.every((r: { status: string }) => r.status !== 'pending') && rows.length === 3,
    );
    expect(invites).toEqual([
      { to_address: 'admit1@example.com', status: 'sent' },
      { to_address: 'admit2@example.com', status: 'suppressed' },
      { to_address: 'admit4@example.com', status: 'sent' },
    ]);
    const delivered = stack.resend.delivered.filter((m) => m.body.subject.startsWith("You're in"));
    expect(delivered.map((m) => [m.body.to].flat()[0]).sort()).toEqual(['admit1@example.com', 'admit4@example.com']);
    expect(delivered[0].body.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const code = (await stack.dataSource.query(`SELECT code FROM early_access_codes WHERE email = 'admit1@example.com'`))[0].code;
    expect(delivered.find((m) => [m.body.to].flat()[0] === 'admit1@example.com')!.body.html).toContain(code);

    // Their status page says so, and the list counts them.
    const status = await stack.api.inject(`/api/waitlist/status?token=${stack.api.get(WaitlistService).links.statusToken(members[0].id)}`);
    expect(status.json()).toMatchObject({ confirmed: true, admitted: true });
    expect((await stack.api.inject({ url: '/api/admin/waitlist/statuses', headers })).json()).toMatchObject({ admitted: 3 });
  });

  it('admits only who is waiting: a second admission gets the one confirmed member left', async () => {
    const next = await admit(10);
    expect(next.json()).toMatchObject({ requested: 10, total: 1 });
    await eventually(async () => (await progress(next.json().id)).json(), (p) => p.status === 'done');
    const admitted = await stack.dataSource.query('SELECT email FROM waitlist_entries WHERE admitted_at IS NOT NULL ORDER BY rank_key');
    expect(admitted).toHaveLength(4);
    expect(admitted.map((r: { email: string }) => r.email)).toContain('admit5@example.com');
    expect((await admit(5)).json().total).toBe(0); // nobody confirmed is waiting
  });

  it('refuses a count out of range, an unknown admission and a visitor', async () => {
    for (const count of [0, 10_001, 'many', 2.5]) expect((await admit(count)).statusCode).toBe(400);
    expect((await progress('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await stack.api.inject({ method: 'POST', url: '/api/admin/waitlist/admissions', payload: { count: 1 } })).statusCode).toBe(401);
  });
});
