import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EarlyAccessService } from '@swishly/admin';
import { feedbackFromMetrics, ShotFeedbackGenerator, ShotRecordsService } from '@swishly/events';
import { AppConfig, CoachModel } from '@swishly/platform';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { FakeBehaviour, FakeOpenAI } from './utils/fake-openai';
import { eventually, testEnvironment } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';
import { TEST_BUILD } from './utils/worker-process';

const TOKEN = 'test-shots-ingest-token-0123456789';
let counter = 0;
const freshIp = () => `10.7.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`.toUpperCase();
const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}-${++counter}@example.com`;

const STRUCTURED = {
  shotRating: 7.5,
  form: 'Elbow stays under the ball.',
  release: 'A touch late at the top.',
  followThrough: 'Wrist snaps, hold it longer.',
  tips: ['Hold your follow-through', 'Release at the top of your jump'],
};

describe('Event and shot flows: shot records, the claim, feedback (real Postgres, Redis and worker)', () => {
  let stack: TestStack;
  let api: NestFastifyApplication;
  let dataSource: DataSource;

  const ingest = (payload: unknown, token: string | null = TOKEN) =>
    api.inject({ method: 'POST', url: '/api/shots', payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const claim = (kind: string, code: string, payload: object) =>
    api.inject({ method: 'POST', url: `/api/shots/${kind}/${code}/claim`, payload, remoteAddress: freshIp() });
  const feedback = (kind: string, code: string, claimToken?: string) =>
    api.inject({ url: `/api/feedback/${kind}/${code}`, headers: claimToken ? { authorization: `Bearer ${claimToken}` } : {} });
  /** Claims a shot with a new address; answers its claim token. */
  const claimed = async (kind: string, code: string, firstName: string) => {
    const response = await claim(kind, code, { first_name: firstName, email: uniqueEmail(firstName.toLowerCase()) });
    expect(response.statusCode).toBe(200);
    return response.json().claimToken as string;
  };
  const mailTo = (email: string): Promise<{ template: string; subject: string; text: string }[]> =>
    dataSource.query(`SELECT template, subject, text FROM mail_log WHERE to_address = $1 ORDER BY id`, [email]);

  beforeAll(async () => {
    stack = await startStack({ SHOTS_INGEST_TOKEN: TOKEN, PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000', CONSUMER_BACKOFF_MS: '100' });
    ({ api, dataSource } = stack);
  });

  afterAll(() => stack?.stop());

  describe('POST /api/shots', () => {
    it('needs the ingest token', async () => {
      const code = uniqueCode('T');
      expect((await ingest({ kind: 'hbf', code, shot_data: 'Nice shot' }, null)).statusCode).toBe(401);
      expect((await ingest({ kind: 'hbf', code, shot_data: 'Nice shot' }, 'wrong-token-wrong-token')).statusCode).toBe(401);
      expect(await dataSource.query('SELECT 1 FROM shot_records WHERE code = $1', [code])).toHaveLength(0);
      const created = await ingest({ kind: 'hbf', code, shot_data: 'Nice shot' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ id: expect.any(String), kind: 'hbf', code });
    });

    it('keeps codes unique per kind: the same code is fine in the other kind', async () => {
      const code = uniqueCode('U');
      expect((await ingest({ kind: 'hbf', code, shot_data: STRUCTURED })).statusCode).toBe(201);
      const again = await ingest({ kind: 'hbf', code, shot_data: STRUCTURED });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('shot_code_taken');
      expect((await ingest({ kind: 'shot', code, shot_data: STRUCTURED })).statusCode).toBe(201);
    });

    it.each([
      ['kind', { kind: 'golf', code: 'A1', shot_data: 'x' }],
      ['code', { kind: 'hbf', code: 'has space', shot_data: 'x' }],
      ['code', { kind: 'hbf', code: 'A'.repeat(33), shot_data: 'x' }],
      ['shot_data.shotRating', { kind: 'hbf', code: 'B1', shot_data: { ...STRUCTURED, shotRating: 11 } }],
      ['shot_data', { kind: 'hbf', code: 'B2', shot_data: { ...STRUCTURED, extra: 1 } }],
      ['shot_data', { kind: 'hbf', code: 'B3', shot_data: 'x'.repeat(5001) }],
      ['metrics.elbowAngleDeg', { kind: 'hbf', code: 'B4', metrics: { elbowAngleDeg: 'ninety' } }],
      ['metrics', { kind: 'hbf', code: 'B5', metrics: {} }],
      ['metrics', { kind: 'hbf', code: 'B6', metrics: { elbowAngleDeg: 90, secret: true } }],
    ])('refuses a bad %s (400 naming it)', async (field, payload) => {
      const response = await ingest(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(field);
    });
  });

  describe('the claim', () => {
    it('hbf: the record gets the name and email, the player joins the waitlist as a Player with the hbf code, and gets an access code while early access is open', async () => {
      await api.get(EarlyAccessService).setOpen(true, { actorType: 'admin' });
      const code = uniqueCode('H');
      await ingest({ kind: 'hbf', code, shot_data: STRUCTURED });
      const email = uniqueEmail('booth');
      const response = await claim('hbf', code, { first_name: ' Sam ', email });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        id: expect.any(String),
        waitlistPosition: expect.any(Number),
        referralCode: null,
        accessCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
        alreadyRegistered: false,
        claimToken: expect.any(String),
        linkSent: false,
      });

      const [record] = await dataSource.query('SELECT first_name, email, access_code, waitlist_entry_id FROM shot_records WHERE kind = $1 AND code = $2', [
        'hbf',
        code,
      ]);
      expect(record).toEqual({ first_name: 'Sam', email, access_code: body.accessCode, waitlist_entry_id: body.id });
      const [entry] = await dataSource.query('SELECT role, source FROM waitlist_entries WHERE id = $1', [body.id]);
      expect(entry).toEqual({ role: 'Player', source: 'hbf' });
      const [accessCode] = await dataSource.query('SELECT email, first_name, is_used FROM early_access_codes WHERE code = $1', [body.accessCode]);
      expect(accessCode).toEqual({ email, first_name: 'Sam', is_used: false });

      // One email: the booth's, with the code (not the landing page's welcome as well).
      const mails = await eventually(
        () => mailTo(email),
        (rows) => rows.length >= 1,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await mailTo(email)).toHaveLength(1);
      expect(mails[0].template).toBe('event-claim');
      expect(mails[0].text).toContain(body.accessCode);
      // The booth's link opens the analysis: it carries the claim token.
      expect(mails[0].text).toContain(`https://swishly.test/hbf-feedback/${code}?token=${encodeURIComponent(body.claimToken)}`);
    });

    it('hbf: no access code while early access is closed; a repeat claim by the same player emails their link and answers neither the token nor a code', async () => {
      const earlyAccess = api.get(EarlyAccessService);
      await earlyAccess.setOpen(false, { actorType: 'admin' });
      const code = uniqueCode('C');
      await ingest({ kind: 'hbf', code, shot_data: 'Good arc.' });
      const email = uniqueEmail('closed');
      const closed = (await claim('hbf', code, { first_name: 'Kim', email })).json();
      expect(closed.accessCode).toBeNull();
      expect(closed.alreadyRegistered).toBe(false);
      const mails = await eventually(
        () => mailTo(email),
        (rows) => rows.length >= 1,
      );
      expect(mails[0].template).toBe('event-claim');
      expect(mails[0].text).not.toMatch(/early-access code/i);

      await earlyAccess.setOpen(true, { actorType: 'admin' });
      const repeat = await claim('hbf', code, { first_name: 'Someone', email: email.toUpperCase() });
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual({
        id: null,
        waitlistPosition: null,
        referralCode: null,
        accessCode: null,
        alreadyRegistered: true,
        claimToken: null,
        linkSent: true,
      });
      expect(await dataSource.query('SELECT 1 FROM early_access_codes WHERE email = $1', [email])).toHaveLength(0);
      const [link] = await eventually(
        async () => (await mailTo(email)).filter((m) => m.template === 'shot-link'),
        (rows) => rows.length >= 1,
      );
      expect(link.subject).toBe('The link to your shot analysis');
      const token = decodeURIComponent(/hbf-feedback\/[^?\s]+\?token=([^\s)"&]+)/.exec(link.text)![1]);
      expect(token).toBe(closed.claimToken);
      expect((await feedback('hbf', code, token)).json()).toMatchObject({ claimed: true, firstName: 'Kim' });
      // The record keeps the claimer's name: the repeat changed nothing.
      const [record] = await dataSource.query('SELECT first_name FROM shot_records WHERE code = $1', [code]);
      expect(record.first_name).toBe('Kim');
    });

    it("a claimed shot is its claimer's: another address is refused (409) and joins nobody, the same address again is emailed at most 3 links an hour", async () => {
      const code = uniqueCode('O');
      await ingest({ kind: 'shot', code, shot_data: STRUCTURED });
      const owner = uniqueEmail('owner');
      const first = (await claim('shot', code, { first_name: 'Ola', email: owner })).json();
      const stranger = uniqueEmail('stranger');
      const second = await claim('shot', code, { first_name: 'Stranger', email: stranger });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        error: 'This shot analysis has already been claimed by another player. Record a new shot in the app to get your own.',
        code: 'shot_already_claimed',
      });
      expect(await dataSource.query('SELECT 1 FROM waitlist_entries WHERE email = $1', [stranger])).toHaveLength(0);
      const [record] = await dataSource.query('SELECT first_name, email FROM shot_records WHERE code = $1', [code]);
      expect(record).toEqual({ first_name: 'Ola', email: owner });
      expect((await feedback('shot', code, first.claimToken)).statusCode).toBe(200);

      for (let i = 0; i < 5; i++) expect((await claim('shot', code, { first_name: 'Ola', email: owner })).json().linkSent).toBe(true);
      await eventually(
        async () => (await mailTo(owner)).filter((m) => m.template === 'shot-link'),
        (rows) => rows.length >= 3,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await mailTo(owner)).filter((m) => m.template === 'shot-link')).toHaveLength(3);
    });

    it('two addresses claiming one shot at once: one claim wins, the other is refused', async () => {
      const code = uniqueCode('R');
      await ingest({ kind: 'hbf', code, shot_data: STRUCTURED });
      const answers = await Promise.all(['a', 'b', 'c', 'd'].map((who) => claim('hbf', code, { first_name: who, email: uniqueEmail(`race-${who}`) })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const winner = answers.find((a) => a.statusCode === 200)!.json();
      expect((await feedback('hbf', code, winner.claimToken)).statusCode).toBe(200);
    });

    it('shot: answers a referral code, the welcome email links to the analysis, no access code', async () => {
      await api.get(EarlyAccessService).setOpen(true, { actorType: 'admin' });
      const code = uniqueCode('S');
      await ingest({ kind: 'shot', code, shot_data: STRUCTURED });
      const email = uniqueEmail('web');
      const body = (await claim('shot', code, { first_name: 'Lee', email })).json();
      expect(body).toEqual({
        id: expect.any(String),
        waitlistPosition: expect.any(Number),
        referralCode: expect.any(String),
        accessCode: null,
        alreadyRegistered: false,
        claimToken: expect.any(String),
        linkSent: false,
      });
      const [entry] = await dataSource.query('SELECT role, source FROM waitlist_entries WHERE id = $1', [body.id]);
      expect(entry).toEqual({ role: 'Player', source: 'shot' });
      const [mail] = await eventually(
        () => mailTo(email),
        (rows) => rows.length >= 1,
      );
      expect(mail.template).toBe('waitlist-welcome');
      expect(mail.text).toContain(`https://swishly.test/shot-feedback/${code}`);
    });

    it('an email already on the waitlist still reaches the analysis', async () => {
      const email = uniqueEmail('known');
      const landing = await api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: 'Ada', email, role: null, referrerCode: null },
        remoteAddress: freshIp(),
      });
      expect(landing.statusCode).toBe(201);
      const code = uniqueCode('K');
      await ingest({ kind: 'shot', code, shot_data: STRUCTURED });
      const response = await claim('shot', code, { first_name: 'Ada', email: email.toUpperCase() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: null,
        waitlistPosition: null,
        referralCode: null,
        accessCode: null,
        alreadyRegistered: true,
        claimToken: expect.any(String),
        linkSent: false,
      });
      const page = (await feedback('shot', code, response.json().claimToken)).json();
      // Their own referral code, to share the analysis with.
      const [entry] = await dataSource.query('SELECT referral_code FROM waitlist_entries WHERE email = $1', [email]);
      expect(page).toMatchObject({ claimed: true, firstName: 'Ada', feedback: { shotRating: 7.5, tips: STRUCTURED.tips }, referralCode: entry.referral_code });
    });

    it('an unknown code is a 404 and joins nobody; bad input is a 400', async () => {
      const email = uniqueEmail('ghost');
      const unknown = await claim('hbf', 'NOSUCHCODE', { first_name: 'Ghost', email });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('shot_not_found');
      expect(await dataSource.query('SELECT 1 FROM waitlist_entries WHERE email = $1', [email])).toHaveLength(0);
      expect((await claim('golf', 'ABC', { first_name: 'G', email })).statusCode).toBe(404);
      const code = uniqueCode('V');
      await ingest({ kind: 'hbf', code, shot_data: 'x' });
      expect((await claim('hbf', code, { first_name: '', email })).statusCode).toBe(400);
      expect((await claim('hbf', code, { first_name: 'Al', email: 'not-an-email' })).statusCode).toBe(400);
      expect((await claim('hbf', code, { first_name: 'Al', email, website: 'spam.example' })).statusCode).toBe(400);
    });
  });

  describe('GET /api/feedback/{kind}/{code}', () => {
    it('says unclaimed (so the page sends the player to the form) without showing the analysis', async () => {
      const code = uniqueCode('F');
      await ingest({ kind: 'hbf', code, shot_data: STRUCTURED });
      const response = await feedback('hbf', code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ kind: 'hbf', code, claimed: false, firstName: null, feedback: null, reading: null, referralCode: null });
      expect((await feedback('shot', code)).statusCode).toBe(404);
      expect((await feedback('hbf', 'bad code!')).statusCode).toBe(404);
    });

    it("answers a claimed analysis only to its claimer's token: not to the code alone, another shot's token, or an altered one", async () => {
      const code = uniqueCode('P');
      await ingest({ kind: 'hbf', code, shot_data: STRUCTURED });
      const token = await claimed('hbf', code, 'Pia');
      const otherCode = uniqueCode('P');
      await ingest({ kind: 'hbf', code: otherCode, shot_data: STRUCTURED });
      const otherToken = await claimed('hbf', otherCode, 'Otto');

      const bare = await feedback('hbf', code);
      expect(bare.statusCode).toBe(401);
      expect(bare.json().code).toBe('claim_token_required');
      expect(JSON.stringify(bare.json())).not.toContain('Pia');
      expect((await feedback('hbf', code, otherToken)).statusCode).toBe(401);
      const [id, signature] = token.split('.');
      expect((await feedback('hbf', code, `${id}.${signature.slice(0, -2)}xx`)).statusCode).toBe(401);
      expect((await feedback('hbf', code, id)).statusCode).toBe(401);
      const mine = await feedback('hbf', code, token);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe('no-store');
      expect(mine.json()).toMatchObject({ claimed: true, firstName: 'Pia' });
    });

    it('returns a text analysis as the summary', async () => {
      const code = uniqueCode('X');
      await ingest({ kind: 'shot', code, shot_data: 'Smooth release, keep the elbow in.' });
      const token = await claimed('shot', code, 'Tex');
      expect((await feedback('shot', code, token)).json().feedback).toEqual({
        summary: 'Smooth release, keep the elbow in.',
        shotRating: null,
        form: null,
        release: null,
        followThrough: null,
        tips: [],
      });
    });

    it('generates the analysis from the metrics once with the rules engine, and stores it as an event', async () => {
      const code = uniqueCode('M');
      const metrics = { elbowAngleDeg: 112, releaseAngleDeg: 41, releaseTimeMs: 950, followThroughHoldMs: 650, balanceScore: 82, makes: 6, misses: 4 };
      await ingest({ kind: 'hbf', code, metrics });
      const token = await claimed('hbf', code, 'Max');
      const pages = await Promise.all(Array.from({ length: 5 }, () => feedback('hbf', code, token)));
      const bodies = pages.map((p) => p.json());
      expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 200, 200, 200]);
      for (const body of bodies) expect(body.feedback).toEqual(bodies[0].feedback);
      const analysis = bodies[0].feedback;
      expect(analysis.shotRating).toBeGreaterThanOrEqual(0);
      expect(analysis.shotRating).toBeLessThan(8);
      expect(analysis.form).toContain('112°');
      expect(analysis.release).toContain('41°');
      expect(analysis.release).toContain('950 ms');
      expect(analysis.tips.length).toBeGreaterThan(0);
      const generated = await dataSource.query(
        `SELECT count(*)::int AS n FROM domain_events WHERE type = 'shot.feedback-generated' AND stream_id = (SELECT id::text FROM shot_records WHERE kind = 'hbf' AND code = $1)`,
        [code],
      );
      expect(generated[0].n).toBe(1);
      const [record] = await dataSource.query('SELECT feedback_generator FROM shot_records WHERE code = $1', [code]);
      expect(record.feedback_generator).toBe('rules');
    });

    it('a record with neither shot_data nor metrics gives the load error (422)', async () => {
      const code = uniqueCode('E');
      await ingest({ kind: 'shot', code });
      const token = await claimed('shot', code, 'Em');
      const response = await feedback('shot', code, token);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: 'Failed to load your shot analysis. Please try again later.', code: 'feedback_unavailable' });
    });

    it('gives the coach the claimed analysis only', async () => {
      const code = uniqueCode('Q');
      await ingest({ kind: 'hbf', code, shot_data: STRUCTURED });
      const shots = api.get(ShotRecordsService);
      expect(await shots.coachContext('hbf', code, null)).toBeNull();
      const token = await claimed('hbf', code, 'Cory');
      await expect(shots.coachContext('hbf', code, null)).rejects.toMatchObject({ status: 401 });
      expect(await shots.coachContext('hbf', code, token)).toEqual({
        firstName: 'Cory',
        feedback: expect.objectContaining({ shotRating: 7.5 }),
        metrics: null,
      });
    });
  });

  // A process of its own that starts the worker's modules: seconds alone, a minute or more while every other suite shares the two cores.
  it('npm run shots:create records a shot from a shell, with the data from a file', async () => {
    const dir = mkdtempSync(joinPath(tmpdir(), 'shots-'));
    const file = joinPath(dir, 'data.json');
    writeFileSync(file, JSON.stringify({ metrics: { elbowAngleDeg: 90, releaseAngleDeg: 50 } }));
    const code = uniqueCode('CLI');
    const env = { ...process.env, ...testEnvironment(stack.db.url), PUBLIC_URL: 'https://swishly.test' };
    // The command as the test build compiled it (the whole backend compiled once per run, as the other processes tests start).
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [joinPath(TEST_BUILD, 'apps/worker/src/shots-create.js'), '--kind', 'hbf', '--code', code, '--file', file],
      { env, encoding: 'utf8' },
    );
    expect(stdout).toContain(`https://swishly.test/hbf/${code}`);
    const rows = await dataSource.query('SELECT kind, metrics FROM shot_records WHERE code = $1', [code]);
    expect(rows).toEqual([{ kind: 'hbf', metrics: { elbowAngleDeg: 90, releaseAngleDeg: 50 } }]);
  }, 180_000);
});

