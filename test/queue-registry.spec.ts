import { AppConfig, QueueRegistry } from '@swishly/platform';
import { TcpProxy } from './utils/tcp-proxy';
import { eventually } from './utils/test-config';

/**
 * A queue first asked for in the instant Redis goes away (the socket has stopped writing, the
 * client still says 'ready') must work again once Redis is back: the worker builds its queues on
 * first use, and a queue that stayed broken would never queue the lost jobs again.
 */
describe('QueueRegistry when Redis goes away as a queue is first used (real Redis behind a proxy)', () => {
  let proxy: TcpProxy;
  let registry: QueueRegistry;

  beforeEach(async () => {
    proxy = new TcpProxy('127.0.0.1', 6379);
    await proxy.up();
    const config = { REDIS_URL: proxy.url, REDIS_PREFIX: `registry-${process.pid}-${Date.now()}`, CONSUMER_ATTEMPTS: 3, CONSUMER_BACKOFF_MS: 100 };
    registry = new QueueRegistry(config as unknown as AppConfig, { all: () => [] } as never);
    registry.onModuleInit();
  });

  afterEach(async () => {
    await registry.onApplicationShutdown();
    await proxy.down();
  });

  it('builds the queue again on the next call once Redis is back', async () => {
    const redis = await registry.connectedRedis();
    await registry.queue('early').waitUntilReady();
    let firstUse: { status: string; writable: boolean } | undefined;
    // Between the socket ending its write side and the client seeing it close, the client still says 'ready'.
    const whenUnwritable = () => {
      if (redis.stream.writable && redis.status === 'ready') return setImmediate(whenUnwritable);
      firstUse = { status: redis.status, writable: redis.stream.writable };
      registry.queue('late');
    };
    redis.stream.once('end', whenUnwritable);
    await proxy.down();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The moment this test is about: the queue was first asked for while the client still said 'ready'.
    expect(firstUse).toEqual({ status: 'ready', writable: false });
    await proxy.up();
    await new Promise((resolve) => redis.once('ready', resolve));

    const lookup = (name: string) =>
      registry
        .queue(name)
        .getJob('missing')
        .then(
          () => 'ok',
          (error: Error) => error.message,
        );
    expect(
      await eventually(
        () => lookup('late'),
        (result) => result === 'ok',
        5000,
      ),
    ).toBe('ok');
    expect(await lookup('early')).toBe('ok');
  });
});
