#!/usr/bin/env node
// `npm run bench`: starts the real API + worker on a scratch database and prints figures.
// 1. waitlist joins per second and latency at 50 concurrent connections;
// 2. position lookups (GET /api/waitlist/status) at 1,000,000 entries: through Redis (ZRANK)
//    and through the Postgres fallback (indexed count).
// 3. the home page's JavaScript before interaction (gzipped), in Chromium at 1280 and 375 px.
// Figures only: nothing here fails a build.
const { spawnSync } = require('node:child_process');
const { Client } = require('pg');
const IORedis = require('ioredis');
const { root, buildWhatIsMissing, runProcesses } = require('./lib');

const PORT = process.env.BENCH_PORT ?? '3200';
const BASE = `http://127.0.0.1:${PORT}`;
const JOINS = Number(process.env.BENCH_JOINS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const run = Date.now().toString(36);
const database = `swishly_bench_${run}`;
const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = new URL(server);
dbUrl.pathname = `/${database}`;
const prefix = `bench-${run}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  APP_SECRET: 'bench-secret-bench-secret-bench',
  PORT,
  DATABASE_URL: dbUrl.toString(),
  REDIS_PREFIX: prefix,
  LOG_LEVEL: 'warn',
  PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '100000000',
};

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n) => `${n.toFixed(1)} ms`;

async function waitReady() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/health/ready`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('API did not become ready');
}

/** Runs `total` requests from `concurrency` loops; returns sorted latencies and wall time. */
async function load(total, concurrency, request) {
  let next = 0;
  const latencies = [];
  const statuses = {};
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        const res = await request(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000, statuses };
}

function report(title, { latencies, seconds, statuses }) {
  console.log(`\n${title}`);
  console.log(`  requests: ${latencies.length} in ${seconds.toFixed(1)} s  -> ${(latencies.length / seconds).toFixed(0)} per second`);
  console.log(`  latency:  p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}  max ${ms(latencies[latencies.length - 1])}`);
  console.log(`  statuses: ${JSON.stringify(statuses)}`);
}

async function main() {
  buildWhatIsMissing();
  const children = runProcesses(['api', 'worker'], env);
  const pg = new Client({ connectionString: server });
  await pg.connect();
  try {
    await waitReady();
    console.log(`Benchmark on ${require('node:os').cpus().length} cores, Node ${process.version}`);
    await homeJavaScript();

    // Warm-up, then the measured run: every join a new person.
    await load(200, 10, (i) => join(`warm-${i}`));
    report(`POST /api/waitlist, ${JOINS} joins at ${CONCURRENCY} concurrent connections`, await load(JOINS, CONCURRENCY, (i) => join(`bench-${i}`)));

    // A million entries in the read model (bulk SQL, not through the API: this measures reads).
    const db = new Client({ connectionString: dbUrl.toString() });
    await db.connect();
    let t = performance.now();
    await db.query(`
      INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical,
        referral_code, source, rank_key, created_at)
      SELECT gen_random_uuid(), n, 'Bench', 'b' || n || '@bench.test', 'b' || n || '@bench.test', 'b' || n || '@bench.test',
        'Z' || upper(lpad(to_hex(n), 7, '0')), 'landing', n * 2 - (CASE WHEN n % 10 = 0 THEN 11 ELSE 0 END), now()
      FROM generate_series((SELECT last_signup_number + 1 FROM waitlist_counter), $1::int) AS n`, [ENTRIES]);
    await db.query('UPDATE waitlist_counter SET last_signup_number = $1', [ENTRIES]);
    await db.query('ANALYZE waitlist_entries');
    console.log(`\nLoaded ${ENTRIES.toLocaleString('en')} entries in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    const reindex = spawnSync(process.execPath, ['dist/apps/worker/src/reindex-positions.js'], { cwd: root, env, encoding: 'utf8' });
    process.stdout.write(`  ${reindex.stdout.trim() || reindex.stderr.trim()} (npm run waitlist:reindex, ${((performance.now() - t) / 1000).toFixed(1)} s with start-up)\n`);

    const codes = (await db.query(`SELECT referral_code FROM waitlist_entries WHERE referral_code LIKE 'Z%' ORDER BY random() LIMIT 2000`)).rows.map((r) => r.referral_code);
    const status = (i) => fetch(`${BASE}/api/waitlist/status?code=${codes[i % codes.length]}`);
    await load(200, 10, status);
    report(`GET /api/waitlist/status at ${ENTRIES.toLocaleString('en')} entries, Redis sorted set (ZRANK), 10 connections`, await load(2000, 10, status));

    const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await redis.del(`${prefix}:waitlist:positions`);
    report(`GET /api/waitlist/status at ${ENTRIES.toLocaleString('en')} entries, Postgres fallback (indexed count), 10 connections`, await load(300, 10, status));
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await db.end();
  } finally {
    children.forEach((c) => c.kill('SIGTERM'));
    await new Promise((r) => setTimeout(r, 3000));
    await pg.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await pg.end();
  }
}

/** Sums the gzipped size of every script the home page loads until the network is idle. */
async function homeJavaScript() {
  const { chromium } = require('@playwright/test');
  const { gzipSync } = require('node:zlib');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
      const page = await browser.newPage({ viewport });
      const scripts = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() === 'script') scripts.push({ url: res.url(), body: await res.body().catch(() => Buffer.alloc(0)) });
      });
      await page.goto(`${BASE}/`, { waitUntil: 'networkidle' });
      await new Promise((r) => setTimeout(r, 500));
      const gzipped = scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0);
      console.log(`\nHome page JavaScript at ${viewport.width} px before interaction: ${scripts.length} files, ${(gzipped / 1024).toFixed(1)} KiB gzipped (${(gzipped / 1000).toFixed(1)} kB; budget 130 KB)`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

function join(name) {
  return fetch(`${BASE}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Bench', email: `${name}-${run}@bench.test`, role: null, referrerCode: null }),
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
