import { createHash, randomBytes } from 'node:crypto';
import { AuthService } from '@swishly/admin';
import { ReplayService } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import Redis from 'ioredis';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Held-out test of the personal-data feature, written from its public contract only:
// erasure by staff (nothing that identifies the person stays readable in Postgres or Redis, before
// or after a replay; the people behind move up; the person may join again), the export, the
// self-service requests by emailed link, and RFC 8058 one-click unsubscribe.

const INGEST_TOKEN = `ingest-${randomBytes(16).toString('hex')}`;
const letters = (n: number) => Array.from(randomBytes(n), (b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('');
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${letters(5)}@example.com`;

/** Everything one person typed, and the strings that would identify them if found anywhere. */
interface Person {
  /** The address as typed at the first sign-up (mixed case, dots, a plus tag). */
  email: string;
  firstName: string;
  /** Lower-case needles searched for (case-insensitively) in Postgres and Redis. */
  needles: string[];
}

/** base64 / base64url / hex of `s` at each of the three alignments it could have inside a longer encoded buffer. */
function encodedForms(s: string): string[] {
  const out: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const part = s.slice(shift);
    const whole = part.slice(0, part.length - (part.length % 3));
    if (whole.length < 12) continue;
    const b64 = Buffer.from(whole).toString('base64');
    out.push(b64, b64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  out.push(Buffer.from(s).toString('hex'));
  return out;
}

/** Unkeyed digests of the address: anyone holding the address could match them, so they identify. */
function plainDigests(s: string): string[] {
  return ['sha256', 'sha1', 'md5'].flatMap((algo) => {
    const digest = createHash(algo).update(s).digest();
    return [digest.toString('hex'), digest.toString('base64').replace(/=+$/, ''), digest.toString('base64url')];
  });
}

/**
 * `nonAscii`: an address Postgres's lower() and JavaScript's lower-case differently (a dotted İ, a
 * Σ before the @ that JavaScript makes a final ς), as a person typing in Turkish or Greek has.
 */
function makePerson(tag: string, extraTokens: string[], nonAscii = false): Person & { localToken: string; nameToken: string; plusToken: string } {
  const localToken = `${tag}${letters(8)}`;
  const plusToken = `tag${letters(8)}`;
  const nameToken = `Zeph${letters(8)}`;
  const email = nonAscii ? `İlkay.Q.${cap(localToken)}+${cap(plusToken)}.ΣΟΦΟΣ@Example.COM` : `Xan.Q.${cap(localToken)}+${cap(plusToken)}@Example.COM`;
  const firstName = `${cap(nameToken)}`;
  const forms = [email, email.toLowerCase(), email.toUpperCase()];
  const needles = [
    email.toLowerCase(),
    localToken,
    plusToken,
    nameToken,
    ...extraTokens,
    ...forms.flatMap(encodedForms),
    ...plainDigests(email.toLowerCase()),
    ...plainDigests(email),
  ].map((n) => n.toLowerCase());
  return { email, firstName, needles: [...new Set(needles)], localToken, nameToken, plusToken };
}

interface Hit {
  where: string;
  needle: string;
  excerpt: string;
}

function excerpt(text: string, needle: string): string {
  const i = text.toLowerCase().indexOf(needle);
  return text.slice(Math.max(0, i - 120), i + needle.length + 120);
}

describe('Personal data: erasure, export, self-service requests and one-click unsubscribe (held-out)', () => {
  let stack: TestStack;
  let redis: Redis;
  const adminEmail = `privacy-admin-${letters(6)}@swishly.test`;
  const adminPassword = `Heldout ${randomBytes(12).toString('hex')} Vault!`;
  let cookie = '';
  let csrf = '';

  const inject = (opts: { method?: string; url: string; payload?: unknown; headers?: Record<string, string> }) =>
    stack.api.inject({
      method: (opts.method ?? 'GET') as 'GET',
      url: opts.url,
      payload: opts.payload as object,
      headers: opts.headers,
      remoteAddress: freshIp(),
    });
  const adminGet = (url: string) => inject({ url, headers: { cookie } });
  const adminPost = (url: string, payload: unknown, withCsrf = true) =>
    inject({ method: 'POST', url, payload, headers: { cookie, ...(withCsrf ? { 'x-csrf-token': csrf } : {}) } });

  const join = (firstName: string, email: string, referrerCode: string | null = null) =>
    inject({ method: 'POST', url: '/api/waitlist', payload: { first_name: firstName, email, role: 'Player', referrerCode } });
  const links = () => stack.api.get(WaitlistService).links;
  const confirm = (entryId: string) => inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token: links().confirmToken(entryId) } });
  const status = (entryId: string) => inject({ url: `/api/waitlist/status?token=${encodeURIComponent(links().statusToken(entryId))}` });
  const position = async (entryId: string): Promise<number> => {
    const res = await status(entryId);
    if (res.statusCode !== 200) throw new Error(`status of ${entryId}: ${res.statusCode} ${res.body}`);
    return res.json().waitlistPosition;
  };
  const positions = async (ids: string[]) => Promise.all(ids.map(position));

  const deliveredToCi = (address: string) =>
    stack.resend.delivered.filter((d) => JSON.stringify([d.body.to].flat()).toLowerCase().includes(address.trim().toLowerCase()));

  /** Until no email is pending and the mail log has not grown for a while (the worker is idle). */
  async function mailSettled(): Promise<void> {
    let last = -1;
    let stableSince = Date.now();
    await eventually(
      async () => {
        const [row] = await stack.dataSource.query(`SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM mail_log`);
        if (row.total !== last) {
          last = row.total;
          stableSince = Date.now();
        }
        return { ...row, stableFor: Date.now() - stableSince };
      },
      (r) => r.pending === 0 && r.stableFor >= 2000,
      60_000,
    );
  }

  /** Every row of every table and view (all user schemas), as text, searched case-insensitively for each needle. */
  async function postgresHits(needles: string[]): Promise<{ hits: Hit[]; errors: string[]; relations: number }> {
    const relations: { schema: string; name: string }[] = await stack.dataSource.query(
      `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'v', 'm', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'`,
    );
    const patterns = needles.map((n) => `%${n.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;
    const hits: Hit[] = [];
    const errors: string[] = [];
    for (const rel of relations) {
      try {
        const rows: { row: string }[] = await stack.dataSource.query(
          `SELECT t::text AS row FROM ${q(rel.schema)}.${q(rel.name)} t WHERE t::text ILIKE ANY($1::text[])`,
          [patterns],
        );
        for (const { row } of rows) {
          const lower = row.toLowerCase();
          for (const needle of needles) if (lower.includes(needle)) hits.push({ where: `${rel.schema}.${rel.name}`, needle, excerpt: excerpt(row, needle) });
        }
      } catch (error) {
        errors.push(`${rel.schema}.${rel.name}: ${(error as Error).message}`);
      }
    }
    return { hits, errors, relations: relations.length };
  }

  /** Every key name in Redis, and every value (strings, hashes, lists, sets, sorted sets, streams) of the keys under the stack's prefix. */
  async function redisHits(needles: string[]): Promise<{ hits: Hit[]; keys: number; unknownTypes: string[] }> {
    const hits: Hit[] = [];
    const unknownTypes: string[] = [];
    const check = (where: string, text: string) => {
      const lower = text.toLowerCase();
      for (const needle of needles) if (lower.includes(needle)) hits.push({ where, needle, excerpt: excerpt(text, needle) });
    };
    const allKeys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'COUNT', 2000);
      cursor = next;
      allKeys.push(...batch);
    } while (cursor !== '0');
    for (const key of allKeys) check(`key name ${key}`, key);
    const ours = allKeys.filter((k) => k.startsWith(stack.config.REDIS_PREFIX));
    const text = (b: Buffer | string | number | null | undefined) => (b === null || b === undefined ? '' : Buffer.isBuffer(b) ? b.toString('utf8') : String(b));
    for (const key of ours) {
      const type = await redis.type(key);
      let values: string[] = [];
      switch (type) {
        case 'none':
          break;
        case 'string':
          values = [text(await redis.getBuffer(key))];
          break;
        case 'hash':
          values = Object.entries(await redis.hgetallBuffer(key)).flatMap(([f, v]) => [f, text(v)]);
          break;
        case 'list':
          values = (await redis.lrangeBuffer(key, 0, -1)).map(text);
          break;
        case 'set':
          values = (await redis.smembersBuffer(key)).map(text);
          break;
        case 'zset':
          values = (await redis.zrangeBuffer(key, 0, -1, 'WITHSCORES')).map(text);
          break;
        case 'stream':
          values = [JSON.stringify(await redis.xrange(key, '-', '+'))];
          break;
        default:
          unknownTypes.push(`${key}: ${type}`);
      }
      for (const value of values) check(`${type} ${key}`, value);
    }
    return { hits, keys: ours.length, unknownTypes };
  }

  const summary = (hits: Hit[]) => hits.map((h) => `${h.where} ~ ${h.needle}: …${h.excerpt}…`);

  /** Polls until neither store holds a needle; answers the last hits either way. */
  async function searchUntilClean(needles: string[], timeoutMs = 20_000): Promise<{ postgres: string[]; redis: string[]; pgErrors: string[] }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pg = await postgresHits(needles);
      const rd = await redisHits(needles);
      const result = { postgres: summary(pg.hits), redis: summary(rd.hits), pgErrors: pg.errors };
      if ((pg.hits.length === 0 && rd.hits.length === 0) || Date.now() > deadline) return result;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000', SHOTS_INGEST_TOKEN: INGEST_TOKEN });
    redis = new Redis(stack.config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 3 });
    await stack.api.get(AuthService).createOrResetAdmin(adminEmail, adminPassword, { actorType: 'system' });
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: adminEmail, password: adminPassword } });
    expect(login.statusCode).toBe(200);
    const setCookies = [login.headers['set-cookie'] ?? []].flat() as string[];
    const pairs = setCookies.map((c) => c.split(';')[0]);
    cookie = pairs.join('; ');
    expect(cookie).toContain('__Host-admin_session=');
    const csrfPair = pairs.find((p) => /csrf/i.test(p.split('=')[0]));
    expect(csrfPair).toBeDefined();
    csrf = decodeURIComponent(csrfPair!.slice(csrfPair!.indexOf('=') + 1));
  }, 180_000);

  afterAll(async () => {
    redis?.disconnect();
    await stack?.stop();
  }, 60_000);

  describe('staff erasure of a person who did everything', () => {
    const contactToken = `gloxberry${letters(8)}`;
    const contactSubjectToken = `plinthar${letters(8)}`;
    const chatToken = `quandrillo${letters(8)}`;
    const hbfChatToken = `sprocketta${letters(8)}`;
    const person = makePerson('brightwater', [contactToken, contactSubjectToken, chatToken, hbfChatToken]);
    const contactPhrase = `My ${contactToken} jumper keeps drifting left after practice`;
    const chatPhrase = `How do I stop my ${chatToken} release from flattening out?`;
    const friend = { email: unique('Friend.Of.Heldout'), firstName: `Frond${letters(6)}` };
    const shotCode = `HO${letters(8).toUpperCase()}`;
    const hbfCode = `HB${letters(8).toUpperCase()}`;
    let hbfAccessCode = '';
    /** The claim tokens that opened the two shots and their chats (they must open nothing after the erasure). */
    let shotClaimer: Record<string, string> = {};
    let hbfClaimer: Record<string, string> = {};
    const accessCode = `K${letters(5).toUpperCase()}`;

    const ids: Record<string, string> = {};
    let subject: { id: string; referralCode: string; waitlistPosition: number };
    let others: string[] = []; // everyone else on the list, by name in `ids`
    let before: Record<string, number> = {};
    let subjectPositionBefore = 0;
    let erasure: { requestId: string; records: number; personalFields: number };
    let afterErasure: Record<string, number> = {};

    it("creates the person's data everywhere (join, confirm, a referred friend, contact, shot claim, chat, early-access code)", async () => {
      // Someone well ahead, six more, then the person, the friend they refer, and two more behind.
      ids.early = (await join('Early', unique('early'))).json().id;
      for (let i = 0; i < 6; i++) ids[`filler${i}`] = (await join(`Filler${i}`, unique(`filler${i}`))).json().id;
      const joined = await join(person.firstName, person.email);
      expect(joined.statusCode).toBe(201);
      subject = joined.json();
      const friendJoin = await join(friend.firstName, friend.email, subject.referralCode);
      expect(friendJoin.statusCode).toBe(201);
      ids.friend = friendJoin.json().id;
      ids.behind1 = (await join('BehindOne', unique('behind1'))).json().id;
      ids.behind2 = (await join('BehindTwo', unique('behind2'))).json().id;
      others = Object.keys(ids);

      expect((await confirm(subject.id)).statusCode).toBe(200);
      expect((await confirm(ids.friend)).statusCode).toBe(200);
      await eventually(
        async () => (await status(subject.id)).json(),
        (s) => s.referrals === 1,
      );

      const contact = await inject({
        method: 'POST',
        url: '/api/contact',
        payload: { first_name: person.firstName, email: person.email.toLowerCase(), subject: `About ${contactSubjectToken}`, message: contactPhrase },
      });
      expect(contact.statusCode).toBe(201);

      const shot = await inject({
        method: 'POST',
        url: '/api/shots',
        headers: { authorization: `Bearer ${INGEST_TOKEN}` },
        payload: {
          kind: 'shot',
          code: shotCode,
          shot_data: { shotRating: 7, form: 'Solid base', release: 'A little flat', followThrough: 'Hold it longer', tips: ['Hold the follow-through'] },
        },
      });
      expect(shot.statusCode).toBe(201);
      const claim = await inject({
        method: 'POST',
        url: `/api/shots/shot/${shotCode}/claim`,
        payload: { first_name: person.firstName, email: person.email.toUpperCase() },
      });
      expect(claim.statusCode).toBe(200);
      expect(claim.json().alreadyRegistered).toBe(true); // the same person, whatever the case of the address

      shotClaimer = { authorization: `Bearer ${claim.json().claimToken}` };
      const chat = await inject({
        method: 'POST',
        url: '/api/chat',
        payload: { kind: 'shot', shotCode, message: chatPhrase, userName: person.firstName },
        headers: shotClaimer,
      });
      expect(chat.statusCode).toBe(200);
      expect(chat.body).toContain('"done"');
      const conversation = await inject({ url: `/api/chat/shot/${shotCode}/messages`, headers: shotClaimer });
      expect(conversation.statusCode).toBe(200);
      expect(conversation.body).toContain(chatToken);

      // The booth's flow: with early access open, claiming an hbf shot hands out an early-access code, which is redeemed.
      expect(
        (await inject({ method: 'PUT', url: '/api/admin/early-access/settings', payload: { isOpen: true }, headers: { cookie, 'x-csrf-token': csrf } }))
          .statusCode,
      ).toBe(200);
      const hbf = await inject({
        method: 'POST',
        url: '/api/shots',
        headers: { authorization: `Bearer ${INGEST_TOKEN}` },
        payload: { kind: 'hbf', code: hbfCode, metrics: { elbowAngleDeg: 88, releaseAngleDeg: 49, makes: 7, misses: 3 } },
      });
      expect(hbf.statusCode).toBe(201);
      const hbfClaim = await inject({
        method: 'POST',
        url: `/api/shots/hbf/${hbfCode}/claim`,
        payload: { first_name: person.firstName, email: ` ${person.email.toLowerCase()} ` },
      });
      expect(hbfClaim.statusCode).toBe(200);
      hbfAccessCode = hbfClaim.json().accessCode;
      expect(hbfAccessCode).toEqual(expect.any(String));
      expect((await inject({ method: 'POST', url: '/api/early-access/redeem', payload: { code: hbfAccessCode } })).statusCode).toBe(200);
      hbfClaimer = { authorization: `Bearer ${hbfClaim.json().claimToken}` };
      const hbfChat = await inject({
        method: 'POST',
        url: '/api/chat',
        payload: { kind: 'hbf', shotCode: hbfCode, message: `Is my ${hbfChatToken} balance okay?` },
        headers: hbfClaimer,
      });
      expect(hbfChat.statusCode).toBe(200);
      expect(hbfChat.body).toContain('"done"');

      const code = await adminPost('/api/admin/early-access/codes', { firstName: person.firstName, email: person.email.toLowerCase(), code: accessCode });
      expect(code.statusCode).toBe(201);

      await mailSettled();
      expect(deliveredToCi(person.email).length).toBeGreaterThanOrEqual(2); // at least the welcome and the contact confirmation
    }, 180_000);

    it('exports everything held about the person as a download, naming no friend', async () => {
      const res = await adminPost('/api/admin/privacy/export', { email: `  ${person.email.toUpperCase()} ` });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment/i);
      const body = res.json();
      for (const key of ['subject', 'waitlist', 'contactMessages', 'shots', 'chatMessages', 'earlyAccessCodes', 'emails', 'consent'])
        expect(body).toHaveProperty(key);
      const text = JSON.stringify(body).toLowerCase();
      for (const token of [
        person.localToken,
        person.nameToken.toLowerCase(),
        contactToken,
        contactSubjectToken,
        chatToken,
        hbfChatToken,
        accessCode.toLowerCase(),
        hbfAccessCode.toLowerCase(),
        shotCode.toLowerCase(),
        hbfCode.toLowerCase(),
      ]) {
        expect({ token, found: text.includes(token) }).toEqual({ token, found: true });
      }
      expect(text).not.toContain(friend.firstName.toLowerCase());
      expect(text).not.toContain(friend.email.toLowerCase());
      expect((body.emails as unknown[]).length).toBeGreaterThanOrEqual(2);
    }, 60_000);

    it('the searches find the person before the erasure (so that finding nothing afterwards means something)', async () => {
      const pg = await postgresHits(person.needles);
      expect(pg.errors).toEqual([]);
      expect(pg.relations).toBeGreaterThan(10);
      const found = new Set(pg.hits.map((h) => h.needle));
      for (const token of [person.localToken, person.plusToken, person.nameToken.toLowerCase(), contactToken, contactSubjectToken, chatToken, hbfChatToken]) {
        expect({ token, found: found.has(token) }).toEqual({ token, found: true });
      }
      if (process.env.HELDOUT_DEBUG) console.log([...new Set(pg.hits.map((h) => `${h.where} ${h.needle}`))].sort().join('\n'));

      // The Redis search reads every type of value: planted probes of each type are all found.
      const probe = `probe${letters(10)}`;
      const base = `${stack.config.REDIS_PREFIX}:heldout-probe`;
      await redis.set(`${base}:string`, `x ${probe} x`);
      await redis.hset(`${base}:hash`, 'f', `{"email":"${probe}"}`);
      await redis.rpush(`${base}:list`, `[${probe}]`);
      await redis.sadd(`${base}:set`, probe);
      await redis.zadd(`${base}:zset`, 1, `m:${probe}`);
      await redis.xadd(`${base}:stream`, '*', 'field', probe);
      await redis.set(`${base}:${probe}`, '1');
      try {
        const rd = await redisHits([probe]);
        expect(rd.unknownTypes).toEqual([]);
        expect(rd.hits.map((h) => h.where.split(' ')[0]).sort()).toEqual(['hash', 'key', 'list', 'set', 'stream', 'string', 'zset']);
      } finally {
        await redis.del(`${base}:string`, `${base}:hash`, `${base}:list`, `${base}:set`, `${base}:zset`, `${base}:stream`, `${base}:${probe}`);
      }

      subjectPositionBefore = await position(subject.id);
      const list = await positions(others.map((n) => ids[n]));
      before = Object.fromEntries(others.map((n, i) => [n, list[i]]));
      // The referral moved the person ahead of some of those who joined before them.
      expect(others.filter((n) => before[n] < subjectPositionBefore).length).toBeGreaterThanOrEqual(1);
      expect(others.filter((n) => before[n] > subjectPositionBefore).length).toBeGreaterThanOrEqual(4);
    }, 120_000);

    it('refuses an erasure without the CSRF token or without a session, and erases nothing', async () => {
      const noCsrf = await adminPost('/api/admin/privacy/erase', { email: person.email }, false);
      expect(noCsrf.statusCode).toBe(403);
      const noSession = await inject({ method: 'POST', url: '/api/admin/privacy/erase', payload: { email: person.email }, headers: { 'x-csrf-token': csrf } });
      expect(noSession.statusCode).toBe(401);
      expect((await status(subject.id)).statusCode).toBe(200);
    });

    it('erases the person (address typed in another case, with spaces): nothing identifying stays in Postgres or Redis', async () => {
      // Every letter's case swapped, and spaces around.
      const swapped = [...person.email].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
      const typed = `   ${swapped}  `;
      const res = await adminPost('/api/admin/privacy/erase', { email: typed });
      expect(res.statusCode).toBe(200);
      erasure = res.json();
      expect(erasure).toEqual({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), records: expect.any(Number), personalFields: expect.any(Number) });
      expect(erasure.records).toBeGreaterThan(0);
      expect(erasure.personalFields).toBeGreaterThan(0);

      const left = await searchUntilClean(person.needles);
      expect(left.pgErrors).toEqual([]);
      expect(left.postgres).toEqual([]);
      expect(left.redis).toEqual([]);
    }, 120_000);

    it('answers nothing about the person on any read surface after the erasure', async () => {
      const needles = [person.localToken, person.plusToken, person.nameToken.toLowerCase(), contactToken, contactSubjectToken, chatToken, hbfChatToken];
      const leaks = (what: string, body: string) => needles.filter((n) => body.toLowerCase().includes(n)).map((n) => `${what} ~ ${n}`);

      const st = await status(subject.id);
      expect(st.statusCode).toBeGreaterThanOrEqual(400);
      const conf = await confirm(subject.id);
      expect(conf.statusCode).toBeGreaterThanOrEqual(400);

      const surfaces: [string, string][] = [
        ['status', st.body],
        ['confirm', conf.body],
        ['chat messages', (await inject({ url: `/api/chat/shot/${shotCode}/messages`, headers: shotClaimer })).body],
        ['hbf chat messages', (await inject({ url: `/api/chat/hbf/${hbfCode}/messages`, headers: hbfClaimer })).body],
        ['hbf feedback', (await inject({ url: `/api/feedback/hbf/${hbfCode}`, headers: hbfClaimer })).body],
        ['feedback', (await inject({ url: `/api/feedback/shot/${shotCode}`, headers: shotClaimer })).body],
        ['early-access codes', (await adminGet('/api/admin/early-access/codes')).body],
        ['mail log', (await adminGet('/api/admin/emails')).body],
        ['activity', (await adminGet('/api/admin/privacy/activity')).body],
        ['suppressions', (await adminGet('/api/admin/privacy/suppressions')).body],
      ];
      const exported = await adminPost('/api/admin/privacy/export', { email: person.email });
      expect(exported.statusCode).toBe(200);
      const body = exported.json();
      // `subject` echoes what staff typed; everything else must be empty of the person.
      surfaces.push(['export after erasure', JSON.stringify({ ...body, subject: undefined })]);
      expect(body.waitlist === null || (Array.isArray(body.waitlist) && body.waitlist.length === 0) || Object.keys(body.waitlist ?? {}).length === 0).toBe(
        true,
      );
      for (const key of ['contactMessages', 'shots', 'chatMessages', 'earlyAccessCodes', 'emails'])
        expect({ key, value: body[key] }).toEqual({ key, value: [] });

      expect(surfaces.flatMap(([what, text]) => leaks(what, text))).toEqual([]);
      // The shot went with its claimer, analysis included (the Privacy Policy: deleted on request).
      expect((await inject({ url: `/api/feedback/shot/${shotCode}` })).statusCode).toBe(404);
    }, 60_000);

    it('moves everyone behind the person up one place, keeps the others and the friend (with their credit given)', async () => {
      const expected = Object.fromEntries(others.map((n) => [n, before[n] > subjectPositionBefore ? before[n] - 1 : before[n]]));
      const got = await eventually(
        async () => {
          const list = await positions(others.map((n) => ids[n]));
          return Object.fromEntries(others.map((n, i) => [n, list[i]]));
        },
        (p) => others.every((n) => p[n] === expected[n]),
      );
      expect(got).toEqual(expected);
      afterErasure = got;
      const friendStatus = (await status(ids.friend)).json();
      expect(friendStatus).toMatchObject({ firstName: friend.firstName, confirmed: true });
    }, 60_000);

    it('records the erasure in the audit trail: when, which admin, a pseudonymous id; never the address', async () => {
      const res = await adminGet('/api/admin/privacy/activity');
      expect(res.statusCode).toBe(200);
      const entry = (res.json() as { requestId: string }[]).find((a) => a.requestId === erasure.requestId);
      expect(entry).toMatchObject({ requestId: erasure.requestId, kind: 'erasure', by: 'staff', staffEmail: adminEmail, at: expect.any(String) });
      expect(Date.now() - Date.parse((entry as unknown as { at: string }).at)).toBeLessThan(10 * 60_000);
      expect(res.body.toLowerCase()).not.toContain(person.localToken);
      // The staff export before the erasure was audited as well.
      expect((res.json() as { kind: string; by: string }[]).some((a) => a.kind === 'export' && a.by === 'staff')).toBe(true);
    });

    it('a second erasure of the same address is harmless: it finds nothing more and moves nobody', async () => {
      const again = await adminPost('/api/admin/privacy/erase', { email: person.email.toLowerCase() });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ records: 0, personalFields: 0 });
      await new Promise((r) => setTimeout(r, 1000));
      const list = await positions(others.map((n) => ids[n]));
      expect(Object.fromEntries(others.map((n, i) => [n, list[i]]))).toEqual(afterErasure);
      const left = await searchUntilClean(person.needles, 5_000);
      expect(left.postgres).toEqual([]);
      expect(left.redis).toEqual([]);
    }, 60_000);

    it('a replay brings nothing of the person back and rebuilds everyone else as they were', async () => {
      await stack.api.get(ReplayService).replayAll();
      const left = await searchUntilClean(person.needles, 10_000);
      expect(left.pgErrors).toEqual([]);
      expect(left.postgres).toEqual([]);
      expect(left.redis).toEqual([]);
      expect((await status(subject.id)).statusCode).toBeGreaterThanOrEqual(400);
      const got = await eventually(
        async () => {
          const list = await positions(others.map((n) => ids[n]));
          return Object.fromEntries(others.map((n, i) => [n, list[i]]));
        },
        (p) => others.every((n) => p[n] === afterErasure[n]),
      );
      expect(got).toEqual(afterErasure);
      expect((await status(ids.friend)).json()).toMatchObject({ firstName: friend.firstName, confirmed: true });
      // The mail log and the export stay clean after the replay too.
      const exported = await adminPost('/api/admin/privacy/export', { email: person.email });
      expect(exported.body.toLowerCase()).not.toContain(person.nameToken.toLowerCase());
      expect(exported.body.toLowerCase()).not.toContain(chatToken);
    }, 120_000);

    it('lets the person join again later, as a new member at the end of the list', async () => {
      const last = await join('LastBeforeRejoin', unique('last'));
      expect(last.statusCode).toBe(201);
      const rejoined = await join(person.firstName, person.email);
      expect(rejoined.statusCode).toBe(201);
      const body = rejoined.json();
      expect(body.id).not.toBe(subject.id);
      expect(body.referralCode).not.toBe(subject.referralCode);
      expect(body.waitlistPosition).toBe(last.json().waitlistPosition + 1);
      const st = (await status(body.id)).json();
      expect(st).toMatchObject({ firstName: person.firstName, referrals: 0, confirmed: false });
      // The old links do not lead to the new member.
      expect((await status(subject.id)).statusCode).toBeGreaterThanOrEqual(400);
      await eventually(
        async () => deliveredToCi(person.email).filter((d) => d.body.html.includes(body.referralCode)),
        (sent) => sent.length === 1,
      );
    }, 60_000);
  });

  describe('erasure racing the worker', () => {
    it("an erasure right after the person's writes (their emails still being made) leaves nothing behind once the worker is idle", async () => {
      const racers = [0, 20, 60, 150, 300, 600, 1200].map((delay, i) => {
        const contactToken = `racetoken${letters(8)}`;
        // Every other racer has an address that lower-cases differently in Postgres and JavaScript.
        return { delay, contactToken, person: makePerson('racer', [contactToken], i % 2 === 1) };
      });
      const outcomes = await Promise.all(
        racers.map(async ({ delay, contactToken, person }) => {
          const joined = await join(person.firstName, person.email);
          const contact = await inject({
            method: 'POST',
            url: '/api/contact',
            payload: { first_name: person.firstName, email: person.email, subject: null, message: `About ${contactToken}` },
          });
          await new Promise((r) => setTimeout(r, delay));
          const erased = await adminPost('/api/admin/privacy/erase', { email: person.email.toLowerCase() });
          return {
            joined: joined.statusCode,
            contact: contact.statusCode,
            erased: erased.statusCode,
            erasedAt: new Date().toISOString(),
            records: erased.json().records,
          };
        }),
      );
      expect(outcomes.map((o) => [o.joined, o.contact, o.erased])).toEqual(racers.map(() => [201, 201, 200]));
      await mailSettled();
      await new Promise((r) => setTimeout(r, 1500));
      const left = await searchUntilClean(
        racers.flatMap((r) => r.person.needles),
        10_000,
      );
      expect(left.pgErrors).toEqual([]);
      // Per racer: where anything of them is still readable, and (for the mail log) when those rows were written and what reached the provider.
      const report = [];
      for (const [i, { delay, person }] of racers.entries()) {
        const pg = await postgresHits(person.needles);
        const rd = await redisHits(person.needles);
        if (pg.hits.length === 0 && rd.hits.length === 0) continue;
        const mail = await stack.dataSource.query(
          `SELECT m.id, m.template, m.status, m.to_address, to_jsonb(m) ->> 'created_at' AS created_at, m.updated_at FROM mail_log m WHERE m::text ILIKE $1 ORDER BY m.id`,
          [`%${person.localToken}%`],
        );
        report.push({
          delay,
          erasureAnswered: outcomes[i].erasedAt,
          recordsErased: outcomes[i].records,
          postgres: [...new Set(pg.hits.map((h) => h.where))],
          redis: [...new Set(rd.hits.map((h) => h.where))],
          mailLog: mail.map(
            (m: Record<string, unknown>) =>
              `${m.template} ${m.status} to=${m.to_address} created=${m.created_at} updated=${new Date(m.updated_at as string).toISOString()}`,
          ),
          deliveredToProvider: deliveredToCi(person.email).map((d) => d.body.subject),
        });
      }
      expect(report).toEqual([]);
      expect(left.postgres).toEqual([]);
      expect(left.redis).toEqual([]);
    }, 180_000);
  });

  describe('erasure of a person whose address is not ASCII', () => {
    it('erases them under their address typed in another case: nothing identifying stays in Postgres or Redis', async () => {
      const contactToken = `umlautine${letters(8)}`;
      const person = makePerson('anatolia', [contactToken], true);
      const joined = await join(person.firstName, person.email);
      expect(joined.statusCode).toBe(201);
      const contact = await inject({
        method: 'POST',
        url: '/api/contact',
        payload: { first_name: person.firstName, email: person.email, subject: null, message: `About ${contactToken}` },
      });
      expect(contact.statusCode).toBe(201);
      await mailSettled();
      expect(deliveredToCi(person.email).length).toBeGreaterThanOrEqual(2); // the welcome and the contact confirmation
      const before = await postgresHits(person.needles);
      expect(before.hits.some((h) => h.needle === person.localToken)).toBe(true);

      const erased = await adminPost('/api/admin/privacy/erase', { email: ` ${person.email.toUpperCase()}` });
      expect(erased.statusCode).toBe(200);
      expect(erased.json().records).toBeGreaterThanOrEqual(4); // the entry, the message, the emails to them and the team's copy
      const left = await searchUntilClean(person.needles, 5_000);
      expect(left.pgErrors).toEqual([]);
      expect(left.postgres).toEqual([]);
      expect(left.redis).toEqual([]);
    }, 90_000);
  });

  describe('erasure by exact address only', () => {
    it('look-alike addresses (no tag, another domain, a longer local part) keep their entries and messages', async () => {
      const base = `Ezra.${cap(letters(8))}`;
      const target = `${base}+One@Example.com`;
      const lookalikes = [
        `${base}@example.com`,
        `${base}+one@example.co`,
        `x${base}+one@example.com`,
        `${base}+one@example.com.au`,
        `${base}+onex@example.com`,
      ];
      const tokenOf = new Map<string, string>();
      const entryOf = new Map<string, string>();
      for (const address of [target, ...lookalikes]) {
        const token = `lookalike${letters(8)}`;
        tokenOf.set(address, token);
        const joined = await join('Ezra', address);
        expect({ address, status: joined.statusCode }).toEqual({ address, status: 201 });
        entryOf.set(address, joined.json().id);
        expect(
          (await inject({ method: 'POST', url: '/api/contact', payload: { first_name: 'Ezra', email: address, subject: null, message: `Note ${token}` } }))
            .statusCode,
        ).toBe(201);
      }
      await mailSettled();
      const erased = await adminPost('/api/admin/privacy/erase', { email: target.toUpperCase() });
      expect(erased.statusCode).toBe(200);
      expect(erased.json().records).toBeGreaterThan(0);

      expect((await status(entryOf.get(target)!)).statusCode).toBeGreaterThanOrEqual(400);
      const kept = [];
      for (const address of lookalikes) {
        const st = await status(entryOf.get(address)!);
        const exported = await adminPost('/api/admin/privacy/export', { email: address });
        kept.push({ address, status: st.statusCode, messageKept: exported.body.includes(tokenOf.get(address)!) });
      }
      expect(kept).toEqual(lookalikes.map((address) => ({ address, status: 200, messageKept: true })));
      const left = await postgresHits([tokenOf.get(target)!.toLowerCase()]);
      expect(summary(left.hits)).toEqual([]);
    }, 120_000);
  });

  describe('self-service requests by emailed link', () => {
    const contactToken = `vellumine${letters(8)}`;
    const person = makePerson('quillon', [contactToken]);
    let entryId = '';

    async function requestLink(kind: 'export' | 'erasure', typed: string): Promise<string> {
      const sentBefore = deliveredToCi(person.email).length;
      const res = await inject({ method: 'POST', url: '/api/privacy/requests', payload: { email: typed, kind } });
      expect(res.statusCode).toBe(202);
      const unknown = await inject({ method: 'POST', url: '/api/privacy/requests', payload: { email: unique('nobody.we.know'), kind } });
      expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: res.statusCode, body: res.json() });
      const mails = await eventually(
        async () =>
          deliveredToCi(person.email)
            .slice(sentBefore)
            .filter((d) => /privacy-request\?token=/.test(d.body.text + d.body.html)),
        (list) => list.length >= 1,
        30_000,
      );
      const match =
        /(https?:\/\/[^\s"'<>]*\/privacy-request\?token=)([^\s"'<>&]+)/.exec(mails[0].body.text) ??
        /(https?:\/\/[^\s"'<>]*\/privacy-request\?token=)([^\s"'<>&]+)/.exec(mails[0].body.html);
      expect(match).not.toBeNull();
      expect(match![1]).toMatch(/^https:\/\/swishly\.test\//);
      return decodeURIComponent(match![2]);
    }

    it('a person joins and writes to the team', async () => {
      const joined = await join(person.firstName, person.email);
      expect(joined.statusCode).toBe(201);
      entryId = joined.json().id;
      const contact = await inject({
        method: 'POST',
        url: '/api/contact',
        payload: { first_name: person.firstName, email: person.email, subject: null, message: `Is ${contactToken} covered?` },
      });
      expect(contact.statusCode).toBe(201);
      await mailSettled();
      const pg = await postgresHits(person.needles);
      expect(pg.hits.some((h) => h.needle === contactToken)).toBe(true);
      expect(pg.hits.some((h) => h.needle === person.localToken)).toBe(true);
    }, 120_000);

    it("an export link answers the person's data once; a used link answers 4xx", async () => {
      const token = await requestLink('export', `  ${person.email.toUpperCase()}  `);
      const state = await inject({ url: `/api/privacy/requests?token=${encodeURIComponent(token)}` });
      expect(state.statusCode).toBe(200);
      expect(state.json()).toMatchObject({ kind: 'export', expiresAt: expect.any(String) });

      const first = await inject({ method: 'POST', url: '/api/privacy/requests/confirm', payload: { token } });
      expect(first.statusCode).toBe(200);
      const body = first.json();
      for (const key of ['subject', 'waitlist', 'contactMessages', 'shots', 'chatMessages', 'earlyAccessCodes', 'emails', 'consent'])
        expect(body).toHaveProperty(key);
      expect(first.body.toLowerCase()).toContain(contactToken);

      const second = await inject({ method: 'POST', url: '/api/privacy/requests/confirm', payload: { token } });
      expect(second.statusCode).toBeGreaterThanOrEqual(400);
      expect(second.statusCode).toBeLessThan(500);
      // An export request erases nothing.
      expect((await status(entryId)).statusCode).toBe(200);
    }, 90_000);

    it('an erasure link erases the person once; the used link answers 4xx; nothing identifying is left', async () => {
      const token = await requestLink('erasure', person.email.toLowerCase());
      // Asking is not doing: the person is still there until the link is followed.
      expect((await status(entryId)).statusCode).toBe(200);
      const forged = await inject({ method: 'POST', url: '/api/privacy/requests/confirm', payload: { token: `${token.slice(0, -2)}xx` } });
      expect(forged.statusCode).toBeGreaterThanOrEqual(400);
      expect(forged.statusCode).toBeLessThan(500);
      expect((await status(entryId)).statusCode).toBe(200);

      const first = await inject({ method: 'POST', url: '/api/privacy/requests/confirm', payload: { token } });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ erased: true });
      const second = await inject({ method: 'POST', url: '/api/privacy/requests/confirm', payload: { token } });
      expect(second.statusCode).toBeGreaterThanOrEqual(400);
      expect(second.statusCode).toBeLessThan(500);

      expect((await status(entryId)).statusCode).toBeGreaterThanOrEqual(400);
      const left = await searchUntilClean(person.needles);
      expect(left.postgres).toEqual([]);
      expect(left.redis).toEqual([]);

      const activity = (await adminGet('/api/admin/privacy/activity')).json() as { kind: string; by: string }[];
      expect(activity.some((a) => a.kind === 'erasure' && a.by === 'person')).toBe(true);
    }, 90_000);
  });

  describe('one-click unsubscribe (RFC 8058)', () => {
    it('the welcome carries List-Unsubscribe and List-Unsubscribe-Post; a form-encoded one-click POST to it answers 2xx and suppresses by hash', async () => {
      const person = makePerson('unsubber', []);
      const joined = await join(person.firstName, person.email);
      expect(joined.statusCode).toBe(201);
      const [welcome] = await eventually(
        async () => deliveredToCi(person.email),
        (sent) => sent.length >= 1,
        30_000,
      );
      const headers = Object.fromEntries(Object.entries(welcome.body.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const match = /<(https:\/\/[^>]+)>/.exec(headers['list-unsubscribe'] ?? '');
      expect(match).not.toBeNull();
      const url = new URL(match![1]);
      expect(url.origin).toBe('https://swishly.test');
      // The link names no one: the address appears in it in no form.
      const lowerUrl = url.toString().toLowerCase();
      expect(person.needles.filter((n) => lowerUrl.includes(n))).toEqual([]);

      const countsBefore = (await adminGet('/api/admin/privacy/suppressions')).json().counts;
      const res = await stack.api.inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(200);
      expect(res.statusCode).toBeLessThan(300);
      const suppressions = await adminGet('/api/admin/privacy/suppressions');
      expect(suppressions.json().counts.unsubscribed).toBe(countsBefore.unsubscribed + 1);
      expect(person.needles.filter((n) => suppressions.body.toLowerCase().includes(n))).toEqual([]);

      // A mail client may send it twice: still 2xx, still one suppression.
      const again = await stack.api.inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: freshIp(),
      });
      expect(again.statusCode).toBeGreaterThanOrEqual(200);
      expect(again.statusCode).toBeLessThan(300);
      expect((await adminGet('/api/admin/privacy/suppressions')).json().counts.unsubscribed).toBe(countsBefore.unsubscribed + 1);
    }, 90_000);
  });
});
