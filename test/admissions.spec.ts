import { signInStaff } from './utils/test-app';
import { MailSuppressions, QueueRegistry } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { InviteAdmittedMembers } from '../libs/admin/src/waitlist/admissions.events';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Admissions: staff let the next N confirmed members in, in position order; each gets
// their own early-access code and one invite, exactly once, also when the same request arrives
// twice; unconfirmed members are skipped. The invite is the service a member queued for: it
// reaches a member who unsubscribed from announcements, and an address that bounced or
// complained is held back (never admitted) and counted before staff admit. One admission at a time.
describe('POST /api/admin/waitlist/admissions', () => {
  let stack: TestStack;
  let headers: Record<string, string>;
  let ip = 0;
  const members: { id: string; email: string }[] = [];
  const admit = (count: unknown, key?: string, filters: Record<string, boolean> = {}) =>
    stack.api.inject({
      method: 'POST',
      url: '/api/admin/waitlist/admissions',
      payload: { count, ...filters },
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const progress = (id: string) => stack.api.inject({ url: `/api/admin/waitlist/admissions/${id}`, headers });
  const preview = (query: string) => stack.api.inject({ url: `/api/admin/waitlist/admissions/preview?${query}`, headers });
  const running = async () => (await stack.api.inject({ url: '/api/admin/waitlist/admissions/running', headers })).json().admission;
  const join = async (firstName: string, email: string, confirm: boolean) => {
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: firstName, email, role: null, referrerCode: null },
      remoteAddress: `10.50.0.${++ip}`,
    });
    expect(joined.statusCode).toBe(201);
    if (confirm) {
      const token = stack.api.get(WaitlistService).links.confirmToken(joined.json().id);
      expect((await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token }, remoteAddress: `10.50.1.${++ip}` })).statusCode).toBe(
        200,
      );
    }
    return { id: joined.json().id as string, email };
  };

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    headers = await signInStaff(stack.api, 'admit-staff@swishly.test');
    for (let i = 1; i <= 7; i++) members.push(await join(`Admit${i}`, `admit${i}@example.com`, [1, 2, 4, 5, 7].includes(i)));
    await stack.api.get(MailSuppressions).suppress(members[1].email, 'unsubscribed');
    await stack.api.get(MailSuppressions).suppress(members[6].email, 'bounced');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('shows who an admission would let in, and how many it holds back because their mail bounced', async () => {
    const shown = await preview('count=3');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      members: [
        { id: members[0].id, position: 1, firstName: 'Admit1', email: 'admit1@example.com', disposableEmail: false, referralHeld: false },
        { id: members[1].id, position: 2, firstName: 'Admit2', email: 'admit2@example.com', disposableEmail: false, referralHeld: false },
        { id: members[3].id, position: 4, firstName: 'Admit4', email: 'admit4@example.com', disposableEmail: false, referralHeld: false },
      ],
      admitting: 3,
      waiting: 4,
      heldBack: 1,
      leftOut: 0,
    });
    expect((await preview('count=0')).statusCode).toBe(400);
    expect(await running()).toBeNull();
  });

  it('admits the next confirmed members in position order, once per Idempotency-Key, each with a code and one invite', async () => {
    const first = await admit(3, 'launch-wave-1');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ id: expect.any(String), requested: 3, total: 3 });
    const again = await admit(3, 'launch-wave-1');
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().total).toBe(3);

    const done = await eventually(
      async () => (await progress(first.json().id)).json(),
      (p) => p.status === 'done',
    );
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
    // One invite each, also to the member who unsubscribed from announcements: the invite is
    // not news, so it carries no List-Unsubscribe.
    const invites = await eventually(
      () => stack.dataSource.query(`SELECT to_address, status FROM mail_log WHERE template = 'waitlist-invite' ORDER BY to_address`),
      (rows) => rows.every((r: { status: string }) => r.status !== 'pending') && rows.length === 3,
    );
    expect(invites).toEqual([
      { to_address: 'admit1@example.com', status: 'sent' },
      { to_address: 'admit2@example.com', status: 'sent' },
      { to_address: 'admit4@example.com', status: 'sent' },
    ]);
    const delivered = stack.resend.delivered.filter((m) => m.body.subject.startsWith("You're in"));
    expect(delivered.map((m) => [m.body.to].flat()[0]).sort()).toEqual(['admit1@example.com', 'admit2@example.com', 'admit4@example.com']);
    expect(delivered.every((m) => m.body.headers?.['List-Unsubscribe'] === undefined)).toBe(true);
    expect(delivered.every((m) => !/unsubscribe/i.test(m.body.html))).toBe(true); // nothing to stop: no link to stop it
    const code = (await stack.dataSource.query(`SELECT code FROM early_access_codes WHERE email = 'admit1@example.com'`))[0].code;
    expect(delivered.find((m) => [m.body.to].flat()[0] === 'admit1@example.com')!.body.html).toContain(code);

    // Their status page says so, and the list counts them.
    const status = await stack.api.inject(`/api/waitlist/status?token=${stack.api.get(WaitlistService).links.statusToken(members[0].id)}`);
    expect(status.json()).toMatchObject({ confirmed: true, admitted: true });
    expect((await stack.api.inject({ url: '/api/admin/waitlist/statuses', headers })).json()).toMatchObject({ admitted: 3 });
  });

  it('admits only who is waiting and reachable: a second admission gets the one confirmed member left, never the bounced one', async () => {
    const next = await admit(10);
    expect(next.json()).toMatchObject({ requested: 10, total: 1 });
    await eventually(
      async () => (await progress(next.json().id)).json(),
      (p) => p.status === 'done',
    );
    const admitted = await stack.dataSource.query('SELECT email FROM waitlist_entries WHERE admitted_at IS NOT NULL ORDER BY rank_key');
    expect(admitted).toHaveLength(4);
    expect(admitted.map((r: { email: string }) => r.email)).toContain('admit5@example.com');
    expect(admitted.map((r: { email: string }) => r.email)).not.toContain('admit7@example.com');
    expect((await admit(5)).json().total).toBe(0); // nobody reachable is waiting
    expect((await preview('count=5')).json()).toMatchObject({ members: [], admitting: 0, waiting: 0, heldBack: 1 });
    // Nor out of turn: their invite could not reach them.
    const now = await stack.api.inject({ method: 'POST', url: `/api/admin/waitlist/${members[6].id}/admission`, headers });
    expect(now.statusCode).toBe(409);
    expect(now.json().code).toBe('unreachable');
  });

  it('leaves out throwaway addresses when staff ask, in the preview and in the admission', async () => {
    const throwaway = await join('Tossy', 'tossy@mailinator.com', true);
    const lasting = await join('Lasting', 'lasting@example.com', true);
    expect((await preview('count=5')).json()).toMatchObject({
      admitting: 2,
      leftOut: 0,
      members: [{ email: throwaway.email, disposableEmail: true }, { email: lasting.email }],
    });
    expect((await preview('count=5&withoutDisposable=true')).json()).toMatchObject({
      admitting: 1,
      waiting: 1,
      leftOut: 1,
      members: [{ email: lasting.email }],
    });
    const admission = await admit(5, undefined, { withoutDisposable: true });
    expect(admission.json()).toMatchObject({ requested: 5, total: 1 });
    await eventually(
      async () => (await progress(admission.json().id)).json(),
      (p) => p.status === 'done',
    );
    const [row] = await stack.dataSource.query('SELECT admitted_at FROM waitlist_entries WHERE id = $1', [throwaway.id]);
    expect(row.admitted_at).toBeNull();
  });

  it('lets one admission run at a time: a second, with another key, is refused with 409 naming the running one, and every screen sees it', async () => {
    for (let i = 0; i < 4; i++) await join(`Wave${i}`, `wave${i}@example.com`, true);
    const admittedCount = async () => (await stack.dataSource.query('SELECT count(*)::int AS n FROM waitlist_entries WHERE admitted_at IS NOT NULL'))[0].n;
    const before = await admittedCount();
    const invites = stack.worker.get(QueueRegistry).queueFor(InviteAdmittedMembers);
    await invites.pause(); // the invites wait: the admission stays running
    try {
      const [a, b] = await Promise.all([admit(2, 'double-click-1'), admit(2, 'double-click-2')]);
      const [accepted, refused] = a.statusCode === 202 ? [a, b] : [b, a];
      expect([accepted.statusCode, refused.statusCode]).toEqual([202, 409]);
      expect(refused.json()).toEqual({
        error: expect.stringContaining('Another admission is still giving out codes and invites (0 of 2 so far)'),
        code: 'admission_running',
      });
      expect(await running()).toEqual({ id: accepted.json().id, requested: 2, total: 2, invited: 0, status: 'running' });
      // The same key again is that admission, not a refusal.
      const key = accepted === a ? 'double-click-1' : 'double-click-2';
      expect((await admit(2, key)).json()).toMatchObject({ id: accepted.json().id, total: 2 });
      expect((await admittedCount()) - before).toBe(2); // not 4
    } finally {
      await invites.resume();
    }
    await eventually(running, (admission) => admission === null);
  });

  it('refuses a count out of range, an unknown admission and a visitor', async () => {
    for (const count of [0, 10_001, 'many', 2.5]) expect((await admit(count)).statusCode).toBe(400);
    expect((await progress('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await stack.api.inject({ method: 'POST', url: '/api/admin/waitlist/admissions', payload: { count: 1 } })).statusCode).toBe(401);
  });
});
