import { randomUUID } from 'node:crypto';
import { ProjectionRegistry, ReplayService } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

interface TopReferrer {
  id: string;
  firstName: string;
  email: string;
  referralCredits: number;
  pendingReferrals: number;
  heldReferrals: number;
  position: number;
}

// The top referrers' board (credited, pending and held referrals per referrer) and the bulk
// review of held referrals, with a reason that the events and the audit log keep.
describe('top referrers and the bulk review of held referrals', () => {
  let stack: TestStack;
  let headers: Record<string, string>;
  let ip = 0;
  const join = async (name: string, referrerCode: string | null = null, remoteAddress = `10.70.0.${++ip}`) => {
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: name, email: `${name.toLowerCase()}@example.com`, role: null, referrerCode },
      remoteAddress,
    });
    expect(joined.statusCode).toBe(201);
    return joined.json() as { id: string; referralCode: string };
  };
  const confirm = async (id: string) => {
    const token = stack.api.get(WaitlistService).links.confirmToken(id);
    expect((await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token }, remoteAddress: `10.70.1.${++ip}` })).statusCode).toBe(
      200,
    );
  };
  const board = async (query = ''): Promise<TopReferrer[]> => {
    const answer = await stack.api.inject({ url: `/api/admin/waitlist/leaderboard${query}`, headers });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json())).toEqual(['entries']);
    return answer.json().entries;
  };
  const review = (payload: object) => stack.api.inject({ method: 'POST', url: '/api/admin/waitlist/referrals/review', payload, headers });
  const credits = async (id: string) =>
    (await stack.dataSource.query('SELECT referral_credits FROM waitlist_entries WHERE id = $1', [id]))[0]?.referral_credits;
  const reviewEvents = async (): Promise<{ stream_id: string; payload: { decision: string; reason?: string } }[]> =>
    stack.dataSource.query(`SELECT stream_id, payload FROM domain_events WHERE type = 'waitlist.referral-reviewed' ORDER BY position`);
  /** Each referrer's open referrals counted from scratch: what the kept counters must say. */
  const countedFromScratch = async () =>
    stack.dataSource.query(
      `SELECT r.id, r.pending_referrals AS kept_pending, r.held_referrals AS kept_held,
              count(f.id) FILTER (WHERE f.referral_status = 'pending')::int AS pending,
              count(f.id) FILTER (WHERE f.referral_status = 'flagged' AND f.referral_review IS NULL)::int AS held
         FROM waitlist_entries r LEFT JOIN waitlist_entries f ON f.referrer_entry_id = r.id AND f.id <> r.id
        GROUP BY r.id`,
    );

  const people: Record<string, { id: string; referralCode: string }> = {};

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000', REFERRAL_BURST_LIMIT: '1' });
    headers = await signInStaff(stack.api, 'board-staff@swishly.test');
    for (const name of ['Ahead', 'Nobody', 'Dee', 'Ava', 'Cy', 'Bo', 'Gone', 'Eve']) people[name] = await join(name);
    for (const name of ['Ava', 'Cy', 'Bo', 'Eve']) await confirm(people[name].id);
    // Ava: one friend confirmed (credited), one not yet (pending). Cy: two confirmed. Dee: one pending.
    people.Ava1 = await join('Ava1', people.Ava.referralCode);
    people.Ava2 = await join('Ava2', people.Ava.referralCode);
    people.Cy1 = await join('Cy1', people.Cy.referralCode);
    people.Cy2 = await join('Cy2', people.Cy.referralCode);
    people.Dee1 = await join('Dee1', people.Dee.referralCode);
    // Bo: three friends from one address: the first pending, the next two held for review (burst limit 1).
    for (const name of ['Bo1', 'Bo2', 'Bo3']) people[name] = await join(name, people.Bo.referralCode, '10.70.9.1');
    // Eve: three held (four friends from one address), to be rejected. Gone: one pending, then erased.
    for (const name of ['Eve1', 'Eve2', 'Eve3', 'Eve4']) people[name] = await join(name, people.Eve.referralCode, '10.70.9.2');
    people.Gone1 = await join('Gone1', people.Gone.referralCode);
    for (const name of ['Ava1', 'Cy1', 'Cy2', 'Bo2']) await confirm(people[name].id);
    await eventually(
      async () => [await credits(people.Ava.id), await credits(people.Cy.id)],
      ([ava, cy]) => ava === 1 && cy === 2,
    );
    const erased = await stack.api.inject({ method: 'POST', url: '/api/admin/privacy/erase', payload: { email: 'gone@example.com' }, headers });
    expect(erased.statusCode).toBe(200);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('ranks members with a referral of any kind by credited referrals, then by position; an erased referrer is absent', async () => {
    const entries = await board();
    expect(entries.map((e) => [e.firstName, e.referralCredits, e.pendingReferrals, e.heldReferrals])).toEqual([
      ['Cy', 2, 0, 0],
      ['Ava', 1, 1, 0],
      // No credits: in list order (Dee joined before Bo; Eve after).
      ['Dee', 0, 1, 0],
      ['Bo', 0, 1, 2],
      ['Eve', 0, 1, 3],
    ]);
    expect(entries[0]).toEqual({
      id: people.Cy.id,
      firstName: 'Cy',
      email: 'cy@example.com',
      referralCredits: 2,
      pendingReferrals: 0,
      heldReferrals: 0,
      position: 1,
    });
    const positions = entries.slice(2).map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(entries.map((e) => e.id)).not.toContain(people.Gone.id);
    expect((await board('?limit=2')).map((e) => e.firstName)).toEqual(['Cy', 'Ava']);
    expect((await board('?limit=100')).length).toBe(5);
  });

  it('validates limit (1 to 100) and answers staff only', async () => {
    for (const limit of ['0', '101', 'abc', '2.5', '-1']) {
      expect((await stack.api.inject({ url: `/api/admin/waitlist/leaderboard?limit=${limit}`, headers })).statusCode).toBe(400);
    }
    expect((await stack.api.inject({ url: '/api/admin/waitlist/leaderboard' })).statusCode).toBe(401);
    expect((await stack.api.inject({ method: 'POST', url: '/api/admin/waitlist/referrals/review', payload: {} })).statusCode).toBe(401);
  });

  it('validates a bulk review: 1 to 200 unique ids, credit or reject, a reason of 3 to 500 characters', async () => {
    const ok = { entryIds: [people.Bo3.id], decision: 'credit', reason: 'Same household, checked' };
    const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
    for (const payload of [
      { ...ok, entryIds: [] },
      { ...ok, entryIds: ids(201) },
      { ...ok, entryIds: [people.Bo3.id, people.Bo3.id] },
      { ...ok, entryIds: ['not-a-uuid'] },
      { ...ok, entryIds: 'x' },
      { ...ok, decision: 'maybe' },
      { entryIds: ok.entryIds, decision: 'credit' },
      { ...ok, reason: '  ab  ' },
      { ...ok, reason: 'x'.repeat(501) },
    ]) {
      expect((await review(payload)).statusCode).toBe(400);
    }
    expect(await reviewEvents()).toEqual([]);
  });

  it('credits held referrals in bulk with a reason: per-id outcomes, the referrer moves up the board, and a repeat decides nothing', async () => {
    const before = await board();
    const boBefore = before.findIndex((e) => e.id === people.Bo.id);
    const missing = randomUUID();
    const payload = { entryIds: [people.Bo2.id, people.Bo3.id, people.Ava1.id, missing], decision: 'credit', reason: 'Flatmates on one network' };
    const first = await review(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      results: [
        { id: people.Bo2.id, outcome: 'credited' }, // the friend had confirmed: counts now
        { id: people.Bo3.id, outcome: 'waiting' }, // counts once they confirm
        { id: people.Ava1.id, outcome: 'not-held' },
        { id: missing, outcome: 'not-found' },
      ],
    });
    const after = await board();
    const bo = after.find((e) => e.id === people.Bo.id)!;
    expect(bo).toMatchObject({ referralCredits: 1, pendingReferrals: 2, heldReferrals: 0 });
    expect(after.findIndex((e) => e.id === people.Bo.id)).toBeLessThan(boBefore);
    // Bo ties with Ava on credits and follows her in the list: past Dee, behind Ava.
    expect(after.map((e) => e.firstName)).toEqual(['Cy', 'Ava', 'Bo', 'Dee', 'Eve']);

    // The same request again: nothing is decided twice.
    const again = await review(payload);
    expect(again.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['not-held', 'not-held', 'not-held', 'not-found']);
    const events = await reviewEvents();
    expect(events.map((e) => [e.stream_id, e.payload.decision, e.payload.reason])).toEqual([
      [people.Bo2.id, 'credit', 'Flatmates on one network'],
      [people.Bo3.id, 'credit', 'Flatmates on one network'],
    ]);
    expect(await credits(people.Bo.id)).toBe(1);

    // Bo3 confirms: the credited review counts then.
    await confirm(people.Bo3.id);
    await eventually(
      () => board(),
      (entries) => entries.find((e) => e.id === people.Bo.id)?.referralCredits === 2,
    );
    expect((await board()).find((e) => e.id === people.Bo.id)).toMatchObject({ referralCredits: 2, pendingReferrals: 1, heldReferrals: 0 });
  });

  it('rejects in bulk: a double click decides each referral once, and the audit log shows the reason', async () => {
    const eventsBefore = (await reviewEvents()).length;
    const held = [people.Eve2.id, people.Eve3.id, people.Eve4.id];
    const payload = { entryIds: held, decision: 'reject', reason: 'Scripted sign-ups from one address' };
    const [one, two] = await Promise.all([review(payload), review(payload)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    for (const [i, id] of held.entries()) {
      const outcomes = [one.json().results[i], two.json().results[i]].map((r: { id: string; outcome: string }) => (expect(r.id).toBe(id), r.outcome));
      expect(outcomes.sort()).toEqual(['not-held', 'rejected']);
    }
    const events = (await reviewEvents()).slice(eventsBefore);
    expect(events.map((e) => e.stream_id).sort()).toEqual([...held].sort());
    expect(events.every((e) => e.payload.decision === 'reject' && e.payload.reason === payload.reason)).toBe(true);
    expect((await board()).find((e) => e.id === people.Eve.id)).toMatchObject({ referralCredits: 0, pendingReferrals: 1, heldReferrals: 0 });
    expect((await stack.dataSource.query('SELECT referral_credits FROM waitlist_entries WHERE id = $1', [people.Eve.id]))[0].referral_credits).toBe(0);

    const audit = await stack.api.inject({ url: '/api/admin/audit?action=waitlist.referral-reviewed', headers });
    expect(audit.statusCode).toBe(200);
    const reasons = audit.json().entries.map((e: { reason: string | null; target: { id: string } }) => [e.target.id, e.reason]);
    expect(reasons).toEqual(expect.arrayContaining(held.map((id) => [id, payload.reason])));
    expect(reasons).toEqual(expect.arrayContaining([[people.Bo2.id, 'Flatmates on one network']]));

    // The single route takes a reason too.
    const single = await stack.api.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${people.Eve2.id}/referral`,
      payload: { decision: 'credit', reason: 'Changed my mind' },
      headers,
    });
    expect(single.statusCode).toBe(409); // decided already
  });

  it('keeps the counts right through an erased friend and a replay', async () => {
    // Dee's only referral was Dee1's: erased, Dee leaves the board.
    const erased = await stack.api.inject({ method: 'POST', url: '/api/admin/privacy/erase', payload: { email: 'dee1@example.com' }, headers });
    expect(erased.statusCode).toBe(200);
    expect((await board()).map((e) => e.firstName)).toEqual(['Cy', 'Bo', 'Ava', 'Eve']); // Bo: two credits now, behind Cy
    const counts = await countedFromScratch();
    expect(counts.filter((c: Record<string, number>) => c.kept_pending !== c.pending || c.kept_held !== c.held)).toEqual([]);

    const before = await stack.dataSource.query('SELECT id, referral_credits, pending_referrals, held_referrals FROM waitlist_entries ORDER BY id');
    expect(
      stack.api
        .get(ProjectionRegistry)
        .all()
        .some((p) => p.tables.includes('waitlist_entries')),
    ).toBe(true);
    await stack.api.get(ReplayService).replayAll(5);
    expect(await stack.dataSource.query('SELECT id, referral_credits, pending_referrals, held_referrals FROM waitlist_entries ORDER BY id')).toEqual(before);
  });

  it('reads the board from its index, in its order (no sort)', async () => {
    // A small table may be read whole: with the other scans off, the planner shows the index it has (at a million, a LIMIT reads only its first rows).
    const plan = await stack.dataSource.transaction(async (db) => {
      await db.query('SET LOCAL enable_seqscan = off');
      await db.query('SET LOCAL enable_bitmapscan = off');
      const rows: { 'QUERY PLAN': string }[] = await db.query(
        `EXPLAIN SELECT id FROM waitlist_entries WHERE referral_credits > 0 OR pending_referrals > 0 OR held_referrals > 0
          ORDER BY referral_credits DESC, rank_key, signup_number LIMIT 25`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using waitlist_entries_top_referrers/);
    expect(plan).not.toMatch(/Sort/);
  });
});
