import { signInStaff } from './utils/test-app';
import { MailSuppressions } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Staff's waitlist: members in position order, searched and filtered with counts,
// paged by keyset across page boundaries, and the CSV export; staff only.
describe('GET /api/admin/waitlist', () => {
  let stack: TestStack;
  let cookie: string;
  let csrf: string;
  let ip = 0;
  const members: { id: string; email: string; name: string; referralCode: string }[] = [];
  const get = (url: string) => stack.api.inject({ url, headers: { cookie } });
  const post = (url: string) => stack.api.inject({ method: 'POST', url, headers: { cookie, 'x-csrf-token': csrf } });

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    ({ cookie, 'x-csrf-token': csrf } = await signInStaff(stack.api, 'list-staff@swishly.test'));
    // Twelve members; the fourth refers the eleventh, who confirms (the fourth moves up past one).
    for (let i = 1; i <= 12; i++) {
      const name = i === 7 ? '=HYPERLINK("x")' : `Member${String(i).padStart(2, '0')}`;
      const email = `member${i}@example.com`;
      const ref = i === 11 ? members[3].referralCode : null;
      const joined = await stack.api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: name, email, role: null, referrerCode: ref },
        remoteAddress: `10.40.0.${++ip}`,
      });
      expect(joined.statusCode).toBe(201);
      members.push({ id: joined.json().id, email, name, referralCode: joined.json().referralCode });
    }
    const confirm = (id: string) =>
      stack.api.inject({
        method: 'POST',
        url: '/api/waitlist/confirm',
        payload: { token: stack.api.get(WaitlistService).links.confirmToken(id) },
        remoteAddress: `10.40.1.${++ip}`,
      });
    for (const i of [0, 1, 3, 10]) expect((await confirm(members[i].id)).statusCode).toBe(200);
    await stack.api.get(MailSuppressions).suppress(members[5].email, 'unsubscribed');
    // The referral credit is the worker's: wait until the fourth has moved.
    for (let t = 0; t < 100; t++) {
      const [row] = await stack.dataSource.query('SELECT referral_credits FROM waitlist_entries WHERE id = $1', [members[3].id]);
      if (row.referral_credits === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('lists members in position order with their status, and pages by keyset across a page boundary', async () => {
    const first = await get('/api/admin/waitlist?limit=5');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.total).toBe(12);
    expect(page.entries.map((e: { position: number }) => e.position)).toEqual([1, 2, 3, 4, 5]);
    // Credited for a friend, member 4 moved up (five places by default: to the front).
    expect(page.entries.map((e: { email: string }) => e.email)).toEqual([
      'member4@example.com',
      'member1@example.com',
      'member2@example.com',
      'member3@example.com',
      'member5@example.com',
    ]);
    expect(page.entries[0]).toMatchObject({ status: 'confirmed', referralCredits: 1, source: 'landing', admittedAt: null, confirmedAt: expect.any(String) });
    expect(page.entries[3]).toMatchObject({ status: 'unconfirmed', confirmedAt: null });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: { entries: { email: string }[]; nextCursor: string | null } = (
        await get(`/api/admin/waitlist?limit=5${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...next.entries.map((e: { email: string }) => e.email));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    const positions = (await get('/api/admin/waitlist?limit=200')).json().entries.map((e: { position: number }) => e.position);
    expect(positions).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await get('/api/admin/waitlist?cursor=bm9wZQ')).statusCode).toBe(400);
  });

  it('searches by name, address or referral code, and filters by status with counts', async () => {
    const byName = (await get('/api/admin/waitlist?search=member1')).json();
    expect(byName.entries.map((e: { email: string }) => e.email)).toEqual([
      'member1@example.com',
      'member10@example.com',
      'member11@example.com',
      'member12@example.com',
    ]);
    expect(byName.total).toBe(4);
    const byCode = (await get(`/api/admin/waitlist?search=${members[8].referralCode.toLowerCase()}`)).json();
    expect(byCode.entries.map((e: { email: string }) => e.email)).toEqual(['member9@example.com']);
    expect(byCode.entries[0].position).toBe(9);
    expect((await get('/api/admin/waitlist?search=%25')).json().total).toBe(0); // a LIKE wildcard is text

    const unsubscribed = (await get('/api/admin/waitlist?status=unsubscribed')).json();
    // Unsubscribed is shown beside the state, never instead of it; the three states add up to everyone.
    expect(unsubscribed.entries).toEqual([
      expect.objectContaining({ email: 'member6@example.com', status: 'unconfirmed', mail: 'unsubscribed', referralHeld: false }),
    ]);
    const counts = (await get('/api/admin/waitlist/statuses')).json();
    expect(counts).toEqual({ all: 12, unconfirmed: 8, confirmed: 4, admitted: 0, unsubscribed: 1, flagged: 0 });
    expect(counts.unconfirmed + counts.confirmed + counts.admitted).toBe(counts.all);
    // Every member a state's filter lists has that state, and the filters' totals are the counts.
    for (const state of ['unconfirmed', 'confirmed', 'admitted'] as const) {
      const page = (await get(`/api/admin/waitlist?status=${state}&limit=200`)).json();
      expect(page.total).toBe(counts[state]);
      expect(page.entries.every((e: { status: string }) => e.status === state)).toBe(true);
    }
    // Positions come from the Redis mirror, which the worker updates just after a credit: wait for it.
    const confirmed = await eventually(
      async () => (await get('/api/admin/waitlist?status=confirmed')).json(),
      (page) => page.entries.map((e: { position: number }) => e.position).join() === '1,2,3,11',
    );
    expect(confirmed.entries.map((e: { position: number }) => e.position)).toEqual([1, 2, 3, 11]);
    expect((await get('/api/admin/waitlist?status=everyone')).statusCode).toBe(400);
  });

  it('exports the selected members as CSV, in position order, safe for spreadsheets', async () => {
    const csv = await get('/api/admin/waitlist/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"$/);
    // A filtered or searched export says so in its name.
    const searched = await get('/api/admin/waitlist/export?status=confirmed&search=Ren%C3%A9e%20D.');
    expect(searched.headers['content-disposition']).toMatch(/^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}-confirmed-renee-d\.csv"$/);
    const lines = csv.body.trimEnd().split('\r\n');
    // A UTF-8 byte-order mark first, so spreadsheet programs read accents as written.
    expect(lines[0]).toBe(
      '\uFEFFposition,first_name,email,status,mail,referral_code,referral_credits,source,creator_code,created_at,confirmed_at,admitted_at,referral_held,throwaway_address,referred_by,campaign',
    );
    expect(lines).toHaveLength(13);
    expect(lines[1]).toMatch(/^1,Member04,member4@example\.com,confirmed,subscribed,[A-Z0-9]+,1,landing,,\d{4}-.*,no,no,,$/);
    // Who referred a member: the referrer's code.
    expect(lines.find((line: string) => line.includes('member11@example.com'))).toMatch(new RegExp(`,no,no,${members[3].referralCode},$`));
    expect(lines[7]).toMatch(/^7,"'=HYPERLINK\(""x""\)",member7@example\.com,unconfirmed,subscribed,/);
    const confirmed = (await get('/api/admin/waitlist/export?status=confirmed')).body.trimEnd().split('\r\n');
    expect(confirmed.slice(1).map((l: string) => l.split(',')[0])).toEqual(['1', '2', '3', '11']);
  });

  it("shows a member's view: position, referrals and by whom, emails sent, early-access code", async () => {
    const referrer = await get(`/api/admin/waitlist/${members[3].id}`);
    expect(referrer.statusCode).toBe(200);
    expect(referrer.json()).toMatchObject({
      member: { id: members[3].id, position: 1, email: 'member4@example.com', status: 'confirmed', referralCredits: 1 },
      referredBy: null,
      referrals: { credited: 1, pending: 0, flagged: 0, rejected: 0, friends: [{ id: members[10].id, firstName: 'Member11', referral: 'credited' }] },
      earlyAccessCode: null,
    });
    const friend = (await get(`/api/admin/waitlist/${members[10].id}`)).json();
    expect(friend.referredBy).toEqual({ id: members[3].id, firstName: 'Member04', referralCode: members[3].referralCode });
    // The welcome email is in their mail log.
    const emails = await eventually(
      async () => (await get(`/api/admin/waitlist/${members[3].id}`)).json().emails,
      (list) => list.length >= 1,
    );
    expect(emails[emails.length - 1]).toMatchObject({ template: 'waitlist-welcome', subject: expect.any(String), status: expect.any(String) });
    expect((await get('/api/admin/waitlist/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/admin/waitlist/not-a-member')).statusCode).toBe(404);
  });

  it('resends a confirmation (not to a confirmed member) and admits one member now (confirmed only, once)', async () => {
    const unconfirmed = members[2];
    const mailsTo = async (email: string) =>
      (await stack.dataSource.query('SELECT count(*)::int AS n FROM mail_log WHERE to_address = $1', [email]))[0].n as number;
    const before = await eventually(
      () => mailsTo(unconfirmed.email),
      (n) => n >= 1,
    );
    expect((await post(`/api/admin/waitlist/${unconfirmed.id}/confirmation`)).statusCode).toBe(202);
    await eventually(
      () => mailsTo(unconfirmed.email),
      (n) => n === before + 1,
    );
    // Once a day, as for a repeated sign-up: a second click is refused, saying from when it can go.
    const twice = await post(`/api/admin/waitlist/${unconfirmed.id}/confirmation`);
    expect(twice.statusCode).toBe(429);
    expect(twice.json().error).toMatch(
      /^A confirmation link went to this member less than a day ago: it can be sent again from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    const waiting = (await get(`/api/admin/waitlist/${unconfirmed.id}`)).json();
    expect(Date.parse(waiting.confirmationAgainAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect((await get(`/api/admin/waitlist/${members[0].id}`)).json().confirmationAgainAt).toBeNull(); // confirmed
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(unconfirmed.email)).toBe(before + 1);
    const again = await post(`/api/admin/waitlist/${members[0].id}/confirmation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This member has already confirmed their address.');

    const notConfirmed = await post(`/api/admin/waitlist/${unconfirmed.id}/admission`);
    expect(notConfirmed.statusCode).toBe(409);
    expect(notConfirmed.json().error).toMatch(/has not confirmed their address yet/);
    const admitted = await post(`/api/admin/waitlist/${members[1].id}/admission`);
    expect(admitted.statusCode).toBe(202);
    expect(admitted.json()).toMatchObject({ requested: 1, total: 1 });
    await eventually(
      async () => (await get(`/api/admin/waitlist/admissions/${admitted.json().id}`)).json(),
      (p) => p.status === 'done',
    );
    const view = (await get(`/api/admin/waitlist/${members[1].id}`)).json();
    expect(view.member.status).toBe('admitted');
    expect(view.earlyAccessCode).toMatchObject({ code: expect.any(String), used: false });
    expect((await post(`/api/admin/waitlist/${members[1].id}/admission`)).statusCode).toBe(409);
    // Out of turn: member 4 (first in line) is still waiting.
    expect((await get(`/api/admin/waitlist/${members[3].id}`)).json().member.status).toBe('confirmed');
  });

  it("shows each member's mail beside their status in the CSV: an admitted member who unsubscribed, an unconfirmed one whose address bounced", async () => {
    const suppressions = stack.api.get(MailSuppressions);
    await suppressions.suppress(members[1].email, 'unsubscribed'); // admitted above
    await suppressions.suppress(members[2].email, 'bounced');
    await suppressions.suppress(members[8].email, 'complained');
    const rows = (await get('/api/admin/waitlist/export')).body.trimEnd().split('\r\n').slice(1);
    const byEmail = new Map(rows.map((line: string) => [line.split(',')[2], line.split(',').slice(3, 5).join(',')]));
    expect(Object.fromEntries(byEmail)).toEqual({
      'member1@example.com': 'confirmed,subscribed',
      'member2@example.com': 'admitted,unsubscribed',
      'member3@example.com': 'unconfirmed,bounced',
      'member4@example.com': 'confirmed,subscribed',
      'member5@example.com': 'unconfirmed,subscribed',
      'member6@example.com': 'unconfirmed,unsubscribed',
      'member7@example.com': 'unconfirmed,subscribed',
      'member8@example.com': 'unconfirmed,subscribed',
      'member9@example.com': 'unconfirmed,complained',
      'member10@example.com': 'unconfirmed,subscribed',
      'member11@example.com': 'confirmed,subscribed',
      'member12@example.com': 'unconfirmed,subscribed',
    });
    const admitted = (await get('/api/admin/waitlist/export?status=admitted')).body.trimEnd().split('\r\n');
    expect(admitted.slice(1).map((line: string) => line.split(',').slice(2, 5).join(','))).toEqual(['member2@example.com,admitted,unsubscribed']);
  });

  it('flags a sign-up from a disposable mail domain in the list', async () => {
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Throwaway', email: 'throwaway@mailinator.com', role: null, referrerCode: null },
      remoteAddress: '10.40.9.1',
    });
    expect(joined.statusCode).toBe(201); // flagged, not refused: WAITLIST_DISPOSABLE_EMAILS defaults to flag
    const found = (await get('/api/admin/waitlist?search=throwaway')).json().entries;
    expect(found).toEqual([expect.objectContaining({ email: 'throwaway@mailinator.com', disposableEmail: true })]);
    expect((await get('/api/admin/waitlist?search=member1%40')).json().entries[0].disposableEmail).toBe(false);
  });

  it('searches without minding accents, both ways', async () => {
    for (const [name, email, ip] of [
      ['Renée', 'renee.accent@example.com', '10.40.9.2'],
      ['Zoë', 'zoe.plain@example.com', '10.40.9.3'],
    ]) {
      const joined = await stack.api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: name, email, role: null, referrerCode: null },
        remoteAddress: ip,
      });
      expect(joined.statusCode).toBe(201);
    }
    const names = async (search: string) =>
      (await get(`/api/admin/waitlist?search=${encodeURIComponent(search)}`)).json().entries.map((e: { firstName: string }) => e.firstName);
    expect(await names('Renee')).toEqual(['Renée']);
    expect(await names('renée')).toEqual(['Renée']);
    expect(await names('Zoe')).toEqual(['Zoë']);
    expect(await names('zoë.plain')).toEqual(['Zoë']); // an address typed with an accent it does not have
  });

  it("says whether a referral link still names a member: an erased member's no longer does", async () => {
    const joined = (
      await stack.api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: 'Gone', email: 'gone.referrer@example.com', role: null, referrerCode: null },
        remoteAddress: '10.40.9.4',
      })
    ).json();
    const valid = async (code: string) => (await stack.api.inject(`/api/waitlist/referrals/${encodeURIComponent(code)}`)).json().valid;
    expect(await valid(joined.referralCode)).toBe(true);
    expect(await valid(joined.referralCode.toLowerCase())).toBe(true);
    const erased = await stack.api.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      payload: { email: 'gone.referrer@example.com' },
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(erased.statusCode).toBe(200);
    expect(await valid(joined.referralCode)).toBe(false);
    expect(await valid("x' OR 1=1 --")).toBe(false);
  });

  it('answers staff only', async () => {
    for (const url of ['/api/admin/waitlist', '/api/admin/waitlist/statuses', '/api/admin/waitlist/export', `/api/admin/waitlist/${members[0].id}`]) {
      expect((await stack.api.inject({ url })).statusCode).toBe(401);
    }
    for (const action of ['confirmation', 'admission']) {
      expect((await stack.api.inject({ method: 'POST', url: `/api/admin/waitlist/${members[2].id}/${action}` })).statusCode).toBe(401);
    }
  });
});

