import { Logger } from '@nestjs/common';
import { ConsumerRegistry, loadConfig, QueueRegistry, RateLimiter } from '@swishly/platform';
import { TcpProxy } from './utils/tcp-proxy';
import { testEnvironment } from './utils/test-config';

/** The rate limiter's counters in real Redis: the hits of one event-loop turn share one round trip. */
describe('Rate limiter (real Redis)', () => {
  let redis: TcpProxy;
  let queues: QueueRegistry;
  let limiter: RateLimiter;
  const key = (name: string) => `spec-${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

  beforeAll(async () => {
    Logger.overrideLogger(false); // the warnings while Redis is away are expected
    redis = new TcpProxy('127.0.0.1', 6379);
    await redis.up();
    const config = loadConfig(testEnvironment('postgres://unused@127.0.0.1:1/unused', { REDIS_URL: redis.url }));
    queues = new QueueRegistry(config, new ConsumerRegistry());
    queues.onModuleInit();
    limiter = new RateLimiter(queues, config);
  });

  afterAll(async () => {
    await redis.up();
    await queues.onApplicationShutdown();
    await redis.down();
  });

  it('counts simultaneous hits on several keys in one round trip, each hit with its own count', async () => {
    const [a, b] = [key('a'), key('b')];
    await queues.connectedRedis();
    const evals = jest.spyOn(queues.redis(), 'eval');
    try {
      const counts = await Promise.all([
        ...Array.from({ length: 30 }, () => limiter.increment(a, 60)),
        ...Array.from({ length: 10 }, () => limiter.increment(b, 60)),
      ]);
      expect(evals).toHaveBeenCalledTimes(1);
      expect(counts.slice(0, 30)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(counts.slice(30)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    } finally {
      evals.mockRestore();
    }
    // The next turn goes on from there, and the window started at the first hit.
    expect(await limiter.increment(a, 60)).toBe(31);
    const ttl = await queues.redis().ttl(limiter.redisKey(a));
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('lets exactly the limit through of a burst that arrives at once', async () => {
    const k = key('burst');
    const allowed = await Promise.all(Array.from({ length: 12 }, () => limiter.hit(k, 5, 60)));
    expect(allowed.filter(Boolean)).toHaveLength(5);
    expect(allowed.slice(0, 5)).toEqual(Array(5).fill(true));
  });

  it('while Redis is away: allows, or counts in this process, as each limit asks', async () => {
    await redis.down();
    try {
      const k = key('down');
      const [allowing, counting] = await Promise.all([
        Promise.all(Array.from({ length: 3 }, () => limiter.hit(k, 1, 60, 'allow'))),
        Promise.all(Array.from({ length: 3 }, () => limiter.hit(`${k}-kept`, 1, 60, 'in-process'))),
      ]);
      expect(allowing).toEqual([true, true, true]);
      expect(counting).toEqual([true, false, false]);
    } finally {
      await redis.up();
    }
    expect(await limiter.hit(key('back'), 1, 60, 'in-process')).toBe(true); // counted in Redis again
    await queues.connectedRedis();
  });
});
