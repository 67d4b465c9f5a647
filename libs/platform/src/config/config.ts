import { z } from 'zod';

/**
 * Every environment variable the system reads, with a default that works on a machine
 * with Postgres and Redis on their usual local ports. `.env.example` mirrors this list.
 */
const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 1).pipe(z.number().max(65535)),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  BRAND_NAME: z.string().trim().min(1).max(40).default('Swishly'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool(false),

  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .default('postgres://postgres@127.0.0.1:5432/swishly'),
  /** Connections per process. In the worker it must leave room beside WORKER_CONCURRENCY (see checkWorkerPool). */
  DATABASE_POOL_SIZE: int(10, 1),
  MIGRATE_ON_START: bool(true),

  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only').default('swishly'),

  OUTBOX_POLL_INTERVAL_MS: int(1000, 50),
  OUTBOX_BATCH_SIZE: int(200, 1),
  /** After a commit the relay waits this long for more events, so that one job carries them all. */
  OUTBOX_LINGER_MS: int(20, 0),
  CONSUMER_ATTEMPTS: int(8, 1),
  CONSUMER_BACKOFF_MS: int(2000, 1),
  /** Jobs one worker process runs at once, across all its queues; each holds one database connection. */
  WORKER_CONCURRENCY: int(8, 1),
  SHUTDOWN_TIMEOUT_MS: int(30000, 0),
  /** A running job's lock: when its worker dies, the job is run again after this long. */
  JOB_LOCK_MS: int(30000, 500),
  /** The worker's own health and metrics endpoint (never exposed outside the cluster); 0 picks a free port. */
  WORKER_HEALTH_PORT: int(3001, 0).pipe(z.number().max(65535)),
  /** The worker reports itself stalled when work has waited this long and no job completed meanwhile. */
  WORKER_STALL_SECONDS: int(60, 1),
  /**
   * The worker's CPU priority (nice, 0-19) where it shares a machine with the API: above 0, under
   * a burst answering visitors comes first and emails catch up after; under sustained load the
   * emails then lag. Off by default; no effect in its own container.
   */
  WORKER_NICE: int(0, 0).pipe(z.number().max(19)),
  /** Events handed to the queues this long ago that a consumer has not processed are queued again. */
  RECONCILE_AFTER_MS: int(30000, 100),
  RECONCILE_INTERVAL_MS: int(5000, 50),

  FRONTEND_DIST: z.string().default('frontend/dist'),

  /** Signs links in emails (waitlist confirmation). Must be set to a long random value in production. */
  APP_SECRET: z.string().min(16, 'must be at least 16 characters').default('dev-only-secret-change-me-in-production'),

  RESEND_API_KEY: z.string().optional(),
  RESEND_BASE_URL: z.url().optional(),
  MAIL_FROM: z.string().optional(),
  CONTACT_TO: z.email().default('team@swishly.app'),

  WAITLIST_PLACES_PER_REFERRAL: int(5, 1),
  REFERRAL_BURST_LIMIT: int(5, 1),
  REFERRAL_BURST_WINDOW_MINUTES: int(60, 1),
  PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: int(10, 1),

  ADMIN_SESSION_TTL_HOURS: int(12, 1),
  ADMIN_RESET_TOKEN_TTL_MINUTES: int(60, 5),
  /** Failed sign-ins allowed per account and per address within the window, then 429. */
  ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT: int(5, 1),
  ADMIN_LOGIN_MAX_FAILURES_PER_IP: int(20, 1),
  ADMIN_LOGIN_WINDOW_MINUTES: int(15, 1),
  EARLY_ACCESS_REDEEM_RATE_LIMIT_PER_MINUTE: int(10, 1),
});

const withProductionChecks = configSchema.superRefine((config, ctx) => {
  if (config.NODE_ENV === 'production' && config.APP_SECRET.startsWith('dev-only-')) {
    ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'must be set in production' });
  }
});

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const blankAsMissing = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = withProductionChecks.safeParse(blankAsMissing);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

/**
 * Connections the worker keeps beside its jobs: the outbox relay and reconcilers, the mail
 * delivery's single statements, health checks.
 */
export const WORKER_RESERVED_CONNECTIONS = 2;

/**
 * A worker whose jobs can take every connection starves its relay and health checks, and one
 * whose jobs ask for more connections than exist waits forever: refuse such a pair at start.
 */
export function checkWorkerPool(config: Pick<AppConfig, 'WORKER_CONCURRENCY' | 'DATABASE_POOL_SIZE'>): void {
  const needed = config.WORKER_CONCURRENCY + WORKER_RESERVED_CONNECTIONS;
  if (config.DATABASE_POOL_SIZE < needed) {
    throw new ConfigError(
      `Invalid configuration:\n  DATABASE_POOL_SIZE: the worker runs WORKER_CONCURRENCY=${config.WORKER_CONCURRENCY} jobs at once, ` +
        `each holding one connection, and needs ${WORKER_RESERVED_CONNECTIONS} more for the relay and health checks: ` +
        `set DATABASE_POOL_SIZE to at least ${needed} or lower WORKER_CONCURRENCY (got ${config.DATABASE_POOL_SIZE})`,
    );
  }
}

export const APP_CONFIG = Symbol('APP_CONFIG');
