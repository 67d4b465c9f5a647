import { AppConfig, loadConfig } from '@swishly/platform';
import { randomBytes } from 'node:crypto';

/**
 * The environment of one test file: its own database, its own Redis key prefix, quiet logs,
 * fast polling, reconciling and job locks. Also what a worker started as a child process gets.
 */
export function testEnvironment(databaseUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    // Under the run's id, so that the global teardown removes the keys of every test file.
    REDIS_PREFIX: `test-${process.env.TEST_RUN_ID ?? 'x'}-${randomBytes(4).toString('hex')}`,
    OUTBOX_POLL_INTERVAL_MS: '100',
    CONSUMER_BACKOFF_MS: '100',
    SHUTDOWN_TIMEOUT_MS: '5000',
    MIGRATE_ON_START: 'false',
    WORKER_HEALTH_PORT: '0',
    RECONCILE_AFTER_MS: '3000',
    RECONCILE_INTERVAL_MS: '500',
    JOB_LOCK_MS: '3000',
    // No build, as on a fresh clone: npm test builds the frontend while Jest runs, and a test
    // must not read a half-written frontend/dist (a test that serves pages gives its own).
    FRONTEND_DIST: '/nonexistent/frontend-dist',
    ...overrides,
  };
}

/** Config for one test file (see testEnvironment). */
export function testConfig(databaseUrl: string, overrides: Record<string, string> = {}): AppConfig {
  return loadConfig(testEnvironment(databaseUrl, overrides));
}

/**
 * Polls `condition` until it holds (or fails with the last value after `timeoutMs`). The default is
 * generous: what a worker does in under a second alone took over 20 s in a fresh-clone CI run,
 * where npm test runs every stage on two cores (a referral milestone's second award).
 */
export async function eventually<T>(probe: () => Promise<T>, condition: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (condition(value)) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
