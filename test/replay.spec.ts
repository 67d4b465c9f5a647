import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthService } from '@swishly/admin';
import { ProjectionRegistry, ReplayService } from '@swishly/platform';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './utils/database';
import { bootApi } from './utils/test-app';
import { testConfig } from './utils/test-config';

describe('events:replay', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await bootApi(testConfig(db.url, { SHOTS_INGEST_TOKEN: 'replay-shots-ingest-token' }));
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });

  async function snapshot(tables: readonly string[]) {
    const dataSource = app.get(DataSource);
    const result: Record<string, unknown[]> = {};
    for (const table of tables) result[table] = await dataSource.query(`SELECT * FROM "${table}" ORDER BY 1`);
    return result;
  }

  it('rebuilds every read model row for row from the log', async () => {
    // A realistic scenario across several event types, through the real HTTP API.
    const ann = await post('/api/waitlist', { first_name: 'Ann', email: 'ann@example.com', role: null, referrerCode: null });
    expect(ann.statusCode).toBe(201);
    const { referralCode } = ann.json();
    expect((await post('/api/waitlist', { first_name: 'Ben', email: 'ben@example.com', referrerCode: referralCode })).statusCode).toBe(201);
    expect((await post('/api/waitlist', { first_name: 'Cai', email: 'cai@example.com', role: 'Player', hbf_code: 'HBF001' })).statusCode).toBe(201);
    expect((await post('/api/waitlist', { first_name: 'Ann', email: ' ANN@example.com ' })).statusCode).toBe(409);
    await Promise.all(['a', 'b', 'c', 'd'].map((x) => post('/api/waitlist', { first_name: x.toUpperCase(), email: `${x}-parallel@example.com` })));
    expect(
      (await post('/api/contact', { first_name: 'Dee', email: 'dee@example.com', subject: 'Teams', message: 'Do you offer team plans?' })).statusCode,
    ).toBe(201);
    expect((await post('/api/contact', { first_name: 'Eli', email: 'eli@example.com', message: 'Hello!' })).statusCode).toBe(201);
    for (const [source_tag, platform, click_type] of [
      ['homepage-hero', 'ios', 'badge_click'],
      ['homepage-cta', 'android', 'badge_click'],
      ['direct', 'desktop', 'page_visit'],
    ]) {
      expect((await post('/api/analytics/downloads', { source_tag, platform, click_type })).statusCode).toBe(202);
    }

    // Staff at work: early-access codes (one redeemed, one deleted), the switch, a creator code
    // that is edited, switched off and on, and a sign-up through it.
    await app.get(AuthService).createOrResetAdmin('staff@swishly.test', 'Court-Vision-42', { actorType: 'system' });
    const signedIn = await post('/api/auth/login', { email: 'staff@swishly.test', password: 'Court-Vision-42' });
    const jar = Object.fromEntries(signedIn.cookies.map((c) => [c.name, c.value]));
    const admin = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { cookie: `admin_session=${jar.admin_session}`, 'x-csrf-token': jar.csrf_token } });
    expect((await admin('POST', '/api/admin/early-access/codes', { firstName: 'Fay', email: 'fay@example.com', code: 'FAY234' })).statusCode).toBe(201);
    const spare = await admin('POST', '/api/admin/early-access/codes', { firstName: 'Gus', email: 'gus@example.com', code: 'GUS567' });
    expect((await post('/api/early-access/redeem', { code: 'FAY234' })).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/admin/early-access/codes/${spare.json().id}`)).statusCode).toBe(204);
    expect((await admin('PUT', '/api/admin/early-access/settings', { isOpen: false })).statusCode).toBe(200);
    const creator = await admin('POST', '/api/admin/creator-codes', { code: 'HOOPS25', handle: '@hoops', platform: 'YouTube' });
    expect((await admin('PATCH', `/api/admin/creator-codes/${creator.json().id}`, { campaign: 'Spring', status: 'inactive' })).statusCode).toBe(200);
    expect((await admin('PATCH', `/api/admin/creator-codes/${creator.json().id}`, { status: 'active' })).statusCode).toBe(200);
    expect((await post('/api/waitlist', { first_name: 'Ivy', email: 'ivy@example.com', referrerCode: 'hoops25' })).statusCode).toBe(201);

    // The booth and the web flow: a record from metrics (its analysis generated on the first read)
    // and one with an analysis, each claimed, and a question to the coach with its reply.
    const shots = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/shots', payload, headers: { authorization: 'Bearer replay-shots-ingest-token' } });
    expect((await shots({ kind: 'hbf', code: 'HBF777', metrics: { elbowAngleDeg: 104, releaseTimeMs: 900 } })).statusCode).toBe(201);
    expect((await shots({ kind: 'shot', code: 'WEB777', shot_data: 'Smooth release.' })).statusCode).toBe(201);
    const joClaim = await post('/api/shots/hbf/HBF777/claim', { first_name: 'Jo', email: 'jo@example.com' });
    expect(joClaim.statusCode).toBe(200);
    expect((await post('/api/shots/shot/WEB777/claim', { first_name: 'Kit', email: 'kit@example.com' })).statusCode).toBe(200);
    const jo = { authorization: `Bearer ${joClaim.json().claimToken}` };
    expect((await app.inject({ url: '/api/feedback/hbf/HBF777', headers: jo })).json().feedback.tips.length).toBeGreaterThan(0);
    const chat = await app.inject({
      method: 'POST',
      url: '/api/chat',
      payload: { kind: 'hbf', shotCode: 'HBF777', message: 'How do I fix my elbow?' },
      headers: jo,
    });
    expect(chat.body).toContain('"type":"done"');

    // The blog: a post written, edited, published and featured; a second featured instead, then
    // unpublished; a third scheduled; a fourth deleted.
    const resource = async (fields: object) => {
      const response = await admin('POST', '/api/admin/resources', { content: '<p>Keep your elbow under the ball.</p>', ...fields });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    const [first, second] = [await resource({ title: 'Elbow alignment', tags: ['form'] }), await resource({ title: 'Footwork', tags: ['form', 'feet'] })];
    expect(
      (await admin('PUT', `/api/admin/resources/${first}`, { title: 'Elbow alignment, edited', content: '<p>Edited.</p>', tags: ['form'] })).statusCode,
    ).toBe(200);
    for (const [id, action, body] of [
      [first, 'publish', { published: true }],
      [first, 'feature', { featured: true }],
      [second, 'publish', { published: true }],
      [second, 'feature', { featured: true }],
      [second, 'publish', { published: false }],
    ] as const) {
      expect((await admin('POST', `/api/admin/resources/${id}/${action}`, body)).statusCode).toBe(200);
    }
    const freeThrows = await resource({ title: 'Free throws', scheduled_publish_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await admin('DELETE', `/api/admin/resources/${await resource({ title: 'Gone' })}`)).statusCode).toBe(204);
    // Revisions: the draft edited, then its first revision restored (a new save), and a preview
    // link; the published post's changes kept as an unpublished revision, then its first restored as one.
    const firstRevision = async (id: string) =>
      (await app.inject({ method: 'GET', url: `/api/admin/resources/${id}/revisions`, headers: { cookie: `admin_session=${jar.admin_session}` } }))
        .json()
        .revisions.at(-1).id as string;
    expect(
      (await admin('PUT', `/api/admin/resources/${freeThrows}`, { title: 'Free throws, edited', content: '<p>Keep your elbow under the ball.</p>' }))
        .statusCode,
    ).toBe(200);
    expect((await admin('POST', `/api/admin/resources/${freeThrows}/revisions/${await firstRevision(freeThrows)}/restore`)).statusCode).toBe(200);
    expect((await admin('POST', `/api/admin/resources/${freeThrows}/preview-link`)).statusCode).toBe(200);
    expect(
      (await admin('POST', `/api/admin/resources/${first}/revisions`, { title: 'Elbow alignment, next', content: '<p>Edited.</p>', tags: ['form'] }))
        .statusCode,
    ).toBe(200);
    const restoredAsRevision = await admin('POST', `/api/admin/resources/${first}/revisions/${await firstRevision(first)}/restore`);
    expect(restoredAsRevision.json().pending_revision).toMatchObject({ kind: 'restored', restored_from: 1, text: { title: 'Elbow alignment' } });

    // Another system at work: an API key lists the members and adds one; a second key is revoked.
    const made = await admin('POST', '/api/admin/api-keys', { name: 'CRM', scopes: ['members:read', 'members:write'] });
    const crm = { authorization: `Bearer ${made.json().key}` };
    expect((await app.inject({ url: '/api/v1/members', headers: crm })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/members', payload: { email: 'lou@example.com', firstName: 'Lou' }, headers: crm })).statusCode,
    ).toBe(201);
    const spareKey = await admin('POST', '/api/admin/api-keys', { name: 'Old sync', scopes: ['members:read'] });
    expect((await admin('DELETE', `/api/admin/api-keys/${spareKey.json().id}`)).statusCode).toBe(204);

    const tables = app
      .get(ProjectionRegistry)
      .all()
      .flatMap((p) => p.tables);
    expect(tables).toEqual(
      expect.arrayContaining([
        'waitlist_entries',
        'contact_submissions',
        'download_events',
        'early_access_codes',
        'early_access_settings',
        'creator_codes',
        'shot_records',
        'chat_messages',
        'download_daily_rollups',
        'download_monthly_rollups',
        'download_daily_totals',
        'signup_daily_rollups',
        'signup_monthly_rollups',
        'signup_daily_totals',
        'blog_posts',
        'api_keys',
      ]),
    );
    const before = await snapshot(tables);
    expect(before.waitlist_entries).toHaveLength(11);
    expect(before.api_keys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'CRM', last_used_at: expect.any(Date), revoked_at: null }),
        expect.objectContaining({ name: 'Old sync', last_used_at: null, revoked_at: expect.any(Date) }),
      ]),
    );
    expect(before.shot_records).toHaveLength(2);
    expect(before.shot_records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'HBF777', first_name: 'Jo', feedback_generator: 'rules' }),
        expect.objectContaining({ code: 'WEB777', first_name: 'Kit', shot_data: 'Smooth release.' }),
      ]),
    );
    expect(before.chat_messages).toHaveLength(2);
    expect(before.early_access_codes).toEqual([expect.objectContaining({ code: 'FAY234', is_used: true })]);
    expect(before.early_access_settings).toEqual([expect.objectContaining({ is_open: false })]);
    expect(before.creator_codes).toEqual([expect.objectContaining({ code: 'HOOPS25', campaign: 'Spring', status: 'active' })]);
    expect(before.contact_submissions).toHaveLength(2);
    expect(before.download_events).toHaveLength(3);
    expect(before.blog_posts).toHaveLength(3);
    expect(before.blog_posts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Elbow alignment, edited', is_published: true, is_featured: false }),
        expect.objectContaining({ title: 'Footwork', is_published: false, published_at: null, is_featured: true }),
        expect.objectContaining({ title: 'Free throws', is_published: false, scheduled_publish_at: expect.any(Date), preview_id: expect.any(String) }),
      ]),
    );

    // Wipe the read models first and see them empty, so a replay that did nothing could not pass.
    await app.get(DataSource).query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} CASCADE`);
    expect(Object.values(await snapshot(tables)).flat()).toEqual([]);

    const { events } = await app.get(ReplayService).replayAll(4); // small batches cross batch edges
    // 7 joins, 1 confirmation re-sent to the duplicate sign-up, 2 contact messages, 3 clicks;
    // admin created + signed in, 2 codes + redeemed + deleted, the switch, creator code created,
    // edited + switched off, switched on; 1 join through it; 2 shots recorded, claimed, joined
    // the waitlist (on both streams), 1 analysis generated; a question and its reply; 4 posts
    // created, 1 edited, 2 published + 1 unpublished, 2 featured + 1 unfeatured, 1 scheduled, 1 deleted;
    // 1 more edit, 1 restored, 1 preview link, 1 unpublished revision and 1 restored as one; 2 API
    // keys made, 1 listing and 1 join through one, the other revoked (a new database: no source
    // tags to merge, so the migrations appended nothing).
    expect(events).toBe(13 + 2 + 4 + 1 + 4 + 1 + 2 * 4 + 1 + 2 + 4 + 1 + 3 + 3 + 1 + 1 + 5 + 5);
    expect(await snapshot(tables)).toEqual(before);
  });
});
