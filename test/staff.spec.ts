import { StaffRole } from '@swishly/admin';
import { WaitlistService } from '@swishly/waitlist';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

type Headers = { cookie: string; 'x-csrf-token': string };
const ROLES: StaffRole[] = ['owner', 'admin', 'marketing', 'ops', 'editor'];
const EVERYONE = ROLES;
const OWNER_ADMIN: StaffRole[] = ['owner', 'admin'];
const MARKETING: StaffRole[] = ['owner', 'admin', 'marketing'];

/**
 * Who may call each staff operation, written from the roles as the README states them, not read
 * from the code: `METHOD /path` (OpenAPI's path) against the first pattern it matches.
 */
const WHO_MAY: [RegExp, StaffRole[]][] = [
  [/^GET \/api\/auth\/session$/, EVERYONE],
  [/^POST \/api\/admin\/password$/, EVERYONE],
  [/^\w+ \/api\/auth\/mfa/, EVERYONE],
  [/^\w+ \/api\/admin\/settings\//, ['owner']],
  [/^\w+ \/api\/admin\/staff/, OWNER_ADMIN],
  [/^\w+ \/api\/admin\/audit/, OWNER_ADMIN],
  [/^\w+ \/api\/admin\/privacy\//, OWNER_ADMIN],
  [/^\w+ \/api\/admin\/waitlist\/admissions/, MARKETING],
  [/^\w+ \/api\/admin\/waitlist\/import/, MARKETING],
  [/^GET \/api\/admin\/waitlist\/export$/, MARKETING],
  [/^POST \/api\/admin\/waitlist\/\{id\}\//, MARKETING],
  [/^POST \/api\/admin\/waitlist\/referrals\/review$/, MARKETING],
  [/^GET \/api\/admin\/waitlist\/leaderboard$/, ['owner', 'admin', 'marketing', 'ops']],
  [/^GET \/api\/admin\/waitlist/, ['owner', 'admin', 'marketing', 'ops']],
  [/^\w+ \/api\/admin\/broadcasts/, MARKETING],
  [/^\w+ \/api\/admin\/referral-milestones/, MARKETING],
  [/^\w+ \/api\/admin\/(creator-codes|early-access)/, MARKETING],
  [/^\w+ \/api\/admin\/analytics\//, MARKETING],
  [/^\w+ \/api\/admin\/emails/, ['owner', 'admin', 'ops']],
  // The announcement editor's images go through the resources' upload.
  [/^\w+ \/api\/admin\/resources\/images$/, ['owner', 'admin', 'marketing', 'editor']],
  [/^\w+ \/api\/admin\/resources/, ['owner', 'admin', 'editor']],
  [/^\w+ \/api\/admin\/(webhooks|api-keys)/, OWNER_ADMIN],
];

interface Operation {
  method: string;
  path: string;
  security?: Record<string, string[]>[];
}

function staffOperations(): Operation[] {
  const document = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security?.some((requirement) => 'staff-session' in requirement))
      .map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
}

describe('Staff roles', () => {
  let stack: TestStack;
  const as = {} as Record<StaffRole, Headers>;

  beforeAll(async () => {
    stack = await startStack();
    for (const role of ROLES) as[role] = await signInStaff(stack.api, `${role}@swishly.test`, role);
  }, 120_000);
  afterAll(() => stack?.stop());

  it('every staff operation of the OpenAPI document answers 403 to exactly the roles that may not use it', async () => {
    const operations = staffOperations();
    expect(operations.length).toBeGreaterThan(50);
    const unlisted = operations.filter((operation) => !WHO_MAY.some(([pattern]) => pattern.test(`${operation.method} ${operation.path}`)));
    expect(unlisted.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);

    const wrong: string[] = [];
    for (const operation of operations) {
      const allowed = WHO_MAY.find(([pattern]) => pattern.test(`${operation.method} ${operation.path}`))![1];
      // A random id for each path parameter: an allowed role gets past the role check to 404 or 400, never 403.
      const url = operation.path.replace(/\{[^}]+\}/g, () => randomUUID());
      for (const role of ROLES) {
        const response = await stack.api.inject({
          method: operation.method as 'GET',
          url,
          headers: as[role],
          payload: operation.method === 'GET' ? undefined : {},
        });
        const refused = response.statusCode === 403 && response.json().code === 'forbidden_role';
        if (refused === allowed.includes(role))
          wrong.push(`${role} ${operation.method} ${operation.path}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (
          refused &&
          !response.json().error.includes(`needs the ${allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : allowed[0]} role`)
        )
          wrong.push(`${role} ${operation.method} ${operation.path}: names no role (${response.json().error})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('the queue dashboard opens to ops, admins and owners only', async () => {
    for (const role of ROLES) {
      const response = await stack.api.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: as[role] });
      expect([role, response.statusCode]).toEqual([role, ['owner', 'admin', 'ops'].includes(role) ? 200 : 403]);
    }
  });

  it('the session says what the role opens', async () => {
    const session = (await stack.api.inject({ method: 'GET', url: '/api/auth/session', headers: as.editor })).json();
    expect(session.user).toMatchObject({ email: 'editor@swishly.test', role: 'editor' });
    expect(session.permissions).toEqual(['resources']);
  });
});

describe('Staff invitations', () => {
  let stack: TestStack;
  let owner: Headers;
  let admin: Headers;

  beforeAll(async () => {
    stack = await startStack();
    owner = await signInStaff(stack.api, 'owner@swishly.test', 'owner');
    admin = await signInStaff(stack.api, 'admin@swishly.test', 'admin');
  }, 120_000);
  afterAll(() => stack?.stop());

  const linkIn = (html: string) => new URL(/https:\/\/swishly\.test\/admin\/invitation\?token=[\w-]+/.exec(html)![0]);

  it('an owner invites an editor: one email with a link that makes the account once, with its role', async () => {
    const invited = await stack.api.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: owner,
      payload: { email: 'Editor@Swishly.test', role: 'editor' },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'Editor@Swishly.test', role: 'editor', invitedBy: 'owner@swishly.test' });
    const again = await stack.api.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: owner,
      payload: { email: 'editor@swishly.test', role: 'ops' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_invited');

    const [email] = await eventually(
      async () => stack.resend.deliveredTo('Editor@Swishly.test'),
      (emails) => emails.length === 1,
    );
    expect(email.body.subject).toMatch(/invited/);
    expect(email.body.headers?.['List-Unsubscribe']).toBeUndefined();
    const token = linkIn(email.body.html).searchParams.get('token')!;

    const checked = await stack.api.inject({ method: 'POST', url: '/api/auth/invitations/check', payload: { token } });
    expect(checked.json()).toMatchObject({ email: 'Editor@Swishly.test', role: 'editor' });
    const weak = await stack.api.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'short' } });
    expect(weak.statusCode).toBe(400);

    const [first, second] = await Promise.all(
      [0, 1].map(() => stack.api.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'Pick-And-Roll-77' } })),
    );
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    const accepted = first.statusCode === 201 ? first : second;
    expect(accepted.json()).toMatchObject({ user: { email: 'Editor@Swishly.test', role: 'editor' }, permissions: ['resources'], firstSignIn: true });
    const cookie = accepted.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await stack.api.inject({ method: 'GET', url: '/api/admin/resources', headers: { cookie } })).statusCode).toBe(200);
    expect((await stack.api.inject({ method: 'GET', url: '/api/admin/waitlist', headers: { cookie } })).statusCode).toBe(403);

    const usedAgain = await stack.api.inject({ method: 'POST', url: '/api/auth/invitations/check', payload: { token } });
    expect(usedAgain.statusCode).toBe(400);
    expect(usedAgain.json().code).toBe('invalid_invitation');

    const team = (await stack.api.inject({ method: 'GET', url: '/api/admin/staff', headers: owner })).json();
    expect(team.invitations).toEqual([]);
    expect(team.staff.find((member: { email: string }) => member.email === 'Editor@Swishly.test')).toMatchObject({
      role: 'editor',
      lastSignInAt: expect.any(String),
      you: false,
    });
    expect(team.staff.find((member: { email: string }) => member.email === 'owner@swishly.test').you).toBe(true);
  });

  it('a revoked or expired link opens nothing; sending it again extends it', async () => {
    const invited = (
      await stack.api.inject({ method: 'POST', url: '/api/admin/staff/invitations', headers: owner, payload: { email: 'late@swishly.test', role: 'ops' } })
    ).json();
    const [email] = await eventually(
      async () => stack.resend.deliveredTo('late@swishly.test'),
      (emails) => emails.length === 1,
    );
    const token = linkIn(email.body.html).searchParams.get('token')!;
    await stack.dataSource.query(`UPDATE staff_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [invited.id]);
    expect((await stack.api.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'Pick-And-Roll-77' } })).statusCode).toBe(
      400,
    );

    const resent = await stack.api.inject({ method: 'POST', url: `/api/admin/staff/invitations/${invited.id}/resend`, headers: owner });
    expect(resent.statusCode).toBe(200);
    expect(new Date(resent.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);
    await eventually(
      async () => stack.resend.deliveredTo('late@swishly.test'),
      (emails) => emails.length === 2,
    );
    expect((await stack.api.inject({ method: 'POST', url: '/api/auth/invitations/check', payload: { token } })).statusCode).toBe(200);

    expect((await stack.api.inject({ method: 'DELETE', url: `/api/admin/staff/invitations/${invited.id}`, headers: owner })).statusCode).toBe(204);
    expect((await stack.api.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'Pick-And-Roll-77' } })).statusCode).toBe(
      400,
    );
  });

  it('an admin manages everyone but owners; the last owner stays; a removed member is signed out everywhere', async () => {
    const byAdmin = await stack.api.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: admin,
      payload: { email: 'boss@swishly.test', role: 'owner' },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().code).toBe('owners_only');

    const team = (await stack.api.inject({ method: 'GET', url: '/api/admin/staff', headers: owner })).json();
    const idOf = (email: string) => team.staff.find((member: { email: string }) => member.email === email).id;
    const demoteOwner = await stack.api.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${idOf('owner@swishly.test')}`,
      headers: admin,
      payload: { role: 'ops' },
    });
    expect(demoteOwner.json().code).toBe('owners_only');
    const lastOwner = await stack.api.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${idOf('owner@swishly.test')}`,
      headers: owner,
      payload: { role: 'admin' },
    });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().code).toBe('last_owner');
    expect((await stack.api.inject({ method: 'DELETE', url: `/api/admin/staff/${idOf('owner@swishly.test')}`, headers: owner })).json().code).toBe('yourself');

    const ops = await signInStaff(stack.api, 'ops@swishly.test', 'ops');
    const opsId = (await stack.api.inject({ method: 'GET', url: '/api/auth/session', headers: ops })).json().user.id;
    const promoted = await stack.api.inject({ method: 'PATCH', url: `/api/admin/staff/${opsId}`, headers: admin, payload: { role: 'marketing' } });
    expect(promoted.json()).toMatchObject({ role: 'marketing' });
    expect((await stack.api.inject({ method: 'GET', url: '/api/auth/session', headers: ops })).json().permissions).toContain('announcements');
    expect((await stack.api.inject({ method: 'DELETE', url: `/api/admin/staff/${opsId}`, headers: admin })).statusCode).toBe(204);
    expect((await stack.api.inject({ method: 'GET', url: '/api/auth/session', headers: ops })).statusCode).toBe(401);
  });

  it('while a second factor is required of everyone, an accepted invitation opens nothing until the factor is set up', async () => {
    expect(
      (await stack.api.inject({ method: 'PUT', url: '/api/admin/settings/security', headers: owner, payload: { requireSecondFactor: true } })).statusCode,
    ).toBe(200);
    try {
      await stack.api.inject({
        method: 'POST',
        url: '/api/admin/staff/invitations',
        headers: owner,
        payload: { email: 'careful@swishly.test', role: 'marketing' },
      });
      const [email] = await eventually(
        async () => stack.resend.deliveredTo('careful@swishly.test'),
        (emails) => emails.length === 1,
      );
      const token = linkIn(email.body.html).searchParams.get('token')!;
      const accepted = await stack.api.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token, password: 'Pick-And-Roll-77' } });
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json()).toEqual({ mfaSetupRequired: true });
      expect(accepted.cookies.filter((cookie) => cookie.value).map((cookie) => cookie.name)).not.toContain('__Host-admin_session');
      const pending = accepted.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      expect((await stack.api.inject({ method: 'GET', url: '/api/admin/waitlist', headers: { cookie: pending } })).statusCode).toBe(401);
      expect(
        (
          await stack.api.inject({
            method: 'POST',
            url: '/api/auth/mfa/totp',
            headers: { cookie: pending, 'x-csrf-token': accepted.cookies.find((c) => c.name === 'csrf_token')?.value ?? '' },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await stack.api.inject({ method: 'PUT', url: '/api/admin/settings/security', headers: owner, payload: { requireSecondFactor: false } });
    }
  });

  it('two owners demoting each other at once leave one owner', async () => {
    const second = await signInStaff(stack.api, 'second-owner@swishly.test', 'owner');
    const ids = await Promise.all(
      [owner, second].map(async (headers) => (await stack.api.inject({ method: 'GET', url: '/api/auth/session', headers })).json().user.id as string),
    );
    const answers = await Promise.all([
      stack.api.inject({ method: 'PATCH', url: `/api/admin/staff/${ids[1]}`, headers: owner, payload: { role: 'admin' } }),
      stack.api.inject({ method: 'PATCH', url: `/api/admin/staff/${ids[0]}`, headers: second, payload: { role: 'admin' } }),
    ]);
    // The loser is refused either way: 409 when both passed the role check as owners and the
    // last-owner rule stopped the second demotion, 403 when the first demotion was committed
    // before the loser's request was checked (an admin may not manage owners).
    expect([
      [200, 403],
      [200, 409],
    ]).toContainEqual(answers.map((answer) => answer.statusCode).sort());
    const [{ owners }] = await stack.dataSource.query(`SELECT count(*)::int AS owners FROM admin_users WHERE role = 'owner'`);
    expect(owners).toBe(1);
  });
});

describe('Audit log', () => {
  let stack: TestStack;
  let owner: Headers;

  beforeAll(async () => {
    stack = await startStack();
    owner = await signInStaff(stack.api, 'auditor@swishly.test', 'owner');
  }, 120_000);
  afterAll(() => stack?.stop());

  it('names who did what to which member, by id only, and keeps no personal data', async () => {
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Aino', email: 'aino.audit@example.com', role: null, referrerCode: null },
    });
    expect(joined.statusCode).toBe(201);
    const entryId: string = (await stack.dataSource.query(`SELECT id FROM waitlist_entries WHERE email_normalized = 'aino.audit@example.com'`))[0].id;
    const marketer = await signInStaff(stack.api, 'marketer@swishly.test', 'marketing');
    expect((await stack.api.inject({ method: 'GET', url: '/api/admin/waitlist/export', headers: marketer })).statusCode).toBe(200);
    expect((await stack.api.inject({ method: 'POST', url: `/api/admin/waitlist/${entryId}/confirmation`, headers: marketer })).statusCode).toBe(202);
    await stack.api.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'marketer@swishly.test', password: 'wrong-password-1' } });
    expect((await stack.api.inject({ method: 'GET', url: '/api/admin/audit', headers: marketer })).statusCode).toBe(403);

    const page = await stack.api.inject({ method: 'GET', url: '/api/admin/audit', headers: owner });
    expect(page.statusCode).toBe(200);
    const actions = page.json().entries.map((entry: { actorEmail: string; action: string }) => `${entry.actorEmail} ${entry.action}`);
    expect(actions.slice(0, 4)).toEqual([
      'marketer@swishly.test admin.sign-in-failed',
      'marketer@swishly.test waitlist.confirmation-requested',
      'marketer@swishly.test admin.waitlist-exported',
      'marketer@swishly.test admin.signed-in',
    ]);
    expect(page.json().entries[1]).toMatchObject({ target: { type: 'member', id: entryId }, label: "Sent a member's confirmation again" });
    expect(page.body).not.toMatch(/aino/i);

    const marketerId = (await stack.api.inject({ method: 'GET', url: '/api/auth/session', headers: marketer })).json().user.id;
    const theirs = (
      await stack.api.inject({ method: 'GET', url: `/api/admin/audit?actor=${marketerId}&action=admin.waitlist-exported`, headers: owner })
    ).json();
    expect(theirs.entries).toHaveLength(1);
    expect(theirs.nextCursor).toBeNull();
  });

  it('records every staff action on members, settings, codes, announcements and queues, with who did it', async () => {
    stack.resend.rejectAllWith(422); // Kalle's welcome fails, for staff to send it again
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Kalle', email: 'kalle.audit@example.com', role: null, referrerCode: null },
    });
    const token = stack.api.get(WaitlistService).links.confirmToken(joined.json().id);
    expect((await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token } })).statusCode).toBe(200);
    const admin = await signInStaff(stack.api, 'doer@swishly.test', 'admin');
    const act = async (method: 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await stack.api.inject({ method, url, headers: admin, payload });
      expect([url, response.statusCode < 300]).toEqual([url, true]);
      return response;
    };
    await act('PUT', '/api/admin/early-access/settings', { isOpen: true });
    await act('POST', '/api/admin/creator-codes', { code: 'AUDITME', handle: '@auditme' });
    await act('POST', '/api/admin/early-access/codes', { firstName: 'Booth', email: 'booth.audit@example.com', code: 'AUDIT123' });
    await act('POST', '/api/admin/waitlist/admissions', { count: 1 });
    await act('POST', '/api/admin/broadcasts', { subject: 'News', html: '<p>Hello</p>', audience: 'all' });
    await act('PUT', '/api/admin/referral-milestones', { milestones: [{ referrals: 3, reward: 'email', subject: 'Thank you', html: '<p>Thanks</p>' }] });
    await act('POST', '/api/admin/referral-milestones/catch-up');
    await act('POST', '/api/admin/privacy/export', { email: 'booth.audit@example.com' });
    await act('PUT', '/admin/queues/api/queues/pause');
    await act('PUT', '/admin/queues/api/queues/resume');
    const failed = await eventually(
      async () =>
        ((await stack.api.inject({ method: 'GET', url: '/api/admin/emails', headers: admin })).json().items as { id: string; status: string }[]).filter(
          (item) => item.status === 'failed',
        ),
      (items) => items.length > 0,
    );
    stack.resend.rejectAllWith(undefined);
    await act('POST', `/api/admin/emails/${failed[0].id}/resend`);
    await act('POST', '/api/admin/privacy/erase', { email: 'kalle.audit@example.com' });

    const doerId = (await stack.api.inject({ method: 'GET', url: '/api/auth/session', headers: admin })).json().user.id;
    const entries: { actorEmail: string; action: string; target: { type: string } }[] = (
      await stack.api.inject({ method: 'GET', url: `/api/admin/audit?actor=${doerId}`, headers: owner })
    ).json().entries;
    expect(new Set(entries.map((entry) => entry.actorEmail))).toEqual(new Set(['doer@swishly.test']));
    expect(new Set(entries.map((entry) => entry.action))).toEqual(
      new Set([
        'admin.signed-in',
        'early-access.state-changed',
        'creator-code.created',
        'early-access.code-created',
        'admin.admission-requested',
        'waitlist.admitted',
        'broadcast.requested',
        'referral-milestones.changed',
        'referral-milestones.catch-up-requested',
        'privacy.personal-data-exported',
        'admin.queue-dashboard-acted',
        'admin.email-resend-requested',
        'privacy.person-erased',
      ]),
    );
    expect(entries.find((entry) => entry.action === 'waitlist.admitted')!.target).toEqual({ type: 'member', id: joined.json().id });
    // After the erasure, nothing of Kalle's or the booth visitor's is in the log's answer.
    const everything = (await stack.api.inject({ method: 'GET', url: '/api/admin/audit', headers: owner })).body;
    expect(everything).not.toMatch(/kalle|booth|auditme/i);
  });

  it('pages by cursor, newest first, without gaps or repeats', async () => {
    for (let i = 0; i < 60; i++) await stack.api.inject({ method: 'GET', url: '/api/admin/waitlist/export', headers: owner });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { entries: { id: string; at: string }[]; nextCursor: string | null } = (
        await stack.api.inject({ method: 'GET', url: `/api/admin/audit?action=admin.waitlist-exported${cursor ? `&cursor=${cursor}` : ''}`, headers: owner })
      ).json();
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.length).toBe(61);
    expect(new Set(seen).size).toBe(61);
    expect((await stack.api.inject({ method: 'GET', url: '/api/admin/audit?cursor=drop%20table', headers: owner })).statusCode).toBe(400);
  });
});
