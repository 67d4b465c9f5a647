#!/usr/bin/env node
// Download tracking and the marketing report:
// - POST /api/analytics/downloads at 50 connections, beside the bare-INSERT ceiling of the same
//   run (target >= 0.5 x), with the worker folding the clicks: how far the rollups lag behind
//   the recorded clicks during the load, and how long they take to catch up after it;
// - GET /api/admin/analytics/report over a year of rollups (365 days x 50 source tags x 3
//   platforms x 2 click types, bulk-inserted) and of the waitlist funnel's counters (365 days x 5
//   sources x 11 creator codes), p99 at 10 connections (target < 100 ms).
// Part of `npm run bench` (scripts/bench.js, step 10), which starts the worker and measures the ceiling.
const autocannon = require('autocannon');
const { join } = require('node:path');
const { Client } = require('pg');
const { sleep, stopChild, waitFor } = require('../lib');
const { signInAdmin } = require('./admin-session');
const { cpuPerRequest, cpuSnapshot } = require('./cpu');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ADMIN = { email: 'bench-analytics@swishly.test', password: 'Court-Vision-42-bench' };
const TAGS = Array.from({ length: 50 }, (_, i) => `bench-tag-${i}`);
const PLATFORMS = ['ios', 'android', 'desktop'];

/** Recorded clicks the rollups do not count yet. */
async function lag(db) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM download_events)::int - (SELECT coalesce(sum(humans + bots), 0) FROM download_daily_rollups)::int AS behind`,
  );
  return rows[0].behind;
}

/**
 * 50 connections of badge clicks and page visits from many browsers, while sampling the rollups'
 * lag; `processes` ({ name: pid }) are the ones whose CPU per click is counted.
 */
async function ingest(base, db, processes) {
  let n = 0;
  const request = {
    method: 'POST',
    path: '/api/analytics/downloads',
    setupRequest: (req) => {
      n++;
      return {
        ...req,
        headers: {
          'content-type': 'application/json',
          'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36 bench/${n % 5000}`,
        },
        body: JSON.stringify({
          source_tag: TAGS[n % 10],
          platform: PLATFORMS[n % 3],
          click_type: n % 4 === 0 ? 'badge_click' : 'page_visit',
        }),
      };
    },
  };
  await autocannon({ url: base, connections: 50, duration: 2, requests: [request] }); // warm-up
  let sampling = true;
  let maxBehind = 0;
  const sampler = (async () => {
    while (sampling) {
      maxBehind = Math.max(maxBehind, await lag(db));
      await sleep(250);
    }
  })();
  const before = cpuSnapshot(processes);
  const result = await autocannon({ url: base, connections: 50, duration: SECONDS, requests: [request] });
  const cpu = cpuPerRequest(before, cpuSnapshot(processes), result.requests.total);
  sampling = false;
  await sampler;
  const ended = Date.now();
  let behind = await lag(db);
  while (behind > 0 && Date.now() - ended < 120_000) {
    await sleep(50);
    behind = await lag(db);
  }
  return { result, maxBehind, catchUpMs: Date.now() - ended, behind, cpu };
}

/**
 * A year of rollups: 365 days x 50 tags x 3 platforms x 2 click types, and sign-ups by channel and
 * creator code. The daily counters are bulk-inserted, so what the projections add with each of
 * them (its month's counters and its day's totals) is added here.
 */
