import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthService, ResetTokens } from '@swishly/admin';
import { AppConfig, QueueRegistry, RateLimiter } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { FakeResend } from './utils/fake-resend';
import { TcpProxy } from './utils/tcp-proxy';
import { bootApi } from './utils/test-app';
import { eventually, testConfig } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// The security suite: each finding of the outside attack, as a test that failed
// before its fix. Real Postgres, Redis (through a proxy we can cut), worker and Resend SDK.

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@swishly.test`;
const PASSWORD = 'Court-Vision-42';
const METRICS_TOKEN = 'metrics-token-for-the-cluster-only';

interface Browser {
  cookie: string;
  csrf: string;
}

function browserFrom(response: { cookies: { name: string; value: string }[] }): Browser {
  const jar = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
  return {
    cookie: Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
    csrf: jar.csrf_token,
  };
}

// Redis outages cost the limiter's 0.5 s timeout per call: the slowest test here takes ~20 s.
jest.setTimeout(120_000);

describe('Security: abuse, privacy, limits that hold, accounts, hostile input, exposure', () => {
  let stack: TestStack;
  let redis: TcpProxy;
  let resend: FakeResend;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let dataSource: DataSource;

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const request = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}, ip = freshIp()) =>
    api.inject({ method, url, payload: payload as object, headers, remoteAddress: ip });
  const createAdmin = async (email = unique('admin'), password = PASSWORD) => {
    await api.get(AuthService).createOrResetAdmin(email, password, { actorType: 'system' });
    return email;
  };
  const login = (email: string, password = PASSWORD, ip = freshIp()) => request('POST', '/api/auth/login', { email, password }, {}, ip);
  const signIn = async (email?: string) => browserFrom(await login(email ?? (await createAdmin())));
  const as = (browser: Browser, method: Method, url: string, payload?: object) =>
    request(method, url, payload, { cookie: browser.cookie, 'x-csrf-token': browser.csrf });
  const join = (email: string, firstName = 'Sam', ip = freshIp()) =>
    request('POST', '/api/waitlist', { first_name: firstName, email, role: null, referrerCode: null }, {}, ip);
  const mailTo = (address: string): Promise<{ template: string; subject: string; html: string; text: string; reply_to: string | null }[]> =>
    dataSource.query('SELECT template, subject, html, text, reply_to FROM mail_log WHERE to_address = $1 ORDER BY id', [address]);
  /** The last event a request wrote (consumers' own appends, e.g. the analytics rollups, run on their own time). */
  const lastEventPosition = async () =>
    Number((await dataSource.query(`SELECT coalesce(max(position), 0) AS p FROM domain_events WHERE metadata->>'causationId' IS NULL`))[0].p);

  beforeAll(async () => {
    redis = new TcpProxy('127.0.0.1', 6379);
    await redis.up();
    stack = await startStack({
      REDIS_URL: redis.url,
      TRUST_PROXY: '10.0.0.2, 10.1.0.0/16',
      METRICS_TOKEN,
      ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
      ADMIN_LOGIN_MAX_FAILURES_PER_IP: '8',
      EARLY_ACCESS_REDEEM_MAX_FAILURES_PER_IP_PER_HOUR: '4',
      EARLY_ACCESS_REDEEM_MAX_FAILURES_PER_HOUR: '12',
    });
    ({ resend, config, api, dataSource } = stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await redis?.down();
  });

  describe('privacy and abuse', () => {
    it('refuses redemption while early access is closed, with a clear message', async () => {
      const staff = await signIn();
      await as(staff, 'POST', '/api/admin/early-access/codes', { firstName: 'Cleo', email: unique('cleo'), code: 'CLS234' });
      await as(staff, 'PUT', '/api/admin/early-access/settings', { isOpen: false });
      try {
        const refused = await request('POST', '/api/early-access/redeem', { code: 'CLS234' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: 'Early access is closed right now. Please try again later.', code: 'early_access_closed' });
        const [code] = await dataSource.query(`SELECT is_used FROM early_access_codes WHERE code = 'CLS234'`);
        expect(code.is_used).toBe(false);
      } finally {
        await as(staff, 'PUT', '/api/admin/early-access/settings', { isOpen: true });
      }
      expect((await request('POST', '/api/early-access/redeem', { code: 'CLS234' })).statusCode).toBe(200);
    });

    it("answers a redemption without the holder's name or email", async () => {
      const staff = await signIn();
      const holder = unique('holder');
      await as(staff, 'POST', '/api/admin/early-access/codes', { firstName: 'Hollis', email: holder, code: 'HLD234' });
      const redeemed = await request('POST', '/api/early-access/redeem', { code: 'HLD234' });
      expect(redeemed.statusCode).toBe(200);
      expect(redeemed.json()).toEqual({ code: 'HLD234', redeemed: true, usedAt: expect.any(String) });
      expect(redeemed.body).not.toContain('Hollis');
      expect(redeemed.body).not.toContain(holder);
    });

    it('limits wrong redemption guesses per address and across all addresses', async () => {
      const limiter = () => api.get(QueueRegistry).redis();
      await limiter().del(api.get(RateLimiter).redisKey('early-access-redeem:wrong:all'));
      const guesser = freshIp();
      const fromGuesser = [];
      for (let i = 0; i < 5; i++) fromGuesser.push((await request('POST', '/api/early-access/redeem', { code: `WRNG${i}A` }, {}, guesser)).statusCode);
      expect(fromGuesser).toEqual([404, 404, 404, 404, 429]); // 4 wrong guesses an hour from one address

      // Spread over many addresses: 12 wrong guesses in all, then everyone waits.
      const spread = [];
      for (let i = 0; i < 10; i++) spread.push((await request('POST', '/api/early-access/redeem', { code: `SPRD${i}A` })).statusCode);
      expect(spread.slice(0, 8)).toEqual(Array(8).fill(404));
      expect(spread.slice(8)).toEqual([429, 429]);
      await limiter().del(api.get(RateLimiter).redisKey('early-access-redeem:wrong:all'));
    });

    it('sends the visitor a confirmation that repeats nothing they typed, and the team a Reply-To and the line breaks; no CR/LF reaches a header', async () => {
      const sender = unique('contact');
      const res = await request('POST', '/api/contact', {
        first_name: 'Eve\r\nBcc: victim@evil.test',
        email: sender,
        subject: 'Hello\r\nBcc: victim@evil.test',
        message: 'Buy cheap watches at evil.test\nSecond line\n\nFourth line',
      });
      expect(res.statusCode).toBe(201);
      const toTeam = () => resend.delivered.filter((e) => e.body.to === config.CONTACT_TO && e.body.reply_to === sender);
      await eventually(
        async () => [toTeam().length, resend.deliveredTo(sender).length],
        ([team, visitor]) => team === 1 && visitor === 1,
        30_000,
      );

      const [notification] = toTeam();
      expect(notification.body.subject).toBe('Contact form: Hello Bcc: victim@evil.test');
      expect(notification.body.subject).not.toMatch(/[\r\n]/);
      expect(notification.body.html).toContain('Buy cheap watches at evil.test<br/>Second line<br/><br/>Fourth line');
      expect(notification.body.text).toMatch(/Buy cheap watches at evil.test\nSecond line\n\s*\nFourth line/);

      const [confirmation] = resend.deliveredTo(sender);
      for (const part of [confirmation.body.subject, confirmation.body.html, confirmation.body.text]) {
        expect(part).not.toContain('cheap watches');
        expect(part).not.toContain('Eve');
        expect(part).not.toContain('Hello');
      }
      // A second message from the same address the same day: the team hears, the address does not.
      expect((await request('POST', '/api/contact', { first_name: 'Eve', email: sender, message: 'Again' })).statusCode).toBe(201);
      await eventually(
        async () => (await mailTo(config.CONTACT_TO)).filter((m) => m.reply_to === sender).length,
        (n) => n === 2,
        30_000,
      );
      await new Promise((r) => setTimeout(r, 500));
      expect((await mailTo(sender)).filter((m) => m.template === 'contact-confirmation')).toHaveLength(1);
    });

    it('opens the status view only with the secret token from the emails, never with the shared referral code', async () => {
      const email = unique('private');
      const member = (await join(email, 'Priya')).json();
      const byReferralCode = await request('GET', `/api/waitlist/status?token=${member.referralCode}`);
      expect(byReferralCode.statusCode).toBe(404);
      expect(byReferralCode.body).not.toContain('Priya');
      const legacyParameter = await request('GET', `/api/waitlist/status?code=${member.referralCode}`);
      expect(legacyParameter.statusCode).not.toBe(200);
      expect(legacyParameter.body).not.toContain('Priya');

      // The welcome email carries the status link; the referral link is the only one with the code.
      const [welcome] = await eventually(
        () => mailTo(email),
        (mails) => mails.length === 1,
        30_000,
      );
      const token = decodeURIComponent(welcome.html.match(/shotanalysis\?status=([^"&]+)/)![1]);
      expect(token).not.toContain(member.referralCode);
      const mine = await request('GET', `/api/waitlist/status?token=${encodeURIComponent(token)}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ firstName: 'Priya', referralCode: member.referralCode });
    });

    it('turns an old status link into a fresh signed one, emailed to the member only, once a day, with the same answer for unknown codes', async () => {
      const email = unique('oldlink');
      const member = (await join(email, 'Olga')).json();
      await eventually(
        () => mailTo(email),
        (mails) => mails.length === 1,
        30_000,
      );
      for (let i = 0; i < 3; i++) {
        const asked = await request('POST', '/api/waitlist/status-link', { code: member.referralCode });
        expect([asked.statusCode, asked.json()]).toEqual([202, { ok: true }]);
      }
      const unknown = await request('POST', '/api/waitlist/status-link', { code: 'NOPE2345' });
      expect([unknown.statusCode, unknown.json()]).toEqual([202, { ok: true }]);

      const mails = await eventually(
        () => mailTo(email),
        (all) => all.some((m) => m.template === 'waitlist-status-link'),
        30_000,
      );
      await new Promise((r) => setTimeout(r, 1000));
      const links = (await mailTo(email)).filter((m) => m.template === 'waitlist-status-link');
      expect(links).toHaveLength(1);
      const token = decodeURIComponent(mails.find((m) => m.template === 'waitlist-status-link')!.html.match(/shotanalysis\?status=([^"&]+)/)![1]);
      expect(token).toBe(api.get(WaitlistService).links.statusToken(member.id));
    });

    it('sends at most one reminder a day to an address that keeps joining (50 at once, then more)', async () => {
      const email = unique('flood');
      const first = await join(email);
      expect(first.statusCode).toBe(201);
      await eventually(
        () => mailTo(email),
        (mails) => mails.length === 1,
        30_000,
      );
      const burst = await Promise.all(Array.from({ length: 50 }, () => join(email)));
      expect(burst.map((r) => r.statusCode)).toEqual(Array(50).fill(409));
      await eventually(
        () => mailTo(email),
        (mails) => mails.length >= 2,
        30_000,
      );
      for (let i = 0; i < 5; i++) expect((await join(email)).statusCode).toBe(409);
      await new Promise((r) => setTimeout(r, 2000));
      const templates = (await mailTo(email)).map((m) => m.template);
      expect(templates).toEqual(['waitlist-welcome', 'waitlist-confirm-reminder']);
    });
  });

  describe('limits that hold', () => {
    // Forgot-password is limited per address only (10 a minute), so only the address decides.
    const forgotFrom = (remote: string, forwardedFor: string) =>
      request('POST', '/api/auth/forgot-password', { email: unique('spoof') }, { 'x-forwarded-for': forwardedFor }, remote);

    it('counts a client behind a trusted proxy by its real address, whatever X-Forwarded-For it sends', async () => {
      const statuses = [];
      // The client sent "X-Forwarded-For: <spoofed>"; the load balancer (10.0.0.2) appended the real address.
      for (let i = 0; i < 12; i++) statuses.push((await forgotFrom('10.0.0.2', `198.51.100.${i + 1}, 203.0.113.9`)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(202), 429, 429]);
    });

    it('does not believe X-Forwarded-For from an address that is not a configured proxy', async () => {
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await forgotFrom('192.0.2.44', `198.51.100.${i + 1}`)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(202), 429, 429]);
    });

    it('with a hop count, takes the address the last proxy saw', async () => {
      const hopConfig = testConfig(stack.db.url, {
        REDIS_PREFIX: `${config.REDIS_PREFIX}-hops`,
        TRUST_PROXY: '1',
        PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '3',
        // Counted in Redis: a loaded machine must not turn a slow round trip into "Redis is away" (a fresh-clone run let the 4th through).
        RATE_LIMIT_REDIS_TIMEOUT_MS: '10000',
      });
      const behindOneHop = await bootApi(hopConfig);
      try {
        const statuses = [];
        for (let i = 0; i < 5; i++) {
          const res = await behindOneHop.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: unique('hop') },
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.77` },
            remoteAddress: '10.3.3.3',
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([202, 202, 202, 429, 429]);
      } finally {
        await behindOneHop.close();
      }
    });

    it('keeps the sign-in, password-reset and redemption limits while Redis is away (in this process)', async () => {
      const email = await createAdmin();
      await redis.down();
      try {
        const ip = freshIp();
        const logins = [];
        for (let i = 0; i < 6; i++) logins.push((await login(email, `wrong-${i}`, ip)).statusCode);
        expect(logins).toEqual([401, 401, 401, 401, 401, 429]);

        const resetIp = freshIp();
        const resets = [];
        for (let i = 0; i < 11; i++) resets.push((await request('POST', '/api/auth/forgot-password', { email: unique('reset') }, {}, resetIp)).statusCode);
        expect(resets.slice(0, 10)).toEqual(Array(10).fill(202));
        expect(resets[10]).toBe(429);

        const redeemIp = freshIp();
        const redeems = [];
        for (let i = 0; i < 6; i++) redeems.push((await request('POST', '/api/early-access/redeem', { code: `DOWN${i}A` }, {}, redeemIp)).statusCode);
        expect(redeems).toEqual([404, 404, 404, 404, 429, 429]);
      } finally {
        await redis.up();
        // Back to counting in Redis before the next test counts anything.
        await eventually(
          () =>
            api
              .get(QueueRegistry)
              .redis()
              .ping()
              .catch(() => 'down'),
          (pong) => pong === 'PONG',
          30_000,
        );
      }
    });

    it('never locks the owner out: wrong passwords from elsewhere slow the account down, the owner still signs in', async () => {
      const email = await createAdmin();
      for (let i = 0; i < 6; i++) expect((await login(email, `wrong-${i}`)).statusCode).toBe(401); // each from its own address
      const started = Date.now();
      const owner = await login(email, PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400); // 6 failures past 5: a 0.5 s wait
    });
  });

  describe('accounts', () => {
    it('changes the password only with the current one', async () => {
      const email = await createAdmin();
      const browser = await signIn(email);
      const missing = await as(browser, 'POST', '/api/admin/password', {
        password: 'Stolen-Session-1',
        confirmPassword: 'Stolen-Session-1',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toContain('Current password is required');
      const wrong = await as(browser, 'POST', '/api/admin/password', {
        currentPassword: 'a-guess',
        password: 'Stolen-Session-1',
        confirmPassword: 'Stolen-Session-1',
      });
      expect(wrong.json()).toEqual({ error: 'Current password is incorrect', code: 'invalid_current_password' });
      expect((await login(email, PASSWORD)).statusCode).toBe(200);
      const right = await as(browser, 'POST', '/api/admin/password', {
        currentPassword: PASSWORD,
        password: 'Owner-Chose-This-2',
        confirmPassword: 'Owner-Chose-This-2',
      });
      expect(right.statusCode).toBe(200);
    });

    it('ends every outstanding reset link when one is used or the password changes', async () => {
      const email = await createAdmin();
      const tokens = async () => {
        const rows: { id: string }[] = await dataSource.query(
          `SELECT r.id FROM admin_password_resets r JOIN admin_users u ON u.id = r.user_id WHERE u.email = $1 ORDER BY r.created_at`,
          [email],
        );
        return rows.map((row) => api.get(ResetTokens).tokenFor(row.id));
      };
      const forgot = () => request('POST', '/api/auth/forgot-password', { email });
      const reset = (token: string, password: string) => request('POST', '/api/auth/reset-password', { token, password, confirmPassword: password });

      await forgot();
      await eventually(tokens, (t) => t.length === 1);
      await forgot();
      const [first, second] = await eventually(tokens, (t) => t.length === 2);
      expect((await reset(second, 'Reset-Once-Only-3')).statusCode).toBe(200);
      expect((await reset(first, 'Reset-Twice-Bad-4')).statusCode).toBe(400);

      await forgot();
      const third = (await eventually(tokens, (t) => t.length === 3))[2];
      const session = browserFrom(await login(email, 'Reset-Once-Only-3'));
      const changed = await as(session, 'POST', '/api/admin/password', {
        currentPassword: 'Reset-Once-Only-3',
        password: 'Changed-Since-5',
        confirmPassword: 'Changed-Since-5',
      });
      expect(changed.statusCode).toBe(200);
      expect((await reset(third, 'Reset-After-Change-6')).statusCode).toBe(400);
      expect((await login(email, 'Changed-Since-5')).statusCode).toBe(200);
    });

    it('answers forgot-password before any of its work, so its timing cannot tell which accounts exist', async () => {
      const email = await createAdmin();
      // Hold the reset table: if the answer waited for the reset link to be written, it would wait here.
      const holder = dataSource.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      await holder.query('LOCK TABLE admin_password_resets IN ACCESS EXCLUSIVE MODE');
      try {
        const answer = request('POST', '/api/auth/forgot-password', { email });
        const outcome = await Promise.race([answer.then((r) => r.statusCode), new Promise((r) => setTimeout(() => r('still waiting'), 3000))]);
        expect(outcome).toBe(202);
      } finally {
        await holder.rollbackTransaction();
        await holder.release();
      }
      // The link is still made, once the table is free.
      await eventually(
        () => dataSource.query(`SELECT 1 FROM admin_password_resets r JOIN admin_users u ON u.id = r.user_id WHERE u.email = $1`, [email]),
        (rows) => rows.length === 1,
      );
    });
  });

  describe('hostile input', () => {
    const textFields: [string, Record<string, unknown>, string][] = [
      ['/api/waitlist', { first_name: 'Sam', email: 'sam@swishly.test', role: null, referrerCode: null }, 'first_name'],
      ['/api/waitlist', { first_name: 'Sam', email: 'sam@swishly.test', role: null, referrerCode: null }, 'email'],
      ['/api/waitlist', { first_name: 'Sam', email: 'sam@swishly.test', role: null, referrerCode: 'ABC' }, 'referrerCode'],
      ['/api/contact', { first_name: 'Sam', email: 'sam@swishly.test', subject: 'Hi', message: 'Hello' }, 'message'],
      ['/api/contact', { first_name: 'Sam', email: 'sam@swishly.test', subject: 'Hi', message: 'Hello' }, 'email'],
      ['/api/auth/login', { email: 'sam@swishly.test', password: 'x' }, 'email'],
      ['/api/auth/forgot-password', { email: 'sam@swishly.test' }, 'email'],
      ['/api/early-access/redeem', { code: 'ABC234' }, 'code'],
    ];

    it.each(['\u0000', '\ud800', '\udc00x', 'a\ud83d'])('refuses %j in any text field with 400, before it reaches Postgres', async (bad) => {
      const before = await lastEventPosition();
      for (const [url, body, field] of textFields) {
        const res = await request('POST', url, { ...body, [field]: `${String(body[field])}${bad}` });
        expect([url, field, res.statusCode]).toEqual([url, field, 400]);
        expect(res.json().code).toBe('invalid_characters');
      }
      expect(await lastEventPosition()).toBe(before);
    });

    it('answers a page address with a broken %-escape with 400, not 500', async () => {
      for (const url of ['/%E0%A4%A', '/about%', '/%ED%A0%80']) expect([url, (await request('GET', url)).statusCode]).toEqual([url, 400]);
    });

    it('refuses NUL in a query string', async () => {
      for (const url of ['/api/waitlist/status?token=%00', '/api/waitlist/status?token=abc%00def']) {
        const res = await request('GET', url);
        expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 'invalid_characters']);
      }
    });

    it('refuses JSON nested 10,000 deep at parsing, quickly, without stalling the server', async () => {
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      const deepObject = `{"first_name":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
      for (const [url, body] of [
        ['/api/waitlist', deep],
        ['/api/contact', deepObject],
        ['/api/auth/login', deep],
      ]) {
        const res = await api.inject({
          method: 'POST',
          url,
          payload: body,
          headers: { 'content-type': 'application/json' },
          remoteAddress: freshIp(),
        });
        expect([url, res.statusCode, res.json()]).toEqual([url, 400, { error: 'The request body is nested too deeply.', code: 'too_deep' }]);
      }
      // Forty at once leave the liveness probe answering promptly.
      const started = Date.now();
      const bodies = Promise.all(
        Array.from({ length: 40 }, () =>
          api.inject({
            method: 'POST',
            url: '/api/waitlist',
            payload: deep,
            headers: { 'content-type': 'application/json' },
            remoteAddress: freshIp(),
          }),
        ),
      );
      const live = await api.inject('/health/live');
      expect(live.statusCode).toBe(200);
      expect((await bodies).every((r) => r.statusCode === 400)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
      // Ordinary nesting is still fine.
      const ordinary = await request('POST', '/api/analytics/downloads', {
        source_tag: 'home',
        platform: 'ios',
        click_type: 'badge_click',
      });
      expect(ordinary.statusCode).toBeLessThan(300);
    });

    it('answers 400 for a page number past any real page, and for several status tokens', async () => {
      const staff = await signIn();
      const res = await as(staff, 'GET', '/api/admin/emails?page=1e21');
      expect(res.statusCode).toBe(400);
      expect((await request('GET', '/api/waitlist/status?token=A&token=B')).statusCode).toBe(400);
    });

    /** Values a fuzzer should throw at a field: wrong types, huge, empty, unicode edge cases. */
    const hostileValue = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 50 }),
      fc.constantFrom(
        '',
        ' ',
        '\u0000',
        '\ud800',
        'a'.repeat(6000),
        '__proto__',
        'constructor',
        '${7*7}',
        "'; DROP TABLE waitlist_entries; --",
        '<script>alert(1)</script>',
      ),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
    );
    const publicEndpoints: { method: Method; url: string; fields: string[]; valid: Record<string, unknown> }[] = [
      {
        method: 'POST',
        url: '/api/waitlist',
        fields: ['first_name', 'email', 'role', 'referrerCode', 'hbf_code', 'shot_code', 'website'],
        valid: { first_name: 'Sam', email: 'sam@example.com', role: 'Player', referrerCode: 'ABCD2345' },
      },
      { method: 'POST', url: '/api/waitlist/confirm', fields: ['token'], valid: { token: '00000000-0000-4000-8000-000000000000.sig' } },
      { method: 'POST', url: '/api/waitlist/status-link', fields: ['code', 'website'], valid: { code: 'ABCD2345' } },
      {
        method: 'POST',
        url: '/api/contact',
        fields: ['first_name', 'email', 'subject', 'message', 'website'],
        valid: { first_name: 'Sam', email: 'sam@example.com', subject: 'Hello', message: 'A question' },
      },
      {
        method: 'POST',
        url: '/api/auth/login',
        fields: ['email', 'password'],
        valid: { email: 'sam@example.com', password: 'a-password' },
      },
      { method: 'POST', url: '/api/auth/logout', fields: [], valid: {} },
      { method: 'POST', url: '/api/auth/forgot-password', fields: ['email', 'website'], valid: { email: 'sam@example.com' } },
      {
        method: 'POST',
        url: '/api/auth/reset-password',
        fields: ['token', 'password', 'confirmPassword'],
        valid: { token: 'abc', password: 'Long-Password-1', confirmPassword: 'Long-Password-1' },
      },
      { method: 'POST', url: '/api/early-access/redeem', fields: ['code'], valid: { code: 'ABC234' } },
      {
        method: 'POST',
        url: '/api/analytics/downloads',
        fields: ['source_tag', 'platform', 'click_type', 'is_mobile'],
        valid: { source_tag: 'home', platform: 'ios', click_type: 'badge_click', is_mobile: true },
      },
    ];

    /** A valid body with one field spoiled: a hostile fragment put somewhere in it, or its value replaced. */
    const spoiled = (valid: Record<string, unknown>): fc.Arbitrary<unknown> =>
      Object.keys(valid).length === 0
        ? fc.constant(valid)
        : fc
            .record({
              field: fc.constantFrom(...Object.keys(valid)),
              fragment: fc.oneof(
                fc.constantFrom('\u0000', '\ud800', '\udfff', '\r\n', '%00', '\u2028', '"', '\\', '@', '..', '<', '\ufeff'),
                fc.string({ unit: 'binary', maxLength: 4 }),
              ),
              at: fc.nat(),
              replace: fc.boolean(),
              value: hostileValue,
            })
            .map(({ field, fragment, at, replace, value }) => {
              const original = String(valid[field] ?? '');
              const cut = at % (original.length + 1);
              return { ...valid, [field]: replace ? value : `${original.slice(0, cut)}${fragment}${original.slice(cut)}` };
            });

    it.each(publicEndpoints)('fuzzing $method $url: only 2xx or 4xx, never a 5xx, and nothing written when refused', async ({ method, url, fields, valid }) => {
      const body = fc.oneof(
        spoiled(valid),
        spoiled(valid),
        fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), { requiredKeys: [] }),
        fc.jsonValue({ maxDepth: 4 }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = await lastEventPosition();
          const res = await request(method, url, JSON.stringify(payload), { 'content-type': 'application/json' });
          expect(res.statusCode).toBeGreaterThanOrEqual(200);
          expect(res.statusCode).toBeLessThan(500);
          // Refused input writes nothing. (A 409 is an answer, not a refusal: a repeat sign-up
          // records that the confirmation link should go out again.)
          if (res.statusCode >= 400 && res.statusCode !== 409) expect(await lastEventPosition()).toBe(before);
        }),
        { numRuns: 60 },
      );
    });

    it('fuzzing GET /api/waitlist/status: only 2xx or 4xx', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 120 }), async (token) => {
          const res = await request('GET', `/api/waitlist/status?token=${encodeURIComponent(token).replace(/%EF%BF%BD/g, '%ED%A0%80')}`);
          expect(res.statusCode).toBeGreaterThanOrEqual(200);
          expect(res.statusCode).toBeLessThan(500);
        }),
        { numRuns: 100 },
      );
    });
  });

  describe('exposure', () => {
    it('serves /metrics only with the cluster token', async () => {
      const hidden = await request('GET', '/metrics');
      expect([hidden.statusCode, hidden.body]).toEqual([404, expect.any(String)]);
      expect((await request('GET', '/metrics', undefined, { authorization: 'Bearer wrong-token' })).statusCode).toBe(404);
      const scraped = await request('GET', '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('http_request_duration_seconds');
    });

    it('sends HSTS only where the site is served over https', async () => {
      expect((await request('GET', '/about')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await bootApi(testConfig(stack.db.url, { PUBLIC_URL: 'http://plain.example', REDIS_PREFIX: `${config.REDIS_PREFIX}-plain` }));
      try {
        expect((await plain.inject('/about')).headers['strict-transport-security']).toBeUndefined();
      } finally {
        await plain.close();
      }
    });

    it('hides /metrics in production when no token is configured', async () => {
      const production = await bootApi(
        testConfig(stack.db.url, {
          NODE_ENV: 'production',
          APP_SECRET: 'x'.repeat(32),
          REDIS_PREFIX: `${config.REDIS_PREFIX}-prod`,
          FRONTEND_DIST: '/nonexistent',
        }),
      );
      try {
        expect((await production.inject('/metrics')).statusCode).toBe(404);
      } finally {
        await production.close();
      }
    });
  });
});
