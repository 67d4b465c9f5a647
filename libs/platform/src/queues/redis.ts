import IORedis, { RedisOptions } from 'ioredis';

/**
 * Producers (the API) fail fast while Redis is away: the outbox keeps the event and the
 * poller delivers it later, so no request ever waits on Redis.
 */
export function createProducerConnection(redisUrl: string): IORedis {
  return new IORedis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/**
 * Workers block on Redis and must never give up: `maxRetriesPerRequest: null` plus endless
 * reconnects is what keeps a BullMQ worker consuming after Redis restarts.
 */
export function workerConnectionOptions(): RedisOptions {
  return {
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  };
}

export function createWorkerConnection(redisUrl: string): IORedis {
  return new IORedis(redisUrl, workerConnectionOptions());
}

/** Rejects when `promise` takes longer than `ms`: Redis calls must not hang a request or the relay. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** PING that waits (up to `ms`) for a connection still being made, instead of failing at once. */
export async function pingRedis(redis: IORedis, ms: number): Promise<string> {
  if (redis.status !== 'ready') {
    await withTimeout(new Promise<void>((resolve) => redis.once('ready', () => resolve())), ms, 'Redis connection');
  }
  return withTimeout(redis.ping(), ms, 'Redis PING');
}
