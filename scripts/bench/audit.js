#!/usr/bin/env node
// The audit log at a million events: its first page, one staff member's, one action's, and a page
// far back (keyset), read from the event log as the API reads it. The events are loaded with SQL
// (99 % visitors', 1 % staff's: 10,000 actions of 20 staff): this measures the reads. Part of
// `npm run bench` (scripts/bench.js); alone: `node scripts/bench/audit.js`.
const { join } = require('node:path');
const { Client } = require('pg');
const { stopChild, waitFor } = require('../lib');
const { signInAdmin } = require('./admin-session');
const { medianAndP95, percentile, timedReads } = require('./timed-reads');

const EVENTS = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const ROUNDS = 20;
const STAFF = 20;
const ADMIN = { email: 'audit-bench@swishly.test', password: 'Court-Vision-42' };
const ACTIONS = ['admin.signed-in', 'waitlist.admitted', 'admin.waitlist-exported', 'resource-post.edited', 'admin.queue-dashboard-acted'];

async function benchAudit({ root, env, port, startProcess, row }) {
  const pg = new Client({ connectionString: env.DATABASE_URL });
  await pg.connect();
  const started = Date.now();
  const staff = Array.from({ length: STAFF }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  // Every hundredth event is a staff member's (one of STAFF, one of ACTIONS, on a member), the rest visitors'.
  await pg.query(
    `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata, occurred_at)
     SELECT gen_random_uuid(), 'waitlist-entry', 'bench-' || n, 1,
            CASE WHEN n % 100 = 0 THEN ($2::text[])[1 + (n / 100) % array_length($2::text[], 1)] ELSE 'waitlist.joined' END,
            '{}'::jsonb,
            CASE WHEN n % 100 = 0 THEN jsonb_build_object('actorType', 'admin', 'actorId', ($3::text[])[1 + (n / 100) % array_length($3::text[], 1)])
                 ELSE '{"actorType":"visitor"}'::jsonb END,
            now() - make_interval(secs => $1::int - n)
     FROM generate_series(1, $1::int) AS n`,
    [EVENTS, ACTIONS, staff],
  );
  await pg.query('VACUUM ANALYZE domain_events');
  const [{ deep }] = (await pg.query(`SELECT position AS deep FROM domain_events WHERE metadata->>'actorType' = 'admin' ORDER BY position OFFSET 100 LIMIT 1`))
    .rows;
  await pg.end();
  console.log(`Loaded ${EVENTS.toLocaleString('en')} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const base = `http://127.0.0.1:${port}`;
  const api = startProcess('api-audit', [join(root, 'dist/apps/api/src/main.js')], { ...env, PORT: String(port), MIGRATE_ON_START: 'false' });
  try {
    await waitFor(`${base}/health/ready`);
    const { cookie } = await signInAdmin({ root, env, base, admin: ADMIN });
    const size = `${EVENTS.toLocaleString('en')} events`;
    for (const [what, path, target] of [
      ['first page (50)', '/api/admin/audit', 100],
      ["one staff member's first page", `/api/admin/audit?actor=${staff[7]}`, 100],
      ["one action's first page", '/api/admin/audit?action=admin.waitlist-exported', 200],
      ['a page far back (keyset)', `/api/admin/audit?cursor=${deep}`, 100],
    ]) {
      const times = await timedReads({ base, cookie, path, rounds: ROUNDS, isRight: (body) => body.entries.length > 0 });
      console.log(`Audit log ${what} at ${size}: ${medianAndP95(times)}`);
      row(`GET /api/admin/audit ${what}, ${size}`, medianAndP95(times), `p95 < ${target} ms`, percentile(times, 95) < target);
    }
  } finally {
    await stopChild(api);
  }
}

module.exports = { benchAudit };

/** Alone: a scratch database (migrated first), one API, the figures. */
if (require.main === module) require('./standalone').runStandalone('audit', 44, benchAudit);
