#!/usr/bin/env node
// `npm run bench`: starts the real API + worker on a scratch database, with Resend pointed at a
// loopback stand-in, and prints one table of figures beside their targets. Nothing here fails a
// build. What it measures, end to end:
// 1. the hardware ceiling: a bare Node server doing one INSERT per request (started here);
// 2. POST /api/waitlist at 50 connections for 10 s, worker running, beside that ceiling, and each
//    process's CPU time per join beside the ceiling's per INSERT (scripts/bench/cpu.js);
// 3. a burst of 3,000 joins: every welcome email counted at the provider and in the mail log;
// 4. join-to-email lag with joins arriving at 300/s for 30 s, and the time to drain;
// 5. GET /api/waitlist/status at 1,000,000 entries, 10 connections (Redis ZRANK path);
// 6. GET /api/feedback/{kind}/{code} (the feedback page's API) at 50 connections;
// 7. the home page's JavaScript before interaction (gzipped), in Chromium;
// 8. the coach's time to its first streamed piece and to the whole reply: built-in, and the openai
//    SDK against a fake model on loopback streaming at a fixed rate (our overhead; scripts/bench/chat.js).
// The processes' own logs go to a file (printed at the end), not into this report.
const autocannon = require('autocannon');
const { spawn, spawnSync } = require('node:child_process');
const { createHmac } = require('node:crypto');
const { createWriteStream, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { startFakeResend } = require('./fake-resend');
const { benchChat } = require('./bench/chat');
const { benchResources } = require('./bench/resources');
const { benchAnalytics } = require('./bench/analytics');
const { benchPrivacy } = require('./bench/privacy');
const { benchWaitlist } = require('./bench/waitlist');
const { benchAudit } = require('./bench/audit');
const { benchImport } = require('./bench/import');
const { benchLaunch } = require('./bench/launch');
const { benchWorkerDrain } = require('./bench/worker-drain');
const { measureCeiling } = require('./bench/ceiling');
const { cpuPerRequest, cpuSnapshot } = require('./bench/cpu');
const { root, buildWhatIsMissing, deleteRedisKeys, ensureMachine, sleep, stopChild, waitFor } = require('./lib');

const PORT = process.env.BENCH_PORT ?? '3200';
const CEILING_PORT = String(Number(PORT) + 1);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BURST = Number(process.env.BENCH_BURST ?? 3000);
const LAG_RATE = Number(process.env.BENCH_LAG_RATE ?? 300);
const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 30);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const run = Date.now().toString(36);
const database = `swishly_bench_${run}`;
const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const urlOf = (name) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();
const prefix = `bench-${run}`;
mkdirSync(join(root, 'data'), { recursive: true });
const logPath = join(root, 'data', `bench-${run}.log`);
const log = createWriteStream(logPath);

const rows = [];
const row = (what, measured, target, met) => rows.push({ what, measured, target, met });
/** Each process's CPU time per request in a run and in its ceiling (scripts/bench/cpu.js), printed under the table. */
const cpuLines = [];
const cpu = (what, perRequest) => perRequest && cpuLines.push(`${what}: ${perRequest}`);
const ms = (n) => `${n.toFixed(1)} ms`;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function startProcess(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  child.name = name;
  return child;
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: 50, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false, outputStream: log });
  });
}

let joinCounter = 0;
/** A join of a new person each time (autocannon's own idReplacement sends a wrong content-length). */
const joinRequest = (tag) => ({
  method: 'POST',
  path: '/api/waitlist',
  headers: { 'content-type': 'application/json' },
  setupRequest: (req) => ({
    ...req,
    body: JSON.stringify({ first_name: 'Bench', email: `${tag}-${++joinCounter}-${run}@bench.test`, role: null, referrerCode: null }),
  }),
});

async function welcomeEmailsFor(db, pattern) {
  const [{ logged, sent }] = (
    await db.query(
      `SELECT count(*)::int AS logged, count(*) FILTER (WHERE status = 'sent')::int AS sent
       FROM mail_log WHERE template = 'waitlist-welcome' AND to_address LIKE $1`,
      [pattern],
    )
  ).rows;
  return { logged, sent };
}

