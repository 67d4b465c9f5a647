import { isIP } from 'node:net';
import type { Provider } from '@nestjs/common';
import { z } from 'zod';

/**
 * Every environment variable the platform reads, with a default that works on a machine with
 * Postgres and Redis on their usual local ports. A business module declares its own settings
 * beside it (defineSettings); `.env.example` lists them all.
 */
export const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
/**
 * Whose X-Forwarded-For to believe (Fastify's `trustProxy`): 'false' (nobody, the default), a
 * hop count ('1': the one load balancer in front), or the proxies' addresses and CIDR ranges,
 * comma-separated. Never every hop: a client could then choose its own address and walk past
 * every per-IP limit.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0' || value === '') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const ranges = value.split(',').map((part) => part.trim());
    const bad = ranges.filter((range) => {
      const [address, bits, extra] = range.split('/');
      const version = isIP(address);
      if (!version || extra !== undefined) return true;
      return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
    });
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          value === 'true'
            ? "must be a hop count (e.g. 1) or the proxies' addresses: 'true' would believe every X-Forwarded-For hop, so any client could pick its own address"
            : `must be false, a hop count, or comma-separated addresses/CIDR ranges (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return ranges;
  });

export const bool = (fallback: boolean) =>
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
  TRUST_PROXY: trustProxy,

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
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]+$/i, 'letters, digits, - and _ only')
    .default('swishly'),

  /**
   * How long a rate limit waits for Redis before it acts as if Redis were away (a public form lets
   * the request through): a slow Redis must not slow every form down.
   */
  RATE_LIMIT_REDIS_TIMEOUT_MS: int(500, 10),

  OUTBOX_POLL_INTERVAL_MS: int(1000, 50),
  OUTBOX_BATCH_SIZE: int(200, 1),
  /**
   * After a commit the relay waits this long for more events, so that one job carries them all.
   * 100 ms against 20 cut a join's CPU in all processes by a fifth under load (fewer, larger
   * jobs and email batches; scripts/bench/joins.js), for 80 ms more before an email leaves.
   */
  OUTBOX_LINGER_MS: int(100, 0),
  CONSUMER_ATTEMPTS: int(8, 1),
  CONSUMER_BACKOFF_MS: int(2000, 1),
  /** Jobs one worker process runs at once, across all its queues; each holds one database connection. */
  WORKER_CONCURRENCY: int(8, 1),
  SHUTDOWN_TIMEOUT_MS: int(30000, 0),
  /** A running job's lock: when its worker dies, the job is run again after this long. */
  JOB_LOCK_MS: int(30000, 500),
  /**
   * The worker's own health and metrics endpoint (never exposed outside the cluster); 0 picks a
   * free port. Unset, it is PORT + 1 (3001 beside the default 3000), so a second copy started
   * with its own PORT does not collide with the first one's worker.
   */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
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
  /** Verifies Resend's webhooks (POST /api/webhooks/resend: bounces, complaints, deliveries); unset, that endpoint answers 503. */
  RESEND_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]{16,}$/, "must be the endpoint's signing secret (whsec_...)")
    .optional(),

  PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: int(10, 1),

  /**
   * Retention (the Privacy Policy states the same periods; the worker's retention job keeps them):
   * the body of an email in the mail log (its metadata stays), the address and browser of a staff
   * session, a coach conversation after its last message, a contact message (and the team's copy
   * of it), an email's record, a download click, an unconfirmed privacy request.
   */
  RETENTION_MAIL_BODY_DAYS: int(30, 1),
  RETENTION_SESSION_ADDRESS_DAYS: int(90, 1),
  RETENTION_COACH_CONVERSATION_MONTHS: int(24, 1),
  RETENTION_CONTACT_MESSAGE_MONTHS: int(24, 1),
  /** A record of an email in the mail log (who, which template, when, its status): gone after this. */
  RETENTION_MAIL_LOG_MONTHS: int(24, 1),
  /** A download-button click as recorded (download_events), once the daily counts hold it. */
  RETENTION_DOWNLOAD_CLICK_DAYS: int(30, 1),
  /**
   * How long the emailed link of a privacy request (/privacy-request) works, once; a request
   * nobody confirmed by then is forgotten with its address.
   */
  PRIVACY_REQUEST_TTL_HOURS: int(24, 1),
  /** How often the worker's retention job runs. */
  RETENTION_INTERVAL_MINUTES: z.coerce.number().min(0.01).default(60), // fractions too: a test ticks in seconds

  /**
   * The API's /metrics answers only `Authorization: Bearer <METRICS_TOKEN>` (Prometheus's
   * `authorization` scrape setting). Unset: open in development and tests, 404 in production.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

const withProductionChecks = configSchema
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.APP_SECRET.startsWith('dev-only-')) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'must be set in production' });
    }
    // Every email links to it (RFC 8058's one-click unsubscribe wants https), and staff's session
    // cookie is __Host- (Secure) only under https. A loopback address is no public site: a
    // production build run on one machine (the benchmarks, Lighthouse, docker compose) may use http.
    const publicUrl = new URL(config.PUBLIC_URL);
    if (config.NODE_ENV === 'production' && publicUrl.protocol !== 'https:' && !isLoopback(publicUrl.hostname)) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: `must be an https:// address in production (not ${config.PUBLIC_URL})` });
    }
  })
  .transform((config) => ({ ...config, WORKER_HEALTH_PORT: config.WORKER_HEALTH_PORT ?? workerHealthPortBeside(config.PORT) }));

/** Whether a URL's host is this machine (localhost, 127.0.0.0/8, ::1): nobody else can follow a link to it. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';
}

/** The worker's health port when none is set: the one after the API's (any free one past 65535). */
function workerHealthPortBeside(port: number): number {
  return port < 65535 ? port + 1 : 0;
}

