import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';

/**
 * The hits of one event-loop turn, in one round trip: for each key, INCRBY its number of hits
 * and start its window at the first hit (EXPIRE NX), so a burst can't straddle two windows.
 * Returns each key's new count. (A script rather than MULTI: ioredis builds a MULTI by copying
 * every Lua command BullMQ defined on the connection, which cost more than the rest of the hit.)
 */
const HIT_KEYS = `local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('INCRBY', key, ARGV[i * 2 - 1])
  redis.call('EXPIRE', key, ARGV[i * 2], 'NX')
end
return counts`;

/** Hits on one key waiting for the next round trip, each told its own count. */
interface WaitingHits {
  windowSeconds: number;
  hits: { resolve: (count: number) => void; reject: (error: unknown) => void }[];
}

/**
 * What a limit does while Redis is away. Public forms 'allow' (a sign-up never depends on Redis);
 * sign-in, password reset and redemption keep counting in this process ('in-process'): per
 * replica rather than cluster-wide, but never unlimited.
 */
export type WhenRedisIsDown = 'allow' | 'in-process';

/** Fixed windows in this process's memory: the fallback while Redis is away. */
export class InProcessCounters {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  increment(key: string, windowSeconds: number): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.makeRoom(now);
      window = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    return ++window.count;
  }

  count(key: string): number {
    const window = this.windows.get(key);
    return window && window.endsAt > this.now() ? window.count : 0;
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  /** Drops ended windows, then (under a flood of distinct keys) the oldest ones. */
  private makeRoom(now: number): void {
    if (this.windows.size < this.maxKeys) return;
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/**
 * Fixed-window counters in Redis, so a limit holds across API replicas. When Redis is away a
 * limit either lets requests through or falls back to counting in this process (WhenRedisIsDown).
 *
 * Every public form hits a counter, so under a burst the round trip to Redis was a large share
 * of a request's CPU (each message to another process costs CPU at both ends). The hits of one
 * event-loop turn therefore go in one script call, and each hit still gets the count it would
 * have had alone: a key hit n times in the turn, ending at count c, answers c-n+1, ..., c.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly fallback = new InProcessCounters();
  private waiting = new Map<string, WaitingHits>();

  constructor(
    private readonly queues: QueueRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Keys name an address or a person (`contact-confirmation:<email>`, `chat:ip:<ip>`): Redis
   * keeps a keyed hash of them (HMAC under APP_SECRET), never the key itself.
   */
  redisKey(key: string): string {
    return `${this.queues.prefix}:ratelimit:${createHmac('sha256', this.config.APP_SECRET).update(key).digest('base64url')}`;
  }

  /** Counts one hit; false once `key` has been hit more than `limit` times in the window. */
  async hit(key: string, limit: number, windowSeconds: number, whenRedisIsDown: WhenRedisIsDown = 'allow'): Promise<boolean> {
    return (await this.increment(key, windowSeconds, whenRedisIsDown)) <= limit;
  }

  /** Adds one to `key`'s count in its window and returns the new count (0 when Redis is away and the limit allows). */
  async increment(key: string, windowSeconds: number, whenRedisIsDown: WhenRedisIsDown = 'allow'): Promise<number> {
    try {
      return await this.countHit(this.redisKey(key), windowSeconds);
    } catch (error) {
      this.unavailable(error, whenRedisIsDown);
      return whenRedisIsDown === 'in-process' ? this.fallback.increment(key, windowSeconds) : 0;
    }
  }

  /** Joins this turn's round trip (starting it if it is the first hit of the turn). */
  private countHit(redisKey: string, windowSeconds: number): Promise<number> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.sendHits());
      const waiting = this.waiting.get(redisKey) ?? { windowSeconds, hits: [] };
      waiting.hits.push({ resolve, reject });
      this.waiting.set(redisKey, waiting);
    });
  }

  private async sendHits(): Promise<void> {
    const batch = [...this.waiting];
    this.waiting = new Map();
    try {
      const redis = await this.redis();
      const args = batch.flatMap(([, { windowSeconds, hits }]) => [hits.length, windowSeconds]);
      const counts = (await withTimeout(
        redis.eval(HIT_KEYS, batch.length, ...batch.map(([key]) => key), ...args),
        this.config.RATE_LIMIT_REDIS_TIMEOUT_MS,
        'rate limit',
      )) as number[];
      batch.forEach(([, { hits }], i) => hits.forEach((hit, j) => hit.resolve(Number(counts[i]) - hits.length + j + 1)));
    } catch (error) {
      for (const [, { hits }] of batch) hits.forEach((hit) => hit.reject(error));
    }
  }

  /** The current count of `key` in its window, without adding to it. */
  async count(key: string, whenRedisIsDown: WhenRedisIsDown = 'allow'): Promise<number> {
    try {
      const redis = await this.redis();
      return Number((await withTimeout(redis.get(this.redisKey(key)), this.config.RATE_LIMIT_REDIS_TIMEOUT_MS, 'rate limit')) ?? 0);
    } catch (error) {
      this.unavailable(error, whenRedisIsDown);
      return whenRedisIsDown === 'in-process' ? this.fallback.count(key) : 0;
    }
  }

  async clear(key: string): Promise<void> {
    this.fallback.clear(key);
    await withTimeout(this.queues.redis().del(this.redisKey(key)), this.config.RATE_LIMIT_REDIS_TIMEOUT_MS, 'rate limit').catch(() => undefined);
  }

  /**
   * The connection, once ready: while it is still connecting (just after start) a command would
   * fail at once, and the first hits would be counted apart from the rest.
   */
  private redis() {
    return this.queues.connectedRedis(this.config.RATE_LIMIT_REDIS_TIMEOUT_MS);
  }

  private unavailable(error: unknown, whenRedisIsDown: WhenRedisIsDown): void {
    const what = whenRedisIsDown === 'in-process' ? 'counting in this process' : 'allowing';
    this.logger.warn(`Rate limiter unavailable, ${what}: ${(error as Error).message}`);
  }
}
