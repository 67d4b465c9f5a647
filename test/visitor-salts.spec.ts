import { Logger } from '@nestjs/common';
import { ConsumerRegistry, loadConfig, QueueRegistry } from '@swishly/platform';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { SALT_GRACE_SECONDS, VisitorSalts } from '../libs/analytics/src/downloads/visitor-salts.service';
import { TcpProxy } from './utils/tcp-proxy';
import { testEnvironment } from './utils/test-config';

/** The download visitor hash's daily salt: random, shared through Redis, gone after its day. */
describe('Visitor salts (real Redis)', () => {
  let redis: TcpProxy;
  const registries: QueueRegistry[] = [];
  const prefix = `salts-${randomUUID().slice(0, 8)}`;

  /** One API replica's salts, with the APP_SECRET every replica shares. */
  function replica(): { salts: VisitorSalts; queues: QueueRegistry } {
    const config = loadConfig(
      testEnvironment('postgres://unused@127.0.0.1:1/unused', { REDIS_URL: redis.url, REDIS_PREFIX: prefix, APP_SECRET: 'the-same-secret-everywhere' }),
    );
    const queues = new QueueRegistry(config, new ConsumerRegistry());
    queues.onModuleInit();
    registries.push(queues);
    return { salts: new VisitorSalts(queues), queues };
  }

  beforeAll(async () => {
    Logger.overrideLogger(false); // the warning while Redis is away is expected
    redis = new TcpProxy('127.0.0.1', 6379);
    await redis.up();
  });

  afterAll(async () => {
    await redis.up();
    for (const queues of registries) await queues.onApplicationShutdown();
    await redis.down();
    // Straight to Redis: a replica's client may still be reconnecting through the proxy, and it does not queue commands.
    const direct = new Redis({ host: '127.0.0.1', port: 6379 });
    const keys = await direct.keys(`${prefix}:*`);
    if (keys.length) await direct.del(...keys);
    await direct.quit();
  });

  it('gives every replica the same random salt for a day, another one the next day, and lets it expire after the day', async () => {
    const [a, b] = [replica(), replica()];
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const [saltA, saltB] = await Promise.all([a.salts.saltOf(today), b.salts.saltOf(today)]);
    expect(saltA.length).toBe(32);
    expect(saltB.equals(saltA)).toBe(true);
    expect((await a.salts.saltOf(tomorrow)).equals(saltA)).toBe(false);

    const key = `${prefix}:analytics:visitor-salt:${today}`;
    const expiresAt = await a.queues.redis().call('EXPIRETIME', key);
    expect(expiresAt).toBe(Date.parse(`${today}T00:00:00Z`) / 1000 + 86_400 + SALT_GRACE_SECONDS);
  });

  it('cannot be made again from the secret: a day whose salt is gone gets a new one', async () => {
    const { salts, queues } = replica();
    const day = '2031-01-01';
    const first = await salts.saltOf(day);
    await queues.redis().del(`${prefix}:analytics:visitor-salt:${day}`);
    const again = await replica().salts.saltOf(day);
    expect(again.equals(first)).toBe(false);
  });

  it("uses a salt of the process's own while Redis is away, and the shared one once it is back", async () => {
    const { salts } = replica();
    const shared = await replica().salts.saltOf('2031-02-01');
    await redis.down();
    const alone = await salts.saltOf('2031-02-01');
    expect(alone.equals(shared)).toBe(false);
    await redis.up();
    let back: Buffer | undefined;
    for (let i = 0; i < 50 && !back?.equals(shared); i += 1) {
      back = await salts.saltOf('2031-02-01');
      if (!back.equals(shared)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(back!.equals(shared)).toBe(true);
  });
});
