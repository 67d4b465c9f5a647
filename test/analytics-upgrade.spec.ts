import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MODULE_MIGRATIONS } from '@swishly/business-modules';
import { DOWNLOAD_ROLLUP_STREAM, DownloadRollupsCounted, DownloadTracked } from '@swishly/analytics';
import { ConsumerContext, dataSourceOptions, DomainEvent, EventRow, EventStore, ProjectionRegistry, ReplayService, toDomainEvent } from '@swishly/platform';
import { WaitlistJoinedPayload } from '@swishly/waitlist';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { DownloadsRepository } from '../libs/analytics/src/downloads/downloads.repository';
import { RollUpDownloadsJob } from '../libs/analytics/src/downloads/jobs/roll-up-downloads.job';
import { RollUpSignupsJob } from '../libs/analytics/src/signups/jobs/roll-up-signups.job';
import { createTestDatabase } from './utils/database';
import { bootApi, signInStaff } from './utils/test-app';
import { eventually, testConfig } from './utils/test-config';

/**
 * A database from before the roll-ups became projections of their events (the issue's "old
 * shape"), upgraded by the backfill migrations, then replayed (`npm run events:replay`): every
 * read model, the report tables among them, is the same row for row, and the report counts the
 * old download days and the old sign-ups.
 *
 * No worker runs here: what the old consumers did is written as they wrote it, and what the
 * current ones do is done by their jobs, called in a transaction as the consumer host calls them.
 */
