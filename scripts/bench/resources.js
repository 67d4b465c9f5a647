#!/usr/bin/env node
// The public blog at 10,000 published posts: GET /api/resources (the newest 50) and a search, at 10
// connections (target p95 < 20 ms: autocannon has no p95, so the script keeps every response time).
// Each process keeps its public answers until a post changes (PublishedPostsCache), so these rows
// are mostly kept answers; a last line shows the search with the cache off, every answer computed.
// The posts are written straight into the read model (blog_posts) with SQL: this measures the reads,
// and writing 10,000 posts through the staff API would take minutes. Part of `npm run bench` (scripts/bench.js); alone:
// `node scripts/bench/resources.js`.
const autocannon = require('autocannon');
const { Client } = require('pg');
const { join } = require('node:path');
const { stopChild, waitFor } = require('../lib');

const POSTS = Number(process.env.BENCH_RESOURCES_POSTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

/** POSTS published posts of about 300 words each from a basketball vocabulary, one in 20 mentioning 'elbow'. */
async function seedPosts(databaseUrl) {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    await pg.query(`DELETE FROM blog_posts WHERE slug LIKE 'bench-%'`);
    await pg.query(
      `WITH words AS (SELECT string_to_array('shot arc release wrist balance footwork drill rebound guard court rim net follow through set point jump catch dribble pass defence stance knee hip shoulder rhythm practice game free throw three layup', ' ') AS w)
       INSERT INTO blog_posts (id, slug, title, excerpt, content, content_text, tags, author_name, is_published, published_at, read_time_minutes, created_at, updated_at)
       SELECT gen_random_uuid(), 'bench-' || i, initcap(w[1 + i % 30] || ' ' || w[1 + (i * 7) % 30] || ' drills ' || i),
              'How to improve your ' || w[1 + (i * 3) % 30] || (CASE WHEN i % 20 = 0 THEN ' and your elbow' ELSE '' END),
              '<p>' || body || '</p>', body, ARRAY[w[1 + i % 30], w[1 + (i * 11) % 30]], 'Swishly Team', true,
              now() - make_interval(mins => i), 2, now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM words, generate_series(1, $1) AS i,
            LATERAL (SELECT string_agg(w[1 + ((i * 31 + k * 17) % 30)], ' ') AS body FROM generate_series(1, 300) AS k) AS b`,
      [POSTS],
    );
    await pg.query('ANALYZE blog_posts');
  } finally {
    await pg.end();
  }
}

/** autocannon's figures plus p95 (it reports p90 and p97.5), from every response time of the measured run. */
async function latency(url) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up
  const times = [];
  const run = autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  run.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await run;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  times.sort((a, b) => a - b);
  return { ...result, p95: times[Math.ceil(times.length * 0.95) - 1] };
}

const figuresOf = (result) =>
  `p50 ${result.latency.p50} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)}/s`;

async function benchResources({ root, env, port, startProcess, row }) {
  await seedPosts(env.DATABASE_URL);
  const base = `http://127.0.0.1:${port}`;
  /** Runs `measure` against an API started with `extraEnv` on the bench's database, then stops it. */
  const withApi = async (name, extraEnv, measure) => {
    const api = startProcess(name, [join(root, 'dist/apps/api/src/main.js')], { ...env, PORT: String(port), MIGRATE_ON_START: 'false', ...extraEnv });
    try {
      await waitFor(`${base}/health/ready`);
      await measure();
    } finally {
      await stopChild(api);
    }
  };

  await withApi('api-resources', {}, async () => {
    const cases = [
      ['resources list (newest 50)', '/api/resources'],
      ["resources search 'elbow'", '/api/resources?search=elbow'],
      ["resources search 'footw' (substring)", '/api/resources?search=footw'],
    ];
    for (const [what, path] of cases) {
      const result = await latency(`${base}${path}`);
      console.log(`${what} at ${POSTS} published posts, ${CONNECTIONS} connections: ${figuresOf(result)}`);
      row(`${what}, ${POSTS} posts, ${CONNECTIONS} conn.`, figuresOf(result), 'p95 < 20 ms', result.p95 < 20);
    }
  });
  // What a reader pays when the answer is not kept (the first after a change, or a rare search).
  await withApi('api-resources-uncached', { RESOURCES_CACHE_ANSWERS: '0' }, async () => {
    const result = await latency(`${base}/api/resources?search=elbow`);
    console.log(`  with the cache off (RESOURCES_CACHE_ANSWERS=0), search 'elbow': ${figuresOf(result)}`);
  });
}

module.exports = { benchResources };

/** Alone: a scratch database (migrated first), one API, the figures. */
if (require.main === module) require('./standalone').runStandalone('resources', 20, benchResources);