/** Where a config was read from: modules read their own settings from the same place. */
export const CONFIG_SOURCE = Symbol('CONFIG_SOURCE');

export type AppConfig = z.output<typeof withProductionChecks> & { [CONFIG_SOURCE]?: Record<string, string> };

export class ConfigError extends Error {
  /** One line per bad variable. */
  problems: string[] = [];
}

/** A business module's own settings: parsed from the environment AppConfig was read from. */
export interface ModuleSettings<T> {
  readonly module: string;
  /** The environment variables it reads. */
  readonly keys: string[];
  readonly schema: z.ZodType<T>;
  /** Injects the parsed settings (`@Inject(WaitlistSettings.token) settings: SettingsOf<typeof WaitlistSettings>`). */
  readonly token: symbol;
  readonly provider: Provider;
}

export type SettingsOf<T> = T extends ModuleSettings<infer S> ? S : never;

/**
 * Declares a module's settings, next to the module: `export const WaitlistSettings =
 * defineSettings('waitlist', { REFERRAL_BURST_LIMIT: int(5, 1) })`, with `WaitlistSettings.provider`
 * in the module's providers. The apps check them at start with the platform's (loadConfig).
 */
export function defineSettings<S extends z.ZodRawShape>(module: string, shape: S): ModuleSettings<z.infer<z.ZodObject<S>>> {
  const schema = z.object(shape);
  const token = Symbol(`${module} settings`);
  return {
    module,
    keys: Object.keys(shape),
    schema,
    token,
    provider: { provide: token, useFactory: (config: AppConfig) => parse(schema, config[CONFIG_SOURCE] ?? presentValues(process.env)), inject: [APP_CONFIG] },
  };
}

/**
 * Parses the environment: the platform's settings and those of `modules`, all checked at once;
 * throws a ConfigError naming every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, modules: ModuleSettings<unknown>[] = []): AppConfig {
  const source = presentValues(env);
  const problems: string[] = [];
  let config: AppConfig | undefined;
  try {
    config = parse(withProductionChecks, source);
  } catch (error) {
    problems.push(...(error as ConfigError).problems);
  }
  for (const { schema } of modules) {
    try {
      parse(schema, source);
    } catch (error) {
      problems.push(...(error as ConfigError).problems);
    }
  }
  if (problems.length || !config) throw configError(problems);
  return { ...config, [CONFIG_SOURCE]: source };
}

/** A blank variable counts as unset (its default applies). */
function presentValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

function parse<T>(schema: z.ZodType<T>, source: Record<string, string>): T {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  throw configError(result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(source[String(issue.path[0])])})`));
}

function configError(problems: string[]): ConfigError {
  return Object.assign(new ConfigError(`Invalid configuration:\n${problems.join('\n')}`), { problems });
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