describe('POST /api/admin/waitlist/{id}/referral (referral review)', () => {
  let stack: TestStack;
  let headers: Record<string, string>;
  const review = (id: string, decision: unknown) =>
    stack.api.inject({ method: 'POST', url: `/api/admin/waitlist/${id}/referral`, payload: { decision }, headers });
  const row = async (id: string) => (await stack.dataSource.query('SELECT referral_status, referral_credits FROM waitlist_entries WHERE id = $1', [id]))[0];

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000', REFERRAL_BURST_LIMIT: '1' });
    headers = await signInStaff(stack.api, 'review-staff@swishly.test');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('lists referrals held for review under flagged; staff credit one (the referrer moves up) and reject another', async () => {
    const join = (name: string, referrerCode: string | null, ip: string) =>
      stack.api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: name, email: `${name.toLowerCase()}@example.com`, role: null, referrerCode },
        remoteAddress: ip,
      });
    for (const name of ['Ahead1', 'Ahead2', 'Ahead3']) await join(name, null, '10.60.0.1');
    const referrer = (await join('Referrer', null, '10.60.0.2')).json();
    // Three friends from one address: past the burst limit (1 here) the referrals are held.
    const friends = [];
    for (const name of ['Friend1', 'Friend2', 'Friend3']) friends.push((await join(name, referrer.referralCode, '10.60.0.9')).json());
    expect((await row(friends[0].id)).referral_status).toBe('pending');
    const flagged = (await stack.api.inject({ url: '/api/admin/waitlist?status=flagged', headers })).json();
    expect(flagged.entries.map((e: { firstName: string; status: string; referralHeld: boolean }) => [e.firstName, e.status, e.referralHeld])).toEqual([
      ['Friend2', 'unconfirmed', true],
      ['Friend3', 'unconfirmed', true],
    ]);

    // Friend 2 confirmed (and so has the referrer): a credit counts at once, and the referrer moves up.
    const confirm = async (id: string, ip: string) => {
      const token = stack.api.get(WaitlistService).links.confirmToken(id);
      expect((await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token }, remoteAddress: ip })).statusCode).toBe(200);
    };
    await confirm(referrer.id, '10.60.1.2');
    await confirm(friends[1].id, '10.60.1.1');
    expect((await row(friends[1].id)).referral_status).toBe('flagged'); // held: confirming does not credit it
    const credited = await review(friends[1].id, 'credit');
    expect(credited.statusCode).toBe(200);
    expect(credited.json()).toEqual({ referralStatus: 'credited' });
    expect((await row(referrer.id)).referral_credits).toBe(1);
    const list = (await stack.api.inject({ url: '/api/admin/waitlist?limit=3', headers })).json();
    expect(list.entries[0].firstName).toBe('Referrer');

    expect((await review(friends[2].id, 'reject')).json()).toEqual({ referralStatus: 'rejected' });
    expect((await review(friends[2].id, 'credit')).statusCode).toBe(409); // decided already
    expect((await review(friends[0].id, 'credit')).statusCode).toBe(409); // never held
    expect((await review(friends[0].id, 'maybe')).statusCode).toBe(400);
    expect((await review('00000000-0000-4000-8000-000000000000', 'credit')).statusCode).toBe(404);
    const decisions = await stack.dataSource.query(`SELECT payload, metadata FROM domain_events WHERE type = 'waitlist.referral-reviewed' ORDER BY position`);
    expect(decisions.map((d: { payload: { decision: string } }) => d.payload.decision)).toEqual(['credit', 'reject']);
    expect(decisions[0].metadata).toMatchObject({ actorType: 'admin' });
    expect((await stack.api.inject({ method: 'POST', url: `/api/admin/waitlist/${friends[2].id}/referral`, payload: { decision: 'credit' } })).statusCode).toBe(
      401,
    );
  });
});

describe('WAITLIST_DISPOSABLE_EMAILS=refuse', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack({ WAITLIST_DISPOSABLE_EMAILS: 'refuse' });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('turns a disposable address away at the form with a clear message, and lets a lasting one in', async () => {
    const join = (email: string, ip: string) =>
      stack.api.inject({ method: 'POST', url: '/api/waitlist', payload: { first_name: 'Dee', email, role: null, referrerCode: null }, remoteAddress: ip });
    const refused = await join('dee@sub.mailinator.com', '10.41.0.1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("Please use an email address you'll keep: we can't accept disposable ones.");
    expect((await stack.dataSource.query('SELECT count(*)::int AS n FROM domain_events')).find(() => true).n).toBe(0);
    expect((await join('dee@example.com', '10.41.0.2')).statusCode).toBe(201);
  });
});
