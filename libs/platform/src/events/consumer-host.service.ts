import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, Type } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { Job, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, checkWorkerPool } from '../config/config';
import { createWorkerConnection } from '../queues/redis';
import { CONSUMER_HANDLER } from './consumer-handler.decorator';
import { ConsumerDeclaration, ConsumerHandler, ConsumerJobData, DomainEvent } from './domain-event';
import { OutboxRelay } from './outbox-relay.service';
import { loadPersonalData } from './personal-data';
import { guardSecondConnections, inJobTransaction, JobSlots } from './job-slots';
import { ConsumerRegistry } from './domain-events.registry';
import { WorkerActivity } from '../worker/worker-activity.service';

/** Binds every declared consumer to exactly one handler; refuses to start otherwise. */
export function bindHandlers(
  declared: ConsumerDeclaration[],
  handlers: { consumer: ConsumerDeclaration; instance: ConsumerHandler; className: string }[],
): Map<string, ConsumerHandler> {
  const bound = new Map<string, ConsumerHandler>();
  for (const { consumer, instance, className } of handlers) {
    if (!declared.includes(consumer)) {
      throw new Error(`${className} handles consumer "${consumer.name}", which no module declares`);
    }
    if (bound.has(consumer.name)) throw new Error(`Consumer "${consumer.name}" has two handlers`);
    bound.set(consumer.name, instance);
  }
  const missing = declared.filter((c) => !bound.has(c.name)).map((c) => c.name);
  if (missing.length) throw new Error(`Declared consumers without a handler: ${missing.join(', ')}`);
  return bound;
}

/**
 * Closes BullMQ workers, letting running jobs finish for up to `timeoutMs`, then forcing them
 * (a job cut off rolls back and runs again once its lock expires). True when it had to force.
 */
export async function closeWorkers(workers: Worker[], timeoutMs: number): Promise<boolean> {
  const closing = Promise.all(workers.map((w) => w.close()));
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
  if ((await Promise.race([closing, timeout])) !== 'timeout') return false;
  await Promise.all(workers.map((w) => w.close(true)));
  return true;
}

/** BullMQ worker settings shared by every queue the worker consumes. */
export function workerOptions(config: AppConfig) {
  return {
    prefix: config.REDIS_PREFIX,
    // A job whose worker died (SIGKILL, lost node) goes back to the queue once its lock expires.
    lockDuration: config.JOB_LOCK_MS,
    stalledInterval: config.JOB_LOCK_MS,
    maxStalledCount: 5,
    autorun: true,
  };
}

/**
 * Runs in apps/worker only: one BullMQ worker per consumer. The protocol of a job:
 *
 * 1. Wait for one of WORKER_CONCURRENCY job slots (checked against the pool at start).
 * 2. In one transaction (one connection, nothing else): record (consumer, event) in
 *    processed_events for every event of the job, skipping those already there (a redelivery),
 *    then run the handler on the rest, its reads and writes all through that transaction. A
 *    throwing handler rolls back: a job of one event is retried by BullMQ with exponential
 *    back-off; a batch is split into jobs of one event each.
 * 3. Give the slot back, then run the handler's after-commit work (an email to send) outside
 *    any transaction. That work is idempotent and recorded in Postgres first, so a crash here
 *    is mended by its own reconciler (see MailDelivery).
 */
