import { Client } from 'pg';
import { randomBytes } from 'node:crypto';

/** The Postgres server the tests use (TEST_DATABASE_SERVER, default the local one). */
export function serverUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `swishly_test_${process.env.TEST_RUN_ID}_${randomBytes(4).toString('hex')}`;
  const client = new Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${process.env.TEST_TEMPLATE_DB}"`);
        break;
      } catch (error) {
        // 55006: another file is cloning the template at this very moment.
        if ((error as { code?: string }).code !== '55006' || attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
  return {
    url: serverUrl(name),
    drop: async () => {
      const admin = new Client({ connectionString: serverUrl('postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end());
    },
  };
}
