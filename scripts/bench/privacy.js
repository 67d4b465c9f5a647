#!/usr/bin/env node
// Privacy requests at a million members (target: an erasure under a second): the waitlist,
// each member's personal fields beside the log (personal_data) and a welcome email each in the
// mail log are loaded with SQL; then staff export and erase members chosen at random, one after
// another through the API (POST /api/admin/privacy/export and /erase), timed end to end: an
// erasure is done when its answer arrives, the transaction committed. Part of `npm run bench`
// (scripts/bench.js); alone: `node scripts/bench/privacy.js`.
const { join } = require('node:path');
const { Client } = require('pg');
const { stopChild, waitFor } = require('../lib');
const { signInAdmin } = require('./admin-session');
const { percentile } = require('./timed-reads');

const MEMBERS = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_PRIVACY_REQUESTS ?? 30);
const ADMIN = { email: 'privacy-bench@swishly.test', password: 'Court-Vision-42' };

/**
 * MEMBERS members (those bench.js loaded already count), each with their personal fields beside
 * the log and a welcome email in the mail log.
 */
async function seedMembers(databaseUrl) {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const started = Date.now();
    await pg.query(
      `INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical, referral_code, source, rank_key, created_at)
       SELECT gen_random_uuid(), n, 'Bench', 'p' || n || '@bench.test', 'p' || n || '@bench.test', 'p' || n || '@bench.test',
              'P' || upper(lpad(to_hex(n), 7, '0')), 'landing', n * 2, now()
       FROM generate_series((SELECT coalesce(max(signup_number), 0) + 1 FROM waitlist_entries), $1::int) AS n`,
      [MEMBERS],
    );
    await pg.query(
      `INSERT INTO waitlist_counter (id, last_signup_number) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET last_signup_number = GREATEST(waitlist_counter.last_signup_number, $1)`,
      [MEMBERS],
    );
    await pg.query(
      `INSERT INTO personal_data (event_id, subject, fields)
       SELECT gen_random_uuid(), 'email:' || email_normalized, jsonb_build_object('firstName', first_name, 'email', email) FROM waitlist_entries`,
    );
    await pg.query(
      `INSERT INTO mail_log (event_id, template, to_address, to_address_normalized, from_address, subject, html, text, status, created_at, updated_at)
       SELECT gen_random_uuid(), 'waitlist-welcome', email, email_normalized, 'Swishly <hello@swishly.app>', 'You''re #' || signup_number || ' on the Swishly waitlist',
              repeat('<p>Welcome to the waitlist.</p>', 40), repeat('Welcome to the waitlist. ', 40), 'sent', now(), now()
       FROM waitlist_entries`,
    );
    for (const table of ['waitlist_entries', 'personal_data', 'mail_log']) await pg.query(`VACUUM ANALYZE ${table}`);
    console.log(
      `Loaded ${MEMBERS.toLocaleString('en')} members with their personal fields and a welcome email each in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await pg.end();
  }
}

async function benchPrivacy({ root, env, port, startProcess, row }) {
  await seedMembers(env.DATABASE_URL);
  const base = `http://127.0.0.1:${port}`;
  const api = startProcess('api-privacy', [join(root, 'dist/apps/api/src/main.js')], { ...env, PORT: String(port), MIGRATE_ON_START: 'false' });
  try {
    await waitFor(`${base}/health/ready`);
    const headers = { 'content-type': 'application/json', ...(await signInAdmin({ root, env, base, admin: ADMIN })) };
    const timed = async (path, email) => {
      const started = process.hrtime.bigint();
      const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify({ email }) });
      const body = await response.json();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, body };
    };
    // Members spread over the list, each exported then erased (a warm-up pair first).
    const numbers = Array.from({ length: REQUESTS + 1 }, (_, i) => 1 + Math.floor(((i + 0.5) * MEMBERS) / (REQUESTS + 1)));
    const pg = new Client({ connectionString: env.DATABASE_URL });
    await pg.connect();
    const picks = (await pg.query('SELECT email FROM waitlist_entries WHERE signup_number = ANY($1::int[]) ORDER BY signup_number', [numbers])).rows.map(
      (r) => r.email,
    );
    await pg.end();
    const exports = [];
    const erasures = [];
    for (const [i, email] of picks.entries()) {
      const copy = await timed('/api/admin/privacy/export', email);
      if (copy.body.waitlist?.email !== email) throw new Error(`export of ${email} holds no waitlist entry`);
      const erased = await timed('/api/admin/privacy/erase', email);
      if (erased.body.records < 2 || erased.body.personalFields !== 1) throw new Error(`erasure of ${email} removed ${JSON.stringify(erased.body)}`);
      if (i > 0) {
        exports.push(copy.ms);
        erasures.push(erased.ms);
      }
    }
    exports.sort((a, b) => a - b);
    erasures.sort((a, b) => a - b);
    const figures = (times) =>
      `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms`;
    console.log(
      `Privacy at ${MEMBERS.toLocaleString('en')} members, ${REQUESTS} members one after another: export ${figures(exports)}; erasure ${figures(erasures)}`,
    );
    const size = `${MEMBERS.toLocaleString('en')} members`;
    row(`POST /api/admin/privacy/erase at ${size}, ${REQUESTS} in turn`, figures(erasures), 'each < 1 s', erasures[erasures.length - 1] < 1000);
    row(`POST /api/admin/privacy/export at ${size}, ${REQUESTS} in turn`, figures(exports), 'each < 1 s', exports[exports.length - 1] < 1000);
  } finally {
    await stopChild(api);
  }
}

module.exports = { benchPrivacy };

/** Alone: a scratch database (migrated first), one API, the figures. */
if (require.main === module) require('./standalone').runStandalone('privacy', 30, benchPrivacy);
