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
import { WorkerHealthServer } from '../health/worker-health.server';
import { MailDeliveryWorker } from '../mail/mail-delivery.worker';
import { PlatformModule } from '../platform.module';
import { QueueRegistry } from '../queues/queue.registry';
import { bindHandlers } from './consumer-host.service';
import { defineConsumer } from './domain-event';
import { DomainEventsModule } from './domain-events.module';
import { EventStore } from './event-store.service';
import { ConsumerJobData } from './domain-event';
import { batchJobIdFor, jobIdFor, OutboxRelay } from './outbox-relay.service';

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

  const effectsOf = async (eventIds: string[]): Promise<number> => {
    const [{ n }] = await worker.get(DataSource).query('SELECT count(*)::int AS n FROM probe_effects WHERE event_id = ANY($1::uuid[])', [eventIds]);
    return n;
  };

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

  it('gives the events of one relay pass one job per consumer, each event processed once', async () => {
    const events = await worker.get(EventStore).append(
      { streamType: 'probe', streamId: 'batch-1' },
      0,
      Array.from({ length: 50 }, (_, i) => ProbeHappened({ n: 1000 + i })),
    );
    const dataSource = worker.get(DataSource);
    const [{ job_key: jobKey }] = await eventually(
      (): Promise<{ job_key: string }[]> =>
        dataSource.query('SELECT job_key FROM outbox WHERE event_position = $1 AND job_key IS NOT NULL', [events[0].position]),
      (rows) => rows.length === 1,
    );
    const job = await worker.get(QueueRegistry).queueFor(CountProbes).getJob(batchJobIdFor(jobKey, CountProbes));
    expect((job!.data as ConsumerJobData).events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    await eventually(
      () => effectsOf(events.map((e) => e.id)),
      (n) => n === 50,
    );
    expect(await job!.getState()).toBe('completed');
  });

  it('splits a batch with a failing event into jobs of one event: the others are not held up, nothing runs twice', async () => {
    const handler = worker.get(CountProbesJob);
    handler.failing.set(2003, 3); // fails in the batch, then twice more in its own job
    const events = await worker.get(EventStore).append(
      { streamType: 'probe', streamId: 'batch-2' },
      0,
      Array.from({ length: 5 }, (_, i) => ProbeHappened({ n: 2000 + i })),
    );
    const n = (e: (typeof events)[number]) => (e.payload as { n: number }).n;
    const others = events.filter((e) => n(e) !== 2003).map((e) => e.id);
    const failing = events.find((e) => n(e) === 2003)!;
    await eventually(
      () => effectsOf(others),
      (n) => n === 4,
    );
    const queue = worker.get(QueueRegistry).queueFor(CountProbes);
    const own = await eventually(
      async () => queue.getJob(jobIdFor(failing.id, CountProbes)),
      (j) => Boolean(j),
    );
    await eventually(
      () => effectsOf([failing.id]),
      (n) => n === 1,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(await effectsOf(events.map((e) => e.id))).toBe(5);
    expect(await (await queue.getJob(own!.id!))!.getState()).toBe('completed');
    expect((await queue.getJob(own!.id!))!.attemptsMade).toBe(3);
  });

  it('gives a lone event a job named after the consumer and the event id', async () => {
    const [event] = await worker.get(EventStore).append({ streamType: 'probe', streamId: 'job-id-1' }, 0, [ProbeHappened({ n: 1 })]);
    const queue: Queue = worker.get(QueueRegistry).queueFor(CountProbes);
    const job = await eventually(
      async () => queue.getJob(jobIdFor(event.id, CountProbes)),
      (j) => Boolean(j),
    );
    expect(job!.id).toBe(`test.count-probes--${event.id}`);
  });

  it('refuses to start a worker when a declared consumer has no handler', async () => {
    const Orphan = defineConsumer('test.orphan', [ProbeHappened]);
    @Module({ imports: [DomainEventsModule.forFeature({ consumers: [Orphan] })] })
    class OrphanModule {}
    @Module({ imports: [PlatformModule.forRoot({ role: 'worker', config }), OrphanModule] })
    class OrphanWorker {}

    const app = await Test.createTestingModule({ imports: [OrphanWorker] })
      .setLogger(new ConsoleLogger({ logLevels: [] }))
      .compile();
    await expect(app.init()).rejects.toThrow('Declared consumers without a handler: test.orphan');
    await app.close().catch(() => undefined);
    // A failed init leaves Nest's shutdown hooks uncalled: close what compile() opened.
    await app.get(OutboxRelay).beforeApplicationShutdown();
    await app.get(MailDeliveryWorker).beforeApplicationShutdown();
    await app.get(WorkerHealthServer).onApplicationShutdown();
    await app.get(QueueRegistry).onApplicationShutdown();
    const dataSource = app.get(DataSource);
    if (dataSource.isInitialized) await dataSource.destroy();
  });

  it('binds each declared consumer to exactly one handler', () => {
    const A = defineConsumer('test.a', [ProbeHappened]);
    const B = defineConsumer('test.b', [ProbeHappened]);
    const handler = { handle: async () => undefined };
    expect(bindHandlers([A], [{ consumer: A, instance: handler, className: 'AJob' }]).get('test.a')).toBe(handler);
    expect(() =>
      bindHandlers(
        [A],
        [
          { consumer: A, instance: handler, className: 'AJob' },
          { consumer: A, instance: handler, className: 'A2Job' },
        ],
      ),
    ).toThrow('two handlers');
    expect(() => bindHandlers([A], [{ consumer: B, instance: handler, className: 'BJob' }])).toThrow('which no module declares');
    expect(() => defineConsumer('Bad Name', [ProbeHappened])).toThrow();
  });
});
