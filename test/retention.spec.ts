import { AuthService } from '@swishly/admin';
import { randomUUID } from 'node:crypto';
import { MetricsService, ProjectionRegistry, QueueRegistry, ReplayService, RetentionJob } from '@swishly/platform';
import { SendWelcomeEmail } from '@swishly/waitlist';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// The retention periods the Privacy Policy states (issue 29), kept by the worker's retention job,
// run here with a controlled clock on the real Postgres: mail bodies after 30 days (metadata
// stays), staff session addresses after 90, coach conversations and contact messages after 24
// months; a replay afterwards rebuilds the same tables.
const INGEST = 'retention-shots-ingest-token';
const DAY = 86_400_000;

describe('retention job', () => {
  let stack: TestStack;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    stack.api.inject({ method: 'POST', url, payload, headers, remoteAddress: '10.31.0.1' });
  const count = async (sql: string, params: unknown[] = []) => Number((await stack.dataSource.query(sql, params))[0].count);

  beforeAll(async () => {
    stack = await startStack({ SHOTS_INGEST_TOKEN: INGEST, PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('forgets each kind of personal data when its period ends, and nothing before', async () => {
    const job = stack.worker.get(RetentionJob);
    const start = Date.now();
    expect((await post('/api/waitlist', { first_name: 'Rhea', email: 'rhea@example.com', role: null, referrerCode: null })).statusCode).toBe(201);
    expect((await post('/api/contact', { first_name: 'Rhea', email: 'rhea@example.com', message: 'Retentionmessage' })).statusCode).toBe(201);
    expect((await post('/api/shots', { kind: 'hbf', code: 'RET001', metrics: { elbowAngleDeg: 100 } }, { authorization: `Bearer ${INGEST}` })).statusCode).toBe(201);
    const claim = await post('/api/shots/hbf/RET001/claim', { first_name: 'Rhea', email: 'rhea@example.com' });
    expect(claim.statusCode).toBe(200);
    const claimer = { authorization: `Bearer ${claim.json().claimToken}` };
    expect((await post('/api/chat', { kind: 'hbf', shotCode: 'RET001', message: 'Retentionquestion' }, claimer)).body).toContain('"type":"done"');
    await stack.api.get(AuthService).createOrResetAdmin('retention-staff@swishly.test', 'Court-Vision-42', { actorType: 'system' });
    expect((await post('/api/auth/login', { email: 'retention-staff@swishly.test', password: 'Court-Vision-42' }, { 'user-agent': 'RetentionBrowser/1.0' })).statusCode).toBe(200);
    await eventually(() => count(`SELECT count(*) FROM mail_log WHERE status = 'sent'`), (n) => n >= 4);

    const bodies = () => count(`SELECT count(*) FROM mail_log WHERE html <> ''`);
    const sessionAddresses = () => count(`SELECT count(*) FROM admin_sessions WHERE ip IS NOT NULL OR user_agent IS NOT NULL`);
    const chats = () => count(`SELECT count(*) FROM chat_messages`);
    const messages = () => count(`SELECT count(*) FROM contact_submissions`);
    const personal = (type: string) => count(`SELECT count(*) FROM personal_data p JOIN domain_events e ON e.id = p.event_id WHERE e.type = $1`, [type]);
    const before = { bodies: await bodies(), sessions: await sessionAddresses() };
    expect(before.bodies).toBeGreaterThanOrEqual(4);
    expect(before.sessions).toBe(1);

    // Today and on day 29: nothing is due.
    expect(await job.run(new Date(start))).toEqual({ mail_bodies: 0, coach_conversations: 0, contact_messages: 0, session_addresses: 0, job_payloads: 0 });
    expect(await job.run(new Date(start + 29 * DAY))).toMatchObject({ mail_bodies: 0 });
    expect(await bodies()).toBe(before.bodies);

    // Day 31: the bodies go, the log's rows stay, and staff can no longer send one again.
    expect((await job.run(new Date(start + 31 * DAY)))!.mail_bodies).toBe(before.bodies);
    expect(await bodies()).toBe(0);
    expect(await count(`SELECT count(*) FROM mail_log WHERE to_address = 'rhea@example.com' AND subject <> ''`)).toBeGreaterThanOrEqual(2);

    // Day 91: the staff session's address and browser.
    expect(await job.run(new Date(start + 91 * DAY))).toMatchObject({ session_addresses: 1, coach_conversations: 0, contact_messages: 0 });
    expect(await sessionAddresses()).toBe(0);

    // 24 months and a day: the conversation and the contact message, from the read models and beside the log.
    expect(await chats()).toBe(2);
    expect(await messages()).toBe(1);
    const later = new Date(start);
    later.setUTCMonth(later.getUTCMonth() + 24);
    expect(await job.run(new Date(later.getTime() + DAY))).toMatchObject({ coach_conversations: 1, contact_messages: 1 });
    expect(await chats()).toBe(0);
    expect(await messages()).toBe(0);
    expect(await personal('chat.message-posted')).toBe(0);
    expect(await personal('contact.submitted')).toBe(0);
    // The person's waitlist entry and shot are not due: they stay.
    expect(await count(`SELECT count(*) FROM waitlist_entries WHERE email_normalized = 'rhea@example.com'`)).toBe(1);

    // A replay rebuilds the same tables: what retention forgot does not come back.
    const tables = stack.api.get(ProjectionRegistry).all().flatMap((p) => p.tables);
    const snapshot = async () => Promise.all(tables.map((t) => stack.dataSource.query(`SELECT * FROM "${t}" ORDER BY 1`)));
    const kept = await snapshot();
    await stack.api.get(ReplayService).replayAll();
    expect(await snapshot()).toEqual(kept);

    // What it removed is in the worker's metrics.
    const metrics = await stack.worker.get(MetricsService).registry.getSingleMetricAsString('retention_removed_total');
    expect(metrics).toMatch(/retention_removed_total\{kind="mail_bodies"\} [1-9]/);
    expect(metrics).toMatch(/retention_removed_total\{kind="coach_conversations"\} 1/);
  });

  /** A join as an older version queued it: the whole event, personal fields in its payload. */
  const legacyJoin = (signupNumber: number, firstName: string, email: string, referralCode: string) => ({
    id: randomUUID(), position: String(signupNumber), streamType: 'waitlist-entry', streamId: randomUUID(), version: 1, type: 'waitlist.joined',
    payload: { entryId: randomUUID(), signupNumber, firstName, email, role: null, referralCode, referredByCode: null, referral: null, source: 'landing' },
    metadata: {}, occurredAt: new Date().toISOString(),
  });

  it('strips the personal fields from finished jobs an older version queued with whole events', async () => {
    const queue = stack.worker.get(QueueRegistry).queueFor(SendWelcomeEmail);
    const legacy = legacyJoin(999999, 'Legacyname', 'legacy.person@example.com', 'LEGACY01');
    const added = await queue.add('waitlist.joined', { events: [legacy] }, { jobId: `legacy-${legacy.id}` });
    await eventually(async () => (await queue.getJob(added.id!))?.finishedOn, (finished) => finished !== undefined);
    expect(JSON.stringify((await queue.getJob(added.id!))!.data)).toContain('legacy.person@example.com');

    const removed = await stack.worker.get(RetentionJob).run();
    expect(removed!.job_payloads).toBeGreaterThanOrEqual(1);
    const data = JSON.stringify((await queue.getJob(added.id!))!.data);
    expect(data).not.toContain('legacy.person@example.com');
    expect(data).not.toContain('Legacyname');
    expect(data).toContain('LEGACY01'); // the business facts stay
    expect((await stack.worker.get(RetentionJob).run())!.job_payloads).toBe(0); // once
  });

  it('reaches such a job behind more than a page of newer finished jobs', async () => {
    const queue = stack.worker.get(QueueRegistry).queueFor(SendWelcomeEmail);
    const legacy = legacyJoin(999998, 'Oldestname', 'oldest.person@example.com', 'LEGACY02');
    const added = await queue.add('waitlist.joined', { events: [legacy] }, { jobId: `legacy-${legacy.id}` });
    await eventually(async () => (await queue.getJob(added.id!))?.finishedOn, (finished) => finished !== undefined);
    // 1,100 newer finished jobs: the newest thousand, all a single page read would see, hold no one.
    const before = await queue.getCompletedCount();
    await queue.addBulk(Array.from({ length: 1100 }, (_, i) => ({ name: 'filler', data: { events: [] }, opts: { jobId: `filler-${legacy.id}-${i}` } })));
    await eventually(() => queue.getCompletedCount(), (n) => n >= before + 1100, 60_000);

    expect((await stack.worker.get(RetentionJob).run())!.job_payloads).toBe(1);
    expect(JSON.stringify((await queue.getJob(added.id!))!.data)).not.toContain('oldest.person@example.com');
  });
});