async function seedYear(db) {
  await db.query(
    `WITH seeded AS (
       INSERT INTO download_daily_rollups (day, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots)
       SELECT current_date - 365 + d, 'year-tag-' || t, p, c, 1 + (d * 7 + t * 3) % 40, 1 + (d + t) % 30, (d + t) % 3, (d + t) % 2
       FROM generate_series(1, 365) d, generate_series(0, 49) t, unnest(ARRAY['ios', 'android', 'desktop']) p, unnest(ARRAY['badge_click', 'page_visit']) c
       ON CONFLICT DO NOTHING
       RETURNING *
     ), monthly AS (
       INSERT INTO download_monthly_rollups AS m (month, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots)
       SELECT date_trunc('month', day::timestamp)::date, source_tag, platform, click_type, sum(humans), sum(unique_humans), sum(bots), sum(unique_bots)
       FROM seeded GROUP BY 1, 2, 3, 4
       ON CONFLICT (month, source_tag, platform, click_type) DO UPDATE SET
         humans = m.humans + EXCLUDED.humans, unique_humans = m.unique_humans + EXCLUDED.unique_humans,
         bots = m.bots + EXCLUDED.bots, unique_bots = m.unique_bots + EXCLUDED.unique_bots
     )
     INSERT INTO download_daily_totals AS t (day, click_type, humans, unique_humans, bots, unique_bots)
     SELECT day, click_type, sum(humans), sum(unique_humans), sum(bots), sum(unique_bots)
     FROM seeded GROUP BY 1, 2
     ON CONFLICT (day, click_type) DO UPDATE SET
       humans = t.humans + EXCLUDED.humans, unique_humans = t.unique_humans + EXCLUDED.unique_humans,
       bots = t.bots + EXCLUDED.bots, unique_bots = t.unique_bots + EXCLUDED.unique_bots`,
  );
  await db.query(
    `WITH seeded AS (
       INSERT INTO signup_daily_rollups (day, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
       SELECT current_date - 365 + d, ch, CASE WHEN ch = 'creator' THEN 'CODE' || k ELSE '' END, 'year-tag-' || k, '', '', 1 + (d + k) % 5
       FROM generate_series(1, 365) d, unnest(ARRAY['direct', 'referral', 'creator']) ch, generate_series(0, 9) k
       ON CONFLICT DO NOTHING
       RETURNING *
     ), monthly AS (
       INSERT INTO signup_monthly_rollups AS m (month, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
       SELECT date_trunc('month', day::timestamp)::date, channel, creator_code, source_tag, utm_source, utm_campaign, sum(signups)
       FROM seeded GROUP BY 1, 2, 3, 4, 5, 6
       ON CONFLICT (month, channel, creator_code, source_tag, utm_source, utm_campaign) DO UPDATE SET signups = m.signups + EXCLUDED.signups
     )
     INSERT INTO signup_daily_totals AS t (day, channel, signups)
     SELECT day, channel, sum(signups) FROM seeded GROUP BY 1, 2
     ON CONFLICT (day, channel) DO UPDATE SET signups = t.signups + EXCLUDED.signups`,
  );
  // The waitlist funnel's counters: a year of cohorts by source and creator code (the counts of
  // about two million members), which the report sums for its period beside the rollups.
  await db.query(
    `INSERT INTO funnel_daily_counts (day, source, creator_code, joined, confirmed, admitted, redeemed, reminded, confirmed_after_reminder)
     SELECT current_date - 365 + d, s, CASE WHEN k = 0 THEN '' ELSE 'CODE' || k END, 100 + (d + k) % 50, 60 + (d + k) % 30, 20 + (d + k) % 10, 10 + (d + k) % 5, 30, 8
     FROM generate_series(1, 365) d, unnest(ARRAY['landing', 'home', 'hbf', 'shot', 'import']) s, generate_series(0, 10) k
     ON CONFLICT DO NOTHING`,
  );
  // The database as it stands once autovacuum has been through the year's rows and the clicks of
  // the ingest step (as bench.js does after its million entries): otherwise that pass runs during
  // the report's measurement and is part of what it measures.
  await db.query('VACUUM ANALYZE');
}

/**
 * Starts an API beside the bench's (no per-IP tracking limit: every request comes from
 * 127.0.0.1) on `port`, against the bench's database and worker, and reports through
 * `row(what, measured, target, met)`; `ceiling` is the bare-INSERT requests/s of this run, and
 * `cpu(what, perRequest)` gets the CPU per click of this API and the worker (`workerPid`).
 */