async function main() {
  ensureMachine('postgres', 'redis', 'chromium');
  buildWhatIsMissing();
  const taken = await fetch(`${BASE}/health/live`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Port ${PORT} is in use (another bench still running?): set BENCH_PORT`);
  const resend = await startFakeResend();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench',
    PORT,
    WORKER_HEALTH_PORT: '0',
    DATABASE_URL: urlOf(database),
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '100000000',
    RESEND_API_KEY: 're_bench',
    RESEND_BASE_URL: resend.url,
    SHOTS_INGEST_TOKEN: 'bench-shots-ingest-token',
  };
  const pg = new Client({ connectionString: server });
  await pg.connect();
  await pg.query(`CREATE DATABASE "${database}_ceiling"`);
  const children = [];
  let db;
  // Ctrl-C still stops the API and worker and drops the scratch databases (the finally below).
  const interrupted = new Promise((_, reject) => process.once('SIGINT', () => reject(new Error('interrupted'))));
  interrupted.catch(() => undefined);
  const measure = async () => {
    console.log(`Benchmark on ${require('node:os').cpus().length} cores, Node ${process.version}; process logs in ${logPath}`);

    // 1. The ceiling, measured first, in this run.
    const bare = await measureCeiling(CEILING_PORT, urlOf(`${database}_ceiling`), SECONDS, cannon);
    console.log(`\nCeiling (bare INSERT server): ${bare.requests.average.toFixed(0)}/s, p99 ${bare.latency.p99} ms`);

    children.push(startProcess('api', ['dist/apps/api/src/main.js'], env), startProcess('worker', ['dist/apps/worker/src/main.js'], env));
    await waitFor(`${BASE}/health/ready`);
    db = new Client({ connectionString: urlOf(database) });
    await db.connect();

    // 2. Joins per second at 50 connections, worker running.
    await cannon({ url: BASE, duration: 2, requests: [joinRequest('warm')] });
    const [api, worker] = children;
    const beforeJoins = cpuSnapshot({ api: api.pid, worker: worker.pid });
    const joins = await cannon({ url: BASE, duration: SECONDS, requests: [joinRequest('rate')] });
    cpu('bare INSERT (the ceiling)', bare.cpu);
    cpu('join, worker running', cpuPerRequest(beforeJoins, cpuSnapshot({ api: api.pid, worker: worker.pid }), joins.requests.total));
    const ratio = joins.requests.average / bare.requests.average;
    const non201 = joins.non2xx + joins.errors;
    console.log(
      `Joins: ${joins.requests.average.toFixed(0)}/s (${(ratio * 100).toFixed(0)} % of the ceiling), p50 ${joins.latency.p50} ms, p95 ${joins.latency.p97_5 ?? '?'} (p97.5) ms, p99 ${joins.latency.p99} ms, ${non201} not 201`,
    );
    row(
      'POST /api/waitlist, 50 conn., worker running',
      `${joins.requests.average.toFixed(0)}/s = ${ratio.toFixed(2)} x ceiling ${bare.requests.average.toFixed(0)}/s`,
      '>= 0.5 x ceiling',
      ratio >= 0.5,
    );
    row(
      '  its latency',
      `p50 ${joins.latency.p50} ms, p99 ${joins.latency.p99} ms, ${non201} not 201`,
      'p99 < 50 ms, all 201',
      joins.latency.p99 < 50 && non201 === 0,
    );
    let t = Date.now();
    const rateJoins = joins.requests.total;
    const drained = await until(async () => (await welcomeEmailsFor(db, 'rate-%')).sent >= rateJoins, 120_000);
    console.log(
      `  its ${rateJoins} welcome emails ${drained ? `all sent ${((Date.now() - t) / 1000).toFixed(1)} s after the run` : 'NOT all sent within 120 s'}`,
    );

    // 3. A burst of 3,000 joins as fast as 50 connections go; then every welcome email, once.
    t = Date.now();
    const burst = await cannon({ url: BASE, amount: BURST, requests: [joinRequest('burst')] });
    const burstEnded = Date.now();
    const burstAccepted = burst['2xx'];
    await until(async () => (await welcomeEmailsFor(db, 'burst-%')).sent >= burstAccepted, 120_000);
    const drainSeconds = (Date.now() - burstEnded) / 1000;
    await sleep(2000); // anything sent twice would show up now
    const burstMail = await welcomeEmailsFor(db, 'burst-%');
    const atProvider = [...resend.arrivals].filter(([to]) => to.startsWith('burst-'));
    const twice = atProvider.filter(([, times]) => times.length > 1).length;
    console.log(
      `Burst: ${BURST} joins in ${((burstEnded - t) / 1000).toFixed(1)} s, ${burstAccepted} answered 201; ${burstMail.sent} welcome emails sent (mail log), ${atProvider.length} addresses reached the provider, ${twice} twice; drained ${drainSeconds.toFixed(1)} s after the burst`,
    );
    row(
      `burst of ${BURST} joins`,
      `${burstMail.sent}/${burstAccepted} emails once each, all out ${drainSeconds.toFixed(1)} s after`,
      'each one email, within 30 s',
      burstMail.sent === burstAccepted && atProvider.length === burstAccepted && twice === 0 && drainSeconds <= 30,
    );

    // 4. Join -> email lag at a steady 300 joins/s for 30 s.
    const sentAt = new Map();
    const lagStart = Date.now();
    const pending = [];
    for (let i = 0; i < LAG_RATE * LAG_SECONDS; i++) {
      const due = lagStart + (i * 1000) / LAG_RATE;
      if (due > Date.now()) await sleep(due - Date.now());
      const email = `lag-${i}-${run}@bench.test`;
      sentAt.set(email, Date.now());
      pending.push(
        fetch(`${BASE}/api/waitlist`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ first_name: 'Lag', email, role: null, referrerCode: null }),
        }).then((r) => r.arrayBuffer()),
      );
    }
    await Promise.all(pending);
    const loadEnded = Date.now();
    await until(async () => [...sentAt.keys()].every((e) => resend.arrivals.has(e)), 120_000);
    const lagDrain = (Date.now() - loadEnded) / 1000;
    const lags = [...sentAt].map(([e, at]) => (resend.arrivals.get(e)?.[0] ?? Infinity) - at).sort((a, b) => a - b);
    console.log(
      `Lag at ${LAG_RATE}/s for ${LAG_SECONDS} s: p50 ${ms(percentile(lags, 50))}, p95 ${ms(percentile(lags, 95))}, max ${ms(lags[lags.length - 1])}; drained ${lagDrain.toFixed(1)} s after the load`,
    );
    row(
      `join -> email lag at ${LAG_RATE}/s for ${LAG_SECONDS} s`,
      `p95 ${ms(percentile(lags, 95))} (p50 ${ms(percentile(lags, 50))}), drained ${lagDrain.toFixed(1)} s after`,
      'p95 < 2 s',
      percentile(lags, 95) < 2000,
    );

    // 5. Status lookups at a million entries (bulk SQL: this measures reads).
    t = Date.now();
    await db.query(
      `
      INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical,
        referral_code, source, rank_key, created_at)
      SELECT gen_random_uuid(), n, 'Bench', 'b' || n || '@bench.test', 'b' || n || '@bench.test', 'b' || n || '@bench.test',
        'Z' || upper(lpad(to_hex(n), 7, '0')), 'landing', n * 2 - (CASE WHEN n % 10 = 0 THEN 11 ELSE 0 END), now()
      FROM generate_series((SELECT last_signup_number + 1 FROM waitlist_counter), $1::int) AS n`,
      [ENTRIES],
    );
    await db.query('UPDATE waitlist_counter SET last_signup_number = $1', [ENTRIES]);
    // A table after a bulk load, as it stands once autovacuum has been through it: otherwise the
    // vacuum of a million fresh rows runs during the measurement and is what it measures.
    await db.query('VACUUM ANALYZE waitlist_entries');
    const reindex = spawnSync(process.execPath, ['dist/apps/worker/src/reindex-positions.js'], { cwd: root, env, encoding: 'utf8' });
    log.write(reindex.stdout + reindex.stderr);
    console.log(`Loaded ${ENTRIES.toLocaleString('en')} entries and reindexed them in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    // Each member's signed status token, as in their emails (libs/waitlist/src/entries/waitlist-links.ts).
    const statusToken = (id) => `${id}.${createHmac('sha256', env.APP_SECRET).update(`waitlist-status:${id}`).digest('base64url')}`;
    const tokens = (await db.query(`SELECT id FROM waitlist_entries WHERE referral_code LIKE 'Z%' ORDER BY random() LIMIT 5000`)).rows.map((r) =>
      statusToken(r.id),
    );
    let k = 0;
    const statusRequest = { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/waitlist/status?token=${tokens[k++ % tokens.length]}` }) };
    await cannon({ url: BASE, connections: 10, duration: 2, requests: [statusRequest] });
    const status = await cannon({ url: BASE, connections: 10, duration: SECONDS, requests: [statusRequest] });
    console.log(
      `Status: ${status.requests.average.toFixed(0)}/s, p50 ${status.latency.p50} ms, p99 ${status.latency.p99} ms, ${status.non2xx + status.errors} not 200`,
    );
    row(
      `GET /api/waitlist/status at ${ENTRIES.toLocaleString('en')} entries, 10 conn.`,
      `${status.requests.average.toFixed(0)}/s, p50 ${status.latency.p50} ms, p99 ${status.latency.p99} ms`,
      'p99 < 20 ms',
      status.latency.p99 < 20 && status.non2xx === 0,
    );

    // 6. The feedback page's API: 200 claimed records, half stored analyses and half from metrics
    // (generated on the first read, as a player's first visit would), read at 50 connections.
    const claims = await feedbackRecords(env, 200);
    let f = 0;
    const feedbackRequest = {
      method: 'GET',
      setupRequest: (req) => {
        const { code, token } = claims[f++ % claims.length];
        return { ...req, path: `/api/feedback/hbf/${code}`, headers: { ...req.headers, authorization: `Bearer ${token}` } };
      },
    };
    await cannon({ url: BASE, duration: 2, requests: [feedbackRequest] });
    const feedback = await cannon({ url: BASE, duration: SECONDS, requests: [feedbackRequest] });
    console.log(
      `Feedback: ${feedback.requests.average.toFixed(0)}/s, p50 ${feedback.latency.p50} ms, p99 ${feedback.latency.p99} ms, ${feedback.non2xx + feedback.errors} not 200`,
    );
    row(
      'GET /api/feedback/hbf/{code}, 50 conn.',
      `${feedback.requests.average.toFixed(0)}/s (ceiling ${bare.requests.average.toFixed(0)}/s), p50 ${feedback.latency.p50} ms, p99 ${feedback.latency.p99} ms`,
      'p99 < 50 ms, all 200',
      feedback.latency.p99 < 50 && feedback.non2xx + feedback.errors === 0,
    );

    // 7. The home page's JavaScript.
    const kib = await homeJavaScript();
    row(
      'home page JS before interaction (gzipped)',
      kib.map((k) => `${k.toFixed(1)} KiB`).join(' / ') + ' at 1280 / 375 px',
      '<= 130 KB',
      kib.every((k) => k * 1024 <= 130_000),
    );

    // 8. The coach: time to the first streamed piece and to the whole reply (scripts/bench/chat.js).
    await benchChat({ root, env, port: Number(PORT) + 2, startProcess, row });

    // 9. The public blog at 10,000 published posts: the list and a search (scripts/bench/resources.js).
    await benchResources({ root, env, port: Number(PORT) + 4, startProcess, row });

    // 10. Download tracking beside the ceiling, the rollups' lag, the report over a year (scripts/bench/analytics.js).
    await benchAnalytics({ root, env, port: Number(PORT) + 6, startProcess, row, cpu, ceiling: bare.requests.average, workerPid: worker.pid });

    // 11. Staff's waitlist at a million members: pages, search, the CSV export (scripts/bench/waitlist.js).
    await benchWaitlist({ root, env, port: Number(PORT) + 10, startProcess, row });

    // 12. Privacy requests at a million members: export and erasure, one after another (scripts/bench/privacy.js).
    await benchPrivacy({ root, env, port: Number(PORT) + 8, startProcess, row });

    // 13. Launch day: 10,000 admissions and an announcement to 100,000, on a database, worker and fake Resend of its own (scripts/bench/launch.js).
    await benchLaunch({ root, env, port: Number(PORT) + 12, startProcess, row, cpu, ceiling: bare.requests.average });

    // 14. One worker replica drains a burst's backlog: the rate the ScaledObject scales on, and what an API and a worker use (scripts/bench/worker-drain.js).
    await benchWorkerDrain({ root, env, port: Number(PORT) + 14, startProcess, row });

    // 15. The audit log at a million events: pages, one staff member's, one action's (scripts/bench/audit.js).
    await benchAudit({ root, env, port: Number(PORT) + 16, startProcess, row });

    // 16. A CSV import of 100,000 members, from the request until the worker reports it done (scripts/bench/import.js).
    await benchImport({ root, env, port: Number(PORT) + 18, startProcess, row });
  };
  try {
    await Promise.race([measure(), interrupted]);
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await db?.end();
    resend.close();
    // `${database}_launch`, `${database}_drain` and their prefixes: steps 13 and 14's own, left behind should one be cut short.
    for (const name of [database, `${database}_ceiling`, `${database}_launch`, `${database}_drain`])
      await pg.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await pg.end();
    await deleteRedisKeys(prefix);
    await deleteRedisKeys(`${prefix}-launch`);
    await deleteRedisKeys(`${prefix}-drain`);
    await deleteRedisKeys(`${prefix}-drain-ceiling`);
    log.end();
  }
  printTable();
}

/** Records `count` booth shots through POST /api/shots and claims each, as players at the booth would. */
/** Claimed shot records, each with the claim token that opens its feedback. */
async function feedbackRecords(env, count) {
  const claims = [];
  for (let i = 0; i < count; i++) {
    const code = `B${run}${i}`.toUpperCase().slice(0, 32);
    const data =
      i % 2 === 0
        ? {
            shot_data: {
              shotRating: 7,
              form: 'Elbow under the ball.',
              release: 'A touch late.',
              followThrough: 'Hold it longer.',
              tips: ['Release at the top', 'Hold the follow-through'],
            },
          }
        : {
            metrics: {
              elbowAngleDeg: 80 + (i % 30),
              releaseAngleDeg: 40 + (i % 15),
              releaseTimeMs: 500 + i * 3,
              followThroughHoldMs: 300 + i * 2,
              balanceScore: 60 + (i % 40),
            },
          };
    const headers = { 'content-type': 'application/json' };
    const recorded = await fetch(`${BASE}/api/shots`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${env.SHOTS_INGEST_TOKEN}` },
      body: JSON.stringify({ kind: 'hbf', code, ...data }),
    });
    if (recorded.status !== 201) throw new Error(`POST /api/shots answered ${recorded.status}`);
    const claimed = await fetch(`${BASE}/api/shots/hbf/${code}/claim`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ first_name: 'Bench', email: `shot-${i}-${run}@bench.test` }),
    });
    if (claimed.status !== 200) throw new Error(`the claim answered ${claimed.status}`);
    claims.push({ code, token: (await claimed.json()).claimToken });
  }
  return claims;
}

