#!/usr/bin/env node
// Staff's waitlist at a million members: the list's first page and one near the end
// (keyset), a search, the top referrers, and the CSV export of every member, streamed (its time and the API's peak
// resident memory, sampled while it streams). The members are loaded with SQL: this measures the reads. Part of
// `npm run bench` (scripts/bench.js); alone: `node scripts/bench/waitlist.js`.
const { spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { stopChild, waitFor } = require('../lib');
const { signInAdmin } = require('./admin-session');
const { medianAndP95, percentile, timedReads } = require('./timed-reads');

const MEMBERS = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const ROUNDS = 20;
const ADMIN = { email: 'waitlist-bench@swishly.test', password: 'Court-Vision-42' };

/** A process's resident memory now (VmRSS), in MB. */
const memoryMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function benchWaitlist({ root, env, port, startProcess, row }) {
  const pg = new Client({ connectionString: env.DATABASE_URL });
  await pg.connect();
  const started = Date.now();
  await pg.query(
    `INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical, referral_code, source, rank_key, confirmed_at, created_at,
       referral_credits, pending_referrals, held_referrals, admitted_at, referral_status, address_hash)
     SELECT gen_random_uuid(), n, 'Member' || n, 'w' || n || '@bench.test', 'w' || n || '@bench.test', 'w' || n || '@bench.test',
            'W' || upper(lpad(to_hex(n), 7, '0')), 'landing', n * 2 - (CASE WHEN n % 10 = 0 THEN 11 ELSE 0 END),
            CASE WHEN n % 3 = 0 THEN now() END, now(),
            -- One in ten has a credited referral (the rank key above), one in seven a pending one, one in a hundred one held.
            CASE WHEN n % 10 = 0 THEN 1 ELSE 0 END, CASE WHEN n % 7 = 0 THEN 1 ELSE 0 END, CASE WHEN n % 100 = 1 THEN 1 ELSE 0 END,
            -- One confirmed member in four admitted; one member in a thousand with their own referral held for review.
            CASE WHEN n % 12 = 0 THEN now() END, CASE WHEN n % 1000 = 7 THEN 'flagged' ELSE 'none' END, md5('w' || n)
     FROM generate_series((SELECT coalesce(max(signup_number), 0) + 1 FROM waitlist_entries), $1::int) AS n`,
    [MEMBERS],
  );
  // One member in fifty unsubscribed from announcements (the suppression list, by address hash).
  await pg.query(
    `INSERT INTO mail_suppressions (address_hash, reason) SELECT md5('w' || n), 'unsubscribed' FROM generate_series(3, $1::int, 50) AS n ON CONFLICT DO NOTHING`,
    [MEMBERS],
  );
  await pg.query('VACUUM ANALYZE mail_suppressions');
  await pg.query(
    `INSERT INTO waitlist_counter (id, last_signup_number) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET last_signup_number = GREATEST(waitlist_counter.last_signup_number, $1)`,
    [MEMBERS],
  );
  await pg.query('VACUUM ANALYZE waitlist_entries');
  // The positions set in Redis, as the worker keeps it (a page's first position is one ZRANK).
  const reindex = spawnSync(process.execPath, ['dist/apps/worker/src/reindex-positions.js'], { cwd: root, env, encoding: 'utf8' });
  if (reindex.status !== 0) throw new Error(`reindex failed: ${reindex.stderr}`);
  const [deep] = (await pg.query('SELECT rank_key, signup_number FROM waitlist_entries ORDER BY rank_key, signup_number OFFSET $1 LIMIT 1', [MEMBERS - 100]))
    .rows;
  await pg.end();
  console.log(`Loaded ${MEMBERS.toLocaleString('en')} members in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const base = `http://127.0.0.1:${port}`;
  const api = startProcess('api-waitlist', [join(root, 'dist/apps/api/src/main.js')], { ...env, PORT: String(port), MIGRATE_ON_START: 'false' });
  try {
    await waitFor(`${base}/health/ready`);
    const { cookie } = await signInAdmin({ root, env, base, admin: ADMIN });
    const size = `${MEMBERS.toLocaleString('en')} members`;
    const cursor = Buffer.from(`${deep.rank_key}:${deep.signup_number}`).toString('base64url');
    // What a staff member feels: every list, filter and search under 50 ms at p95.
    for (const [what, path, target] of [
      ['first page (50)', '/api/admin/waitlist?limit=50', 50],
      ['a page near the end (keyset)', `/api/admin/waitlist?limit=50&cursor=${cursor}`, 50],
      ...['unconfirmed', 'confirmed', 'admitted', 'unsubscribed', 'flagged'].map((status) => [
        `${status} members, first page`,
        `/api/admin/waitlist?limit=50&status=${status}`,
        50,
      ]),
      ['confirmed members, a page near the end (keyset)', `/api/admin/waitlist?limit=50&status=confirmed&cursor=${cursor}`, 50],
      ["search 'w123456'", '/api/admin/waitlist?limit=50&search=w123456', 50],
      ["search 'member98765'", '/api/admin/waitlist?limit=50&search=member98765', 50],
      ["confirmed members, search 'w12345'", '/api/admin/waitlist?limit=50&status=confirmed&search=w12345', 50],
      ['how many members each filter holds', '/api/admin/waitlist/statuses', 50],
      ['top referrers (100)', '/api/admin/waitlist/leaderboard?limit=100', 50],
    ]) {
      const times = await timedReads({ base, cookie, path, rounds: ROUNDS });
      console.log(`Waitlist ${what} at ${size}: ${medianAndP95(times)}`);
      row(`GET ${path.split('?')[0]} ${what}, ${size}`, medianAndP95(times), `p95 < ${target} ms`, percentile(times, 95) < target);
    }

    const atRest = memoryMb(api.pid);
    // The API's resident memory, sampled every 50 ms while it streams the export.
    let peak = atRest;
    const sampler = setInterval(() => (peak = Math.max(peak, memoryMb(api.pid))), 50);
    const t = Date.now();
    const response = await fetch(`${base}/api/admin/waitlist/export`, { headers: { cookie } });
    let lines = 0;
    for await (const chunk of response.body) for (const byte of chunk) if (byte === 10) lines++;
    const seconds = (Date.now() - t) / 1000;
    clearInterval(sampler);
    const memory = peak;
    console.log(
      `CSV export of ${size}: ${lines - 1} rows in ${seconds.toFixed(1)} s; the API's resident memory at most ${memory.toFixed(0)} MB (${atRest.toFixed(0)} MB before the export)`,
    );
    row(
      `GET /api/admin/waitlist/export, ${size}`,
      `${(lines - 1).toLocaleString('en')} rows in ${seconds.toFixed(1)} s, API RSS at most ${memory.toFixed(0)} MB (${atRest.toFixed(0)} before)`,
      '< 30 s, < 200 MB',
      seconds < 30 && memory < 200 && lines - 1 === MEMBERS,
    );
  } finally {
    await stopChild(api);
  }
}

module.exports = { benchWaitlist };

/** Alone: a scratch database (migrated first), one API, the figures. */
if (require.main === module) require('./standalone').runStandalone('waitlist', 40, benchWaitlist);
