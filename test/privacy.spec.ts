import { AuthService } from '@swishly/admin';
import { EventStore, MailSuppressions, normaliseEmail, ProjectionRegistry, QueueRegistry, ReplayService } from '@swishly/platform';
import { ShotClaimed } from '../libs/events/src/shots/shot-records.events';
import { WaitlistService } from '@swishly/waitlist';
import { eventually } from './utils/test-config';
import { dumpLines, redisEntries } from './utils/stored-traces';
import { startStack, TestStack } from './utils/test-stack';

// Erasure and export, on the real Postgres, Redis and worker with Resend on loopback.
// A person who joined, confirmed, referred a friend, wrote to us, claimed a shot, chatted with
// the coach and was given an early-access code is erased; then nothing of them is readable in a
// pg_dump of the database or in any Redis key or value, before or after a replay, while everyone
// else keeps their data and their order.
const INGEST = 'privacy-shots-ingest-token';
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
let ip = 0;
const freshIp = () => `10.29.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

describe('privacy: erasure and export', () => {
  let stack: TestStack;
  let cookies: { session: string; csrf: string };

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    stack.api.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });
  const admin = (url: string, payload: object) =>
    stack.api.inject({ method: 'POST', url, payload, headers: { cookie: cookies.session, 'x-csrf-token': cookies.csrf } });
  const waitlist = () => stack.api.get(WaitlistService);
  const status = async (entryId: string) => stack.api.inject(`/api/waitlist/status?token=${waitlist().links.statusToken(entryId)}`);
  const positionOf = async (entryId: string) => (await status(entryId)).json().waitlistPosition as number;
  const join = async (firstName: string, email: string, referrerCode: string | null = null) => {
    const response = await post('/api/waitlist', { first_name: firstName, email, role: 'Player', referrerCode });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; referralCode: string; waitlistPosition: number };
  };
  const confirm = (entryId: string) => post('/api/waitlist/confirm', { token: waitlist().links.confirmToken(entryId) });

  /** Every line of a dump of the suite's database that mentions one of `needles` (case-insensitive). */
  function dumpMentions(needles: string[]): string[] {
    const lower = needles.map((n) => n.toLowerCase());
    return dumpLines(stack.db.url).filter((line) => lower.some((n) => line.toLowerCase().includes(n)));
  }

  /** Every Redis key of the suite (its prefix) whose name or value mentions one of `needles`. */
  async function redisMentions(needles: string[]): Promise<string[]> {
    const lower = needles.map((n) => n.toLowerCase());
    const entries = await redisEntries(stack.api.get(QueueRegistry).redis(), stack.config.REDIS_PREFIX);
    return entries.filter(({ text }) => lower.some((n) => text.toLowerCase().includes(n))).map(({ key }) => key);
  }

  beforeAll(async () => {
    stack = await startStack({ SHOTS_INGEST_TOKEN: INGEST, PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    await stack.api.get(AuthService).createOrResetAdmin('privacy-staff@swishly.test', 'Court-Vision-42', { actorType: 'system' });
    const signedIn = await post('/api/auth/login', { email: 'privacy-staff@swishly.test', password: 'Court-Vision-42' });
    // PUBLIC_URL is https here: the session cookie has the __Host- prefix.
    const jar = Object.fromEntries(signedIn.cookies.map((c) => [c.name, c.value]));
    cookies = { session: `__Host-admin_session=${jar['__Host-admin_session']}`, csrf: jar.csrf_token };
    expect(jar['__Host-admin_session']).toBeTruthy();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** Pia, who did everything a person can do here; `t` makes her traces unique to one test. */
  async function pia(t: string, email = `pia.${t}@Example.com`) {
    const person = { firstName: `Piaxq${t}`, email, contact: `Teamplanquestion${t}`, chat: `Myelbowquestion${t}`, code: `PIA${t.slice(-5).toUpperCase()}` };
    for (let i = 0; i < 3; i++) await join(`Ahead${t}`, `ahead${i}.${t}@example.com`); // so that a referral credit moves her up
    const entry = await join(person.firstName, person.email);
    expect((await confirm(entry.id)).statusCode).toBe(200);
    const friend = await join(`Friend${t}`, `friend.${t}@example.com`, entry.referralCode);
    expect((await confirm(friend.id)).statusCode).toBe(200);
    const behind = await join(`Behind${t}`, `behind.${t}@example.com`);
    expect((await post('/api/contact', { first_name: person.firstName, email: person.email, subject: 'Teams', message: person.contact })).statusCode).toBe(201);
    const shotCode = `H${t.slice(-6).toUpperCase()}`;
    const shot = await post(
      '/api/shots',
      { kind: 'hbf', code: shotCode, metrics: { elbowAngleDeg: 104, releaseTimeMs: 900 } },
      { authorization: `Bearer ${INGEST}` },
    );
    expect(shot.statusCode).toBe(201);
    const claim = await post(`/api/shots/hbf/${shotCode}/claim`, { first_name: person.firstName, email: person.email.toUpperCase() });
    expect(claim.statusCode).toBe(200);
    const chat = await post('/api/chat', { kind: 'hbf', shotCode, message: person.chat }, { authorization: `Bearer ${claim.json().claimToken}` });
    expect(chat.body).toContain('"type":"done"');
    expect((await admin('/api/admin/early-access/codes', { firstName: person.firstName, email: person.email, code: person.code })).statusCode).toBe(201);
    // The worker has sent what these caused: the welcome, the friend's credit, the contact emails.
    await eventually(
      () => stack.dataSource.query(`SELECT template FROM mail_log WHERE lower(to_address) = lower($1) AND status = 'sent'`, [person.email]),
      (rows) => rows.length >= 3, // the welcome, the contact confirmation, the booth's email
    );
    await eventually(
      () => positionOf(entry.id),
      (p) => p < entry.waitlistPosition,
    ); // credited for the friend
    return { person, entry, friend, behind, shotCode };
  }

  it('erases a person everywhere: nothing of them in Postgres or Redis, before or after a replay; the others keep their data and order', async () => {
    const t = tag();
    const { person, entry, friend, behind, shotCode } = await pia(t);
    const traces = [person.email, person.firstName, person.contact, person.chat];
    expect(dumpMentions(traces).length).toBeGreaterThan(0); // the check can find her while she is here
    const before = {
      friend: await positionOf(friend.id),
      behind: await positionOf(behind.id),
      entries: Number((await stack.dataSource.query('SELECT count(*) FROM waitlist_entries'))[0].count),
    };

    const [{ id: shotId }] = await stack.dataSource.query('SELECT id FROM shot_records WHERE code = $1', [shotCode]);
    expect(await stack.dataSource.query('SELECT 1 FROM personal_data WHERE subject = $1', [`shot:${shotId}`])).toHaveLength(2); // recorded, analysis generated
    const erased = await admin('/api/admin/privacy/erase', { email: `  ${person.email.toUpperCase()} ` });
    expect(erased.statusCode).toBe(200);
    // Her entry, contact message, chat (2 messages), shot claim, access code and mail log rows.
    expect(erased.json()).toEqual({ requestId: expect.any(String), records: expect.any(Number), personalFields: expect.any(Number) });
    expect(erased.json().records).toBeGreaterThanOrEqual(7);
    expect(erased.json().personalFields).toBeGreaterThanOrEqual(6);

    expect(dumpMentions(traces)).toEqual([]);
    expect(await redisMentions(traces)).toEqual([]);

    // The people behind her moved up one place; her friend is still on the list, credited, behind her place.
    expect(await positionOf(behind.id)).toBe(before.behind - 1);
    expect(await positionOf(friend.id)).toBe(before.friend - 1);
    expect((await stack.dataSource.query('SELECT referral_status FROM waitlist_entries WHERE id = $1', [friend.id]))[0].referral_status).toBe('credited');
    // Her links died with her, and her shot with its analysis and measurements (the Privacy Policy: deleted on request).
    expect((await status(entry.id)).statusCode).toBe(404);
    expect(await stack.dataSource.query('SELECT 1 FROM shot_records WHERE code = $1', [shotCode])).toEqual([]);
    expect(await stack.dataSource.query('SELECT 1 FROM personal_data WHERE subject = $1', [`shot:${shotId}`])).toEqual([]);
    // The audit trail says an erasure happened, by which admin, never whose.
    const [audit] = await stack.dataSource.query(`SELECT payload, metadata FROM domain_events WHERE type = 'privacy.person-erased' AND stream_id = $1`, [
      erased.json().requestId,
    ]);
    expect(audit.metadata).toMatchObject({ actorType: 'admin', actorId: expect.any(String) });
    expect(JSON.stringify(audit)).not.toContain(person.email.toLowerCase());

    // A replay rebuilds everyone else exactly and her nowhere.
    const tables = stack.api
      .get(ProjectionRegistry)
      .all()
      .flatMap((p) => p.tables);
    const snapshot = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of tables) rows[table] = await stack.dataSource.query(`SELECT * FROM "${table}" ORDER BY 1`);
      return rows;
    };
    const rebuiltFrom = await snapshot();
    expect(rebuiltFrom.waitlist_entries).toHaveLength(before.entries - 1);
    await stack.api.get(ReplayService).replayAll(7);
    expect(await snapshot()).toEqual(rebuiltFrom);
    expect(dumpMentions(traces)).toEqual([]);
    expect(await positionOf(behind.id)).toBe(before.behind - 1);

    // She may join again, as a new member at the back of the list.
    const back = await join(person.firstName, person.email);
    expect(back.id).not.toBe(entry.id);
    expect(back.waitlistPosition).toBe(before.entries);

    // Erasing again removes what she did since, and then nothing more: a second request is harmless.
    expect((await admin('/api/admin/privacy/erase', { email: person.email })).json().records).toBeGreaterThanOrEqual(1);
    expect((await admin('/api/admin/privacy/erase', { email: person.email })).json()).toMatchObject({ records: 0, personalFields: 0 });
  });

  it("a re-claimed shot: a stranger's claim is refused and shows nothing; a shot claimed twice before claims were exclusive loses its first claimer's chat at their erasure", async () => {
    const t = tag();
    const code = `R${t.slice(-6).toUpperCase()}`;
    expect((await post('/api/shots', { kind: 'shot', code, shot_data: 'Quick release.' }, { authorization: `Bearer ${INGEST}` })).statusCode).toBe(201);
    const first = { firstName: `Aada${t}`, email: `aada.${t}@example.com`, chat: `firstclaimerquestion${t}` };
    const claim = await post(`/api/shots/shot/${code}/claim`, { first_name: first.firstName, email: first.email });
    const aada = { authorization: `Bearer ${claim.json().claimToken}` };
    expect((await post('/api/chat', { kind: 'shot', shotCode: code, message: first.chat }, aada)).body).toContain('"type":"done"');

    // A stranger with the code: refused, joins nothing, reads nothing.
    const stranger = `stranger.${t}@example.com`;
    const refused = await post(`/api/shots/shot/${code}/claim`, { first_name: 'Stranger', email: stranger });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).not.toContain(first.firstName);
    expect((await stack.api.inject(`/api/chat/shot/${code}/messages`)).body).not.toContain(first.chat);
    expect((await stack.api.inject(`/api/feedback/shot/${code}`)).body).not.toContain(first.firstName);
    expect((await admin('/api/admin/privacy/export', { email: stranger })).json()).toMatchObject({ shots: [], chatMessages: [] });

    // Before claims were exclusive a second address took the shot over (the old code appended a
    // second claim): the first claimer's conversation is still theirs to have erased.
    const [{ id: recordId }] = await stack.dataSource.query('SELECT id FROM shot_records WHERE code = $1', [code]);
    await stack.api
      .get(EventStore)
      .append({ streamType: 'shot-record', streamId: recordId }, 'any', [ShotClaimed({ recordId, firstName: `Later${t}`, email: `later.${t}@example.com` })], {
        actorType: 'system',
      });
    expect(dumpMentions([first.chat]).length).toBeGreaterThan(0);
    expect((await admin('/api/admin/privacy/erase', { email: first.email })).statusCode).toBe(200);
    expect(dumpMentions([first.chat, first.firstName, first.email])).toEqual([]);
  });

  it('erases a person whose address Postgres lower-cases otherwise than JavaScript (İ, a final Σ), typed another way: nothing of them is left', async () => {
    const t = tag();
    const { person, entry } = await pia(t, `İlkay.${t}.ΣΟΦΟΣ@Example.com`);
    // Her address as typed, and as every table keys it (normaliseEmail: i̇lkay…σοφοσ@example.com).
    const traces = [person.email, normaliseEmail(person.email), person.firstName, person.contact, person.chat];
    expect(dumpMentions(traces).length).toBeGreaterThan(0);

    const erased = await admin('/api/admin/privacy/erase', { email: `İLKAY.${t.toUpperCase()}.σοφος@example.COM` });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().records).toBeGreaterThanOrEqual(7);
    expect((await status(entry.id)).statusCode).toBe(404);
    expect(dumpMentions(traces)).toEqual([]);
    expect(await redisMentions(traces)).toEqual([]);
  });

  it('hands staff a copy of everything held about a person, as a download under stable keys', async () => {
    const t = tag();
    const { person, shotCode } = await pia(t);
    const response = await admin('/api/admin/privacy/export', { email: person.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    // Whose and which day, so that staff answering several people tell the files apart.
    const whose = person.email
      .toLowerCase()
      .replace('@', '-at-')
      .replace(/[^a-z0-9._-]+/g, '-');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="personal-data-${whose}-${new Date().toISOString().slice(0, 10)}.json"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const copy = response.json();
    // The keys other systems read, and those added since (her requests, her history, the webhook deliveries that named her).
    expect(Object.keys(copy).sort()).toEqual([
      'chatMessages',
      'consent',
      'contactMessages',
      'earlyAccessCodes',
      'emails',
      'history',
      'privacyRequests',
      'referralMilestones',
      'shots',
      'subject',
      'waitlist',
      'webhookDeliveries',
    ]);
    expect(copy.subject).toEqual({ email: person.email.toLowerCase(), exportedAt: expect.any(String) });
    expect(copy.waitlist).toMatchObject({
      position: expect.any(Number),
      firstName: person.firstName,
      role: 'Player',
      referralCode: expect.any(String),
      source: 'landing',
      confirmedAt: expect.any(String),
      referrals: { credited: 1, pending: 0, flagged: 0 },
    });
    expect(copy.contactMessages).toEqual([expect.objectContaining({ message: person.contact, subject: 'Teams' })]);
    expect(copy.shots).toEqual([expect.objectContaining({ kind: 'hbf', code: shotCode, metrics: expect.objectContaining({ elbowAngleDeg: 104 }) })]);
    expect(copy.chatMessages.map((m: { sender: string }) => m.sender)).toEqual(['user', 'bot']);
    expect(copy.chatMessages[0].content).toBe(person.chat);
    // The code staff made out to her, and the one the booth gave her with her shot.
    expect(copy.earlyAccessCodes).toEqual(expect.arrayContaining([expect.objectContaining({ code: person.code, isUsed: false })]));
    expect(copy.earlyAccessCodes).toHaveLength(2);
    expect(copy.emails.length).toBeGreaterThanOrEqual(2);
    for (const email of copy.emails) expect(email).not.toHaveProperty('html'); // never the bodies
    for (const email of copy.emails) expect(email).not.toHaveProperty('text');
    // The team's copy of her message, which answers her (Reply-To), with the emails to her.
    const teamCopy = copy.emails.find((e: { template: string }) => e.template === 'contact-notification');
    expect(teamCopy).toMatchObject({ to: stack.config.CONTACT_TO });
    expect(normaliseEmail(teamCopy.replyTo)).toBe(normaliseEmail(person.email));
    expect(copy.consent).toEqual({ marketing: true, unsubscribedAt: null, suppressed: false, suppressedReason: null });
    // The friend she referred is counted, never named.
    expect(JSON.stringify(copy)).not.toContain(`Friend${t}`);

    // Nothing held: the same shape, empty. And staff's exports are in the audit trail.
    const nobody = (await admin('/api/admin/privacy/export', { email: `nobody.${t}@example.com` })).json();
    expect(nobody).toMatchObject({ waitlist: null, contactMessages: [], shots: [], chatMessages: [], earlyAccessCodes: [], emails: [] });
    const audits = await stack.dataSource.query(`SELECT metadata FROM domain_events WHERE type = 'privacy.personal-data-exported'`);
    expect(audits.length).toBeGreaterThanOrEqual(2);
    const activity = (await stack.api.inject({ url: '/api/admin/privacy/activity', headers: { cookie: cookies.session } })).json();
    expect(activity[0]).toEqual({
      requestId: expect.any(String),
      kind: 'export',
      at: expect.any(String),
      by: 'staff',
      staffEmail: 'privacy-staff@swishly.test',
      records: null,
    });
    expect(JSON.stringify(activity)).not.toContain(person.email.toLowerCase());
  });

  it('shows staff the suppression list by reason, as keyed hashes only', async () => {
    const t = tag();
    const address = `suppressed.${t}@example.com`;
    await stack.api.get(MailSuppressions).suppress(address, 'complained');
    const list = (await stack.api.inject({ url: '/api/admin/privacy/suppressions', headers: { cookie: cookies.session } })).json();
    expect(list.counts.complained).toBeGreaterThanOrEqual(1);
    expect(list.recent[0]).toEqual({
      addressHash: stack.api.get(MailSuppressions).addressHash(address).slice(0, 12),
      reason: 'complained',
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list)).not.toContain(t);
    expect((await stack.api.inject({ url: '/api/admin/privacy/suppressions' })).statusCode).toBe(401);
  });

  describe('self-service (/privacy-request)', () => {
    const ask = (email: string, kind: 'export' | 'erasure') => post('/api/privacy/requests', { email, kind });
    /** The link of the request email the provider received for this address and kind. */
    const linkSentTo = async (email: string, kind: 'export' | 'erasure') => {
      const mail = await eventually(
        async () =>
          stack.resend.delivered.find(
            (m) => [m.body.to].flat()[0] === email.toLowerCase() && m.body.subject.includes(kind === 'erasure' ? 'delete' : 'download'),
          ),
        (found) => found !== undefined,
      );
      const link = new URL(mail!.body.html.match(/href="([^"]*privacy-request\?token=[^"]+)"/)![1].replace(/&amp;/g, '&'));
      expect(mail!.body.headers).toBeUndefined(); // an answer to the person's own request: no unsubscribe
      return link.searchParams.get('token')!;
    };
    const inspect = (token: string) => stack.api.inject(`/api/privacy/requests?token=${encodeURIComponent(token)}`);
    const carryOut = (token: string) => post('/api/privacy/requests/confirm', { token });

    it('emails a link that hands over the copy once; a used, an altered or an expired link gets a clear 4xx', async () => {
      const t = tag();
      const { person } = await pia(t);
      expect((await ask(person.email, 'export')).statusCode).toBe(202);
      const token = await linkSentTo(person.email, 'export');
      expect((await inspect(token)).json()).toEqual({ kind: 'export', expiresAt: expect.any(String) });
      const hoursLeft = (Date.parse((await inspect(token)).json().expiresAt) - Date.now()) / 3_600_000;
      expect(hoursLeft).toBeGreaterThan(23.9);
      expect(hoursLeft).toBeLessThanOrEqual(24);

      const copy = await carryOut(token);
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-disposition']).toMatch(/^attachment; filename="personal-data-/);
      expect(copy.json().waitlist).toMatchObject({ firstName: person.firstName });
      const again = await carryOut(token);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ error: 'This link has already been used. Ask again on the privacy request page if you need to.', code: 'link_used' });
      expect((await inspect(token)).statusCode).toBe(410);

      const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      expect((await carryOut(altered)).json().code).toBe('link_invalid');
      expect((await carryOut('nonsense')).statusCode).toBe(404);

      expect((await ask(person.email, 'erasure')).statusCode).toBe(202);
      const late = await linkSentTo(person.email, 'erasure');
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 24 * 3_600_000 + 1000);
      try {
        const expired = await carryOut(late);
        expect(expired.statusCode).toBe(410);
        expect(expired.json().code).toBe('link_expired');
      } finally {
        clock.mockRestore();
      }
      expect(
        (await status((await stack.dataSource.query('SELECT id FROM waitlist_entries WHERE email_normalized = $1', [person.email.toLowerCase()]))[0].id))
          .statusCode,
      ).toBe(200);
    });

    it('erases the person who follows the erasure link, leaving nothing of them or of the request', async () => {
      const t = tag();
      const { person, entry } = await pia(t);
      expect((await ask(` ${person.email.toUpperCase()}`, 'erasure')).statusCode).toBe(202);
      const token = await linkSentTo(person.email, 'erasure');
      expect((await inspect(token)).json().kind).toBe('erasure');
      const done = await carryOut(token);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ erased: true });
      expect((await status(entry.id)).statusCode).toBe(404);
      expect(dumpMentions([person.email, person.firstName, person.contact, person.chat])).toEqual([]);
      expect((await carryOut(token)).statusCode).toBe(410);
    });

    /** Waits until the worker has handled every request made for `address`. */
    const requestsHandled = async (address: string, count: number) => {
      const made: { id: string }[] = await stack.dataSource.query(
        `SELECT e.id FROM domain_events e JOIN personal_data p ON p.event_id = e.id WHERE e.type = 'privacy.request-made' AND p.subject = $1`,
        [`email:${address}`],
      );
      expect(made).toHaveLength(count);
      await eventually(
        () => stack.dataSource.query(`SELECT 1 FROM processed_events WHERE event_id = ANY($1::uuid[])`, [made.map((m) => m.id)]),
        (rows) => rows.length === count,
      );
    };

    it("answers the same for a stranger's address typed three times, and emails it nothing: a request is not data we hold", async () => {
      const t = tag();
      const stranger = `stranger.${t}@example.com`;
      // One after another: each request finds the ones before it already recorded.
      const kinds = ['erasure', 'export', 'erasure'] as const;
      for (const [i, kind] of kinds.entries()) {
        const answer = await ask(stranger, kind);
        expect(answer.statusCode).toBe(202);
        expect(answer.json()).toEqual({ ok: true });
        await requestsHandled(stranger, i + 1);
      }
      expect(stack.resend.deliveredTo(stranger)).toEqual([]);
      expect(await stack.dataSource.query('SELECT 1 FROM mail_log WHERE lower(to_address) = $1', [stranger])).toEqual([]);
      expect((await post('/api/privacy/requests', { email: 'not an address', kind: 'export' })).statusCode).toBe(400);
      expect((await post('/api/privacy/requests', { email: stranger, kind: 'everything' })).statusCode).toBe(400);
    });

    it('takes a limited number of different addresses from one client a day, with a clear 429, and writes nothing past it', async () => {
      const t = tag();
      const client = freshIp();
      const askFrom = (remoteAddress: string, email: string) =>
        stack.api.inject({ method: 'POST', url: '/api/privacy/requests', payload: { email, kind: 'erasure' }, remoteAddress });
      const addresses = Array.from({ length: 5 }, (_, i) => `listed${i}.${t}@example.com`);
      for (const address of addresses) expect((await askFrom(client, address)).statusCode).toBe(202);
      const refused = await askFrom(client, `listed5.${t}@example.com`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'Too many different email addresses from this connection today. Try again tomorrow, or write to us through the contact page.',
        code: 'too_many_addresses',
      });
      // Refused whatever the address (an address we know gets the same answer), and nothing kept of it.
      expect((await askFrom(client, `LISTED6.${t}@example.com`)).statusCode).toBe(429);
      const kept = await stack.dataSource.query(`SELECT 1 FROM personal_data WHERE subject LIKE $1`, [`email:listed%.${t}@example.com`]);
      expect(kept).toHaveLength(5);
      // An address already counted may be asked about again; another client is counted apart.
      expect((await askFrom(client, addresses[0].toUpperCase())).statusCode).toBe(202);
      expect((await askFrom(freshIp(), `listed5.${t}@example.com`)).statusCode).toBe(202);
      // Twenty at once from a new client: five get through.
      const burstClient = freshIp();
      const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => askFrom(burstClient, `burst${i}.${t}@example.com`)));
      expect(burst.filter((r) => r.statusCode === 202)).toHaveLength(5);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(15);
    });

    it('counts the per-address cap on the inbox: plus tags do not pass it', async () => {
      const t = tag();
      const tagged = Array.from({ length: 5 }, (_, i) => `pat.${t}+tag${i}@example.com`);
      for (const address of tagged) await join(`Pat${t}`, address); // data under each tagged address
      await eventually(
        () => stack.dataSource.query(`SELECT 1 FROM mail_log WHERE to_address LIKE $1 AND status = 'sent'`, [`pat.${t}+%`]),
        (rows) => rows.length === 5,
      );
      const welcomes = stack.resend.delivered.filter((d) => [d.body.to].flat()[0].startsWith(`pat.${t}+`)).length;
      for (const address of tagged) {
        expect((await ask(address, 'export')).statusCode).toBe(202);
        await requestsHandled(address, 1);
      }
      const sent = stack.resend.delivered.filter((d) => [d.body.to].flat()[0].startsWith(`pat.${t}+`)).length - welcomes;
      expect(sent).toBe(3); // the cap of one inbox, as for a single address
    });
  });

  it('takes admin writes only: no session 401, no CSRF token 403, a bad address 400', async () => {
    expect((await post('/api/admin/privacy/erase', { email: 'x@example.com' })).statusCode).toBe(401);
    const noCsrf = await stack.api.inject({
      method: 'POST',
      url: '/api/admin/privacy/export',
      payload: { email: 'x@example.com' },
      headers: { cookie: cookies.session },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await admin('/api/admin/privacy/erase', { email: 'not an address' })).statusCode).toBe(400);
  });

  it('moves the personal fields of new events beside the log: domain_events and job data never hold them', async () => {
    const t = tag();
    const email = `kept.apart.${t}@example.com`;
    const { id } = await join(`Keptapart${t}`, email);
    const [event] = await stack.dataSource.query(`SELECT id, payload FROM domain_events WHERE stream_id = $1 AND type = 'waitlist.joined'`, [id]);
    expect(event.payload).not.toHaveProperty('email');
    expect(event.payload).not.toHaveProperty('firstName');
    expect(event.payload).toMatchObject({ entryId: id, referralCode: expect.any(String) });
    const [kept] = await stack.dataSource.query('SELECT subject, fields FROM personal_data WHERE event_id = $1', [event.id]);
    // The role they typed is theirs too (free text): kept beside the log with their name and address.
    expect(kept).toEqual({ subject: `email:${email}`, fields: { firstName: `Keptapart${t}`, email, role: 'Player' } });
    // The welcome went out all the same: the worker read the fields from beside the log.
    await eventually(
      () => stack.dataSource.query(`SELECT status FROM mail_log WHERE to_address = $1`, [email]),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(stack.resend.delivered.some((m) => JSON.stringify(m).includes(`Keptapart${t}`))).toBe(true);
  });
});
