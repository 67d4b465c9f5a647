import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthService, MailLogController, verifyPassword } from '@swishly/admin';
import { AppConfig, EventStore, MailLogService, QueueRegistry, RateLimiter } from '@swishly/platform';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FakeResend } from './utils/fake-resend';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

let ipCounter = 0;
/** Each sign-in from its own address unless a test says otherwise (the per-IP limit is tested apart). */
const freshIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@swishly.test`;
const PASSWORD = 'Court-Vision-42';

interface Browser {
  cookie: string;
  csrf: string;
}

/** The cookies a response set, as a browser would send them back. */
function browserFrom(response: { cookies: { name: string; value: string }[] }): Browser {
  const jar = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
  return {
    cookie: Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
    csrf: jar.csrf_token,
  };
}

describe('Admin area: accounts, sessions, early access, creator codes, queues and mail log (real Postgres, Redis, worker)', () => {
  let stack: TestStack;
  let resend: FakeResend;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let dataSource: DataSource;

  const createAdmin = async (email = uniqueEmail('admin'), password = PASSWORD) => {
    await api.get(AuthService).createOrResetAdmin(email, password, { actorType: 'system' });
    return email;
  };
  const login = (email: string, password = PASSWORD, ip = freshIp()) =>
    api.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  const signIn = async (email?: string) => browserFrom(await login(email ?? (await createAdmin())));
  const as = (browser: Browser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    api.inject({ method, url, payload, headers: { cookie: browser.cookie, 'x-csrf-token': browser.csrf }, remoteAddress: freshIp() });

  beforeAll(async () => {
    stack = await startStack({ ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT: '5', ADMIN_LOGIN_MAX_FAILURES_PER_IP: '8', CONSUMER_ATTEMPTS: '2' });
    ({ resend, config, api, dataSource } = stack);
  });

  afterAll(() => stack?.stop());

  describe('accounts and sessions', () => {
    it('hashes passwords with argon2id at OWASP parameters; admin:create resets an existing account', async () => {
      const email = await createAdmin();
      const [row] = await dataSource.query('SELECT password_hash FROM admin_users WHERE email = $1', [email]);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(true);
      expect(await verifyPassword(row.password_hash, 'Court-Vision-43')).toBe(false);

      const again = await api.get(AuthService).createOrResetAdmin(` ${email.toUpperCase()} `, 'Another-Long-Pass-7', { actorType: 'system' });
      expect(again.created).toBe(false);
      expect((await login(email)).statusCode).toBe(401);
      expect((await login(email, 'Another-Long-Pass-7')).statusCode).toBe(200);
    });

    it('signs in with an HttpOnly, SameSite, Secure __Host- cookie holding a fresh 256-bit token, stored only hashed', async () => {
      const email = await createAdmin();
      const first = await login(email);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        user: { id: expect.any(String), email, role: 'owner' },
        permissions: expect.arrayContaining(['staff', 'settings']),
        expiresAt: expect.any(String),
        firstSignIn: true,
      });
      const session = first.cookies.find((c) => c.name === '__Host-admin_session')!;
      expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
      expect(session.domain).toBeUndefined();
      expect(Buffer.from(session.value, 'base64url')).toHaveLength(32);
      const csrf = first.cookies.find((c) => c.name === 'csrf_token')!;
      expect(csrf).toMatchObject({ secure: true, sameSite: 'Strict' });
      expect(csrf.httpOnly).toBeFalsy(); // the frontend reads it to echo it in X-CSRF-Token

      const stored = await dataSource.query('SELECT token_hash FROM admin_sessions WHERE user_id = $1', [first.json().user.id]);
      expect(stored).toEqual([{ token_hash: createHash('sha256').update(session.value).digest('hex') }]);

      const second = await login(email);
      expect(second.cookies.find((c) => c.name === '__Host-admin_session')!.value).not.toBe(session.value);

      const check = await as(browserFrom(first), 'GET', '/api/auth/session');
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({
        user: { id: first.json().user.id, email, role: 'owner' },
        permissions: first.json().permissions,
        expiresAt: first.json().expiresAt,
      });
      expect(check.body).not.toContain(session.value);
    });

    it('ends a session when it expires, on sign-out, and everywhere on a password change', async () => {
      const email = await createAdmin();
      const expiring = await signIn(email);
      await dataSource.query(`UPDATE admin_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
        createHash('sha256')
          .update(expiring.cookie.match(/__Host-admin_session=([^;]+)/)![1])
          .digest('hex'),
      ]);
      expect((await as(expiring, 'GET', '/api/auth/session')).statusCode).toBe(401);

      const leaving = await signIn(email);
      const logout = await as(leaving, 'POST', '/api/auth/logout');
      expect(logout.statusCode).toBe(204);
      expect(logout.cookies.find((c) => c.name === '__Host-admin_session')?.value).toBe('');
      expect((await as(leaving, 'GET', '/api/auth/session')).statusCode).toBe(401);

      const laptop = await signIn(email);
      const phone = await signIn(email);
      const mismatch = await as(laptop, 'POST', '/api/admin/password', {
        currentPassword: PASSWORD,
        password: 'New-Passphrase-1',
        confirmPassword: 'New-Passphrase-2',
      });
      expect(mismatch.json()).toEqual({ error: 'Passwords do not match', code: 'passwords_mismatch' });
      const short = await as(laptop, 'POST', '/api/admin/password', { currentPassword: PASSWORD, password: 'abc', confirmPassword: 'abc' });
      expect(short.json()).toEqual({ error: 'Password must be at least 6 characters long', code: 'password_too_short' });
      const common = await as(laptop, 'POST', '/api/admin/password', { currentPassword: PASSWORD, password: 'Password123', confirmPassword: 'Password123' });
      expect(common.statusCode).toBe(400);
      expect(common.json().code).toBe('password_too_common');

      const changed = await as(laptop, 'POST', '/api/admin/password', {
        currentPassword: PASSWORD,
        password: 'New-Passphrase-1',
        confirmPassword: 'New-Passphrase-1',
      });
      expect(changed.statusCode).toBe(200);
      expect((await as(phone, 'GET', '/api/auth/session')).statusCode).toBe(401);
      expect((await as(laptop, 'GET', '/api/auth/session')).statusCode).toBe(401);
      expect((await as(browserFrom(changed), 'GET', '/api/auth/session')).statusCode).toBe(200);
      expect((await login(email, 'New-Passphrase-1')).statusCode).toBe(200);

      const audit = await dataSource.query(
        `SELECT type, metadata->>'actorId' AS actor FROM domain_events WHERE stream_id = $1 AND type = 'admin.password-changed'`,
        [changed.json().user.id],
      );
      expect(audit).toEqual([{ type: 'admin.password-changed', actor: changed.json().user.id }]);
    });

    it("tells a sign-in whether it is the account's first (the dashboard greets it as such)", async () => {
      const email = await createAdmin();
      const first = await login(email);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ user: { email }, firstSignIn: true });
      expect((await login(email)).json().firstSignIn).toBe(false);
    });

    it('refuses a cookie-authenticated write without the CSRF token', async () => {
      const browser = await signIn();
      const payload = { isOpen: true };
      const noHeader = await api.inject({ method: 'PUT', url: '/api/admin/early-access/settings', payload, headers: { cookie: browser.cookie } });
      expect(noHeader.statusCode).toBe(403);
      expect(noHeader.json().code).toBe('csrf');
      const wrong = await api.inject({
        method: 'PUT',
        url: '/api/admin/early-access/settings',
        payload,
        headers: { cookie: browser.cookie, 'x-csrf-token': 'x'.repeat(43) },
      });
      expect(wrong.statusCode).toBe(403);
      expect((await as(browser, 'PUT', '/api/admin/early-access/settings', payload)).statusCode).toBe(200);
    });

    it('answers an unknown email exactly like a wrong password, taking about as long', async () => {
      const email = await createAdmin();
      const wrong = await login(email, 'not-the-password');
      const unknown = await login(uniqueEmail('nobody'), 'not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json()).toEqual({ error: 'Invalid email or password.', code: 'invalid_credentials' });

      const time = async (who: string) => {
        const started = process.hrtime.bigint();
        await login(who, 'not-the-password');
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const known: number[] = [];
      const missing: number[] = [];
      for (let i = 0; i < 6; i++) {
        known.push(await time(await createAdmin()));
        missing.push(await time(uniqueEmail('nobody')));
      }
      // Both run one argon2id verification (~20-60 ms alone, several hundred under npm test's other
      // stages); without the decoy the unknown path takes ~1 ms. A fifth of the known path's time
      // tells the two apart on a loaded machine too (0.4 failed once there: 182 ms against 596 ms).
      expect(median(missing)).toBeGreaterThan(median(known) * 0.2);
    });

    it('rate-limits failed sign-ins per account from one address and per address, with the counters in Redis', async () => {
      const email = await createAdmin();
      const attacker = '10.9.8.7';
      for (let i = 0; i < 5; i++) expect((await login(email, `wrong-${i}`, attacker)).statusCode).toBe(401);
      const blocked = await login(email, PASSWORD, attacker); // even the right password, from that address
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('rate_limited');
      // Kept under a keyed hash of its name: Redis holds neither the address nor the account.
      const counter = await api
        .get(QueueRegistry)
        .redis()
        .get(api.get(RateLimiter).redisKey(`admin-login:account-ip:${email}:${attacker}`));
      expect(Number(counter)).toBe(5);
      expect(await api.get(QueueRegistry).redis().keys(`${config.REDIS_PREFIX}:ratelimit:*${attacker}*`)).toEqual([]);
      // The owner, from their own address, still gets in (after a short wait).
      expect((await login(email)).statusCode).toBe(200);

      const ip = '10.9.9.9';
      for (let i = 0; i < 8; i++) expect((await login(uniqueEmail('probe'), 'guess-123', ip)).statusCode).toBe(401);
      const otherAdmin = await createAdmin();
      expect((await login(otherAdmin, PASSWORD, ip)).statusCode).toBe(429);
      expect((await login(otherAdmin, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    const forgot = (email: string) => api.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: freshIp() });
    const reset = (payload: object) => api.inject({ method: 'POST', url: '/api/auth/reset-password', payload, remoteAddress: freshIp() });
    const linkIn = async (email: string, count = 1) => {
      const sent = await eventually(
        async () => resend.deliveredTo(email),
        (s) => s.length === count,
      );
      const url = new URL(sent[count - 1].body.html.match(/href="([^"]*mode=reset[^"]*)"/)![1].replace(/&amp;/g, '&'));
      return url;
    };

    it('answers the same for unknown and known emails, and mails only a known one a single-use link', async () => {
      const email = await createAdmin();
      const nobody = uniqueEmail('nobody');
      const unknown = await forgot(nobody);
      const known = await forgot(email);
      expect(unknown.statusCode).toBe(202);
      expect(known.statusCode).toBe(202);
      expect(unknown.body).toBe(known.body);

      const link = await linkIn(email);
      expect(`${link.origin}${link.pathname}`).toBe('https://swishly.test/admin/login');
      expect(link.searchParams.get('mode')).toBe('reset');
      const token = link.searchParams.get('token')!;
      const [stored] = await dataSource.query('SELECT token_hash FROM admin_password_resets ORDER BY created_at DESC LIMIT 1');
      expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(resend.deliveredTo(nobody)).toHaveLength(0);

      expect((await reset({ token, password: 'Fresh-Start-99', confirmPassword: 'Fresh-Start-98' })).json().error).toBe('Passwords do not match');
      expect((await reset({ token, password: 'abc', confirmPassword: 'abc' })).json().error).toBe('Password must be at least 6 characters long');
      expect((await reset({ token: '', password: 'Fresh-Start-99', confirmPassword: 'Fresh-Start-99' })).json().error).toBe('Invalid reset token');

      const done = await reset({ token, password: 'Fresh-Start-99', confirmPassword: 'Fresh-Start-99' });
      expect(done.statusCode).toBe(200);
      expect((await as(browserFrom(done), 'GET', '/api/auth/session')).json().user.email).toBe(email);
      expect((await login(email, 'Fresh-Start-99')).statusCode).toBe(200);

      const reused = await reset({ token, password: 'Another-Start-1', confirmPassword: 'Another-Start-1' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ error: 'Invalid reset token', code: 'invalid_token' });
    });

    it('refuses an expired token', async () => {
      const email = await createAdmin();
      await forgot(email);
      const token = (await linkIn(email)).searchParams.get('token')!;
      await dataSource.query(`UPDATE admin_password_resets SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [
        createHash('sha256').update(token).digest('hex'),
      ]);
      const expired = await reset({ token, password: 'Fresh-Start-99', confirmPassword: 'Fresh-Start-99' });
      expect(expired.json()).toEqual({ error: 'Invalid reset token', code: 'invalid_token' });
      expect((await login(email)).statusCode).toBe(200);
    });
  });

  describe('every admin route', () => {
    it('answers 401 without a session (and with a made-up cookie)', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      const routes: [string, string][] = [
        ['GET', '/api/auth/session'],
        ['POST', '/api/admin/password'],
        ['GET', '/api/admin/early-access/settings'],
        ['PUT', '/api/admin/early-access/settings'],
        ['GET', '/api/admin/early-access/codes'],
        ['POST', '/api/admin/early-access/codes'],
        ['DELETE', `/api/admin/early-access/codes/${id}`],
        ['GET', '/api/admin/creator-codes'],
        ['POST', '/api/admin/creator-codes'],
        ['PATCH', `/api/admin/creator-codes/${id}`],
        ['DELETE', `/api/admin/creator-codes/${id}`],
        ['GET', '/api/admin/emails'],
        ['GET', '/api/admin/emails/1'],
        ['POST', '/api/admin/emails/1/resend'],
        ['GET', '/admin/queues'],
        ['GET', '/admin/queues/api/queues'],
        ['PUT', '/admin/queues/api/queues/waitlist.update-positions/retry/failed'],
      ];
      for (const [method, url] of routes) {
        for (const cookie of [undefined, '__Host-admin_session=forged-token-value']) {
          const response = await api.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {}, headers: cookie ? { cookie } : {} });
          expect([method, url, response.statusCode]).toEqual([method, url, 401]);
        }
      }
    });
  });

  describe('early access', () => {
    it('creates codes (upper case, unique), lists them, redeems once (404/409), and keeps used codes', async () => {
      const browser = await signIn();
      const created = await as(browser, 'POST', '/api/admin/early-access/codes', { firstName: 'Mia', email: 'mia@example.com', code: 'k7mzq4' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ code: 'K7MZQ4', firstName: 'Mia', email: 'mia@example.com', isUsed: false, usedAt: null });
      const duplicate = await as(browser, 'POST', '/api/admin/early-access/codes', { firstName: 'Ann', email: 'ann@example.com', code: 'K7MZQ4' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error).toBe('That code already exists.');
      const missing = await as(browser, 'POST', '/api/admin/early-access/codes', { firstName: '', email: 'ann@example.com', code: 'ABC234' });
      expect(missing.statusCode).toBe(400);

      const redeem = (code: string) => api.inject({ method: 'POST', url: '/api/early-access/redeem', payload: { code }, remoteAddress: freshIp() });
      expect((await redeem('NOPE22')).statusCode).toBe(404);
      const used = await redeem('k7mzq4');
      expect(used.statusCode).toBe(200);
      expect(used.json()).toEqual({ code: 'K7MZQ4', redeemed: true, usedAt: expect.any(String) });
      expect((await redeem('K7MZQ4')).statusCode).toBe(409);

      const list = (await as(browser, 'GET', '/api/admin/early-access/codes')).json();
      expect(list.find((c: { code: string }) => c.code === 'K7MZQ4')).toMatchObject({ isUsed: true });

      const refused = await as(browser, 'DELETE', `/api/admin/early-access/codes/${created.json().id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('A used code cannot be deleted.');

      const spare = (await as(browser, 'POST', '/api/admin/early-access/codes', { firstName: 'Leo', email: 'leo@example.com', code: 'LEO234' })).json();
      expect((await as(browser, 'DELETE', `/api/admin/early-access/codes/${spare.id}`)).statusCode).toBe(204);
      expect((await redeem('LEO234')).statusCode).toBe(404);
    });

    it('lets exactly one of two simultaneous redemptions win', async () => {
      const browser = await signIn();
      await as(browser, 'POST', '/api/admin/early-access/codes', { firstName: 'Zoe', email: 'zoe@example.com', code: 'ZOE789' });
      const results = await Promise.all(
        [1, 2, 3].map(() => api.inject({ method: 'POST', url: '/api/early-access/redeem', payload: { code: 'ZOE789' }, remoteAddress: freshIp() })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    });

    it('rate-limits redemption per address', async () => {
      const ip = '10.8.8.8';
      const codes = await Promise.all(
        Array.from({ length: 11 }, (_, i) => api.inject({ method: 'POST', url: '/api/early-access/redeem', payload: { code: `MISS${i}` }, remoteAddress: ip })),
      );
      expect(codes.map((r) => r.statusCode).filter((s) => s === 429)).toHaveLength(1);
    });

    it('records which admin opened or closed early access', async () => {
      const browser = await signIn();
      const closed = await as(browser, 'PUT', '/api/admin/early-access/settings', { isOpen: false });
      expect(closed.json()).toEqual({ isOpen: false, updatedAt: expect.any(String) });
      expect((await as(browser, 'GET', '/api/admin/early-access/settings')).json().isOpen).toBe(false);
      const me = (await as(browser, 'GET', '/api/auth/session')).json().user.id;
      const [event] = await dataSource.query(
        `SELECT payload, metadata FROM domain_events WHERE type = 'early-access.state-changed' ORDER BY position DESC LIMIT 1`,
      );
      expect(event.payload).toEqual({ isOpen: false, adminName: 'Admin' });
      expect(event.metadata).toMatchObject({ actorType: 'admin', actorId: me });
      await as(browser, 'PUT', '/api/admin/early-access/settings', { isOpen: true });
    });
  });

  describe('creator codes', () => {
    it('creates (optional texts null when empty), edits, toggles, counts sign-ups through active codes only, deletes', async () => {
      const browser = await signIn();
      const created = await as(browser, 'POST', '/api/admin/creator-codes', {
        code: 'jordan25',
        handle: '@jordan.hoops',
        influencerName: '  ',
        campaign: '',
        notes: '',
      });
      expect(created.statusCode).toBe(201);
      const code = created.json();
      expect(code).toMatchObject({
        code: 'JORDAN25',
        handle: '@jordan.hoops',
        influencerName: null,
        campaign: null,
        notes: null,
        platform: 'Instagram',
        status: 'active',
        usageCount: 0,
      });
      expect((await as(browser, 'POST', '/api/admin/creator-codes', { code: 'JORDAN25', handle: '@other' })).statusCode).toBe(409);
      expect((await as(browser, 'POST', '/api/admin/creator-codes', { code: 'X25', handle: '' })).statusCode).toBe(400);
      expect((await as(browser, 'POST', '/api/admin/creator-codes', { code: 'X25', handle: '@x', platform: 'MySpace' })).statusCode).toBe(400);
      // The editor's hint, 'Upper case letters and digits.', is the server's rule too.
      for (const refused of ['MIA-10', 'MIA_10', 'MIA 10', 'MÏA10', 'M']) {
        const response = await as(browser, 'POST', '/api/admin/creator-codes', { code: refused, handle: '@mia' });
        expect({ refused, status: response.statusCode, error: response.json().error }).toEqual({
          refused,
          status: 400,
          error: 'Promo code must be 2 to 32 upper case letters and digits',
        });
      }

      const edited = await as(browser, 'PATCH', `/api/admin/creator-codes/${code.id}`, {
        influencerName: 'Jordan Lee',
        platform: 'TikTok',
        campaign: 'Summer',
      });
      expect(edited.json()).toMatchObject({ influencerName: 'Jordan Lee', platform: 'TikTok', campaign: 'Summer', code: 'JORDAN25' });

      const join = (email: string, referrerCode: string) =>
        api.inject({ method: 'POST', url: '/api/waitlist', payload: { first_name: 'Fan', email, role: null, referrerCode }, remoteAddress: freshIp() });
      const usage = async () => (await as(browser, 'GET', '/api/admin/creator-codes')).json().find((c: { id: string }) => c.id === code.id).usageCount;

      expect((await join(uniqueEmail('fan'), 'jordan25')).statusCode).toBe(201);
      expect((await join(uniqueEmail('fan'), 'JORDAN25')).statusCode).toBe(201);
      await eventually(usage, (n) => n === 2);
      const attributed = await dataSource.query(
        `SELECT count(*)::int AS n FROM waitlist_entries WHERE creator_code = 'JORDAN25' AND referral_status = 'creator'`,
      );
      expect(attributed[0].n).toBe(2);

      const toggled = await as(browser, 'PATCH', `/api/admin/creator-codes/${code.id}`, { status: 'inactive' });
      expect(toggled.json().status).toBe('inactive');
      const ignoredEmail = uniqueEmail('late-fan');
      expect((await join(ignoredEmail, 'JORDAN25')).statusCode).toBe(201);
      const [ignored] = await dataSource.query('SELECT creator_code, referral_status FROM waitlist_entries WHERE email = $1', [ignoredEmail]);
      expect(ignored).toEqual({ creator_code: null, referral_status: 'unknown' });
      await new Promise((r) => setTimeout(r, 500));
      expect(await usage()).toBe(2);

      expect((await as(browser, 'DELETE', `/api/admin/creator-codes/${code.id}`)).statusCode).toBe(204);
      expect((await as(browser, 'GET', '/api/admin/creator-codes')).json().some((c: { id: string }) => c.id === code.id)).toBe(false);
    });
  });

  describe('queue dashboard and mail log', () => {
    it('shows Bull Board to an admin, and refuses its writes from another origin', async () => {
      const browser = await signIn();
      const page = await as(browser, 'GET', '/admin/queues');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      // No web font from Google (our CSP would block it), our own header with the way back to the
      // dashboard (no pill over the board), and the admin's theme applied before the board starts.
      expect(page.body).not.toContain('fonts.googleapis.com');
      expect(page.body).toMatch(/<header class="admin-bar" aria-label="Admin"><a href="\/admin">&larr; Back to admin<\/a><\/header>/);
      expect(page.body).not.toContain('position:fixed;left:12px;bottom:12px');
      const themeScript = page.body.match(/<script src="(\/admin\/queues\/[\w-]+\.js)"><\/script>/)?.[1];
      expect(page.body.indexOf(`<script src="${themeScript}"`)).toBeLessThan(page.body.indexOf('static/js/main.'));
      const script = await as(browser, 'GET', themeScript!);
      expect([script.statusCode, script.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
      expect(script.body).toContain(`localStorage.getItem("${config.BRAND_NAME.toLowerCase()}-theme")`);
      expect(script.body).toContain("'board-settings'");
      // Bull Board's own theme in the admin's colours, and its dates as the admin writes them.
      const uiConfig = JSON.parse(page.body.match(/<script id="__UI_CONFIG__" type="application\/json">(.*?)<\/script>/s)![1]);
      expect(uiConfig.theme.dark).toMatchObject({ background: '#0b0f19', primary: '#ff8f45' });
      expect(uiConfig.dateFormats.full).toMatchObject({ month: 'short', day: 'numeric', year: 'numeric' });
      // A signed-out browser is sent to the sign-in, which returns here.
      const signedOut = await api.inject({ method: 'GET', url: '/admin/queues', headers: { accept: 'text/html,application/xhtml+xml' } });
      expect([signedOut.statusCode, signedOut.headers.location]).toEqual([303, '/admin/login?next=%2Fadmin%2Fqueues']);
      const queues = await as(browser, 'GET', '/admin/queues/api/queues');
      expect(queues.statusCode).toBe(200);
      expect(queues.json().queues.map((q: { name: string }) => q.name)).toEqual(
        expect.arrayContaining(['waitlist.send-welcome-email', 'admin.send-password-reset-email']),
      );
      // Every queue (each consumer's and the platform's) says in words what it does.
      const all = api
        .get(QueueRegistry)
        .all()
        .map((q) => q.name);
      const described = queues.json().queues.filter((q: { displayName: string; description: string }) => q.displayName && q.description);
      expect(described.map((q: { name: string }) => q.name).sort()).toEqual([...all].sort());
      expect(queues.json().queues.find((q: { name: string }) => q.name === 'waitlist.update-positions')).toMatchObject({ displayName: 'Waitlist positions' });

      const crossSite = await api.inject({
        method: 'PUT',
        url: '/admin/queues/api/queues/waitlist.update-positions/pause',
        headers: { cookie: browser.cookie, origin: 'https://evil.example', host: 'swishly.test' },
      });
      expect(crossSite.statusCode).toBe(403);
    });

    it('says whether this instance sends email or only logs it, naming the setting', async () => {
      const browser = await signIn();
      const delivery = await as(browser, 'GET', '/api/admin/emails/delivery');
      expect(delivery.json()).toEqual({ enabled: true, setting: 'RESEND_API_KEY' });
      expect((await api.inject({ method: 'GET', url: '/api/admin/emails/delivery' })).statusCode).toBe(401);
      // The same controller on an instance without the key.
      const withoutKey = new MailLogController(api.get(MailLogService), api.get(EventStore), { ...config, RESEND_API_KEY: undefined });
      expect(withoutKey.delivery()).toEqual({ enabled: false, setting: 'RESEND_API_KEY' });
    });

    it('lists rendered emails newest first, previews one, and sends a failed one again', async () => {
      const browser = await signIn();
      const email = await createAdmin();
      resend.rejectAllWith(422);
      try {
        await api.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: freshIp() });
        await eventually(
          async () => (await as(browser, 'GET', '/api/admin/emails?status=failed')).json(),
          (page) => page.items.some((i: { to: string }) => i.to === email),
        );
      } finally {
        resend.rejectAllWith(undefined);
      }
      const page = (await as(browser, 'GET', '/api/admin/emails?status=failed')).json();
      const failed = page.items.find((i: { to: string }) => i.to === email);
      expect(failed).toMatchObject({ template: 'admin-password-reset', status: 'failed', error: expect.stringContaining('422') });

      const detail = (await as(browser, 'GET', `/api/admin/emails/${failed.id}`)).json();
      expect(detail.html).toContain('mode=reset');
      expect(detail).toMatchObject({ from: 'Swishly <hello@swishly.app>', text: expect.stringContaining('expires in 60 minutes'), linksHidden: true });
      // Another admin never sees a live reset link: the token is hidden in both versions.
      expect(detail.html).toMatch(/mode=reset&amp;token=hidden"/);
      expect(`${detail.html}${detail.text}`).not.toMatch(/token=(?!hidden)/);

      const sentOne = (await as(browser, 'GET', '/api/admin/emails?status=sent')).json().items[0];
      if (sentOne) expect((await as(browser, 'POST', `/api/admin/emails/${sentOne.id}/resend`)).statusCode).toBe(409);

      expect((await as(browser, 'POST', `/api/admin/emails/${failed.id}/resend`)).statusCode).toBe(202);
      await eventually(
        async () => (await as(browser, 'GET', `/api/admin/emails/${failed.id}`)).json(),
        (row) => row.status === 'sent',
      );
      expect(resend.deliveredTo(email)).toHaveLength(1);
      // What was sent again is the real link, not what staff saw.
      expect(resend.deliveredTo(email)[0].body.html).toMatch(/token=(?!hidden)[\w-]{20,}/);

      const all = (await as(browser, 'GET', '/api/admin/emails?pageSize=100')).json();
      const times = all.items.map((i: { createdAt: string }) => i.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('searches the mail log by recipient, subject and kind, the filters together', async () => {
      const browser = await signIn();
      const email = await createAdmin();
      await api.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: freshIp() });
      await eventually(
        async () => (await as(browser, 'GET', `/api/admin/emails?search=${encodeURIComponent(email)}`)).json(),
        (page) => page.total === 1,
      );
      const list = (query: string) => as(browser, 'GET', `/api/admin/emails?${query}`).then((r) => r.json());
      // Part of the address, in another case; then the subject's words; then the kind with them.
      const [local] = email.split('@');
      expect((await list(`search=${encodeURIComponent(local.toUpperCase())}`)).items.map((i: { to: string }) => i.to)).toEqual([email]);
      const bySubject = await list(`search=${encodeURIComponent('RESET')}&template=admin-password-reset&pageSize=100`);
      expect(bySubject.items.length).toBeGreaterThan(0);
      expect(bySubject.items.every((i: { template: string; subject: string }) => i.template === 'admin-password-reset' && /reset/i.test(i.subject))).toBe(true);
      expect((await list(`search=${encodeURIComponent(local)}&template=waitlist-welcome`)).total).toBe(0);
      expect((await list('search=%25')).total).toBe(0); // a LIKE wildcard is a character, not "everything"
      expect((await as(browser, 'GET', '/api/admin/emails/templates')).json().templates).toContain('admin-password-reset');
      // Without minding accents, both ways, as the waitlist's search.
      const subject = `Café crème ${Date.now().toString(36)}`;
      const contact = await api.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { first_name: 'Renée', email: `cafe-${Date.now()}@example.com`, subject, message: 'A question about the app.' },
        remoteAddress: freshIp(),
      });
      expect(contact.statusCode).toBeLessThan(300);
      const plain = subject.replace('é', 'e').replace('è', 'e').toUpperCase();
      await eventually(
        async () => (await list(`search=${encodeURIComponent(plain)}`)).total,
        (total) => total === 1,
      );
      expect((await list(`search=${encodeURIComponent(subject)}`)).items.map((i: { subject: string }) => i.subject)).toEqual([`Contact form: ${subject}`]);
    });
  });
});
