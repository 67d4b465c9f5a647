import { AuthService } from '@swishly/admin';
import { randomUUID } from 'node:crypto';
import { MetricsService, ProjectionRegistry, QueueRegistry, ReplayService, RetentionJob } from '@swishly/platform';
import { SendWelcomeEmail } from '@swishly/waitlist';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// The retention periods the Privacy Policy states, kept by the worker's retention job, run here
// with a controlled clock on the real Postgres: a privacy request nobody confirmed when its link
// expires (24 hours), mail bodies after 30 days (metadata stays), download clicks after 30 days
// (once counted), staff session addresses after 90, coach conversations and contact messages
// (with the team's copy) after 24 months, the mail log's records after RETENTION_MAIL_LOG_MONTHS
// (36 here, so that the contact message's own rule is seen first); a replay afterwards rebuilds
// the same tables.
const INGEST = 'retention-shots-ingest-token';
const DAY = 86_400_000;

describe('retention job', () => {
  let stack: TestStack;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    stack.api.inject({ method: 'POST', url, payload, headers, remoteAddress: '10.31.0.1' });
  const count = async (sql: string, params: unknown[] = []) => Number((await stack.dataSource.query(sql, params))[0].count);

  beforeAll(async () => {
    // The test takes one click's count back by hand (as if its job had not run yet): the state the
    // outbox reconciler repairs once RECONCILE_AFTER_MS has passed, which on a busy machine happened
    // mid-test and counted that click twice. An hour keeps the reconciler out of this test.
    stack = await startStack({
      SHOTS_INGEST_TOKEN: INGEST,
      PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000',
      RETENTION_MAIL_LOG_MONTHS: '36',
      RECONCILE_AFTER_MS: '3600000',
    });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('forgets each kind of personal data when its period ends, and nothing before', async () => {
    const job = stack.worker.get(RetentionJob);
    const start = Date.now();
    expect((await post('/api/waitlist', { first_name: 'Rhea', email: 'rhea@example.com', role: null, referrerCode: null })).statusCode).toBe(201);
    expect((await post('/api/contact', { first_name: 'Rhea', email: 'rhea@example.com', message: 'Retentionmessage' })).statusCode).toBe(201);
    expect((await post('/api/shots', { kind: 'hbf', code: 'RET001', metrics: { elbowAngleDeg: 100 } }, { authorization: `Bearer ${INGEST}` })).statusCode).toBe(
      201,
    );
    const claim = await post('/api/shots/hbf/RET001/claim', { first_name: 'Rhea', email: 'rhea@example.com' });
    expect(claim.statusCode).toBe(200);
    const claimer = { authorization: `Bearer ${claim.json().claimToken}` };
    expect((await post('/api/chat', { kind: 'hbf', shotCode: 'RET001', message: 'Retentionquestion' }, claimer)).body).toContain('"type":"done"');
    await stack.api.get(AuthService).createOrResetAdmin('retention-staff@swishly.test', 'Court-Vision-42', { actorType: 'system' });
    expect(
      (await post('/api/auth/login', { email: 'retention-staff@swishly.test', password: 'Court-Vision-42' }, { 'user-agent': 'RetentionBrowser/1.0' }))
        .statusCode,
    ).toBe(200);
    await eventually(
      () => count(`SELECT count(*) FROM mail_log WHERE status = 'sent'`),
      (n) => n >= 4,
    );
    // Rhea asks for a copy and follows the link; a stranger's address is typed and never confirmed.
    expect((await post('/api/privacy/requests', { email: 'rhea@example.com', kind: 'export' })).statusCode).toBe(202);
    const linkMail = await eventually(
      async () => stack.resend.deliveredTo('rhea@example.com').find((m) => m.body.subject.includes('download')),
      (m) => m !== undefined,
    );
    const token = decodeURIComponent(/privacy-request\?token=([^"&]+)/.exec(linkMail!.body.html)![1]);
    expect((await post('/api/privacy/requests/confirm', { token })).statusCode).toBe(200);
    expect((await post('/api/privacy/requests', { email: 'never.confirmed@example.com', kind: 'erasure' })).statusCode).toBe(202);
    // Four download clicks, counted by the roll-up job; the third one's count is then taken back,
    // as if its job had not run yet.
    for (let i = 0; i < 4; i++) {
      const click = await post(
        '/api/analytics/downloads',
        { source_tag: 'retention', platform: 'ios', click_type: 'badge_click' },
        { 'user-agent': `RetentionBrowser/${i}` },
      );
      expect(click.statusCode).toBe(202);
    }
    await eventually(
      () => count(`SELECT coalesce(sum(humans), 0) AS count FROM download_daily_rollups WHERE source_tag = 'retention'`),
      (n) => n === 4,
    );
    const [third] = await stack.dataSource.query(
      `SELECT d.id FROM download_events e JOIN domain_events d ON d.stream_type = 'download-click' AND d.stream_id = e.id::text ORDER BY e.created_at OFFSET 2 LIMIT 1`,
    );
    await stack.dataSource.query(`DELETE FROM processed_events WHERE consumer = 'analytics.roll-up-downloads' AND event_id = $1`, [third.id]);

    // Two webhook deliveries that named Rhea: one delivered, one still waiting for a paused receiver.
    await stack.dataSource.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status)
       VALUES ('msg_retention_sent', gen_random_uuid(), gen_random_uuid(), 'member.joined', '{"data":{"email":"rhea@example.com"}}', 'delivered'),
              ('msg_retention_waiting', gen_random_uuid(), gen_random_uuid(), 'member.joined', '{"data":{"email":"rhea@example.com"}}', 'pending')`,
    );
    const webhookDeliveries = () => stack.dataSource.query(`SELECT id FROM webhook_deliveries WHERE id LIKE 'msg_retention_%' ORDER BY id`);
    const bodies = () => count(`SELECT count(*) FROM mail_log WHERE html <> ''`);
    const sessionAddresses = () => count(`SELECT count(*) FROM admin_sessions WHERE ip IS NOT NULL OR user_agent IS NOT NULL`);
    const chats = () => count(`SELECT count(*) FROM chat_messages`);
    const messages = () => count(`SELECT count(*) FROM contact_submissions`);
    const personal = (type: string) => count(`SELECT count(*) FROM personal_data p JOIN domain_events e ON e.id = p.event_id WHERE e.type = $1`, [type]);
    const clicks = () => count(`SELECT count(*) FROM download_events`);
    const clicksCounted = () => count(`SELECT coalesce(sum(humans), 0) AS count FROM download_daily_rollups WHERE source_tag = 'retention'`);
    const teamCopies = () => count(`SELECT count(*) FROM mail_log WHERE to_address = $1 AND reply_to = 'rhea@example.com'`, [stack.config.CONTACT_TO]);
    const before = { bodies: await bodies(), sessions: await sessionAddresses() };
    expect(before.bodies).toBeGreaterThanOrEqual(4);
    expect(before.sessions).toBe(1);

    // Today: nothing is due.
    expect(await job.run(new Date(start))).toEqual({
      mail_bodies: 0,
      mail_records: 0,
      coach_conversations: 0,
      contact_messages: 0,
      contact_team_copies: 0,
      session_addresses: 0,
      privacy_requests: 0,
      download_clicks: 0,
      job_payloads: 0,
      webhook_deliveries: 0,
    });

    // A day later the unconfirmed request's link has expired: its address goes. Rhea's, carried out, stays with her data.
    const requests = () =>
      stack.dataSource.query(
        `SELECT p.subject FROM personal_data p JOIN domain_events e ON e.id = p.event_id WHERE e.type = 'privacy.request-made' ORDER BY 1`,
      );
    expect(await requests()).toEqual([{ subject: 'email:never.confirmed@example.com' }, { subject: 'email:rhea@example.com' }]);
    expect(await job.run(new Date(start + DAY - 60_000))).toMatchObject({ privacy_requests: 0 });
    // A day after the request itself, made a while after `start` on a loaded machine.
    expect(await job.run(new Date(Date.now() + DAY + 60_000))).toMatchObject({ privacy_requests: 1 });
    expect(await requests()).toEqual([{ subject: 'email:rhea@example.com' }]);

    // Day 29: nothing more is due.
    expect(await job.run(new Date(start + 29 * DAY))).toMatchObject({ mail_bodies: 0, download_clicks: 0, webhook_deliveries: 0 });
    expect(await bodies()).toBe(before.bodies);
    expect(await clicks()).toBe(4);

    // Day 31: the bodies go, the log's rows stay, and staff can no longer send one again.
    // The clicks counted go up to the one not counted yet, which stays with those after it.
    // The webhook delivery log's month (WEBHOOK_DELIVERY_RETENTION_DAYS) is over too: both go, the one still waiting for a paused receiver too.
    expect(await job.run(new Date(start + 31 * DAY))).toMatchObject({ mail_bodies: before.bodies, mail_records: 0, download_clicks: 2, webhook_deliveries: 2 });
    expect(await webhookDeliveries()).toEqual([]);
    expect(await bodies()).toBe(0);
    expect(await count(`SELECT count(*) FROM mail_log WHERE to_address = 'rhea@example.com' AND subject <> ''`)).toBeGreaterThanOrEqual(2);
    expect(await clicks()).toBe(2);
    expect(await clicksCounted()).toBe(4); // the counters keep every click
    await stack.dataSource.query(`INSERT INTO processed_events (consumer, event_id) VALUES ('analytics.roll-up-downloads', $1)`, [third.id]);
    expect(await job.run(new Date(start + 31 * DAY))).toMatchObject({ download_clicks: 2 });
    expect(await clicks()).toBe(0);
    expect(await count(`SELECT count(*) FROM download_daily_visitors`)).toBe(0); // the job's record of the day's visitors
    expect(await clicksCounted()).toBe(4);

    // Day 91: the staff session's address and browser.
    expect(await job.run(new Date(start + 91 * DAY))).toMatchObject({ session_addresses: 1, coach_conversations: 0, contact_messages: 0 });
    expect(await sessionAddresses()).toBe(0);

    // 24 months and a day: the conversation and the contact message, from the read models and beside the log.
    expect(await chats()).toBe(2);
    expect(await messages()).toBe(1);
    expect(await teamCopies()).toBe(1);
    const monthsLater = (months: number) => {
      const later = new Date(start);
      later.setUTCMonth(later.getUTCMonth() + months);
      return new Date(later.getTime() + DAY);
    };
    expect(await job.run(monthsLater(24))).toMatchObject({ coach_conversations: 1, contact_messages: 1, contact_team_copies: 1, mail_records: 0 });
    expect(await chats()).toBe(0);
    expect(await messages()).toBe(0);
    expect(await teamCopies()).toBe(0); // the team's copy (the sender's address as Reply-To, their subject) went with it
    expect(await personal('chat.message-posted')).toBe(0);
    expect(await personal('contact.submitted')).toBe(0);
    // The person's waitlist entry and shot are not due: they stay.
    expect(await count(`SELECT count(*) FROM waitlist_entries WHERE email_normalized = 'rhea@example.com'`)).toBe(1);

    // A replay rebuilds the same tables: what retention forgot does not come back.
    const tables = stack.api
      .get(ProjectionRegistry)
      .all()
      .flatMap((p) => p.tables);
    const snapshot = async () => Promise.all(tables.map((t) => stack.dataSource.query(`SELECT * FROM "${t}" ORDER BY 1`)));
    const kept = await snapshot();
    await stack.api.get(ReplayService).replayAll();
    expect(await snapshot()).toEqual(kept);

    // 36 months and a day (RETENTION_MAIL_LOG_MONTHS here): the records of the emails go too.
    const records = await count(`SELECT count(*) FROM mail_log`);
    expect(records).toBeGreaterThanOrEqual(4);
    expect(await job.run(monthsLater(35))).toMatchObject({ mail_records: 0 });
    expect(await job.run(monthsLater(36))).toMatchObject({ mail_records: records });
    expect(await count(`SELECT count(*) FROM mail_log`)).toBe(0);

    // What it removed is in the worker's metrics.
    const metrics = await stack.worker.get(MetricsService).registry.getSingleMetricAsString('retention_removed_total');
    expect(metrics).toMatch(/retention_removed_total\{kind="mail_bodies"\} [1-9]/);
    expect(metrics).toMatch(/retention_removed_total\{kind="coach_conversations"\} 1/);
  });

  /** A join as an older version queued it: the whole event, personal fields in its payload. */
  const legacyJoin = (signupNumber: number, firstName: string, email: string, referralCode: string) => ({
    id: randomUUID(),
    position: String(signupNumber),
    streamType: 'waitlist-entry',
    streamId: randomUUID(),
    version: 1,
    type: 'waitlist.joined',
    payload: { entryId: randomUUID(), signupNumber, firstName, email, role: null, referralCode, referredByCode: null, referral: null, source: 'landing' },
    metadata: {},
    occurredAt: new Date().toISOString(),
  });

  it('strips the personal fields from finished jobs an older version queued with whole events', async () => {
    const queue = stack.worker.get(QueueRegistry).queueFor(SendWelcomeEmail);
    const legacy = legacyJoin(999999, 'Legacyname', 'legacy.person@example.com', 'LEGACY01');
    const added = await queue.add('waitlist.joined', { events: [legacy] }, { jobId: `legacy-${legacy.id}` });
    await eventually(
      async () => (await queue.getJob(added.id!))?.finishedOn,
      (finished) => finished !== undefined,
    );
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
    await eventually(
      async () => (await queue.getJob(added.id!))?.finishedOn,
      (finished) => finished !== undefined,
    );
    // 1,100 newer finished jobs: the newest thousand, all a single page read would see, hold no one.
    const before = await queue.getCompletedCount();
    await queue.addBulk(Array.from({ length: 1100 }, (_, i) => ({ name: 'filler', data: { events: [] }, opts: { jobId: `filler-${legacy.id}-${i}` } })));
    // A worker on a loaded CI machine took over a minute to finish the 1,100.
    await eventually(
      () => queue.getCompletedCount(),
      (n) => n >= before + 1100,
      180_000,
    );

    expect((await stack.worker.get(RetentionJob).run())!.job_payloads).toBe(1);
    expect(JSON.stringify((await queue.getJob(added.id!))!.data)).not.toContain('oldest.person@example.com');
  }, 240_000);
});