@Injectable()
export class ConsumerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ConsumerHost.name);
  private readonly workers: Worker[] = [];
  /** BullMQ leaves connections it was given open: we close them after the workers. */
  private readonly connections: IORedis[] = [];
  readonly slots: JobSlots;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly consumers: ConsumerRegistry,
    private readonly dataSource: DataSource,
    private readonly activity: WorkerActivity,
    private readonly relay: OutboxRelay,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.slots = new JobSlots(config.WORKER_CONCURRENCY);
  }

  onApplicationBootstrap(): void {
    checkWorkerPool(this.config);
    guardSecondConnections(this.dataSource);
    const handlers = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance)
      .flatMap((wrapper) => {
        const consumer = this.reflector.get<ConsumerDeclaration>(CONSUMER_HANDLER, wrapper.metatype as Type);
        return consumer ? [{ consumer, instance: wrapper.instance as ConsumerHandler, className: wrapper.name }] : [];
      });
    const bound = bindHandlers(this.consumers.all(), handlers);
    for (const consumer of this.consumers.all()) {
      this.workers.push(this.startWorker(consumer, bound.get(consumer.name)!));
    }
    this.logger.log(
      `Consuming ${this.workers.length} queues with ${this.config.WORKER_CONCURRENCY} job slots: ${this.consumers
        .all()
        .map((c) => c.name)
        .join(', ')}`,
    );
  }

  private startWorker(consumer: ConsumerDeclaration, handler: ConsumerHandler): Worker {
    const connection = createWorkerConnection(this.config.REDIS_URL);
    this.connections.push(connection);
    const worker = new Worker(consumer.name, (job: Job<ConsumerJobData | DomainEvent>) => this.process(consumer, handler, job), {
      ...workerOptions(this.config),
      connection,
      concurrency: Math.min(consumer.options.concurrency ?? this.config.WORKER_CONCURRENCY, this.config.WORKER_CONCURRENCY),
    });
    worker.on('completed', () => this.activity.jobCompleted());
    worker.on('failed', (job, error) =>
      this.logger.warn(
        { consumer: consumer.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message },
        `Job failed (attempt ${job?.attemptsMade} of ${job?.opts.attempts})`,
      ),
    );
    worker.on('error', (error) => this.logger.warn({ consumer: consumer.name, err: error.message }, 'Worker connection error'));
    return worker;
  }

  async process(consumer: ConsumerDeclaration, handler: ConsumerHandler, job: Job<ConsumerJobData | DomainEvent>): Promise<'done' | 'duplicate' | 'split'> {
    // A job queued by a version before batched jobs carries one event.
    const events = 'events' in job.data ? job.data.events : [job.data];
    const afterCommit: (() => Promise<void>)[] = [];
    let outcome: 'done' | 'duplicate';
    try {
      outcome = await this.slots.run(() => this.activity.track(() => this.transaction(consumer, handler, job, events, afterCommit)), {
        first: consumer.options.first,
      });
    } catch (error) {
      if (events.length === 1) throw error; // BullMQ retries it with back-off
      // One event that fails must not hold up the others, nor make them retry with it: each
      // goes back to the queue as a job of its own (retried, and left failed, on its own).
      this.logger.warn({ consumer: consumer.name, events: events.length, err: (error as Error).message }, 'Batch failed; splitting it into one job per event');
      await this.relay.enqueueEach(events.map((event) => ({ consumer, event })));
      return 'split';
    }
    for (const work of afterCommit) {
      // Committed already: a failure here is mended by the work's own retry path, not by this job.
      await work().catch((error: Error) => this.logger.error({ consumer: consumer.name, jobId: job.id, err: error.message }, 'After-commit work failed'));
    }
    return outcome;
  }

  /** Step 2 of the protocol above: one transaction for the job's events. */
  private transaction(
    consumer: ConsumerDeclaration,
    handler: ConsumerHandler,
    job: Job,
    events: DomainEvent[],
    afterCommit: (() => Promise<void>)[],
  ): Promise<'done' | 'duplicate'> {
    return this.dataSource.transaction(async (manager) => {
      const recorded: { event_id: string }[] = await manager.query(
        `INSERT INTO processed_events (consumer, event_id) SELECT $1, unnest($2::uuid[])
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [consumer.name, events.map((e) => e.id)],
      );
      const fresh = new Set(recorded.map((r) => r.event_id));
      const redelivered = events.filter((e) => fresh.has(e.id)); // a redelivered event is skipped
      if (redelivered.length === 0) return 'duplicate';
      // The job carries the log's form of its events: their personal fields are read here (null if erased since).
      const todo = await loadPersonalData(manager, redelivered);
      const context = {
        manager,
        attempt: job.attemptsMade + 1,
        maxAttempts: job.opts.attempts ?? 1,
        jobId: job.id!,
        afterCommit: (work: () => Promise<void>) => afterCommit.push(work),
      };
      await inJobTransaction(consumer.name, async () => {
        if (handler.handleBatch) return handler.handleBatch(todo, context);
        for (const event of todo) await handler.handle(event, context);
      });
      return 'done';
    });
  }

  /**
   * Lets running jobs finish (up to SHUTDOWN_TIMEOUT_MS), then stops. Runs before the
   * database pool closes, since the jobs still need it. A job cut off at the deadline keeps
   * nothing half done (its transaction rolls back) and goes back to its queue when its lock
   * expires.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (await closeWorkers(this.workers, this.config.SHUTDOWN_TIMEOUT_MS)) {
      this.logger.warn('Jobs still running at the shutdown deadline; forcing close');
    }
    this.connections.forEach((c) => c.disconnect());
  }
}
