import { createHmac } from 'node:crypto';
import { AuthService } from '@swishly/admin';
import { MailSuppressions, QueueRegistry, ReplayService } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { eventually } from './utils/test-config';
import { dumpLines, redisEntries } from './utils/stored-traces';
import { startStack, TestStack } from './utils/test-stack';

// One person, one address, however it is cased or typed. People whose
// addresses lower-case differently in JavaScript and in Postgres (Turkish dotted İ and dotless ı,
// German ß and ẞ, Greek sigma in any position, full-width letters) join, write to the team, claim
// a shot and chat about it, are given an early-access code and receive mail; then staff export
// and erase them under the address typed another way. The export finds all of it, and afterwards
// nothing of them is in a pg_dump of the database or in any Redis key or value, before or after
// a replay. Every holder and lookup compares one normalised form (normaliseEmail), computed once
// in TypeScript and stored beside the address.
const INGEST = 'caseless-shots-ingest-token';
let ip = 0;
const freshIp = () => `10.42.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
/** A tag unique to one person: every trace of them carries it, in some form. */
const tag = () => `q${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The full-width form of ASCII text (ｍａｒｉａ), as a phone's wide keyboard types it. */
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
/** How a search compares text: compatibility forms folded (ｍ is m), lower-cased, every sigma one. */
const folded = (s: string) => s.normalize('NFKC').toLowerCase().replace(/ς/g, 'σ');

interface Spelling {
  label: string;
  /** The address they join and do everything with. */
  joinAs: (t: string) => string;
  /** The same address as they (or staff) type it later: other case, other form. */
  typedLater: (t: string) => string;
  firstName: (t: string) => string;
}

const PEOPLE: Spelling[] = [
  {
    label: 'Turkish dotted İ',
    joinAs: (t) => `İlker.${t}@example.org`,
    typedLater: (t) => `İLKER.${t.toUpperCase()}@EXAMPLE.ORG`,
    firstName: (t) => `İlker${t}`,
  },
  { label: 'Turkish dotless ı', joinAs: (t) => `Işıl.${t}@example.org`, typedLater: (t) => `işıl.${t}@Example.Org`, firstName: (t) => `Işıl${t}` },
  {
    label: 'German ß',
    joinAs: (t) => `Jürgen.Groß.${t}@example.org`,
    typedLater: (t) => `JÜRGEN.GROẞ.${t.toUpperCase()}@EXAMPLE.ORG`,
    firstName: (t) => `Jürgen${t}`,
  },
  {
    label: 'German ẞ',
    joinAs: (t) => `GRETA.STRAẞER.${t.toUpperCase()}@EXAMPLE.ORG`,
    typedLater: (t) => `greta.straßer.${t}@example.org`,
    firstName: (t) => `Greta${t}`,
  },
  // Σ before '@' lower-cases to the final ς in JavaScript, to σ in Postgres.
  {
    label: 'Greek final sigma',
    joinAs: (t) => `${t}.ΣΟΦΟΣ@example.org`,
    typedLater: (t) => `${t.toUpperCase()}.σοφος@example.org`,
    firstName: (t) => `Σοφος${t}`,
  },
  // The word's last Σ is followed by a '.' and the tag: JavaScript makes it σ, a Greek typist types ς.
  {
    label: 'Greek sigma mid-address',
    joinAs: (t) => `ΟΔΥΣΣΕΑΣ.${t}@example.org`,
    typedLater: (t) => `οδυσσεας.${t}@example.org`,
    firstName: (t) => `Οδυσσεας${t}`,
  },
  {
    label: 'full-width letters',
    joinAs: (t) => `ｍａｒｉａ.${fullWidth(t)}@example.org`,
    typedLater: (t) => `Maria.${t.toUpperCase()}@example.org`,
    firstName: (t) => `Ｍａｒｉａ${fullWidth(t)}`,
  },
];

describe('caseless addresses: a person is found under any spelling of their address', () => {
  let stack: TestStack;
  let cookies: { session: string; csrf: string };

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    stack.api.inject({ method: 'POST', url, payload, headers, remoteAddress: freshIp() });
  const admin = (url: string, payload: object) =>
    stack.api.inject({ method: 'POST', url, payload, headers: { cookie: cookies.session, 'x-csrf-token': cookies.csrf }, remoteAddress: freshIp() });
  const status = (entryId: string) => stack.api.inject(`/api/waitlist/status?token=${stack.api.get(WaitlistService).links.statusToken(entryId)}`);

  /** Every line of a dump of the suite's database that mentions one of the tags, in any case or form. */
  function dumpMentions(tags: string[]): string[] {
    return dumpLines(stack.db.url).filter((line) => tags.some((t) => folded(line).includes(t)));
  }

  /** Every Redis key of the suite whose name or value mentions one of the tags, in any case or form. */
  async function redisMentions(tags: string[]): Promise<string[]> {
    const entries = await redisEntries(stack.api.get(QueueRegistry).redis(), stack.config.REDIS_PREFIX);
    return entries.filter(({ text }) => tags.some((t) => folded(text).includes(t))).map(({ key }) => key);
  }

  async function everything(spelling: Spelling) {
    const t = tag();
    const email = spelling.joinAs(t);
    const firstName = spelling.firstName(t);
    // Codes are not the person's: they carry no tag (the shot's analysis stays, anonymous).
    const code = `N${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const accessCode = `EA${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const joined = await post('/api/waitlist', { first_name: firstName, email, role: `Scout ${t}` });
    expect({ who: spelling.label, status: joined.statusCode }).toEqual({ who: spelling.label, status: 201 });
    const contact = await post('/api/contact', { first_name: firstName, email, subject: `Teams ${t}`, message: `A question from ${t}` });
    expect(contact.statusCode).toBe(201);
    expect(
      (await post('/api/shots', { kind: 'hbf', code, metrics: { elbowAngleDeg: 101, releaseTimeMs: 880 } }, { authorization: `Bearer ${INGEST}` })).statusCode,
    ).toBe(201);
    const claim = await post(`/api/shots/hbf/${code}/claim`, { first_name: firstName, email });
    expect(claim.statusCode).toBe(200);
    // The claimer's own address, its domain in capitals, is the claimer: their link is emailed, nothing is answered.
    const sameAddress = email.replace(/@(.*)$/, (_, domain: string) => `@${domain.toUpperCase()}`);
    expect((await post(`/api/shots/hbf/${code}/claim`, { first_name: firstName, email: sameAddress })).json()).toMatchObject({
      linkSent: true,
      claimToken: null,
    });
    const chat = await post(
      '/api/chat',
      { kind: 'hbf', shotCode: code, message: `How is my elbow, ${t}?` },
      { authorization: `Bearer ${claim.json().claimToken}` },
    );
    expect(chat.body).toContain('"type":"done"');
    expect((await admin('/api/admin/early-access/codes', { firstName, email, code: accessCode })).statusCode).toBe(201);
    // The worker has sent them the welcome and the contact confirmation, and the team its copy (Reply-To: them).
    const theirs = (address: string | null) => address !== null && folded(address.trim()) === folded(email);
    await eventually(
      () =>
        stack.dataSource.query(`SELECT template, to_address, reply_to FROM mail_log WHERE status = 'sent'`) as Promise<
          { to_address: string; reply_to: string | null }[]
        >,
      (rows) => rows.filter((r) => theirs(r.to_address)).length >= 2 && rows.some((r) => theirs(r.reply_to)),
    );
    return { t, email, firstName, code, accessCode, entryId: joined.json().id as string };
  }

  beforeAll(async () => {
    stack = await startStack({ SHOTS_INGEST_TOKEN: INGEST, PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    await stack.api.get(AuthService).createOrResetAdmin('caseless-staff@swishly.test', 'Court-Vision-42', { actorType: 'system' });
    const signedIn = await post('/api/auth/login', { email: 'caseless-staff@swishly.test', password: 'Court-Vision-42' });
    const jar = Object.fromEntries(signedIn.cookies.map((c) => [c.name, c.value]));
    cookies = { session: `__Host-admin_session=${jar['__Host-admin_session']}`, csrf: jar.csrf_token };
    expect(jar['__Host-admin_session']).toBeTruthy();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('exports and erases each person under another spelling of their address: nothing of them is left, before or after a replay', async () => {
    // Side by side: each waits for its own emails, and one at a time they outlast the timeout on a loaded machine.
    const people = await Promise.all(PEOPLE.map(async (spelling) => ({ spelling, ...(await everything(spelling)) })));
    const tags = people.map((p) => p.t);
    expect(new Set(dumpMentions(tags).map((line) => tags.find((t) => folded(line).includes(t)))).size).toBe(people.length); // the search finds each of them

    for (const p of people) {
      const typed = p.spelling.typedLater(p.t);
      const copy = (await admin('/api/admin/privacy/export', { email: typed })).json();
      const found = {
        who: p.spelling.label,
        waitlist: copy.waitlist && { firstName: copy.waitlist.firstName, role: copy.waitlist.role },
        contactMessages: copy.contactMessages.map((m: { message: string }) => m.message),
        shots: copy.shots.map((s: { code: string; firstName: string }) => [s.code, s.firstName]),
        chatMessages: copy.chatMessages.length,
        earlyAccessCodes: copy.earlyAccessCodes.some((c: { code: string }) => c.code === p.accessCode),
        emails: copy.emails.length >= 2,
      };
      expect(found).toEqual({
        who: p.spelling.label,
        waitlist: { firstName: p.firstName, role: `Scout ${p.t}` },
        contactMessages: [`A question from ${p.t}`],
        shots: [[p.code, p.firstName]],
        chatMessages: 2,
        earlyAccessCodes: true,
        emails: true,
      });
    }

    for (const p of people) {
      const erased = await admin('/api/admin/privacy/erase', { email: p.spelling.typedLater(p.t) });
      expect(erased.statusCode).toBe(200);
      // The entry, the contact message, the shot's claim, the chat (2), the codes and the mail log's rows.
      expect({ who: p.spelling.label, enough: erased.json().records >= 8 }).toEqual({ who: p.spelling.label, enough: true });
      expect((await status(p.entryId)).statusCode).toBe(404);
      // Their shot went with them, analysis included.
      expect(await stack.dataSource.query('SELECT 1 FROM shot_records WHERE code = $1', [p.code])).toEqual([]);
    }
    expect(dumpMentions(tags)).toEqual([]);
    expect(await redisMentions(tags)).toEqual([]);

    await stack.api.get(ReplayService).replayAll(7);
    expect(dumpMentions(tags)).toEqual([]);
  }, 150_000);

  it('keeps one entry per address: the same address typed another way is already on the list', async () => {
    for (const spelling of PEOPLE) {
      const t = tag();
      expect((await post('/api/waitlist', { first_name: 'Once', email: spelling.joinAs(t) })).statusCode).toBe(201);
      const again = await post('/api/waitlist', { first_name: 'Twice', email: spelling.typedLater(t) });
      expect({ who: spelling.label, status: again.statusCode }).toEqual({ who: spelling.label, status: 409 });
    }
  });

  it('holds back mail to an address whose suppression was recorded under the former rule (its hash could not be re-keyed)', async () => {
    const t = tag();
    const email = `ｓｏｆｉａ.${fullWidth(t)}@example.org`; // the former rule kept the full-width letters
    const formerHash = createHmac('sha256', stack.config.APP_SECRET).update(`mail-suppression:${email.trim().toLowerCase()}`).digest('hex');
    await stack.api.get(MailSuppressions).suppressHash(formerHash, 'bounced');
    expect((await post('/api/waitlist', { first_name: 'Sofia', email })).statusCode).toBe(201);
    const [welcome] = await eventually(
      () => stack.dataSource.query(`SELECT status FROM mail_log WHERE to_address = $1`, [email]),
      (rows) => rows.length === 1,
    );
    expect(welcome.status).toBe('suppressed');
    expect(stack.resend.delivered.some((m) => JSON.stringify(m.body.to).includes(fullWidth(t)))).toBe(false);
  });

  it('tells dotless ı from i: an erasure of ilgaz leaves ılgaz on the list', async () => {
    const t = tag();
    const dotless = (await post('/api/waitlist', { first_name: 'Ilgaz', email: `ılgaz.${t}@example.org` })).json();
    const dotted = (await post('/api/waitlist', { first_name: 'Ilgaz', email: `ilgaz.${t}@example.org` })).json();
    expect((await admin('/api/admin/privacy/erase', { email: `ILGAZ.${t.toUpperCase()}@example.org` })).statusCode).toBe(200);
    expect((await status(dotted.id)).statusCode).toBe(404);
    expect((await status(dotless.id)).statusCode).toBe(200);
  });
});
