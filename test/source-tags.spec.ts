import { INestApplicationContext } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ANALYTICS_MIGRATIONS, DOWNLOAD_ROLLUP_STREAM, DownloadRollupsCounted, SIGNUP_ROLLUP_STREAM, SignupsCounted } from '@swishly/analytics';
import { EventStore, ReplayService } from '@swishly/platform';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './utils/database';
import { bootApi } from './utils/test-app';
import { eventually, testConfig } from './utils/test-config';
import { bootWorker } from './utils/test-worker';

/** Source tags are one source whatever their case: normalised at the ingest, merged in the tables, and in a replay. */
describe('source tags (lower case, one source)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: NestFastifyApplication;
  let worker: INestApplicationContext;
  let dataSource: DataSource;
  let ipCounter = 0;
  const track = (payload: object) => api.inject({ method: 'POST', url: '/api/analytics/downloads', payload, remoteAddress: `10.26.0.${++ipCounter}` });
  const counters = (table: string, period: string, tag: string) =>
    dataSource.query(
      `SELECT to_char(${period}, 'YYYY-MM-DD') AS period, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots
       FROM ${table} WHERE lower(source_tag) = $1 ORDER BY 1, 2, 3, 4`,
      [tag],
    );
  const signupCounters = (table: string, period: string, tag: string) =>
    dataSource.query(
      `SELECT to_char(${period}, 'YYYY-MM-DD') AS period, channel, source_tag, signups FROM ${table} WHERE lower(source_tag) = $1 ORDER BY 1, 2, 3`,
      [tag],
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = testConfig(db.url);
    api = await bootApi(config);
    worker = await bootWorker(config);
    dataSource = api.get(DataSource);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await db?.drop();
  });

  it('stores and counts a tag in lower case, and refuses characters outside the rule (400 naming it)', async () => {
    for (const source_tag of ['HOOPS25', 'hoops25', ' Hoops25 ']) {
      expect((await track({ source_tag, platform: 'ios', click_type: 'badge_click' })).statusCode).toBe(202);
    }
    const refused = await track({ source_tag: 'café', platform: 'ios', click_type: 'page_visit' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/source_tag must be 1-64 characters: letters a-z, digits, - or _/);

    expect(await dataSource.query(`SELECT DISTINCT source_tag FROM download_events WHERE lower(source_tag) = 'hoops25'`)).toEqual([{ source_tag: 'hoops25' }]);
    const rows = await eventually(
      () => counters('download_daily_rollups', 'day', 'hoops25'),
      (r) => r[0]?.humans === 3,
    );
    expect(rows).toEqual([expect.objectContaining({ source_tag: 'hoops25', platform: 'ios', click_type: 'badge_click', humans: 3 })]);

    const join = await api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Tag', email: 'tag-case@swishly.test', source_tag: 'HOOPS25' },
      remoteAddress: '10.26.1.1',
    });
    expect(join.statusCode).toBeLessThan(300);
    await eventually(
      () => signupCounters('signup_daily_rollups', 'day', 'hoops25'),
      (r) => r.length > 0,
    );
    expect((await signupCounters('signup_daily_rollups', 'day', 'hoops25')).map((r: { source_tag: string }) => r.source_tag)).toEqual(['hoops25']);
  });

  it('merges the counters of tags that differ only by case (migration), and a replay gives the same merged tables', async () => {
    const events = api.get(EventStore);
    const meta = { actorType: 'system' as const };
    const row = (sourceTag: string, humans: number, uniqueHumans: number, bots = 0, uniqueBots = 0) => ({
      day: '2024-03-05',
      sourceTag,
      platform: 'android',
      clickType: 'page_visit',
      humans,
      uniqueHumans,
      bots,
      uniqueBots,
    });
    // As the roll-up job counted them before tags were normalised: whole values per spelling.
    await events.append(
      { streamType: DOWNLOAD_ROLLUP_STREAM, streamId: '2024-03-05' },
      'any',
      [DownloadRollupsCounted({ rows: [row('SPRING', 3, 2, 1, 1), row('spring', 2, 2)] })],
      meta,
    );
    await events.append({ streamType: DOWNLOAD_ROLLUP_STREAM, streamId: '2024-03-05' }, 'any', [DownloadRollupsCounted({ rows: [row('spring', 4, 3)] })], meta);
    // Sign-up counters of both spellings in one event: the projection adds them up under the lower-case tag.
    const signup = (sourceTag: string, signups: number) => ({
      day: '2024-03-05',
      channel: 'direct' as const,
      creatorCode: '',
      sourceTag,
      utmSource: '',
      utmCampaign: '',
      signups,
    });
    await events.append(
      { streamType: SIGNUP_ROLLUP_STREAM, streamId: '2024-03-05' },
      'any',
      [SignupsCounted({ rows: [signup('SPRING', 2), signup('spring', 1)] })],
      meta,
    );
    // Rows written before the change, straight into the tables.
    await dataSource.query(
      `INSERT INTO download_events (id, source_tag, platform, click_type, explicit_choice, visitor_hash, is_bot, created_at)
       VALUES (gen_random_uuid(), 'Spring', 'android', 'page_visit', false, 'aa', false, '2024-03-05T10:00:00Z')`,
    );
    await dataSource.query(
      `INSERT INTO download_daily_visitors (day, source_tag, platform, click_type, is_bot, visitor_hash)
       VALUES ('2024-03-05', 'SPRING', 'android', 'page_visit', false, 'aa'), ('2024-03-05', 'spring', 'android', 'page_visit', false, 'aa'),
              ('2024-03-05', 'Spring', 'android', 'page_visit', false, 'bb')`,
    );
    await dataSource.query(
      `INSERT INTO signup_daily_rollups (day, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
       VALUES ('2024-03-06', 'direct', '', 'SPRING', '', '', 4), ('2024-03-06', 'direct', '', 'spring', '', '', 1)`,
    );
    expect(await counters('download_daily_rollups', 'day', 'spring')).toHaveLength(2);

    const migration = ANALYTICS_MIGRATIONS.map((M) => new M()).find((m) => m.name === 'SourceTagsMerged1763700002620');
    expect(migration).toBeDefined();
    const runner = dataSource.createQueryRunner();
    try {
      await migration!.up(runner);
    } finally {
      await runner.release();
    }

    const merged = {
      period: '2024-03-05',
      source_tag: 'spring',
      platform: 'android',
      click_type: 'page_visit',
      humans: 7,
      unique_humans: 5,
      bots: 1,
      unique_bots: 1,
    };
    const daily = await counters('download_daily_rollups', 'day', 'spring');
    const monthly = await counters('download_monthly_rollups', 'month', 'spring');
    expect(daily).toEqual([merged]);
    expect(monthly).toEqual([{ ...merged, period: '2024-03-01' }]);
    expect(await dataSource.query(`SELECT source_tag FROM download_events WHERE created_at = '2024-03-05T10:00:00Z'`)).toEqual([{ source_tag: 'spring' }]);
    expect(
      await dataSource.query(
        `SELECT source_tag, visitor_hash FROM download_daily_visitors WHERE day = '2024-03-05' AND lower(source_tag) = 'spring' ORDER BY 2`,
      ),
    ).toEqual([
      { source_tag: 'spring', visitor_hash: 'aa' },
      { source_tag: 'spring', visitor_hash: 'bb' },
    ]);
    expect(await signupCounters('signup_daily_rollups', 'day', 'spring')).toEqual([
      { period: '2024-03-05', channel: 'direct', source_tag: 'spring', signups: 3 },
      { period: '2024-03-06', channel: 'direct', source_tag: 'spring', signups: 5 },
    ]);

    // Run again: nothing changes.
    const again = dataSource.createQueryRunner();
    try {
      await migration!.up(again);
    } finally {
      await again.release();
    }
    expect(await counters('download_daily_rollups', 'day', 'spring')).toEqual(daily);

    // Rebuilt from the log: the counters merged where the migration merged them.
    await worker.get(ReplayService).replayAll(2);
    expect(await counters('download_daily_rollups', 'day', 'spring')).toEqual(daily);
    expect(await counters('download_monthly_rollups', 'month', 'spring')).toEqual(monthly);
    expect(await signupCounters('signup_daily_rollups', 'day', 'spring')).toEqual([
      { period: '2024-03-05', channel: 'direct', source_tag: 'spring', signups: 3 },
    ]);
    expect(await dataSource.query(`SELECT DISTINCT source_tag FROM download_events WHERE lower(source_tag) = 'hoops25'`)).toEqual([{ source_tag: 'hoops25' }]);
  });
});
