import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { testConfig } from '../../../../test/utils/test-config';
import { QueueRegistry } from '../queues/queue.registry';
import { defineConsumer, defineEvent, DomainEvent } from './domain-event';
import { jobIdFor, OutboxRelay } from './outbox-relay.service';
import { ConsumerRegistry } from './domain-events.registry';

// A consumer with `oneJobPerEvent` (a broadcast's chunks) gets a job of its own for each event of
// a relay pass; any other consumer gets the pass's events together in one job. Real Redis, no worker.
describe('OutboxRelay.enqueueBatch and oneJobPerEvent (real Redis)', () => {
  const Chunk = defineEvent<{ n: number }>('probe.chunk');
  const Together = defineConsumer('test.together', [Chunk]);
  const Apart = defineConsumer('test.apart', [Chunk], { oneJobPerEvent: true });
  const consumers = new ConsumerRegistry();
  consumers.register(Together);
  consumers.register(Apart);
  const queues = new QueueRegistry(testConfig('postgres://unused@127.0.0.1:1/unused', { REDIS_PREFIX: `relay-${randomUUID().slice(0, 8)}` }), consumers);
  const relay = new OutboxRelay({} as DataSource, consumers, queues, testConfig('postgres://unused@127.0.0.1:1/unused'));

  beforeAll(() => queues.onModuleInit());
  afterAll(async () => {
    for (const consumer of [Together, Apart]) await queues.queueFor(consumer).obliterate({ force: true });
    await queues.onApplicationShutdown();
  });

  it('queues one job per event for a oneJobPerEvent consumer, and one job for the pass otherwise', async () => {
    const events: DomainEvent[] = [1, 2, 3].map(
      (n) =>
        ({
          id: randomUUID(),
          type: Chunk.type,
          payload: { n },
          metadata: {},
          occurredAt: new Date().toISOString(),
          streamType: 'probe',
          streamId: 'chunks',
          version: n,
          position: n,
        }) as unknown as DomainEvent,
    );
    await relay.enqueueBatch(events, 'batch-pass-1');

    const apart = await queues.queueFor(Apart).getJobs(['waiting', 'prioritized', 'delayed']);
    expect(apart.map((job) => job.id).sort()).toEqual(events.map((e) => jobIdFor(e.id, Apart)).sort());
    expect(apart.every((job) => job.data.events.length === 1)).toBe(true);

    const together = await queues.queueFor(Together).getJobs(['waiting', 'prioritized', 'delayed']);
    expect(together).toHaveLength(1);
    expect(together[0].data.events.map((e: DomainEvent) => e.id)).toEqual(events.map((e) => e.id));
  });
});
