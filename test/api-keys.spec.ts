import { WaitlistService } from '@swishly/waitlist';
import { createHash } from 'node:crypto';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// API keys: staff make them (shown once, only the hash kept), other systems read and add the
// waitlist's members with them at /api/v1/members, within their scopes and rate limit, and every
// use shows in the audit log under the key's name.

type Headers = { cookie: string; 'x-csrf-token': string };
type Key = { id: string; key: string };

const RATE_LIMIT = 40;

describe('API keys', () => {
  let stack: TestStack;
  let owner: Headers;
  let ip = 0;
  const members: { id: string; email: string }[] = [];

  const createKey = async (name: string, scopes: string[], headers = owner): Promise<Key> => {
    const res = await stack.api.inject({ method: 'POST', url: '/api/admin/api-keys', headers, payload: { name, scopes } });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const listKeys = async () => (await stack.api.inject({ url: '/api/admin/api-keys', headers: owner })).json().keys;
  const v1 = (key: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    stack.api.inject({ method, url, payload, headers: key === null ? {} : { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000', API_KEY_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
    owner = await signInStaff(stack.api, 'owner@swishly.test', 'owner');
    for (let i = 1; i <= 7; i++) {
      const email = `keyed${i}@example.com`;
      const joined = await stack.api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: `Keyed${i}`, email, role: null, referrerCode: null },
        remoteAddress: `10.70.0.${++ip}`,
      });
      expect(joined.statusCode).toBe(201);
      members.push({ id: joined.json().id, email });
    }
    for (const i of [1, 4]) {
      const token = stack.api.get(WaitlistService).links.confirmToken(members[i].id);
      expect((await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token } })).statusCode).toBe(200);
    }
  }, 120_000);
  afterAll(() => stack?.stop());

  it('a new key is answered once; the list, the table and the log keep its hash and prefix, never the key', async () => {
    const made = await createKey('Zapier', ['members:write', 'members:read', 'members:read']);
    expect(made.key).toMatch(/^swk_live_[A-Za-z0-9_-]{43}$/);
    const listed = (await listKeys()).find((key: { id: string }) => key.id === made.id);
    expect(listed).toEqual({
      id: made.id,
      name: 'Zapier',
      scopes: ['members:read', 'members:write'],
      prefix: made.key.slice(0, 15),
      createdAt: expect.any(String),
      createdById: expect.any(String),
      createdBy: 'owner@swishly.test',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(await listKeys())).not.toContain(made.key);

    const [row] = await stack.dataSource.query(`SELECT key_hash, row_to_json(k)::text AS whole FROM api_keys k WHERE id = $1`, [made.id]);
    expect(row.key_hash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(row.whole).not.toContain(made.key);
    const secret = made.key.slice('swk_live_'.length);
    const [{ count }] = await stack.dataSource.query(
      `SELECT count(*)::int AS count FROM domain_events WHERE payload::text LIKE '%' || $1 || '%' OR metadata::text LIKE '%' || $1 || '%'`,
      [secret],
    );
    expect(count).toBe(0);
    const [{ count: inPersonalData }] = await stack.dataSource.query(
      `SELECT count(*)::int AS count FROM personal_data WHERE fields::text LIKE '%' || $1 || '%'`,
      [secret],
    );
    expect(inPersonalData).toBe(0);
  });

  it('refuses a key without a name or scopes, or with an unknown scope', async () => {
    for (const payload of [
      { name: '  ', scopes: ['members:read'] },
      { name: 'CRM', scopes: [] },
      { name: 'CRM', scopes: ['members:delete'] },
      { name: 'CRM' },
    ]) {
      const res = await stack.api.inject({ method: 'POST', url: '/api/admin/api-keys', headers: owner, payload });
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'validation_failed' });
    }
  });

  it('answers 401 without a key, with a wrong one and with a revoked one (at once); revoking is idempotent', async () => {
    const made = await createKey('Revoked soon', ['members:read']);
    expect((await v1(made.key, 'GET', '/api/v1/members')).statusCode).toBe(200);
    for (const key of [null, 'swk_live_wrong', made.key + 'x', made.key.replace('swk_live_', 'swk_test_')]) {
      const res = await v1(key, 'GET', '/api/v1/members');
      expect([key, res.statusCode]).toEqual([key, 401]);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'invalid_api_key' });
    }
    const revoke = () => stack.api.inject({ method: 'DELETE', url: `/api/admin/api-keys/${made.id}`, headers: owner });
    expect((await revoke()).statusCode).toBe(204);
    const refused = await v1(made.key, 'GET', '/api/v1/members');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('invalid_api_key');
    expect((await revoke()).statusCode).toBe(204);
    const [{ count }] = await stack.dataSource.query(`SELECT count(*)::int AS count FROM domain_events WHERE type = 'api-key.revoked' AND stream_id = $1`, [
      made.id,
    ]);
    expect(count).toBe(1);
    expect((await listKeys()).find((key: { id: string }) => key.id === made.id).revokedAt).toEqual(expect.any(String));
    expect((await stack.api.inject({ method: 'DELETE', url: '/api/admin/api-keys/8d0f7a7e-4b7c-4f0e-9a55-6d2f3d0a1b2c', headers: owner })).statusCode).toBe(
      404,
    );
  });

  it('answers 403 when the key lacks the scope', async () => {
    const reader = await createKey('Reader', ['members:read']);
    const writer = await createKey('Writer', ['members:write']);
    const add = await v1(reader.key, 'POST', '/api/v1/members', { email: 'scoped@example.com', firstName: 'Scoped' });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual({ error: expect.stringContaining('members:write'), code: 'insufficient_scope' });
    for (const url of ['/api/v1/members', `/api/v1/members/${members[0].id}`]) {
      const res = await v1(writer.key, 'GET', url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 'insufficient_scope']);
    }
    const [{ count }] = await stack.dataSource.query(`SELECT count(*)::int AS count FROM waitlist_entries WHERE email_normalized = 'scoped@example.com'`);
    expect(count).toBe(0);
  });

  it('lists the members in position order a page at a time, with the staff list’s search and status filters', async () => {
    const { key } = await createKey('Lister', ['members:read']);
    const staffOrder = (await stack.api.inject({ url: '/api/admin/waitlist?limit=200', headers: owner })).json().entries.map((e: { id: string }) => e.id);

    const seen: { id: string; position: number }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await v1(key, 'GET', `/api/v1/members?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page: { members: { id: string; position: number }[]; nextCursor: string | null } = res.json();
      expect(page.members.length).toBeLessThanOrEqual(3);
      seen.push(...page.members);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen.map((m) => m.id)).toEqual(staffOrder);
    expect(seen.map((m) => m.position)).toEqual(staffOrder.map((_: string, i: number) => i + 1));

    const first = (await v1(key, 'GET', '/api/v1/members')).json().members.find((m: { id: string }) => m.id === members[1].id);
    expect(first).toEqual({
      id: members[1].id,
      email: 'keyed2@example.com',
      firstName: 'Keyed2',
      position: expect.any(Number),
      status: 'confirmed',
      confirmed: true,
      confirmedAt: expect.any(String),
      admitted: false,
      admittedAt: null,
      mail: 'subscribed',
      referralHeld: false,
      referralCode: expect.stringMatching(/^[A-Z0-9]{8}$/),
      referralCredits: 0,
      source: 'landing',
      creatorCode: null,
      joinedAt: expect.any(String),
    });

    const confirmed = (await v1(key, 'GET', '/api/v1/members?status=confirmed')).json();
    expect(confirmed.members.map((m: { id: string }) => m.id).sort()).toEqual([members[1].id, members[4].id].sort());
    expect(confirmed.nextCursor).toBeNull();
    const searched = (await v1(key, 'GET', '/api/v1/members?search=keyed7')).json();
    expect(searched.members.map((m: { email: string }) => m.email)).toEqual(['keyed7@example.com']);
    expect((await v1(key, 'GET', '/api/v1/members?status=sleeping')).statusCode).toBe(400);
    expect((await v1(key, 'GET', '/api/v1/members?cursor=bm9wZQ')).statusCode).toBe(400);
  });

  it('reads one member; an unknown one (or no id at all) is 404', async () => {
    const { key } = await createKey('One', ['members:read']);
    const res = await v1(key, 'GET', `/api/v1/members/${members[2].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: members[2].id, email: 'keyed3@example.com', firstName: 'Keyed3', status: 'unconfirmed', confirmed: false });
    const unknown = await v1(key, 'GET', '/api/v1/members/0b9c4f51-2b1e-4c35-8d8e-41c1c5f7e0aa');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    expect((await v1(key, 'GET', '/api/v1/members/not-an-id')).statusCode).toBe(404);
  });

  it('adds a member as the form does (one welcome email), and a second add of the address answers them with 200, sending nothing', async () => {
    const made = await createKey('Adder', ['members:write']);
    const added = await v1(made.key, 'POST', '/api/v1/members', { email: 'Added.ByKey@Example.com', firstName: ' Ada ', sourceTag: 'CRM' });
    expect(added.statusCode).toBe(201);
    const member = added.json();
    expect(member).toMatchObject({ email: 'Added.ByKey@Example.com', firstName: 'Ada', status: 'unconfirmed', confirmed: false, position: 8 });

    const welcome = () =>
      stack.dataSource.query(`SELECT template FROM mail_log WHERE to_address_normalized = 'added.bykey@example.com' ORDER BY id`) as Promise<
        { template: string }[]
      >;
    await eventually(welcome, (rows) => rows.length === 1);
    expect((await welcome()).map((row) => row.template)).toEqual(['waitlist-welcome']);
    const [joined] = await stack.dataSource.query(`SELECT metadata FROM domain_events WHERE type = 'waitlist.joined' AND stream_id = $1`, [member.id]);
    expect(joined.metadata).toMatchObject({ actorType: 'api-key', actorId: made.id });

    const again = await v1(made.key, 'POST', '/api/v1/members', { email: 'added.bykey@example.com', firstName: 'Ada again' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: member.id, firstName: 'Ada' });
    const [{ count }] = await stack.dataSource.query(`SELECT count(*)::int AS count FROM waitlist_entries WHERE email_normalized = 'added.bykey@example.com'`);
    expect(count).toBe(1);
    // The worker has had its chance to send a reminder: there is none.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await welcome()).map((row) => row.template)).toEqual(['waitlist-welcome']);
    const [{ requested }] = await stack.dataSource.query(
      `SELECT count(*)::int AS requested FROM domain_events WHERE stream_id = $1 AND type = 'waitlist.confirmation-requested'`,
      [member.id],
    );
    expect(requested).toBe(0);
  });

  it('refuses invalid members with 400, adding nobody', async () => {
    const { key } = await createKey('Sloppy', ['members:write']);
    for (const payload of [
      { email: 'not-an-address', firstName: 'Nope' },
      { email: 'nofirst@example.com' },
      { email: 'blank@example.com', firstName: '   ' },
      { email: 'badtag@example.com', firstName: 'Tag', sourceTag: 'no spaces allowed' },
      { firstName: 'Nomail' },
    ]) {
      const res = await v1(key, 'POST', '/api/v1/members', payload);
      expect([payload, res.statusCode]).toEqual([payload, 400]);
      expect(res.json().code).toBe('validation_failed');
    }
    const [{ count }] = await stack.dataSource.query(
      `SELECT count(*)::int AS count FROM waitlist_entries WHERE email_normalized IN ('nofirst@example.com', 'blank@example.com', 'badtag@example.com')`,
    );
    expect(count).toBe(0);
  });

  it('limits each key on its own: past the limit 429 with Retry-After, while another key still works', async () => {
    const busy = await createKey('Busy', ['members:read']);
    const calm = await createKey('Calm', ['members:read']);
    const answers = [];
    for (let i = 0; i < RATE_LIMIT; i++) answers.push((await v1(busy.key, 'GET', `/api/v1/members/${members[0].id}`)).statusCode);
    expect(answers.every((status) => status === 200)).toBe(true);
    const limited = await v1(busy.key, 'GET', `/api/v1/members/${members[0].id}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await v1(calm.key, 'GET', `/api/v1/members/${members[0].id}`)).statusCode).toBe(200);
  });

  it("shows each use in the audit log under the key's name, with ids only, and keeps the key's last use", async () => {
    const made = await createKey('Audited', ['members:read', 'members:write']);
    expect((await v1(made.key, 'GET', '/api/v1/members?search=keyed')).statusCode).toBe(200);
    expect((await v1(made.key, 'GET', `/api/v1/members/${members[3].id}`)).statusCode).toBe(200);
    const added = (await v1(made.key, 'POST', '/api/v1/members', { email: 'audited@example.com', firstName: 'Audrey' })).json();
    expect((await v1(made.key, 'POST', '/api/v1/members', { email: 'audited@example.com', firstName: 'Audrey' })).statusCode).toBe(200);

    const audit = await stack.api.inject({ url: `/api/admin/audit?actor=${made.id}`, headers: owner });
    expect(audit.statusCode).toBe(200);
    const entries = audit.json().entries;
    expect(entries.map((e: { action: string; label: string; target: object }) => [e.action, e.label, e.target])).toEqual([
      ['api-key.member-already-listed', 'Added a member already on the list (API)', { type: 'member', id: added.id }],
      ['waitlist.joined', 'Added a member (API)', { type: 'member', id: added.id }],
      ['api-key.member-read', 'Read a member (API)', { type: 'member', id: members[3].id }],
      ['api-key.members-listed', 'Listed members (API)', { type: 'api-key', id: made.id }],
    ]);
    for (const entry of entries) expect(entry).toMatchObject({ actorType: 'api-key', actorId: made.id, actorEmail: null, actorName: 'API key ‘Audited’' });
    // The owner's own actions still name them; creating the key is one.
    const everyone = (await stack.api.inject({ url: '/api/admin/audit', headers: owner })).json().entries;
    expect(everyone.find((e: { action: string; target: { id: string } }) => e.action === 'api-key.created' && e.target.id === made.id)).toMatchObject({
      actorType: 'staff',
      actorName: 'owner@swishly.test',
      label: 'Created an API key',
    });

    const uses: { payload: object; metadata: object }[] = await stack.dataSource.query(
      `SELECT payload, metadata FROM domain_events WHERE stream_type = 'api-key' AND stream_id = $1 AND type <> 'api-key.created'`,
      [made.id],
    );
    expect(uses).toHaveLength(3);
    for (const use of uses) {
      expect(JSON.stringify(use.payload)).not.toMatch(/@|keyed|Audrey/i);
      expect(use.metadata).toMatchObject({ actorType: 'api-key', actorId: made.id });
    }
    const key = (await listKeys()).find((one: { id: string }) => one.id === made.id);
    expect(Date.now() - new Date(key.lastUsedAt).getTime()).toBeLessThan(60_000);
  });

  it('only owners and admins manage keys; marketing and editors are refused', async () => {
    const admin = await signInStaff(stack.api, 'admin@swishly.test', 'admin');
    const made = await createKey('By an admin', ['members:read'], admin);
    expect((await stack.api.inject({ url: '/api/admin/api-keys', headers: admin })).statusCode).toBe(200);
    for (const role of ['marketing', 'editor'] as const) {
      const headers = await signInStaff(stack.api, `${role}@swishly.test`, role);
      const answers = [
        await stack.api.inject({ url: '/api/admin/api-keys', headers }),
        await stack.api.inject({ method: 'POST', url: '/api/admin/api-keys', headers, payload: { name: 'Mine', scopes: ['members:read'] } }),
        await stack.api.inject({ method: 'DELETE', url: `/api/admin/api-keys/${made.id}`, headers }),
      ];
      expect(answers.map((res) => [role, res.statusCode, res.json().code])).toEqual(answers.map(() => [role, 403, 'forbidden_role']));
    }
    expect((await v1(made.key, 'GET', '/api/v1/members')).statusCode).toBe(200);
    // A staff session opens nothing of the public API: it takes keys only.
    expect((await stack.api.inject({ url: '/api/v1/members', headers: owner })).statusCode).toBe(401);
  });
});
