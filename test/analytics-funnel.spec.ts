import { ReplayService } from '@swishly/platform';
import { ReportFunnelRepository } from '../libs/admin/src/analytics/funnel/report-funnel.repository';
import { ConfirmationRemindersService, WaitlistService } from '@swishly/waitlist';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// The report's funnel (joined → confirmed → admitted → code redeemed) on the real Postgres, Redis
// and worker: for the same members it reads what the waitlist's own counts say
// (/api/admin/waitlist/statuses and the list), per day, source and creator code, in its CSV too,
// after a replay, and it keeps an erased member's steps counted, anonymous.
const today = () => new Date().toISOString().slice(0, 10);
let ip = 0;

describe('the report funnel', () => {
  let stack: TestStack;
  let staff: { cookie: string; 'x-csrf-token': string };
  const from = () => `10.41.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const get = (url: string) => stack.api.inject({ url, headers: staff });
  const send = (method: 'POST' | 'PUT', url: string, payload?: unknown) => stack.api.inject({ method, url, payload: payload as object, headers: staff });
  const report = async () => (await get(`/api/admin/analytics/report?from=${today()}&to=${today()}`)).json();
  const statuses = async () => (await get('/api/admin/waitlist/statuses')).json();

  async function join(name: string, referrerCode: string | null = null): Promise<string> {
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: name, email: `${name.toLowerCase()}@example.com`, role: null, referrerCode },
      remoteAddress: from(),
    });
    expect(joined.statusCode).toBe(201);
    return joined.json().id;
  }
  async function confirm(entryId: string): Promise<void> {
    const token = stack.api.get(WaitlistService).links.confirmToken(entryId);
    expect((await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token }, remoteAddress: from() })).statusCode).toBe(200);
  }
  /** Lets the member in now and answers their early-access code once their invite has it. */
  async function admit(entryId: string): Promise<string> {
    expect((await send('POST', `/api/admin/waitlist/${entryId}/admission`)).statusCode).toBe(202);
    const view = await eventually(
      async () => (await get(`/api/admin/waitlist/${entryId}`)).json(),
      (v) => v.earlyAccessCode !== null,
    );
    return view.earlyAccessCode.code;
  }

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    staff = await signInStaff(stack.api, 'funnel-staff@swishly.test', 'owner');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it("reads the same as the list's counts for the same members, per day, source and creator code, in its CSV and after a replay", async () => {
    expect((await send('POST', '/api/admin/creator-codes', { code: 'FUNNEL25', handle: '@funnel' })).statusCode).toBe(201);
    const plain = await Promise.all(['Ann', 'Ben', 'Cid', 'Dee', 'Eli'].map((name) => join(name)));
    const viaCode = await Promise.all(['Fay', 'Gus'].map((name) => join(name, 'FUNNEL25')));
    const csvImport = await stack.api.inject({
      method: 'POST',
      url: '/api/admin/waitlist/import?welcome=false&doubleOptIn=true',
      payload: `email,first_name,confirmed\nivy@example.com,Ivy,true\njon@example.com,Jon,`,
      headers: { ...staff, 'content-type': 'text/csv' },
    });
    expect(csvImport.statusCode).toBe(202);
    await eventually(
      async () => (await get(`/api/admin/waitlist/import/${csvImport.json().id}`)).json(),
      (p) => p.status === 'done',
    );

    // Confirmed: three plain members and one through the code; admitted: two of them (a code each); one code redeemed.
    for (const id of [plain[0], plain[1], plain[2], viaCode[0]]) await confirm(id);
    // Confirming twice counts once.
    await confirm(plain[0]);
    const codes = [await admit(plain[0]), await admit(viaCode[0])];
    expect((await send('PUT', '/api/admin/early-access/settings', { isOpen: true })).statusCode).toBe(200);
    expect((await stack.api.inject({ method: 'POST', url: '/api/early-access/redeem', payload: { code: codes[1] }, remoteAddress: from() })).statusCode).toBe(
      200,
    );
    expect((await stack.api.inject({ method: 'POST', url: '/api/early-access/redeem', payload: { code: codes[1] }, remoteAddress: from() })).statusCode).toBe(
      409,
    );

    // The imported members keep their old join date only when the file gives one (none here: today).
    const counts = await statuses();
    const members: { id: string }[] = (await get('/api/admin/waitlist?limit=100')).json().entries;
    const redeemed = (await Promise.all(members.map(async (m) => (await get(`/api/admin/waitlist/${m.id}`)).json().earlyAccessCode?.used === true))).filter(
      Boolean,
    ).length;
    const r = await report();
    expect(r.funnel.totals).toEqual({
      joined: counts.all,
      confirmed: counts.confirmed + counts.admitted,
      admitted: counts.admitted,
      redeemed,
    });
    expect(r.funnel.totals).toEqual({ joined: 9, confirmed: 5, admitted: 2, redeemed: 1 });
    expect(members).toHaveLength(9);
    expect(r.funnel.byDay).toEqual([{ day: today(), ...r.funnel.totals }]);
    expect(r.funnel.bySource).toEqual([
      { source: 'landing', joined: 7, confirmed: 4, admitted: 2, redeemed: 1 },
      { source: 'home', joined: 0, confirmed: 0, admitted: 0, redeemed: 0 },
      { source: 'hbf', joined: 0, confirmed: 0, admitted: 0, redeemed: 0 },
      { source: 'shot', joined: 0, confirmed: 0, admitted: 0, redeemed: 0 },
      { source: 'import', joined: 2, confirmed: 1, admitted: 0, redeemed: 0 },
    ]);
    expect(r.funnel.byCreatorCode).toEqual([{ code: 'FUNNEL25', joined: 2, confirmed: 1, admitted: 1, redeemed: 1 }]);
    // Every field the report had is still there.
    expect(Object.keys(r)).toEqual(
      expect.arrayContaining(['downloads', 'daily', 'conversion', 'topSources', 'signups', 'signupTotals', 'creatorShares', 'creatorFunnel']),
    );
    expect(r.confirmationReminders).toEqual({ reminded: 0, confirmedAfterReminder: 0 });

    // Its CSV, like the report's other tables.
    const csv = await get(`/api/admin/analytics/export/funnel?from=${today()}&to=${today()}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="analytics-funnel-${today()}-to-${today()}.csv"`);
    expect(csv.body.trimEnd().split('\r\n')).toEqual([
      'by,value,joined,confirmed,admitted,redeemed',
      'total,,9,5,2,1',
      `day,${today()},9,5,2,1`,
      'source,landing,7,4,2,1',
      'source,home,0,0,0,0',
      'source,hbf,0,0,0,0',
      'source,shot,0,0,0,0',
      'source,import,2,1,0,0',
      'creator_code,FUNNEL25,2,1,1,1',
    ]);

    // Other periods hold none of them.
    const dayAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const before = (await get(`/api/admin/analytics/report?from=${dayAgo(30)}&to=${dayAgo(1)}`)).json();
    expect(before.funnel.totals).toEqual({ joined: 0, confirmed: 0, admitted: 0, redeemed: 0 });

    // A replay rebuilds the same counts from the log.
    await stack.worker.get(ReplayService).replayAll();
    expect((await report()).funnel).toEqual(r.funnel);
  });

  it("keeps an erased member's steps counted, anonymous, as the report's sign-ups do; a reminder and the confirmation after it are counted", async () => {
    const before = (await report()).funnel.totals;
    const all = (await statuses()).all;
    const gone = await join('Kim');
    await confirm(gone);
    expect((await send('POST', '/api/admin/privacy/erase', { email: 'kim@example.com' })).statusCode).toBe(200);
    expect((await statuses()).all).toBe(all);
    expect((await report()).funnel.totals).toEqual({ ...before, joined: before.joined + 1, confirmed: before.confirmed + 1 });
    expect(await stack.dataSource.query(`SELECT * FROM funnel_members WHERE entry_id = $1`, [gone])).toEqual([]);

    // The reminder: a member reminded, then confirming, is counted in the report's reminders.
    const late = await join('Lou');
    await stack.dataSource.query(`UPDATE waitlist_entries SET confirmation_sent_at = now() - interval '3 days' WHERE id = $1`, [late]);
    expect(await stack.worker.get(ConfirmationRemindersService).remindDue()).toBeGreaterThanOrEqual(1);
    expect((await report()).confirmationReminders).toMatchObject({ confirmedAfterReminder: 0 });
    await confirm(late);
    const reminders = (await report()).confirmationReminders;
    expect(reminders.confirmedAfterReminder).toBe(1);
    expect(reminders.reminded).toBeGreaterThanOrEqual(1);
  });

  it('sums whole months and the days at the ends to what the cohorts hold, over periods crossing month and year edges, as the rows change', async () => {
    const db = stack.dataSource;
    await db.query('TRUNCATE funnel_daily_counts');
    // 430 days of cohorts ending today, three sources and two codes, then steps reached by some of
    // them in statements of many rows (as confirmations and admissions come in bursts).
    await db.query(
      `INSERT INTO funnel_daily_counts (day, source, creator_code, joined, confirmed, reminded)
       SELECT current_date - d, s, c, 1 + (d * 7 + length(s)) % 9, (d + length(c)) % 3, d % 2
       FROM generate_series(0, 429) d, unnest(ARRAY['landing', 'shot', 'import']) s, unnest(ARRAY['', 'CODE1']) c WHERE (d + length(s)) % 5 <> 0`,
    );
    await db.query(`UPDATE funnel_daily_counts SET admitted = admitted + 1, confirmed = confirmed + 1 WHERE extract(day FROM day)::int % 4 = 0`);
    await db.query(`UPDATE funnel_daily_counts SET redeemed = 1, confirmed_after_reminder = 1 WHERE source = 'shot' AND extract(dow FROM day) = 2`);
    await db.query(`DELETE FROM funnel_daily_counts WHERE day = current_date - 45 AND source = 'landing'`);
    const repository = stack.api.get(ReportFunnelRepository);
    const steps = 'sum(joined)::int AS joined, sum(confirmed)::int AS confirmed, sum(admitted)::int AS admitted, sum(redeemed)::int AS redeemed';
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    for (const [fromAgo, toAgo] of [
      [364, 0],
      [429, 0],
      [400, 300],
      [45, 44],
      [70, 10],
      [31, 29],
      [0, 0],
      [200, 150],
    ]) {
      const [from, to] = [day(fromAgo), day(toAgo)];
      const sums = await repository.sums(from, to);
      const recount = async (group: string) =>
        db.query(`SELECT ${group} ${steps} FROM funnel_daily_counts WHERE day BETWEEN $1 AND $2 ${group ? 'GROUP BY 1 ORDER BY 1' : ''}`, [from, to]);
      const [total] = await db.query(
        `SELECT ${steps}, sum(reminded)::int AS reminded, sum(confirmed_after_reminder)::int AS "confirmedAfterReminder" FROM funnel_daily_counts WHERE day BETWEEN $1 AND $2`,
        [from, to],
      );
      expect({ from, to, totals: sums.totals }).toEqual({ from, to, totals: total });
      expect([...sums.days].sort((a, b) => a.day.localeCompare(b.day))).toEqual(await recount(`to_char(day, 'YYYY-MM-DD') AS day,`));
      const bySource = [...sums.sources].sort((a, b) => a.source.localeCompare(b.source));
      expect(bySource).toEqual(await recount('source,'));
      const byCode = (await recount('creator_code AS "creatorCode",')).filter((r: { creatorCode: string }) => r.creatorCode !== '');
      expect([...sums.creatorCodes].sort((a, b) => a.creatorCode.localeCompare(b.creatorCode))).toEqual(byCode);
    }
  });
});
