import { INestApplicationContext } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthService } from '@swishly/admin';
import {
  DOWNLOAD_ROLLUP_STREAM,
  DownloadRollupRow,
  DownloadRollupsCounted,
  DownloadTracked,
  RollUpDownloads,
  SIGNUP_ROLLUP_STREAM,
  SignupRollupRow,
  SignupsCounted,
} from '@swishly/analytics';
import { ConsumerContext, ConsumerHost, DomainEvent, EventStore, ReplayService, toDomainEvent } from '@swishly/platform';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { RollUpDownloadsJob } from '../libs/analytics/src/downloads/jobs/roll-up-downloads.job';
import { createTestDatabase } from './utils/database';
import { bootApi } from './utils/test-app';
import { eventually, testConfig } from './utils/test-config';
import { bootWorker } from './utils/test-worker';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const RATE_LIMIT = 30;

type Counter = {
  day: string;
  source_tag: string;
  platform: string;
  click_type: string;
  humans: number;
  unique_humans: number;
  bots: number;
  unique_bots: number;
};

describe('download attribution and marketing reports', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: NestFastifyApplication;
  let worker: INestApplicationContext;
  let dataSource: DataSource;
  let cookie: string;
  let ipCounter = 0;
  const freshIp = () => `10.15.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  const track = (payload: object, { ip = freshIp(), userAgent = BROWSER as string | null } = {}) =>
    api.inject({
      method: 'POST',
      url: '/api/analytics/downloads',
      payload,
      remoteAddress: ip,
      // inject sends its own user agent unless told otherwise: an empty one stands for none.
      headers: { 'user-agent': userAgent ?? '' },
    });
  const join = (payload: object) => api.inject({ method: 'POST', url: '/api/waitlist', payload, remoteAddress: freshIp() });
  const staff = (url: string) => api.inject({ method: 'GET', url, headers: { cookie } });

  const rollups = (): Promise<Counter[]> =>
    dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots
       FROM download_daily_rollups ORDER BY 1, 2, 3, 4`,
    );
  /** The same counters, counted straight from the recorded clicks. */
  const recount = (): Promise<Counter[]> =>
    dataSource.query(
      `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, source_tag, platform, click_type,
              count(*) FILTER (WHERE NOT is_bot)::int AS humans, count(DISTINCT visitor_hash) FILTER (WHERE NOT is_bot)::int AS unique_humans,
              count(*) FILTER (WHERE is_bot)::int AS bots, count(DISTINCT visitor_hash) FILTER (WHERE is_bot)::int AS unique_bots
       FROM download_events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
  /** The report's pre-summed tables: each month's counters and each day's totals per click type. */
  const summed = async () => ({
    monthly: await dataSource.query(
      `SELECT to_char(month, 'YYYY-MM-DD') AS month, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots
       FROM download_monthly_rollups ORDER BY 1, 2, 3, 4`,
    ),
    totals: await dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, click_type, humans, unique_humans, bots, unique_bots FROM download_daily_totals ORDER BY 1, 2`,
    ),
  });
  /** The same, summed straight from the daily counters. */
  const summedFromDaily = async () => ({
    monthly: await dataSource.query(
      `SELECT to_char(date_trunc('month', day::timestamp), 'YYYY-MM-DD') AS month, source_tag, platform, click_type,
              sum(humans)::int AS humans, sum(unique_humans)::int AS unique_humans, sum(bots)::int AS bots, sum(unique_bots)::int AS unique_bots
       FROM download_daily_rollups GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    ),
    totals: await dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, click_type,
              sum(humans)::int AS humans, sum(unique_humans)::int AS unique_humans, sum(bots)::int AS bots, sum(unique_bots)::int AS unique_bots
       FROM download_daily_rollups GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
  });
  /** The sign-ups' pre-summed tables, and the same summed from the daily counters. */
  const signupsSummed = async () => ({
    monthly: await dataSource.query(
      `SELECT to_char(month, 'YYYY-MM-DD') AS month, channel, creator_code, source_tag, utm_source, utm_campaign, signups
       FROM signup_monthly_rollups ORDER BY 1, 2, 3, 4, 5, 6`,
    ),
    totals: await dataSource.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, channel, signups FROM signup_daily_totals ORDER BY 1, 2`),
  });
  const signupsSummedFromDaily = async () => ({
    monthly: await dataSource.query(
      `SELECT to_char(date_trunc('month', day::timestamp), 'YYYY-MM-DD') AS month, channel, creator_code, source_tag, utm_source, utm_campaign,
              sum(signups)::int AS signups
       FROM signup_daily_rollups GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
    ),
    totals: await dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, channel, sum(signups)::int AS signups FROM signup_daily_rollups GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
  });
  /** Waits until the worker has counted every recorded click. */
  const drained = () => eventually(async () => JSON.stringify(await rollups()) === JSON.stringify(await recount()), Boolean);
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    db = await createTestDatabase();
    // One referral per referrer and address counts at once here; the next is held for review.
    const config = testConfig(db.url, { ANALYTICS_RATE_LIMIT_PER_IP_PER_MINUTE: String(RATE_LIMIT), REFERRAL_BURST_LIMIT: '1' });
    api = await bootApi(config);
    worker = await bootWorker(config);
    dataSource = api.get(DataSource);
    await api.get(AuthService).createOrResetAdmin('marketing@swishly.test', 'Court-Vision-42', { actorType: 'system' });
    const login = await api.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'marketing@swishly.test', password: 'Court-Vision-42' },
      remoteAddress: freshIp(),
    });
    expect(login.statusCode).toBe(200);
    cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await db?.drop();
  });

  describe('ingest', () => {
    it.each([
      [{ platform: 'ios', click_type: 'badge_click' }, /source_tag/],
      [{ source_tag: '', platform: 'ios', click_type: 'badge_click' }, /source_tag/],
      [{ source_tag: 'a'.repeat(65), platform: 'ios', click_type: 'badge_click' }, /source_tag/],
      [{ source_tag: '<script>', platform: 'ios', click_type: 'badge_click' }, /source_tag/],
      [{ source_tag: 'hero', platform: 'windows', click_type: 'badge_click' }, /platform/],
      [{ source_tag: 'hero', platform: 'ios', click_type: 'hover' }, /click_type/],
      [{ source_tag: 'hero', platform: 'ios', click_type: 'page_visit', explicit_choice: 'yes' }, /explicit_choice/],
    ])('refuses %j (400 naming the field)', async (payload, field) => {
      const res = await track(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.stringMatching(field), code: expect.any(String) });
    });

    it('accepts a click (202) and keeps a salted hash of the visitor, never the address or user agent', async () => {
      const res = await track({ source_tag: 'privacy-check', platform: 'ios', click_type: 'badge_click' }, { ip: '203.0.113.77' });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });
      const [stored] = await dataSource.query(
        `SELECT payload::text AS payload, metadata::text AS metadata FROM domain_events WHERE type = $1 AND payload->>'sourceTag' = 'privacy-check'`,
        [DownloadTracked.type],
      );
      expect(stored.payload).toMatch(/"visitorHash": "[0-9a-f]{32}"/);
      expect(`${stored.payload}${stored.metadata}`).not.toContain('203.0.113.77');
      expect(`${stored.payload}${stored.metadata}`).not.toContain('iPhone');
      const [row] = await dataSource.query(`SELECT * FROM download_events WHERE source_tag = 'privacy-check'`);
      expect(JSON.stringify(row)).not.toMatch(/203\.0\.113\.77|iPhone/);
    });

    it('limits the requests of one address per minute (429), not those of others', async () => {
      const ip = '198.51.100.9';
      const answers = [];
      for (let i = 0; i < RATE_LIMIT + 1; i++)
        answers.push((await track({ source_tag: 'rate-limit', platform: 'android', click_type: 'badge_click' }, { ip })).statusCode);
      expect(answers.filter((s) => s === 202)).toHaveLength(RATE_LIMIT);
      expect(answers[RATE_LIMIT]).toBe(429);
      expect((await track({ source_tag: 'rate-limit', platform: 'android', click_type: 'badge_click' })).statusCode).toBe(202);
    });

    it('limits an IPv6 client by its /64, and an IPv4-mapped address as its IPv4 address', async () => {
      const click = { source_tag: 'rate-limit-v6', platform: 'ios', click_type: 'badge_click' };
      const answers = [];
      // One subscriber's /64, a different address (and spelling) for every request.
      for (let i = 0; i < RATE_LIMIT + 1; i++) answers.push((await track(click, { ip: `2001:db8:15:64::${(i + 1).toString(16)}` })).statusCode);
      expect(answers.filter((s) => s === 202)).toHaveLength(RATE_LIMIT);
      expect(answers[RATE_LIMIT]).toBe(429);
      expect((await track(click, { ip: '2001:DB8:15:64:ffff:1:2:3' })).statusCode).toBe(429);
      // The next /64 is someone else.
      expect((await track(click, { ip: '2001:db8:15:65::1' })).statusCode).toBe(202);

      const v4 = '198.51.100.64';
      for (let i = 0; i < RATE_LIMIT; i++) expect((await track(click, { ip: v4 })).statusCode).toBe(202);
      expect((await track(click, { ip: `::ffff:${v4}` })).statusCode).toBe(429);
    });
  });

  describe('rollups', () => {
    it('count people and known bots apart, total and unique visitors per day', async () => {
      const tag = { source_tag: 'bots-apart', platform: 'ios', click_type: 'page_visit' };
      // One person three times, another once; Googlebot twice from one address, and a client without a user agent.
      for (let i = 0; i < 3; i++) expect((await track(tag, { ip: '192.0.2.1' })).statusCode).toBe(202);
      await track(tag, { ip: '192.0.2.2', userAgent: DESKTOP });
      // Same address, other browser: another visitor.
      await track(tag, { ip: '192.0.2.1', userAgent: DESKTOP });
      await track(tag, { ip: '66.249.66.1', userAgent: GOOGLEBOT });
      await track(tag, { ip: '66.249.66.1', userAgent: GOOGLEBOT });
      await track(tag, { ip: '192.0.2.9', userAgent: null });
      await drained();
      expect((await rollups()).filter((r) => r.source_tag === 'bots-apart')).toEqual([
        {
          day: today(),
          source_tag: 'bots-apart',
          platform: 'ios',
          click_type: 'page_visit',
          humans: 5,
          unique_humans: 3,
          bots: 3,
          unique_bots: 2,
        },
      ]);
    });

    it('equal a recount from the recorded clicks after redeliveries, repeated jobs and a replay', async () => {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          track(
            {
              source_tag: `load-${i % 4}`,
              platform: (['ios', 'android', 'desktop'] as const)[i % 3],
              click_type: i % 2 ? 'badge_click' : 'page_visit',
            },
            { ip: `172.16.0.${i % 7}` },
          ),
        ),
      );
      await drained();
      const counted = await rollups();

      // A redelivered job (Redis forgot it was done) is skipped by the host...
      const rows = await dataSource.query(`SELECT * FROM domain_events WHERE type = $1 ORDER BY position LIMIT 10`, [DownloadTracked.type]);
      const events: DomainEvent[] = rows.map(toDomainEvent);
      const host = worker.get(ConsumerHost);
      const job = { id: 'redelivered', data: { events }, attemptsMade: 0, opts: { attempts: 5 } } as unknown as Job;
      expect(await host.process(RollUpDownloads, worker.get(RollUpDownloadsJob), job)).toBe('duplicate');
      // ...and a job that dies after counting (the worker killed mid-batch) rolls back whole, so
      // its retry counts its clicks once.
      const handler = worker.get(RollUpDownloadsJob);
      const dying = {
        handle: async (event: DomainEvent, context: ConsumerContext) => {
          await handler.handleBatch([event] as never, context);
          throw new Error('killed mid-batch');
        },
      };
      const lone = { id: 'dying', data: { events: [{ ...events[0], id: randomUUID() }] }, attemptsMade: 0, opts: { attempts: 5 } } as unknown as Job;
      await expect(host.process(RollUpDownloads, dying, lone)).rejects.toThrow('killed mid-batch');
      expect(await rollups()).toEqual(counted);
      expect(counted).toEqual(await recount());
      const sums = await summed();
      expect(sums.monthly.length).toBeGreaterThan(0);
      expect(sums).toEqual(await summedFromDaily());

      // Wiped and rebuilt from the log: the same rows.
      await dataSource.query('TRUNCATE download_events, download_daily_rollups, download_monthly_rollups, download_daily_totals, signup_daily_rollups');
      await worker.get(ReplayService).replayAll(7);
      expect(await rollups()).toEqual(counted);
      expect(await recount()).toEqual(counted);
      expect(await summed()).toEqual(sums);
    });
  });

  describe('sign-up attribution', () => {
    it('keeps the arrival source with each join and counts sign-ups by day, channel and creator code', async () => {
      const signedIn = (path: string) => staff(path);
      const created = await api.inject({
        method: 'POST',
        url: '/api/admin/creator-codes',
        payload: { code: 'HOOPS25', handle: '@hoops', platform: 'YouTube' },
        headers: { cookie, 'x-csrf-token': cookie.match(/csrf_token=([^;]+)/)![1] },
      });
      expect(created.statusCode).toBe(201);
      // The creator's visitors: two page visits and a badge click on /download/HOOPS25 (stored as hoops25).
      await track({ source_tag: 'HOOPS25', platform: 'desktop', click_type: 'page_visit' });
      await track({ source_tag: 'HOOPS25', platform: 'desktop', click_type: 'page_visit' });
      await track({ source_tag: 'HOOPS25', platform: 'ios', click_type: 'badge_click' });

      const ann = await join({
        first_name: 'Ann',
        email: 'ann@example.com',
        source_tag: 'tiktok-bio',
        utm_source: 'tiktok',
        utm_campaign: 'spring launch',
      });
      expect(ann.statusCode).toBe(201);
      expect((await join({ first_name: 'Ben', email: 'ben@example.com', referrerCode: ann.json().referralCode })).statusCode).toBe(201);
      expect((await join({ first_name: 'Cai', email: 'cai@example.com', referrerCode: 'hoops25', source_tag: 'HOOPS25' })).statusCode).toBe(201);
      expect((await join({ first_name: 'Dee', email: 'dee@example.com', utm_source: 'newsletter' })).statusCode).toBe(201);
      expect((await join({ first_name: 'Eve', email: 'eve@example.com', utm_campaign: '=HYPERLINK("x")' })).statusCode).toBe(400);

      const [joined] = await dataSource.query(
        `SELECT e.payload FROM domain_events e JOIN personal_data p ON p.event_id = e.id
         WHERE e.type = 'waitlist.joined' AND p.fields->>'email' = 'ann@example.com'`,
      );
      expect(joined.payload.attribution).toEqual({ sourceTag: 'tiktok-bio', utmSource: 'tiktok', utmCampaign: 'spring launch' });

      await eventually(
        async () => (await dataSource.query('SELECT coalesce(sum(signups), 0)::int AS n FROM signup_daily_rollups'))[0].n,
        (n) => n === 4,
      );
      await drained();
      expect(
        await dataSource.query(
          `SELECT channel, creator_code, source_tag, utm_source, utm_campaign, signups FROM signup_daily_rollups ORDER BY channel, source_tag, utm_source`,
        ),
      ).toEqual([
        { channel: 'creator', creator_code: 'HOOPS25', source_tag: 'hoops25', utm_source: '', utm_campaign: '', signups: 1 },
        { channel: 'direct', creator_code: '', source_tag: '', utm_source: 'newsletter', utm_campaign: '', signups: 1 },
        { channel: 'direct', creator_code: '', source_tag: 'tiktok-bio', utm_source: 'tiktok', utm_campaign: 'spring launch', signups: 1 },
        { channel: 'referral', creator_code: '', source_tag: '', utm_source: '', utm_campaign: '', signups: 1 },
      ]);

      const res = await signedIn(`/api/admin/analytics/report?from=${today()}&to=${today()}`);
      expect(res.statusCode).toBe(200);
      const report = res.json();
      expect(report.signups).toEqual([{ day: today(), signups: 4, referral: 1, creator: 1, selfReferral: 0, flaggedReferral: 0, direct: 2 }]);
      expect(report.signupTotals).toEqual({
        signups: 4,
        referral: 1,
        creator: 1,
        selfReferral: 0,
        flaggedReferral: 0,
        direct: 2,
        referralShare: 0.25,
        creatorShare: 0.25,
      });
      expect(report.creatorShares).toEqual([{ code: 'HOOPS25', signups: 1, share: 0.25 }]);
      expect(report.creatorFunnel).toEqual([{ code: 'HOOPS25', visits: 2, badgeClicks: 1, storeRedirects: 0, storeOpens: 1, signups: 1 }]);
      expect(report.topSources).toEqual(expect.arrayContaining([{ sourceTag: 'tiktok-bio', badgeClicks: 0, storeRedirects: 0, pageVisits: 0, signups: 1 }]));
      expect(report.conversion).toEqual(
        expect.arrayContaining([
          { sourceTag: 'hoops25', pageVisits: 2, uniqueVisitors: 2, badgeClicks: 1, storeRedirects: 0, storeOpens: 1, conversionRate: 0.5 },
        ]),
      );
      expect(report.downloads).toEqual(
        expect.arrayContaining([{ sourceTag: 'bots-apart', platform: 'ios', clickType: 'page_visit', total: 5, unique: 3, bots: 3, uniqueBots: 2 }]),
      );

      // The sign-up counters are rebuilt by a replay too.
      const before = await dataSource.query('SELECT * FROM signup_daily_rollups ORDER BY 1, 2, 3, 4, 5, 6');
      const summedBefore = await signupsSummed();
      expect(summedBefore).toEqual(await signupsSummedFromDaily());
      await worker.get(ReplayService).replayAll();
      expect(await dataSource.query('SELECT * FROM signup_daily_rollups ORDER BY 1, 2, 3, 4, 5, 6')).toEqual(before);
      expect(await signupsSummed()).toEqual(summedBefore);
    });
  });

  describe('reports', () => {
    it('fills every day of the period and refuses bad periods (400)', async () => {
      const res = await staff('/api/admin/analytics/report?from=2024-02-27&to=2024-03-01');
      expect(res.statusCode).toBe(200);
      expect(res.json().daily.map((d: { day: string }) => d.day)).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
      expect(res.json().signups.every((d: { signups: number }) => d.signups === 0)).toBe(true);
      for (const query of [
        'from=2024-03-02&to=2024-03-01',
        'from=2024-02-30',
        'from=yesterday',
        'from=2020-01-01&to=2024-01-01',
        'from=0000-01-01&to=0000-01-02',
        'from=9999-12-01&to=9999-12-31',
      ]) {
        expect((await staff(`/api/admin/analytics/report?${query}`)).statusCode).toBe(400);
      }
    });

    it('exports every table as CSV with a header row', async () => {
      const period = `from=${today()}&to=${today()}`;
      const res = await staff(`/api/admin/analytics/export/downloads?${period}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="analytics-downloads-${today()}-to-${today()}.csv"`);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('source_tag,platform,click_type,total,unique,bots,unique_bots');
      expect(lines).toContain('bots-apart,ios,page_visit,5,3,3,2');

      const expected: Record<string, string[]> = {
        daily: ['day,page_visits,badge_clicks,unique_visitors,bots,store_redirects'],
        conversion: ['source_tag,page_visits,unique_visitors,badge_clicks,conversion_rate,store_redirects,store_opens', 'hoops25,2,2,1,0.5,0,1'],
        'top-sources': ['source_tag,badge_clicks,page_visits,signups,store_redirects', 'tiktok-bio,0,0,1,0'],
        signups: ['day,signups,referral,creator,direct,self_referral,flagged_referral', `${today()},4,1,1,2,0,0`],
        'creator-shares': ['creator_code,signups,share', 'HOOPS25,1,0.25'],
        'creator-funnel': ['creator_code,visits,badge_clicks,signups,store_redirects,store_opens', 'HOOPS25,2,1,1,0,1'],
      };
      for (const [table, contains] of Object.entries(expected)) {
        const csv = await staff(`/api/admin/analytics/export/${table}?${period}`);
        expect(csv.statusCode).toBe(200);
        const csvLines = csv.body.trimEnd().split('\r\n');
        expect(csvLines[0]).toBe(contains[0]);
        for (const line of contains.slice(1)) expect(csvLines).toContain(line);
      }
      expect((await staff('/api/admin/analytics/export/passwords')).statusCode).toBe(404);

      // 'Download report': every table in one file, each under its name, the same lines as its own CSV.
      const report = await staff(`/api/admin/analytics/export-report?${period}`);
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-disposition']).toBe(`attachment; filename="analytics-report-${today()}-to-${today()}.csv"`);
      const sections = report.body.trimEnd().split('\r\n\r\n');
      expect(sections.map((section) => section.split('\r\n')[0])).toEqual([
        'downloads',
        'daily',
        'conversion',
        'top-sources',
        'signups',
        'creator-shares',
        'creator-funnel',
        'funnel',
      ]);
      for (const [index, table] of ['downloads', 'daily', 'conversion', 'top-sources', 'signups', 'creator-shares', 'creator-funnel', 'funnel'].entries()) {
        const own = (await staff(`/api/admin/analytics/export/${table}?${period}`)).body.trimEnd();
        expect(sections[index]).toBe(`${table}\r\n${own}`);
      }
    });

    it('sum whole months and edge days to what the daily counters hold, over periods crossing month edges, and after a replay', async () => {
      // Counts for days around two month ends, through the projection; some counted again later
      // (the later count replaces the earlier one, in the months' sums too).
      const counter = (day: string, sourceTag: string, n: number): DownloadRollupRow => ({
        day,
        sourceTag,
        platform: n % 2 ? 'ios' : 'android',
        clickType: n % 3 ? (n % 5 ? 'page_visit' : 'store_redirect') : 'badge_click',
        humans: n,
        uniqueHumans: Math.ceil(n / 2),
        bots: n % 4,
        uniqueBots: n % 2,
      });
      const store = api.get(EventStore);
      const count = (day: string, rows: DownloadRollupRow[]) =>
        store.append({ streamType: DOWNLOAD_ROLLUP_STREAM, streamId: day }, 'any', [DownloadRollupsCounted({ rows })]);
      const days = ['2023-01-30', '2023-01-31', '2023-02-01', '2023-02-14', '2023-02-28', '2023-03-01', '2023-03-02', '2023-03-31'];
      for (const [i, day] of days.entries()) await count(day, [counter(day, 'edge-a', i + 1), counter(day, 'edge-b', i + 5)]);
      await count('2023-02-14', [counter('2023-02-14', 'edge-a', 30)]);
      await count('2023-03-01', [counter('2023-03-01', 'edge-b', 2), counter('2023-03-01', 'edge-c', 7)]);
      expect(await summed()).toEqual(await summedFromDaily());
      const signup = (day: string, n: number): SignupRollupRow => ({
        day,
        channel: n % 3 === 0 ? 'creator' : n % 3 === 1 ? 'referral' : 'direct',
        creatorCode: n % 3 === 0 ? `EDGE${n % 2}` : '',
        sourceTag: n % 2 ? `edge-${n % 4}` : '',
        utmSource: n % 5 ? 'edge-utm' : '',
        utmCampaign: '',
        signups: n,
      });
      for (const [i, day] of days.entries()) {
        await store.append({ streamType: SIGNUP_ROLLUP_STREAM, streamId: day }, 'any', [SignupsCounted({ rows: [signup(day, i + 1), signup(day, i + 3)] })]);
      }
      expect(await signupsSummed()).toEqual(await signupsSummedFromDaily());

      type Key = { sourceTag: string; platform: string; clickType: string };
      const byKey = (a: Key, b: Key) =>
        a.sourceTag.localeCompare(b.sourceTag) || a.platform.localeCompare(b.platform) || a.clickType.localeCompare(b.clickType);
      const expectReportToEqualDailySums = async (from: string, to: string) => {
        const res = await staff(`/api/admin/analytics/report?from=${from}&to=${to}`);
        expect(res.statusCode).toBe(200);
        const downloads: Key[] = await dataSource.query(
          `SELECT source_tag AS "sourceTag", platform, click_type AS "clickType", sum(humans)::int AS total, sum(unique_humans)::int AS unique,
                  sum(bots)::int AS bots, sum(unique_bots)::int AS "uniqueBots"
           FROM download_daily_rollups WHERE day BETWEEN $1 AND $2 GROUP BY 1, 2, 3`,
          [from, to],
        );
        expect([...res.json().downloads].sort(byKey)).toEqual(downloads.sort(byKey));
        const daily = await dataSource.query(
          `SELECT to_char(d, 'YYYY-MM-DD') AS day,
                  coalesce(sum(humans) FILTER (WHERE click_type = 'page_visit'), 0)::int AS "pageVisits",
                  coalesce(sum(humans) FILTER (WHERE click_type = 'badge_click'), 0)::int AS "badgeClicks",
                  coalesce(sum(humans) FILTER (WHERE click_type = 'store_redirect'), 0)::int AS "storeRedirects",
                  coalesce(sum(unique_humans) FILTER (WHERE click_type = 'page_visit'), 0)::int AS "uniqueVisitors",
                  coalesce(sum(bots), 0)::int AS bots
           FROM generate_series($1::date, $2::date, interval '1 day') d LEFT JOIN download_daily_rollups r ON r.day = d::date
           GROUP BY d ORDER BY d`,
          [from, to],
        );
        expect(res.json().daily).toEqual(daily);
        const signups = await dataSource.query(
          `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(sum(signups), 0)::int AS signups,
                  coalesce(sum(signups) FILTER (WHERE channel = 'referral'), 0)::int AS referral,
                  coalesce(sum(signups) FILTER (WHERE channel = 'creator'), 0)::int AS creator,
                  coalesce(sum(signups) FILTER (WHERE channel = 'self_referral'), 0)::int AS "selfReferral",
                  coalesce(sum(signups) FILTER (WHERE channel = 'flagged_referral'), 0)::int AS "flaggedReferral",
                  coalesce(sum(signups) FILTER (WHERE channel = 'direct'), 0)::int AS direct
           FROM generate_series($1::date, $2::date, interval '1 day') d LEFT JOIN signup_daily_rollups r ON r.day = d::date
           GROUP BY d ORDER BY d`,
          [from, to],
        );
        expect(res.json().signups).toEqual(signups);
        const byCode = await dataSource.query(
          `SELECT creator_code AS code, sum(signups)::int AS signups FROM signup_daily_rollups
           WHERE day BETWEEN $1 AND $2 AND creator_code <> '' GROUP BY 1 ORDER BY 2 DESC, 1`,
          [from, to],
        );
        expect(res.json().creatorShares.map(({ code, signups }: { code: string; signups: number }) => ({ code, signups }))).toEqual(byCode);
        const bySource = await dataSource.query(
          `SELECT coalesce(nullif(source_tag, ''), utm_source) AS "sourceTag", sum(signups)::int AS signups FROM signup_daily_rollups
           WHERE day BETWEEN $1 AND $2 AND coalesce(nullif(source_tag, ''), utm_source) LIKE 'edge-%' GROUP BY 1`,
          [from, to],
        );
        for (const source of bySource) {
          const top = res.json().topSources.find((t: { sourceTag: string }) => t.sourceTag === source.sourceTag);
          if (top) expect(top.signups).toBe(source.signups);
        }
        return downloads.length;
      };
      // Days added at both ends of whole months, or months read whole and their other days subtracted; whole months alone; one day; two ends and nothing between.
      for (const [from, to] of [
        ['2023-01-31', '2023-03-01'],
        ['2023-01-30', '2023-03-02'],
        ['2023-02-01', '2023-03-31'],
        ['2023-02-01', '2023-02-28'],
        ['2023-02-02', '2023-02-27'],
        ['2023-01-02', '2023-03-30'],
        ['2023-03-01', '2023-03-01'],
        ['2023-01-31', '2023-02-01'],
        ['2022-12-01', '2023-04-30'],
      ]) {
        expect(await expectReportToEqualDailySums(from, to)).toBeGreaterThan(0);
      }

      const sums = { downloads: await summed(), signups: await signupsSummed() };
      await worker.get(ReplayService).replayAll(5);
      expect({ downloads: await summed(), signups: await signupsSummed() }).toEqual(sums);
      expect(sums).toEqual({ downloads: await summedFromDaily(), signups: await signupsSummedFromDaily() });
    });

    it('count a phone sent straight to its store (store_redirect) as a store open: in the conversion, the creator funnel and the CSV', async () => {
      const created = await api.inject({
        method: 'POST',
        url: '/api/admin/creator-codes',
        payload: { code: 'PHONES9', handle: '@phones', platform: 'TikTok' },
        headers: { cookie, 'x-csrf-token': cookie.match(/csrf_token=([^;]+)/)![1] },
      });
      expect(created.statusCode).toBe(201);
      // Three phones arrive on /download/PHONES9 and are sent to their store; one desktop visitor clicks a badge.
      for (const platform of ['ios', 'android', 'ios']) {
        const ip = freshIp();
        expect((await track({ source_tag: 'PHONES9', platform, click_type: 'page_visit', explicit_choice: false }, { ip })).statusCode).toBe(202);
        expect((await track({ source_tag: 'PHONES9', platform, click_type: 'store_redirect' }, { ip })).statusCode).toBe(202);
      }
      await track({ source_tag: 'PHONES9', platform: 'desktop', click_type: 'page_visit', explicit_choice: false }, { userAgent: DESKTOP });
      await track({ source_tag: 'PHONES9', platform: 'ios', click_type: 'badge_click' }, { userAgent: DESKTOP });
      // (The month-edge counters above have no clicks behind them, so drained() would never hold here.)
      const report = await eventually(
        async () => (await staff(`/api/admin/analytics/report?from=${today()}&to=${today()}`)).json(),
        (r) =>
          r.conversion.some(
            (c: { sourceTag: string; pageVisits: number; storeOpens?: number }) => c.sourceTag === 'phones9' && c.pageVisits === 4 && c.storeOpens === 4,
          ),
      );
      expect(report.conversion).toEqual(
        expect.arrayContaining([
          { sourceTag: 'phones9', pageVisits: 4, uniqueVisitors: 4, badgeClicks: 1, storeRedirects: 3, storeOpens: 4, conversionRate: 1 },
        ]),
      );
      expect(report.creatorFunnel).toEqual(
        expect.arrayContaining([{ code: 'PHONES9', visits: 4, badgeClicks: 1, storeRedirects: 3, storeOpens: 4, signups: 0 }]),
      );
      expect(report.topSources).toEqual(expect.arrayContaining([{ sourceTag: 'phones9', badgeClicks: 1, storeRedirects: 3, pageVisits: 4, signups: 0 }]));
      expect(report.downloads).toEqual(
        expect.arrayContaining([
          { sourceTag: 'phones9', platform: 'ios', clickType: 'store_redirect', total: 2, unique: 2, bots: 0, uniqueBots: 0 },
          { sourceTag: 'phones9', platform: 'android', clickType: 'store_redirect', total: 1, unique: 1, bots: 0, uniqueBots: 0 },
        ]),
      );
      const day = report.daily.find((d: { day: string }) => d.day === today());
      expect(day.storeRedirects).toBe(3);

      const period = `from=${today()}&to=${today()}`;
      const lines = async (table: string) => (await staff(`/api/admin/analytics/export/${table}?${period}`)).body.trimEnd().split('\r\n');
      expect(await lines('conversion')).toContain('phones9,4,4,1,1,3,4');
      expect(await lines('creator-funnel')).toContain('PHONES9,4,1,0,3,4');
      expect(await lines('downloads')).toContain('phones9,ios,store_redirect,2,2,0,0');
    });

    it('answer 401 without a staff session', async () => {
      for (const url of ['/api/admin/analytics/report', '/api/admin/analytics/export/downloads']) {
        const res = await api.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
      }
    });
  });

  describe('self and held referrals', () => {
    it('count apart from referrals in the sign-up sources, also after a replay', async () => {
      const totals = async () => (await staff(`/api/admin/analytics/report?from=${today()}&to=${today()}`)).json().signupTotals;
      const before = await totals();
      const zoe = await join({ first_name: 'Zoe', email: 'zoe@example.com' });
      expect(zoe.statusCode).toBe(201);
      const code = zoe.json().referralCode;
      // Her own link with another address of her mailbox: a self-referral.
      expect((await join({ first_name: 'Zoe', email: 'zoe+again@example.com', referrerCode: code })).statusCode).toBe(201);
      // Two friends from one address: the first counts, the second is held for review.
      for (const name of ['Yan', 'Xia']) {
        const joined = await api.inject({
          method: 'POST',
          url: '/api/waitlist',
          payload: { first_name: name, email: `${name.toLowerCase()}@example.com`, referrerCode: code },
          remoteAddress: '10.77.0.1',
        });
        expect(joined.statusCode).toBe(201);
      }
      const after = await eventually(totals, (t) => t.signups === before.signups + 4);
      expect({
        referral: after.referral - before.referral,
        selfReferral: after.selfReferral - before.selfReferral,
        flaggedReferral: after.flaggedReferral - before.flaggedReferral,
        direct: after.direct - before.direct,
      }).toEqual({ referral: 1, selfReferral: 1, flaggedReferral: 1, direct: 1 });
      expect(after.referralShare).toBe(after.referral / after.signups);
      const csv = (await staff(`/api/admin/analytics/export/signups?from=${today()}&to=${today()}`)).body;
      expect(csv.split('\r\n')[1]).toBe(
        `${today()},${after.signups},${after.referral},${after.creator},${after.direct},${after.selfReferral},${after.flaggedReferral}`,
      );

      await worker.get(ReplayService).replayAll();
      expect(await totals()).toEqual(after);
    });
  });

  describe('first touch', () => {
    it("keeps the visit's first page and campaign with a join, beside the join's own source, for the member's view", async () => {
      const joined = await join({
        first_name: 'Touch',
        email: 'touch@example.com',
        source_tag: 'homepage-hero',
        first_touch_source: 'newsletter',
        first_touch_campaign: 'spring launch',
        first_touch_page: '/resources/fix-your-elbow',
        first_touch_referrer: 'Mail.Example.com',
      });
      expect(joined.statusCode).toBe(201);
      const view = (await staff(`/api/admin/waitlist/${joined.json().id}`)).json();
      expect(view.attribution).toEqual({
        sourceTag: 'homepage-hero',
        utmSource: null,
        utmCampaign: null,
        firstTouch: { utmSource: 'newsletter', utmCampaign: 'spring launch', page: '/resources/fix-your-elbow', referrer: 'mail.example.com' },
      });
      // Only a path of this site and a host name: anything else is refused, with the field's own message.
      for (const [field, value, message] of [
        ['first_touch_page', 'https://evil.example/x', 'first_touch_page must be a path of this site'],
        ['first_touch_page', '/a?b=c', 'first_touch_page must be a path of this site'],
        ['first_touch_referrer', 'evil.example/path', 'first_touch_referrer must be a host name'],
        ['first_touch_source', '=HYPERLINK("x")', 'first_touch_source must be 1-100 letters, digits, spaces or . _ ~ + -'],
      ]) {
        const refused = await join({ first_name: 'Bad', email: `bad-${field}@example.com`, [field]: value });
        expect({ field, status: refused.statusCode, error: refused.json().error }).toEqual({ field, status: 400, error: message });
      }
      // A join without one has none.
      const plain = await join({ first_name: 'Plain', email: 'plain@example.com' });
      expect((await staff(`/api/admin/waitlist/${plain.json().id}`)).json().attribution).toBeNull();
    });
  });
});
