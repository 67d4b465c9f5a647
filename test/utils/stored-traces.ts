import { execFileSync } from 'node:child_process';
import type IORedis from 'ioredis';

// Where the privacy suites look for a person after an erasure: everything Postgres and Redis
// hold, as text. Each suite decides what counts as a mention (case-insensitive, or folded).

/** Every line of a plain-text dump of the database's data. */
export function dumpLines(databaseUrl: string): string[] {
  const dump = execFileSync('pg_dump', ['--data-only', '--no-owner', databaseUrl], { maxBuffer: 512 * 1024 * 1024 }).toString();
  // A dump that lost its data could not fail a search.
  expect(dump).toContain('COPY public.domain_events');
  return dump.split('\n');
}

/** Every Redis key under the prefix, with its name and all its values as one text. */
export async function redisEntries(redis: IORedis, prefix: string): Promise<{ key: string; text: string }[]> {
  const keys = await redis.keys(`${prefix}*`);
  expect(keys.length).toBeGreaterThan(10); // the queues' jobs and the positions are there to look through
  const entries: { key: string; text: string }[] = [];
  for (const key of keys) {
    const type = await redis.type(key);
    const values =
      type === 'string'
        ? [await redis.get(key)]
        : type === 'hash'
          ? Object.entries(await redis.hgetall(key)).flat()
          : type === 'list'
            ? await redis.lrange(key, 0, -1)
            : type === 'set'
              ? await redis.smembers(key)
              : type === 'zset'
                ? await redis.zrange(key, 0, -1)
                : type === 'stream'
                  ? (await redis.xrange(key, '-', '+')).flat(3)
                  : [];
    entries.push({ key, text: [key, ...values].join('\n') });
  }
  return entries;
}