describe('analytics upgrade: the old roll-ups survive a replay', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: NestFastifyApplication;
  let dataSource: DataSource;
  let migrator: DataSource;
  let staff: { cookie: string; 'x-csrf-token': string };

  const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const today = dayBefore(0);
  const oldDay = dayBefore(60); // before the roll-up events existed
  const mixedDay = dayBefore(20); // the old consumer's counters, and one the events' job counted again since

  const report = async (from: string, to: string) => {
    const res = await api.inject({ method: 'GET', url: `/api/admin/analytics/report?from=${from}&to=${to}`, headers: staff });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  /** Runs one migration as runMigrations does (transaction 'each'): in a transaction of its own. */
  const migrate = async (name: string) => {
    const migration = migrator.migrations.find((m) => m.name === name);
    if (!migration) throw new Error(`No migration ${name}`);
    const runner = migrator.createQueryRunner();
    await runner.startTransaction();
    try {
      await migration.up(runner);
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  };

  /** Every read model (the six report tables among them), each in the order of its whole rows. */
  const reportTables = () =>
    api
      .get(ProjectionRegistry)
      .all()
      .flatMap((p) => p.tables);
  async function snapshot() {
    const result: Record<string, unknown[]> = {};
    for (const table of reportTables()) result[table] = await dataSource.query(`SELECT * FROM "${table}" t ORDER BY t::text`);
    return result;
  }
  /** Replays the log into emptied read models and gives what they hold then. */
  async function replayed() {
    const tables = reportTables();
    await dataSource.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} CASCADE`);
    await api.get(ReplayService).replayAll(7);
    return snapshot();
  }

  const eventsOfType = async (type: string): Promise<DomainEvent[]> =>
    (await dataSource.query('SELECT * FROM domain_events WHERE type = $1 ORDER BY position', [type])).map((r: EventRow) => toDomainEvent(r));

  /** As the consumer host runs a job: record the events as processed, then the handler, in one transaction. */
  const consume = (consumer: string, events: DomainEvent[], handle: (events: DomainEvent[], manager: EntityManager) => Promise<void>) =>
    dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO processed_events (consumer, event_id) SELECT $1, unnest($2::uuid[])', [consumer, events.map((e) => e.id)]);
      await handle(events, manager);
    });

  beforeAll(async () => {
    db = await createTestDatabase();
    api = await bootApi(testConfig(db.url));
    dataSource = api.get(DataSource);
    migrator = await new DataSource(dataSourceOptions(db.url, 2, MODULE_MIGRATIONS)).initialize();
    staff = await signInStaff(api, 'upgrade@swishly.test');
  });

  afterAll(async () => {
    await migrator?.destroy();
    await api?.close();
    await db?.drop();
  });

  it('keeps the download days the first consumer counted, with events a replay rebuilds them from', async () => {
    // The first consumer's days: clicks recorded (DownloadTracked, from before visitors and bots
    // were told apart), counted straight into download_daily_rollups, no DownloadRollupsCounted.
    const oldClick = async (
      day: string,
      sourceTag: string,
      platform: 'ios' | 'android' | 'desktop',
      clickType: 'badge_click' | 'page_visit',
      visitorHash?: string,
    ) => {
      const clickId = randomUUID();
      const payload = { clickId, sourceTag, platform, clickType, explicitChoice: null, ...(visitorHash ? { visitorHash } : {}) };
      const occurredAt = new Date(`${day}T10:00:00Z`);
      const [event] = await dataSource.query(
        `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata, occurred_at)
         VALUES (gen_random_uuid(), 'download-click', $1, 1, $2, $3, '{"actorType":"visitor"}', $4) RETURNING id, position`,
        [clickId, DownloadTracked.type, JSON.stringify(payload), occurredAt],
      );
      await dataSource.query(`INSERT INTO outbox (event_position, dispatched_at) VALUES ($1, now())`, [event.position]);
      await dataSource.query(`INSERT INTO processed_events (consumer, event_id) VALUES ('analytics.roll-up-downloads', $1)`, [event.id]);
      await DownloadsRepository.insertEvents(
        [{ id: clickId, sourceTag, platform, clickType, explicitChoice: null, visitorHash: visitorHash ?? null, isBot: false, createdAt: occurredAt }],
        dataSource.manager,
      );
    };
    const oldCounts: [string, string, 'ios' | 'android' | 'desktop', 'badge_click' | 'page_visit', number][] = [
      [oldDay, 'homepage-hero', 'ios', 'badge_click', 2],
      [oldDay, 'homepage-cta', 'android', 'page_visit', 1],
      [mixedDay, 'homepage-hero', 'ios', 'badge_click', 1],
      [mixedDay, 'direct', 'desktop', 'page_visit', 3],
    ];
    for (const [day, sourceTag, platform, clickType, clicks] of oldCounts) {
      for (let i = 0; i < clicks; i++) await oldClick(day, sourceTag, platform, clickType);
      await dataSource.query(
        `INSERT INTO download_daily_rollups (day, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots) VALUES ($1, $2, $3, $4, $5, 0, 0, 0)`,
        [day, sourceTag, platform, clickType, clicks],
      );
    }
    // The month's counters and the day's totals, filled from those (DownloadReportRollups1763700001600).
    await dataSource.query(`
      INSERT INTO download_monthly_rollups (month, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots)
      SELECT date_trunc('month', day::timestamp)::date, source_tag, platform, click_type, sum(humans), sum(unique_humans), sum(bots), sum(unique_bots)
      FROM download_daily_rollups GROUP BY 1, 2, 3, 4`);
    await dataSource.query(`
      INSERT INTO download_daily_totals (day, click_type, humans, unique_humans, bots, unique_bots)
      SELECT day, click_type, sum(humans), sum(unique_humans), sum(bots), sum(unique_bots)
      FROM download_daily_rollups GROUP BY 1, 2`);

    // Later, the job that appends DownloadRollupsCounted counted one more click on one counter of
    // the mixed day (whole values: the old click and this one), and today's clicks.
    await oldClick(mixedDay, 'homepage-hero', 'ios', 'badge_click', 'a'.repeat(64));
    await api.get(EventStore).append({ streamType: DOWNLOAD_ROLLUP_STREAM, streamId: mixedDay }, 'any', [
      DownloadRollupsCounted({
        rows: [{ day: mixedDay, sourceTag: 'homepage-hero', platform: 'ios', clickType: 'badge_click', humans: 2, uniqueHumans: 1, bots: 0, uniqueBots: 0 }],
      }),
    ]);
    for (const [source_tag, platform, click_type] of [
      ['homepage-hero', 'ios', 'badge_click'],
      ['direct', 'desktop', 'page_visit'],
    ]) {
      expect((await api.inject({ method: 'POST', url: '/api/analytics/downloads', payload: { source_tag, platform, click_type } })).statusCode).toBe(202);
    }
    const job = new RollUpDownloadsJob(api.get(DownloadsRepository), api.get(EventStore));
    const todays = (await eventsOfType(DownloadTracked.type)).filter((e) => e.occurredAt.startsWith(today));
    expect(todays).toHaveLength(2);
    await consume('analytics.roll-up-downloads', todays, (events, manager) => job.handleBatch(events as never, { manager } as ConsumerContext));
    const countedBefore = (await eventsOfType(DownloadRollupsCounted.type)).length;
    expect(countedBefore).toBe(2);

    await migrate('DownloadRollupsCountedBackfill1763700002600');

    // One event per day for the counters no event ended with: the old day's two, the mixed day's
    // one the job never touched again; today's and the recounted one are left alone.
    const appended = (await eventsOfType(DownloadRollupsCounted.type)).slice(countedBefore);
    expect(appended.map((e) => [e.streamType, e.streamId, e.version, e.payload])).toEqual([
      [
        DOWNLOAD_ROLLUP_STREAM,
        oldDay,
        1,
        {
          rows: [
            { day: oldDay, sourceTag: 'homepage-cta', platform: 'android', clickType: 'page_visit', humans: 1, uniqueHumans: 0, bots: 0, uniqueBots: 0 },
            { day: oldDay, sourceTag: 'homepage-hero', platform: 'ios', clickType: 'badge_click', humans: 2, uniqueHumans: 0, bots: 0, uniqueBots: 0 },
          ],
        },
      ],
      [
        DOWNLOAD_ROLLUP_STREAM,
        mixedDay,
        2,
        { rows: [{ day: mixedDay, sourceTag: 'direct', platform: 'desktop', clickType: 'page_visit', humans: 3, uniqueHumans: 0, bots: 0, uniqueBots: 0 }] },
      ],
    ]);
    // Recorded in the outbox as any append is.
    const [outboxed] = await dataSource.query('SELECT count(*)::int AS n FROM outbox WHERE event_position = ANY($1::bigint[])', [
      appended.map((e) => e.position),
    ]);
    expect(outboxed.n).toBe(2);
    // Run again, it finds nothing missing.
    await migrate('DownloadRollupsCountedBackfill1763700002600');
    expect(await eventsOfType(DownloadRollupsCounted.type)).toHaveLength(countedBefore + 2);

    const before = await snapshot();
    expect(before.download_daily_rollups).toHaveLength(6);
    const reportBefore = await report(oldDay, today);
    expect(await replayed()).toEqual(before);
    expect(await report(oldDay, today)).toEqual(reportBefore);

    // The report counts the old days.
    const daily = Object.fromEntries(reportBefore.daily.map((d: { day: string }) => [d.day, d]));
    expect(daily[oldDay]).toMatchObject({ badgeClicks: 2, pageVisits: 1 });
    expect(daily[mixedDay]).toMatchObject({ badgeClicks: 2, pageVisits: 3 });
    expect(reportBefore.downloads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sourceTag: 'homepage-cta', platform: 'android', clickType: 'page_visit', total: 1 }),
        expect.objectContaining({ sourceTag: 'homepage-hero', platform: 'ios', clickType: 'badge_click', total: 5 }),
        expect.objectContaining({ sourceTag: 'direct', platform: 'desktop', clickType: 'page_visit', total: 4 }),
      ]),
    );
  });

  it('counts the sign-ups from before the sign-up roll-up once, in events a replay rebuilds them from', async () => {
    const join = async (payload: object) => {
      const res = await api.inject({ method: 'POST', url: '/api/waitlist', payload });
      expect(res.statusCode).toBe(201);
      return res.json();
    };
    // Before the consumer: joins whose outbox rows were dispatched and checked off.
    const ann = await join({ first_name: 'Ann', email: 'ann-old@example.com' });
    await join({ first_name: 'Ben', email: 'ben-old@example.com', referrerCode: ann.referralCode });
    await join({ first_name: 'Cai', email: 'cai-old@example.com', source_tag: 'tiktok-bio', utm_source: 'tiktok', utm_campaign: 'launch' });
    const oldJoins = await eventsOfType('waitlist.joined');
    expect(oldJoins).toHaveLength(3);
    const positions = oldJoins.map((e) => e.position);
    await eventually(
      async () =>
        (await dataSource.query('SELECT count(*)::int AS n FROM outbox WHERE event_position = ANY($1::bigint[]) AND dispatched_at IS NOT NULL', [positions]))[0]
          .n,
      (n) => n === 3,
    );
    await dataSource.query('UPDATE outbox SET check_at = NULL WHERE event_position = ANY($1::bigint[])', [positions]);

    // The consumer arrived: it counts the joins after, and records them as processed.
    await join({ first_name: 'Dee', email: 'dee-new@example.com', utm_source: 'newsletter' });
    await join({ first_name: 'Eli', email: 'eli-new@example.com', referrerCode: ann.referralCode });
    const newJoins = (await eventsOfType('waitlist.joined')).slice(3);
    const job = new RollUpSignupsJob(api.get(EventStore));
    await consume('analytics.roll-up-signups', newJoins, (events, manager) =>
      job.handleBatch(events as DomainEvent<WaitlistJoinedPayload>[], { manager } as ConsumerContext),
    );
    expect((await report(today, today)).signupTotals).toMatchObject({ signups: 2, referral: 1, direct: 1 });
    const countedBefore = (await eventsOfType('analytics.signups-counted')).length;

    await migrate('SignupsCountedBackfill1763700002610');

    // The three old joins, counted once, on today's stream; the two the consumer counted, not again.
    const appended = (await eventsOfType('analytics.signups-counted')).slice(countedBefore);
    expect(appended.map((e) => [e.streamType, e.streamId, e.payload])).toEqual([
      [
        'signup-rollup',
        today,
        {
          rows: [
            { day: today, channel: 'direct', creatorCode: '', sourceTag: '', utmSource: '', utmCampaign: '', signups: 1 },
            { day: today, channel: 'direct', creatorCode: '', sourceTag: 'tiktok-bio', utmSource: 'tiktok', utmCampaign: 'launch', signups: 1 },
            { day: today, channel: 'referral', creatorCode: '', sourceTag: '', utmSource: '', utmCampaign: '', signups: 1 },
          ],
        },
      ],
    ]);
    // No one's name or address, in the event or beside it.
    expect(JSON.stringify(appended.map((e) => [e.payload, e.metadata]))).not.toMatch(/\b(ann|ben|cai)\b|@/i);
    expect(await dataSource.query('SELECT * FROM personal_data WHERE event_id = ANY($1::uuid[])', [appended.map((e) => e.id)])).toEqual([]);
    const processed = await dataSource.query(
      `SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'analytics.roll-up-signups' AND event_id = ANY($1::uuid[])`,
      [[...oldJoins, ...newJoins].map((e) => e.id)],
    );
    expect(processed[0].n).toBe(5);
    const counted = await report(today, today);
    expect(counted.signupTotals).toMatchObject({ signups: 5, referral: 2, direct: 3 });
    expect(counted.topSources).toEqual(expect.arrayContaining([expect.objectContaining({ sourceTag: 'tiktok-bio', signups: 1 })]));

    // Run again, it adds nothing.
    const before = await snapshot();
    await migrate('SignupsCountedBackfill1763700002610');
    expect(await eventsOfType('analytics.signups-counted')).toHaveLength(countedBefore + 1);
    expect(await snapshot()).toEqual(before);

    // A replay rebuilds every read model, the sign-up counters with the old joins among them.
    expect(before.signup_daily_rollups.length).toBeGreaterThan(0);
    const reportBefore = await report(oldDay, today);
    expect(await replayed()).toEqual(before);
    expect(await report(oldDay, today)).toEqual(reportBefore);
    expect((await report(today, today)).signupTotals).toEqual(counted.signupTotals);
  });

  it('moves the self and held referrals the job once counted as referrals into their own columns, once, in events a replay rebuilds them from', async () => {
    const join = async (payload: object, remoteAddress = `10.55.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) => {
      const res = await api.inject({ method: 'POST', url: '/api/waitlist', payload, remoteAddress });
      expect(res.statusCode).toBe(201);
      return res.json();
    };
    const zed = await join({ first_name: 'Zed', email: 'zed-old@example.com' });
    await join({ first_name: 'Zed', email: 'zed-old+again@example.com', referrerCode: zed.referralCode });
    const [own] = (await eventsOfType('waitlist.joined')).slice(-1);
    expect(own.payload).toMatchObject({ referral: { kind: 'entry', status: 'self' } });
    const zedJoin = (await eventsOfType('waitlist.joined')).slice(-2, -1);
    // Counted as the job counted before it told them apart: both in the processed list, the own link as a referral.
    await consume('analytics.roll-up-signups', [...zedJoin, own], async (_events, manager) => {
      const day = own.occurredAt.slice(0, 10);
      const counter = { day, creatorCode: '', sourceTag: '', utmSource: '', utmCampaign: '', signups: 1 };
      await api
        .get(EventStore)
        .within(manager)
        .append({ streamType: 'signup-rollup', streamId: day }, 'any', [
          {
            type: 'analytics.signups-counted',
            payload: {
              rows: [
                { ...counter, channel: 'direct' },
                { ...counter, channel: 'referral' },
              ],
            },
          },
        ]);
    });
    const before = (await report(today, today)).signupTotals;

    await migrate('ReferralChannelsApart1763700002605');
    const after = (await report(today, today)).signupTotals;
    expect({
      signups: after.signups - before.signups,
      referral: after.referral - before.referral,
      selfReferral: after.selfReferral - before.selfReferral,
    }).toEqual({
      signups: 0,
      referral: -1,
      selfReferral: 1,
    });
    const [moved] = (await eventsOfType('analytics.signups-counted')).slice(-1);
    expect(moved.payload).toEqual({
      rows: [
        { day: today, channel: 'referral', creatorCode: '', sourceTag: '', utmSource: '', utmCampaign: '', signups: -1 },
        { day: today, channel: 'self_referral', creatorCode: '', sourceTag: '', utmSource: '', utmCampaign: '', signups: 1 },
      ],
    });

    // Run again, it moves nothing; a replay gives the same read models and report.
    const snap = await snapshot();
    await migrate('ReferralChannelsApart1763700002605');
    expect(await snapshot()).toEqual(snap);
    expect(await replayed()).toEqual(snap);
    expect((await report(today, today)).signupTotals).toEqual(after);
  });
});
