import { Logger } from '@nestjs/common';
import { ConsumerRegistry, loadConfig, QueueRegistry } from '@swishly/platform';
import { PublishedPostsCache } from '../libs/content/src/resources/published-posts.cache';
import { TcpProxy } from './utils/tcp-proxy';
import { eventually, testEnvironment } from './utils/test-config';

/**
 * The public blog's answer cache, as two replicas see it: each behind its own proxy to the real
 * Redis, so one replica can lose Redis while the other keeps it. A counter stands in for the
 * Postgres query, so the test sees exactly when an answer is computed and when it is served kept.
 */
describe('Published posts cache (two replicas, real Redis)', () => {
  const prefix = testEnvironment('postgres://unused@127.0.0.1:1/unused').REDIS_PREFIX;
  const replicas: { proxy: TcpProxy; queues: QueueRegistry; cache: PublishedPostsCache }[] = [];
  let version = 0;
  let computed = 0;
  /** The "database": an answer that tells which version of the posts it was computed from. */
  const query = async () => {
    computed++;
    return { version };
  };

  async function replica() {
    const proxy = new TcpProxy('127.0.0.1', 6379);
    await proxy.up();
    const config = loadConfig(testEnvironment('postgres://unused@127.0.0.1:1/unused', { REDIS_URL: proxy.url, REDIS_PREFIX: prefix }));
    const queues = new QueueRegistry(config, new ConsumerRegistry());
    queues.onModuleInit();
    const cache = new PublishedPostsCache(config, queues, { RESOURCES_SCHEDULE_POLL_MS: 10_000, RESOURCES_CACHE_ANSWERS: 500 });
    replicas.push({ proxy, queues, cache });
    return { proxy, cache };
  }

  /** Reads until the cache is in use (its subscription holds): two reads, one computation. */
  async function untilKeeping(cache: PublishedPostsCache, key: string) {
    await eventually(
      async () => {
        const before = computed;
        await cache.get(key, query);
        await cache.get(key, query);
        return computed - before;
      },
      (computations) => computations === 1,
      5000,
    );
  }

  beforeAll(() => Logger.overrideLogger(false)); // the warnings while Redis is away are expected

  afterAll(async () => {
    for (const { proxy, queues, cache } of replicas) {
      await cache.onApplicationShutdown();
      await proxy.up();
      await queues.onApplicationShutdown();
      await proxy.down();
    }
  });

  it('keeps an answer, and simultaneous misses share one query', async () => {
    const { cache } = await replica();
    await untilKeeping(cache, 'warm');
    const before = computed;
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('list:a', query)));
    expect(computed - before).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await cache.get('list:a', query)).toBe(answers[0]);
    expect(computed - before).toBe(1);
  });

  it("a write forgets at once in the writer's process and, through Redis, in every other", async () => {
    const [a, b] = [await replica(), await replica()];
    await untilKeeping(a.cache, 'warm');
    await untilKeeping(b.cache, 'warm');
    expect(await a.cache.get('list:b', query)).toEqual({ version });
    expect(await b.cache.get('list:b', query)).toEqual({ version });

    version++; // a post write commits on replica a
    a.cache.changed();
    expect(await a.cache.get('list:b', query)).toEqual({ version });
    await eventually(
      () => b.cache.get('list:b', query),
      (answer) => answer.version === version,
      2000,
    );
  });

  it('never keeps an answer whose query began before a change', async () => {
    const { cache } = await replica();
    await untilKeeping(cache, 'warm');
    let finish!: () => void;
    const slow = cache.get('list:c', () => new Promise<{ version: number }>((resolve) => (finish = () => resolve({ version }))));
    version++;
    cache.changed();
    finish();
    await slow;
    expect(await cache.get('list:c', query)).toEqual({ version });
  });

  it('does not keep a failed query', async () => {
    const { cache } = await replica();
    await untilKeeping(cache, 'warm');
    await expect(cache.get('list:d', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await cache.get('list:d', query)).toEqual({ version });
  });

  it('keeps at most RESOURCES_CACHE_ANSWERS (500) answers, forgetting the least recently used first', async () => {
    const { cache } = await replica();
    await untilKeeping(cache, 'warm');
    await cache.get('kept', query);
    for (let i = 0; i < 499; i++) await cache.get(`flood:${i}`, query);
    await cache.get('kept', query); // used again: now the most recent
    await cache.get('flood:one-more', query);
    const before = computed;
    await cache.get('kept', query);
    expect(computed).toBe(before);
    await cache.get('flood:0', query); // the least recently used was dropped
    expect(computed).toBe(before + 1);
  });

  it('while its Redis is away a replica reads through, and after it returns starts empty', async () => {
    const [a, b] = [await replica(), await replica()];
    await untilKeeping(a.cache, 'warm');
    await untilKeeping(b.cache, 'warm');
    await b.cache.get('list:e', query);

    await b.proxy.down();
    version++;
    a.cache.changed(); // b cannot hear this
    await eventually(
      () => b.cache.get('list:e', query),
      (answer) => answer.version === version,
      2000,
    );
    const before = computed;
    await b.cache.get('list:e', query);
    await b.cache.get('list:e', query);
    expect(computed - before).toBe(2); // nothing kept while it cannot hear changes

    await b.proxy.up();
    await untilKeeping(b.cache, 'list:e');
    version++;
    a.cache.changed(); // heard again
    await eventually(
      () => b.cache.get('list:e', query),
      (answer) => answer.version === version,
      2000,
    );
  });
});
