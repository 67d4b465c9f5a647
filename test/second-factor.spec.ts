import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthService, ResetTokens } from '@swishly/admin';
import { generate } from 'otplib';
import { DataSource } from 'typeorm';
import { Browser, freshIp, Method, PASSWORD, uniqueEmail } from './utils/staff-browser';
import { startStack, TestStack } from './utils/test-stack';

const SESSION = '__Host-admin_session';
const PENDING = '__Host-admin_pending_sign_in';
/** A code from the authenticator app, `steps` time-steps (30 s) from now. */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('Staff second factor: authenticator app, recovery codes, pending sign-ins (real Postgres, Redis)', () => {
  let stack: TestStack;
  let api: NestFastifyApplication;
  let dataSource: DataSource;

  const createAdmin = async (name = 'staff') => {
    const email = uniqueEmail(name);
    await api.get(AuthService).createOrResetAdmin(email, PASSWORD, { actorType: 'system' });
    return email;
  };

  /** A signed-in account with the authenticator app on: its browser, secret and recovery codes. */
  const accountWithFactor = async () => {
    const email = await createAdmin();
    const browser = new Browser(api);
    expect((await browser.login(email)).statusCode).toBe(200);
    const { secret } = (await browser.call('POST', '/api/auth/mfa/totp')).json();
    const confirmed = await browser.call('POST', '/api/auth/mfa/totp/confirm', { code: await totp(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { email, browser, secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
  };

  const eventsOf = (email: string) =>
    dataSource.query(
      `SELECT e.type, e.payload, e.metadata FROM domain_events e JOIN admin_users u ON u.id::text = e.stream_id
       WHERE e.stream_type = 'admin-user' AND u.email = $1 ORDER BY e.position`,
      [email],
    ) as Promise<{ type: string; payload: Record<string, unknown>; metadata: Record<string, unknown> }[]>;

  beforeAll(async () => {
    stack = await startStack({ ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', ADMIN_LOGIN_MAX_FAILURES_PER_IP: '6' });
    ({ api, dataSource } = stack);
  });

  afterAll(() => stack?.stop());

  it('sets up an authenticator app (secret, otpauth address, QR code), turns it on with a code, and answers ten recovery codes stored only hashed', async () => {
    const email = await createAdmin();
    const browser = new Browser(api);
    expect((await browser.login(email)).statusCode).toBe(200);
    expect((await browser.call('GET', '/api/auth/mfa')).json()).toEqual({
      enabled: false,
      authenticatorApp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await browser.call('POST', '/api/auth/mfa/totp');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCodeSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/Swishly:${encodeURIComponent(email)}?secret=${secret}&issuer=Swishly`);
    expect(qrCodeSvg).toMatch(/^<svg /);
    const [stored] = await dataSource.query(`SELECT f.* FROM admin_second_factors f JOIN admin_users u ON u.id = f.user_id WHERE u.email = $1`, [email]);
    expect(stored.secret_encrypted).not.toContain(secret);
    expect(stored.confirmed_at).toBeNull();

    const wrong = await browser.call('POST', '/api/auth/mfa/totp/confirm', { code: '000000' === (await totp(secret)) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'That code is not right. Check it and try again.', code: 'invalid_code' });

    const confirmed = await browser.call('POST', '/api/auth/mfa/totp/confirm', { code: await totp(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(confirmed.json()).toEqual({ recoveryCodes: expect.any(Array) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes: { code_hash: string }[] = await dataSource.query(
      `SELECT c.code_hash FROM admin_recovery_codes c JOIN admin_users u ON u.id = c.user_id WHERE u.email = $1`,
      [email],
    );
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(recoveryCodes.map((c: string) => c.replace('-', ''))).not.toContain(code_hash);

    expect((await browser.call('GET', '/api/auth/mfa')).json()).toEqual({
      enabled: true,
      authenticatorApp: true,
      passkeys: 0,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect((await browser.call('POST', '/api/auth/mfa/totp')).statusCode).toBe(409); // on already: no second secret

    const events = await eventsOf(email);
    const enabled = events.find((e) => e.type === 'admin.second-factor-enabled')!;
    expect(enabled.payload).toEqual({ userId: expect.any(String) });
    expect(enabled.metadata).toMatchObject({ actorType: 'admin', actorId: enabled.payload.userId, requestId: expect.any(String) });
    expect(events.find((e) => e.type === 'admin.second-factor-failed')).toBeDefined();
    const everything = JSON.stringify(events);
    expect(everything).not.toContain(secret);
    for (const code of recoveryCodes) expect(everything).not.toContain(code);
  });

  it('with a factor on, a password alone opens nothing: every admin route answers 401 to the pending sign-in cookie', async () => {
    const { email } = await accountWithFactor();
    const browser = new Browser(api);
    const login = await browser.login(email);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ mfaRequired: true });
    expect(login.cookies.find((c) => c.name === SESSION && c.value !== '')).toBeUndefined();
    const pending = login.cookies.find((c) => c.name === PENDING)!;
    expect(pending).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(pending.expires!.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [Method, string][] = [
      ['GET', '/api/auth/session'],
      ['POST', '/api/admin/password'],
      ['GET', '/api/auth/mfa'],
      ['POST', '/api/auth/mfa/totp'],
      ['POST', '/api/auth/mfa/totp/confirm'],
      ['POST', '/api/auth/mfa/totp/disable'],
      ['POST', '/api/auth/mfa/recovery-codes'],
      ['GET', '/api/admin/settings/security'],
      ['PUT', '/api/admin/settings/security'],
      ['GET', '/api/admin/early-access/settings'],
      ['GET', '/api/admin/early-access/codes'],
      ['POST', '/api/admin/early-access/codes'],
      ['DELETE', `/api/admin/early-access/codes/${id}`],
      ['GET', '/api/admin/creator-codes'],
      ['GET', '/api/admin/emails'],
      ['GET', '/api/admin/waitlist'],
      ['GET', '/admin/queues/api/queues'],
    ];
    for (const [method, url] of routes) {
      const answer = await browser.call(method, url, { code: '123456', requireSecondFactor: false });
      expect([method, url, answer.statusCode]).toEqual([method, url, 401]);
      // Nor without any cookie.
      const anonymous = await new Browser(api).call(method, url, { code: '123456', requireSecondFactor: false });
      expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
    }
  });

  it('completes the sign-in with a code from the app, once; a code already used is refused', async () => {
    const { email, secret } = await accountWithFactor();
    const browser = new Browser(api);
    expect((await browser.login(email)).json()).toEqual({ mfaRequired: true });
    const code = await totp(secret, 1);
    const done = await browser.call('POST', '/api/auth/login/mfa', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      user: { id: expect.any(String), email, role: 'owner' },
      permissions: expect.arrayContaining(['settings']),
      expiresAt: expect.any(String),
      firstSignIn: false,
    });
    expect(browser.jar.has(PENDING)).toBe(false);
    expect((await browser.call('GET', '/api/auth/session')).statusCode).toBe(200);

    // The same code again, on a new sign-in (a replay): refused, though its time-step is still valid.
    const replay = new Browser(api);
    expect((await replay.login(email)).json()).toEqual({ mfaRequired: true });
    const refused = await replay.call('POST', '/api/auth/login/mfa', { code });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('invalid_code');
    // So is the one before it (an earlier time-step than the last used).
    expect((await replay.call('POST', '/api/auth/login/mfa', { code: await totp(secret) })).statusCode).toBe(401);
    expect((await replay.call('GET', '/api/auth/session')).statusCode).toBe(401);
  });

  it('completes the sign-in with a recovery code once, never twice', async () => {
    const { email, recoveryCodes, browser: signedIn } = await accountWithFactor();
    const first = new Browser(api);
    expect((await first.login(email)).json()).toEqual({ mfaRequired: true });
    const done = await first.call('POST', '/api/auth/login/mfa', { code: recoveryCodes[3].toUpperCase() });
    expect(done.statusCode).toBe(200);
    expect((await first.call('GET', '/api/auth/session')).statusCode).toBe(200);

    const second = new Browser(api);
    expect((await second.login(email)).json()).toEqual({ mfaRequired: true });
    const again = await second.call('POST', '/api/auth/login/mfa', { code: recoveryCodes[3] });
    expect(again.statusCode).toBe(401);
    expect((await second.call('POST', '/api/auth/login/mfa', { code: recoveryCodes[4] })).statusCode).toBe(200);
    expect((await signedIn.call('GET', '/api/auth/mfa')).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 8 });

    const used = (await eventsOf(email)).filter((e) => e.type === 'admin.recovery-code-used');
    expect(used).toHaveLength(2);
    expect(Object.keys(used[0].payload).sort()).toEqual(['recoveryCodeId', 'userId']);
    expect(used[0].metadata).toMatchObject({ actorType: 'admin', actorId: used[0].payload.userId });
  });

  it('lets exactly one of two simultaneous uses of a recovery code win', async () => {
    const { email, recoveryCodes } = await accountWithFactor();
    const browsers = [new Browser(api), new Browser(api)];
    for (const b of browsers) expect((await b.login(email)).json()).toEqual({ mfaRequired: true });
    const answers = await Promise.all(browsers.map((b) => b.call('POST', '/api/auth/login/mfa', { code: recoveryCodes[0] })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('counts wrong codes like failed passwords: past the limit, 429 even for the right code', async () => {
    const { email, secret } = await accountWithFactor();
    const browser = new Browser(api);
    expect((await browser.login(email)).json()).toEqual({ mfaRequired: true });
    const right = await totp(secret, 1);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < 3; i++) expect((await browser.call('POST', '/api/auth/login/mfa', { code: wrong })).statusCode).toBe(401);
    const limited = await browser.call('POST', '/api/auth/login/mfa', { code: right });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    // A right password does not clear the count of wrong codes.
    expect((await browser.login(email)).statusCode).toBe(429);
    expect((await eventsOf(email)).filter((e) => e.type === 'admin.second-factor-failed')).toHaveLength(3);
  });

  it('ends the pending sign-in after a few minutes, and after its one use', async () => {
    const { email, secret, recoveryCodes } = await accountWithFactor();
    const browser = new Browser(api);
    expect((await browser.login(email)).json()).toEqual({ mfaRequired: true });
    const pendingCookie = browser.jar.get(PENDING)!;
    await dataSource.query(`UPDATE admin_pending_sign_ins SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const expired = await browser.call('POST', '/api/auth/login/mfa', { code: await totp(secret, 1) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'Your sign-in has expired. Please sign in again.', code: 'sign_in_expired' });

    expect((await browser.login(email)).json()).toEqual({ mfaRequired: true });
    const used = browser.jar.get(PENDING)!;
    expect(used).not.toBe(pendingCookie);
    expect((await browser.call('POST', '/api/auth/login/mfa', { code: recoveryCodes[0] })).statusCode).toBe(200);
    const replay = await api.inject({
      method: 'POST',
      url: '/api/auth/login/mfa',
      payload: { code: recoveryCodes[1] },
      headers: { cookie: `${PENDING}=${used}` },
      remoteAddress: freshIp(),
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('sign_in_expired');
  });

  it('turns the factor off and regenerates recovery codes only with a code', async () => {
    const { email, secret, recoveryCodes, browser } = await accountWithFactor();
    expect((await browser.call('POST', '/api/auth/mfa/recovery-codes', { code: 'nope-nope' })).statusCode).toBe(401);
    const regenerated = await browser.call('POST', '/api/auth/mfa/recovery-codes', { code: recoveryCodes[0] });
    expect(regenerated.statusCode).toBe(200);
    const fresh: string[] = regenerated.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[1]);
    expect((await browser.call('GET', '/api/auth/mfa')).json()).toMatchObject({ recoveryCodesLeft: 10 });

    // The old codes are gone.
    const other = new Browser(api);
    await other.login(email);
    expect((await other.call('POST', '/api/auth/login/mfa', { code: recoveryCodes[1] })).statusCode).toBe(401);

    const off = await browser.call('POST', '/api/auth/mfa/totp/disable', { code: await totp(secret, 1) });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, authenticatorApp: false, passkeys: 0, recoveryCodesLeft: 0, required: false });
    expect((await new Browser(api).login(email)).json()).toMatchObject({ user: { email } });
    expect((await eventsOf(email)).map((e) => e.type)).toEqual(
      expect.arrayContaining(['admin.recovery-codes-regenerated', 'admin.second-factor-disabled', 'admin.recovery-code-used']),
    );
  });

  it('asks for the second step after a password reset too (the emailed link proves only the mailbox)', async () => {
    const { email, secret } = await accountWithFactor();
    // A real link: the token the worker would email.
    await api.get(AuthService).createPasswordReset(email, { actorType: 'system' });
    const [{ id }] = await dataSource.query(
      `SELECT r.id FROM admin_password_resets r JOIN admin_users u ON u.id = r.user_id WHERE u.email = $1 ORDER BY r.created_at DESC LIMIT 1`,
      [email],
    );
    const token = api.get(ResetTokens).tokenFor(id);
    const browser = new Browser(api);
    const reset = await browser.call('POST', '/api/auth/reset-password', { token, password: 'Fresh-Start-99', confirmPassword: 'Fresh-Start-99' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ mfaRequired: true });
    expect((await browser.call('GET', '/api/auth/session')).statusCode).toBe(401);
    expect((await browser.call('POST', '/api/auth/login/mfa', { code: await totp(secret, 1) })).statusCode).toBe(200);
  });

  it('when an owner requires a second factor, an account without one must set it up at sign-in (and nothing else opens)', async () => {
    const { browser: owner } = await accountWithFactor();
    expect((await owner.call('GET', '/api/admin/settings/security')).json()).toEqual({ requireSecondFactor: false });
    expect((await owner.call('PUT', '/api/admin/settings/security', { requireSecondFactor: 'yes' })).statusCode).toBe(400);
    const put = await owner.call('PUT', '/api/admin/settings/security', { requireSecondFactor: true });
    expect(put.json()).toEqual({ requireSecondFactor: true });
    try {
      const email = await createAdmin('newcomer');
      const browser = new Browser(api);
      const login = await browser.login(email);
      expect(login.json()).toEqual({ mfaSetupRequired: true });
      expect(browser.jar.has(SESSION)).toBe(false);
      for (const [method, url] of [
        ['GET', '/api/auth/session'],
        ['GET', '/api/auth/mfa'],
        ['POST', '/api/auth/login/mfa'],
        ['GET', '/api/admin/settings/security'],
        ['GET', '/api/admin/early-access/codes'],
      ] as [Method, string][]) {
        expect([url, (await browser.call(method, url, { code: '123456' })).statusCode]).toEqual([url, 401]);
      }
      // Without the CSRF token the set-up is refused too.
      const noCsrf = await api.inject({
        method: 'POST',
        url: '/api/auth/mfa/totp',
        headers: { cookie: `${PENDING}=${browser.jar.get(PENDING)}` },
        remoteAddress: browser.ip,
      });
      expect(noCsrf.statusCode).toBe(403);

      const { secret } = (await browser.call('POST', '/api/auth/mfa/totp')).json();
      const confirmed = await browser.call('POST', '/api/auth/mfa/totp/confirm', { code: await totp(secret) });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({
        recoveryCodes: expect.any(Array),
        signedIn: {
          user: { id: expect.any(String), email, role: 'owner' },
          permissions: expect.arrayContaining(['settings']),
          expiresAt: expect.any(String),
          firstSignIn: true,
        },
      });
      expect(browser.jar.has(SESSION)).toBe(true);
      expect(browser.jar.has(PENDING)).toBe(false);
      expect((await browser.call('GET', '/api/auth/session')).statusCode).toBe(200);
      expect((await browser.call('GET', '/api/auth/mfa')).json()).toEqual({
        enabled: true,
        authenticatorApp: true,
        passkeys: 0,
        recoveryCodesLeft: 10,
        required: true,
      });
      // Required for everyone: it can't be turned off.
      const off = await browser.call('POST', '/api/auth/mfa/totp/disable', { code: await totp(secret, 1) });
      expect(off.statusCode).toBe(409);
      expect(off.json().code).toBe('second_factor_required');

      const changed = (await eventsOf((await owner.call('GET', '/api/auth/session')).json().user.email)).find(
        (e) => e.type === 'admin.security-settings-changed',
      )!;
      expect(changed.payload).toEqual({ userId: expect.any(String), requireSecondFactor: true });
      expect(changed.metadata).toMatchObject({ actorType: 'admin' });
    } finally {
      await owner.call('PUT', '/api/admin/settings/security', { requireSecondFactor: false });
    }
  });
});