describe('Feedback from metrics through a language model (the openai SDK against a fake on loopback)', () => {
  const fake = new FakeOpenAI(0);
  let url: string;
  const generator = (configured = true) =>
    new ShotFeedbackGenerator(
      new CoachModel({ OPENAI_API_KEY: configured ? 'sk-test' : undefined, OPENAI_BASE_URL: url, OPENAI_MODEL: 'test-model', OPENAI_TIMEOUT_MS: 2000 }),
      { BRAND_NAME: 'Swishly' } as AppConfig,
    );
  const metrics = { elbowAngleDeg: 112, releaseTimeMs: 950 };
  const written = { form: 'Your elbow flares out.', release: 'Your release is late.', followThrough: 'Not measured.', tips: ['Wall shooting, 3 x 15'] };

  beforeAll(async () => {
    url = await fake.start();
  });
  afterAll(() => fake.stop());

  it('uses the model for the words, the rules for the rating, and gives it the measured numbers', async () => {
    fake.behaviour = { reply: ['```json\n', JSON.stringify(written), '\n```'] };
    const result = await generator().generate(metrics);
    const rules = feedbackFromMetrics(metrics)!;
    expect(result).toEqual({ generator: 'model', shotData: { shotRating: rules.shotRating, ...written } });
    const prompt = fake.requests.at(-1)!.body.messages;
    expect(prompt[0].content).toContain('Swishly');
    expect(JSON.parse(prompt[1].content).measured).toEqual(metrics);
  });

  it.each([
    ['the model fails', { status: 500 }],
    ['the model answers prose', { reply: ['Great shot! Keep it up.'] }],
    ['the model answers JSON of the wrong shape', { reply: [JSON.stringify({ form: 'x' })] }],
  ])('falls back to the rules when %s', async (_, behaviour) => {
    fake.behaviour = behaviour as FakeBehaviour;
    expect(await generator().generate(metrics)).toEqual({ generator: 'rules', shotData: feedbackFromMetrics(metrics) });
  });

  it('asks nobody without a key', async () => {
    const before = fake.requests.length;
    expect((await generator(false).generate(metrics))?.generator).toBe('rules');
    expect(fake.requests.length).toBe(before);
  });
});
