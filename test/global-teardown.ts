import { Client } from 'pg';
import { serverUrl } from './utils/database';

// The npm scripts' plain-JS helpers (CommonJS, no types).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { deleteRedisKeys } = require('../scripts/lib');

export default async function globalTeardown(): Promise<void> {
  const runId = process.env.TEST_RUN_ID;
  if (!runId) return;
  const client = new Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`swishly_test_${runId}_%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
  // Each test file's prefix is test-<run id>-<its own>: one pattern finds them all.
  await deleteRedisKeys(`test-${runId}-*`);
}
