import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthService } from '@swishly/admin';
import { DataSource } from 'typeorm';
import { SoftAuthenticator } from './utils/soft-authenticator';
import { Browser, PASSWORD, uniqueEmail } from './utils/staff-browser';
import { startStack, TestStack } from './utils/test-stack';

const ORIGIN = 'https://swishly.test';
const SESSION = '__Host-admin_session';

describe('Staff passkeys: added while signed in, the second step of a sign-in (real Postgres, Redis, WebAuthn verification)', () => {
  let stack: TestStack;
  let api: NestFastifyApplication;
  let dataSource: DataSource;

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_URL: ORIGIN });
    api = stack.api;
    dataSource = stack.dataSource;
  });
  afterAll(() => stack?.stop());

  /** A signed-in account with one passkey on `authenticator`: its browser, the passkey's id and the recovery codes it got. */
  const accountWithPasskey = async (authenticator = new SoftAuthenticator(ORIGIN)) => {
    const email = uniqueEmail('passkey');
    await api.get(AuthService).createOrResetAdmin(email, PASSWORD, { actorType: 'system' }, 'editor');
    const browser = new Browser(api);
    expect((await browser.login(email)).statusCode).toBe(200);
    const options = await browser.call('POST', '/api/auth/mfa/passkeys/options');
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ rp: { id: 'swishly.test' }, user: { name: email }, attestation: 'none' });
    const added = await browser.call('POST', '/api/auth/mfa/passkeys', { name: 'Work laptop', response: authenticator.create(options.json()) });
    expect(added.statusCode).toBe(201);
    return { email, browser, authenticator, passkeyId: added.json().passkey.id as string, recoveryCodes: added.json().recoveryCodes as string[] };
  };

  it("a passkey added as the account's first factor turns the second step on, with ten recovery codes", async () => {
    const { browser, passkeyId, recoveryCodes } = await accountWithPasskey();
    expect(recoveryCodes).toHaveLength(10);
    expect((await browser.call('GET', '/api/auth/mfa')).json()).toMatchObject({ enabled: true, authenticatorApp: false, passkeys: 1, recoveryCodesLeft: 10 });
    expect((await browser.call('GET', '/api/auth/mfa/passkeys')).json().passkeys).toEqual([
      { id: passkeyId, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const [stored] = await dataSource.query(`SELECT public_key, counter FROM admin_passkeys WHERE id = $1`, [passkeyId]);
    expect(stored.public_key.length).toBeGreaterThan(60);
  });

  it('with a passkey, a password alone opens nothing; its signature completes the sign-in once', async () => {
    const { email, authenticator, passkeyId } = await accountWithPasskey();
    const browser = new Browser(api);
    expect((await browser.login(email)).json()).toEqual({ mfaRequired: true });
    expect(browser.jar.has(SESSION)).toBe(false);
    expect((await browser.call('GET', '/api/admin/resources')).statusCode).toBe(401);

    const options = await browser.call('POST', '/api/auth/login/passkey/options');
    expect(options.statusCode).toBe(200);
    expect(options.json().allowCredentials).toEqual([expect.objectContaining({ id: passkeyId })]);
    const assertion = authenticator.get(options.json(), passkeyId);
    const signedIn = await browser.call('POST', '/api/auth/login/passkey', { response: assertion });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: email.toLowerCase(), role: 'editor' });
    expect((await browser.call('GET', '/api/admin/resources')).statusCode).toBe(200);
    // The same signature again (a replay) opens nothing: its challenge and its sign-in were spent.
    const replay = new Browser(api);
    await replay.login(email);
    expect((await replay.call('POST', '/api/auth/login/passkey', { response: assertion })).statusCode).toBe(401);
  });

  it("refuses another site's signature, another key's, and a passkey of another account", async () => {
    const { email, authenticator, passkeyId, recoveryCodes } = await accountWithPasskey();
    const other = await accountWithPasskey();
    const browser = new Browser(api);
    await browser.login(email);
    const options = (await browser.call('POST', '/api/auth/login/passkey/options')).json();
    const phishing = authenticator.get(options, passkeyId, 'https://swishly-login.example');
    expect((await browser.call('POST', '/api/auth/login/passkey', { response: phishing })).statusCode).toBe(401);
    const options2 = (await browser.call('POST', '/api/auth/login/passkey/options')).json();
    const theirs = other.authenticator.get(options2, other.passkeyId);
    expect((await browser.call('POST', '/api/auth/login/passkey', { response: theirs })).statusCode).toBe(401);
    expect(browser.jar.has(SESSION)).toBe(false);
    // With the passkey lost, one of the recovery codes it came with completes the sign-in.
    expect((await browser.call('POST', '/api/auth/login/mfa', { code: recoveryCodes[0] })).statusCode).toBe(200);
    expect(browser.jar.has(SESSION)).toBe(true);
  });

  it('while a factor is required of everyone, an account without one may set up a passkey at sign-in, which signs it in', async () => {
    const owner = new Browser(api);
    const ownerEmail = uniqueEmail('owner');
    await api.get(AuthService).createOrResetAdmin(ownerEmail, PASSWORD, { actorType: 'system' });
    await owner.login(ownerEmail);
    expect((await owner.call('PUT', '/api/admin/settings/security', { requireSecondFactor: true })).statusCode).toBe(200);
    try {
      const email = uniqueEmail('newcomer');
      await api.get(AuthService).createOrResetAdmin(email, PASSWORD, { actorType: 'system' }, 'ops');
      const browser = new Browser(api);
      expect((await browser.login(email)).json()).toEqual({ mfaSetupRequired: true });
      expect((await browser.call('GET', '/api/auth/mfa/passkeys')).statusCode).toBe(401);
      const options = await browser.call('POST', '/api/auth/mfa/passkeys/options');
      expect(options.statusCode).toBe(200);
      const added = await browser.call('POST', '/api/auth/mfa/passkeys', { name: 'Phone', response: new SoftAuthenticator(ORIGIN).create(options.json()) });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        recoveryCodes: expect.any(Array),
        signedIn: { user: { email: email.toLowerCase(), role: 'ops' }, permissions: expect.any(Array) },
      });
      expect(browser.jar.has(SESSION)).toBe(true);
      expect((await browser.call('GET', '/api/admin/emails')).statusCode).toBe(200);
      // Signed in with its factor on.
      expect((await browser.call('GET', '/api/auth/mfa')).json()).toMatchObject({ enabled: true, passkeys: 1 });
    } finally {
      await owner.call('PUT', '/api/admin/settings/security', { requireSecondFactor: false });
    }
  });

  it('no sign-in waiting: the passkey routes of the second step answer 401', async () => {
    const browser = new Browser(api);
    expect((await browser.call('POST', '/api/auth/login/passkey/options')).statusCode).toBe(401);
    expect((await browser.call('POST', '/api/auth/login/passkey', { response: {} })).statusCode).toBe(401);
  });

  it('removing the last passkey turns the second step off (not while it is required of everyone)', async () => {
    const { email, browser, passkeyId } = await accountWithPasskey();
    const owner = new Browser(api);
    const ownerEmail = uniqueEmail('owner');
    await api.get(AuthService).createOrResetAdmin(ownerEmail, PASSWORD, { actorType: 'system' });
    await owner.login(ownerEmail);
    expect((await owner.call('PUT', '/api/admin/settings/security', { requireSecondFactor: true })).statusCode).toBe(200);
    try {
      const refused = await browser.call('DELETE', `/api/auth/mfa/passkeys/${passkeyId}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('second_factor_required');
    } finally {
      await owner.call('PUT', '/api/admin/settings/security', { requireSecondFactor: false });
    }
    expect((await browser.call('DELETE', `/api/auth/mfa/passkeys/${passkeyId}`)).statusCode).toBe(204);
    expect((await browser.call('GET', '/api/auth/mfa')).json()).toMatchObject({ enabled: false, passkeys: 0, recoveryCodesLeft: 0 });
    expect((await new Browser(api).login(email)).json().user).toBeDefined();
    const events = await dataSource.query(
      `SELECT type FROM domain_events WHERE stream_type = 'admin-user' AND type LIKE 'admin.passkey-%' AND payload->>'passkeyId' = $1 ORDER BY position`,
      [passkeyId],
    );
    expect(events.map((event: { type: string }) => event.type)).toEqual(['admin.passkey-added', 'admin.passkey-removed']);
  });
});