async function until(condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(100);
  }
  return false;
}

function printTable() {
  if (rows.length === 0) return;
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => [r.what, r.measured, r.target][i].length)));
  console.log('\n' + ['what', 'measured', 'target'].map((h, i) => h.padEnd(widths[i])).join(' | ') + ' | met');
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-') + '-|----');
  for (const r of rows) console.log([r.what, r.measured, r.target].map((v, i) => v.padEnd(widths[i])).join(' | ') + ` | ${r.met ? 'yes' : 'NO'}`);
  if (cpuLines.length)
    console.log(
      `\nCPU time per request, by process (on ${require('node:os').cpus().length} cores, the most a rate can be is the cores over the sum):\n  ${cpuLines.join('\n  ')}`,
    );
  const missed = rows.filter((r) => !r.met).length;
  console.log(`\nBenchmark done: ${rows.length - missed} of ${rows.length} targets met${missed ? `, ${missed} missed` : ''}.`);
}

/** Sums the gzipped size of every script the home page loads until the network is idle (KiB per viewport). */
async function homeJavaScript() {
  const { chromium } = require('@playwright/test');
  const { gzipSync } = require('node:zlib');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const sizes = [];
  try {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      const page = await browser.newPage({ viewport });
      const scripts = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() === 'script') scripts.push(await res.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(`${BASE}/`, { waitUntil: 'networkidle' });
      await sleep(500);
      sizes.push(scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return sizes;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    printTable();
    process.exit(1);
  },
);
