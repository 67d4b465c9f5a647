import { Client, ClientConfig } from 'pg';
import { DataSource, DataSourceOptions, MigrationInterface } from 'typeorm';
import { PLATFORM_MIGRATIONS } from './migrations';

/** A migration class, as a module exports it (`libs/<module>/src/migrations`). */
export type MigrationClass = new () => MigrationInterface;

/**
 * The pool's connections. When Postgres ends a session (a restart, a failover,
 * pg_terminate_backend) while a connection is checked out but between queries, pg emits 'error'
 * on it; TypeORM listens only while a query runner holds it, and pg-pool only while it is idle,
 * so in the gaps the event had no listener and took the whole process down (the worker, in the
 * reliability test that drops its connections mid-burst). This listener only keeps the process
 * up: TypeORM and pg-pool still see the error and throw the broken connection away.
 */
export class PoolClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

/** `moduleMigrations`: the business modules' (the platform's own are always included). */
export function dataSourceOptions(databaseUrl: string, poolSize = 10, moduleMigrations: MigrationClass[] = []): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    synchronize: false,
    migrationsRun: false,
    migrations: [...PLATFORM_MIGRATIONS, ...moduleMigrations],
    migrationsTransactionMode: 'each',
    extra: {
      max: poolSize,
      // A starved pool shows up as an error and a retried job, never as a process that hangs.
      connectionTimeoutMillis: 10_000,
      // Postgres ends a session left idle inside a transaction, returning its locks and slot.
      idle_in_transaction_session_timeout: 60_000,
      keepAlive: true,
      // Every statement of the apps is small. Postgres planned the year's marketing report in
      // parallel workers, which took 13.5 ms where one process takes 6, and twice the CPU.
      options: '-c max_parallel_workers_per_gather=0',
      Client: PoolClient,
    },
  };
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL must name a database');
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
      // Another process created it first: 42P04, or 23505 when both got past the check together.
      if (error.code !== '42P04' && error.code !== '23505') throw error;
    });
  } finally {
    await client.end();
  }
}

// Several processes (api, worker, a migration Job) may start together: one migrates at a time.
const MIGRATION_LOCK = 727274;

export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * Creates the database if needed and applies pending migrations, the platform's and those of
 * `moduleMigrations` (MODULE_MIGRATIONS from libs/business-modules): what `npm run db:migrate` does.
 */
export async function prepareDatabase(databaseUrl: string, moduleMigrations: MigrationClass[]): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, 2, moduleMigrations));
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
