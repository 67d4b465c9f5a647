import { Module } from '@nestjs/common';
import { INestApplicationContext } from '@nestjs/common';
import { ConsoleLogger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { bootProbe, CountProbes, CountProbesJob, PROBE_EFFECTS_TABLE, ProbeHappened } from '../../../../test/utils/probe.module';
import { eventually, testConfig } from '../../../../test/utils/test-config';
import { AppConfig } from '../config/config';
import { PlatformModule } from '../platform.module';
import { QueueRegistry } from '../queues/queue.registry';
import { bindHandlers } from './consumer-host.service';
import { defineConsumer } from './domain-event';
import { DomainEventsModule } from './domain-events.module';
import { EventStore } from './event-store.service';
import { jobIdFor, OutboxRelay } from './outbox-relay.service';

describe('Consumers in the worker (real Postgres and Redis)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let config: AppConfig;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    db = await createTestDatabase();
    config = testConfig(db.url);
    worker = await bootProbe(config, 'worker');
    await worker.get(DataSource).query(PROBE_EFFECTS_TABLE);
  });

  afterAll(async () => {
    await worker?.close();
    await db?.drop();
  });

  it('retries a throwing consumer with exponential back-off, then succeeds once', async () => {
    const handler = worker.get(CountProbesJob);
    handler.failuresPerEvent = 2;
    const [event] = await worker.get(EventStore).append({ streamType: 'probe', streamId: 'flaky-1' }, 0, [ProbeHappened({ n: 7 })]);

    const calls = await eventually(
      async () => handler.calls.filter((c) => c.eventId === event.id),
      (list) => list.length >= 3,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const finalCalls = handler.calls.filter((c) => c.eventId === event.id);
    expect(finalCalls.map((c) => c.attempt)).toEqual([1, 2, 3]);
    // CountProbes declares a 200 ms back-off, doubled on every retry.
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(190);
    expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(390);

    const dataSource = worker.get(DataSource);
    // The failed attempts' writes were rolled back with them: the effect exists once.
    const [{ n }] = await dataSource.query('SELECT count(*)::int AS n FROM probe_effects WHERE event_id = $1', [event.id]);
    expect(n).toBe(1);
    const job = await worker.get(QueueRegistry).queueFor(CountProbes).getJob(jobIdFor(event.id, CountProbes));
    expect(await job?.getState()).toBe('completed');
    expect(job?.attemptsMade).toBe(3);
    handler.failuresPerEvent = 0;
  });

  it('uses the consumer name and event id as the job id', async () => {
    const [event] = await worker.get(EventStore).append({ streamType: 'probe', streamId: 'job-id-1' }, 0, [ProbeHappened({ n: 1 })]);
    const queue: Queue = worker.get(QueueRegistry).queueFor(CountProbes);
    const job = await eventually(async () => queue.getJob(jobIdFor(event.id, CountProbes)), (j) => Boolean(j));
    expect(job!.id).toBe(`test.count-probes--${event.id}`);
  });

  it('refuses to start a worker when a declared consumer has no handler', async () => {
    const Orphan = defineConsumer('test.orphan', [ProbeHappened]);
    @Module({ imports: [DomainEventsModule.forFeature({ consumers: [Orphan] })] })
    class OrphanModule {}
    @Module({ imports: [PlatformModule.forRoot({ role: 'worker', config }), OrphanModule] })
    class OrphanWorker {}

    const app = await Test.createTestingModule({ imports: [OrphanWorker] }).setLogger(new ConsoleLogger({ logLevels: [] })).compile();
    await expect(app.init()).rejects.toThrow('Declared consumers without a handler: test.orphan');
    await app.close().catch(() => undefined);
    // A failed init leaves Nest's shutdown hooks uncalled: close what compile() opened.
    await app.get(OutboxRelay).beforeApplicationShutdown();
    await app.get(QueueRegistry).onApplicationShutdown();
    const dataSource = app.get(DataSource);
    if (dataSource.isInitialized) await dataSource.destroy();
  });

  it('binds each declared consumer to exactly one handler', () => {
    const A = defineConsumer('test.a', [ProbeHappened]);
    const B = defineConsumer('test.b', [ProbeHappened]);
    const handler = { handle: async () => undefined };
    expect(bindHandlers([A], [{ consumer: A, instance: handler, className: 'AJob' }]).get('test.a')).toBe(handler);
    expect(() => bindHandlers([A], [{ consumer: A, instance: handler, className: 'AJob' }, { consumer: A, instance: handler, className: 'A2Job' }])).toThrow('two handlers');
    expect(() => bindHandlers([A], [{ consumer: B, instance: handler, className: 'BJob' }])).toThrow('which no module declares');
    expect(() => defineConsumer('Bad Name', [ProbeHappened])).toThrow();
  });
});