async function benchAnalytics({ root, env, port, startProcess, row, cpu, ceiling, workerPid }) {
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<folder>: the API's CPU profile of the whole run is written there (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const api = startProcess('api-analytics', [...profile, join(root, 'dist/apps/api/src/main.js')], {
    ...env,
    PORT: String(port),
    MIGRATE_ON_START: 'false',
    ANALYTICS_RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
  });
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    await waitFor(`${base}/health/ready`);
    const { result, maxBehind, catchUpMs, behind, cpu: perClick } = await ingest(base, db, { api: api.pid, worker: workerPid });
    cpu('download click, worker running', perClick);
    const ratio = result.requests.average / ceiling;
    const not202 = result.non2xx + result.errors;
    console.log(
      `Download tracking: ${result.requests.average.toFixed(0)}/s (${(ratio * 100).toFixed(0)} % of the ceiling ${ceiling.toFixed(0)}/s), ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${not202} not 202; rollups at most ${maxBehind} clicks behind, caught up ${catchUpMs} ms after the load` +
        (behind > 0 ? ` (still ${behind} behind after 2 min)` : ''),
    );
    row(
      'POST /api/analytics/downloads, 50 conn.',
      `${result.requests.average.toFixed(0)}/s = ${ratio.toFixed(2)} x ceiling, p99 ${result.latency.p99} ms`,
      '>= 0.5 x ceiling',
      ratio >= 0.5 && not202 === 0,
    );
    row('download rollups behind the clicks', `at most ${maxBehind} clicks during the load; caught up ${catchUpMs} ms after`, 'caught up', behind === 0);

    await seedYear(db);
    const { cookie } = await signInAdmin({ root, env, base, admin: ADMIN });
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const url = `${base}/api/admin/analytics/report?from=${from}&to=${to}`;
    const options = { url, connections: 10, headers: { cookie } };
    await autocannon({ ...options, duration: 2 }); // warm-up
    const beforeReports = cpuSnapshot({ api: api.pid, worker: workerPid });
    const report = await autocannon({ ...options, duration: SECONDS });
    cpu('report over a year', cpuPerRequest(beforeReports, cpuSnapshot({ api: api.pid, worker: workerPid }), report.requests.total));
    if (report.non2xx + report.errors > 0) throw new Error(`report: ${report.non2xx} non-2xx answers, ${report.errors} errors`);
    console.log(
      `Report over a year (365 days x 50 tags x 3 platforms x 2 click types), 10 connections: p50 ${report.latency.p50} ms, p99 ${report.latency.p99} ms, ${report.requests.average.toFixed(0)}/s`,
    );
    row(
      'GET /api/admin/analytics/report, a year, 10 conn.',
      `p50 ${report.latency.p50} ms, p99 ${report.latency.p99} ms`,
      'p99 < 100 ms',
      report.latency.p99 < 100,
    );
  } finally {
    await db.end();
    await stopChild(api);
  }
}

module.exports = { benchAnalytics };

/** Alone: a scratch database (migrated first), the bare-INSERT ceiling of this run, a worker and the API, the figures. */
if (require.main === module) {
  const { measureCeiling } = require('./ceiling');
  require('./standalone').runStandalone('analytics', 30, async (context) => {
    const bare = await measureCeiling(context.port + 1, await context.scratchDatabase('ceiling'), SECONDS);
    console.log(`Ceiling (bare INSERT server): ${bare.requests.average.toFixed(0)}/s, p99 ${bare.latency.p99} ms`);
    const worker = context.startProcess('worker', [join(context.root, 'dist/apps/worker/src/main.js')], context.env);
    const cpu = (what, perRequest) => perRequest && console.log(`CPU time per ${what}: ${perRequest}`);
    cpu('bare INSERT (the ceiling)', bare.cpu);
    await benchAnalytics({ ...context, cpu, ceiling: bare.requests.average, workerPid: worker.pid });
  });
}
