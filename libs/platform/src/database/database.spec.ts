import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { createTestDatabase } from '../../../../test/utils/database';
import { dataSourceOptions } from './database';

describe('dataSourceOptions (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('keeps the process up when Postgres ends a checked-out connection between queries', async () => {
    const dataSource = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    const admin = await new DataSource(dataSourceOptions(db.url, 1)).initialize();
    try {
      // Checked out, between queries, with no query runner listening: the gap where the
      // FATAL message arrived as an 'error' event nobody handled, and the process died.
      const client = await ((dataSource.driver as PostgresDriver).master as Pool).connect();
      const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      client.release(true);
      // The pool goes on with a new connection.
      expect(await dataSource.query('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await dataSource.destroy();
      await admin.destroy();
    }
  });

  it('plans every statement without parallel workers (the apps run small statements only)', async () => {
    const dataSource = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    try {
      expect(await dataSource.query('SHOW max_parallel_workers_per_gather')).toEqual([{ max_parallel_workers_per_gather: '0' }]);
    } finally {
      await dataSource.destroy();
    }
  });
});
