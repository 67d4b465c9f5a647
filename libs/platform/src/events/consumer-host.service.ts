import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { Job, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { createWorkerConnection } from '../queues/redis';
import { CONSUMER_HANDLER } from './consumer-handler.decorator';
import { ConsumerDeclaration, ConsumerHandler, DomainEvent } from './domain-event';
import { ConsumerRegistry } from './registries';

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
 * Runs in apps/worker only: one BullMQ worker per consumer. A job runs its handler inside a
 * transaction that also records (consumer, event) as processed, so a redelivered event is
 * skipped; a throwing handler rolls back and BullMQ retries it with exponential back-off.
 */
@Injectable()
export class ConsumerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ConsumerHost.name);
  private readonly workers: Worker[] = [];
  /** BullMQ leaves connections it was given open: we close them after the workers. */
  private readonly connections: IORedis[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly consumers: ConsumerRegistry,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const handlers = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance)
      .flatMap((wrapper) => {
        const consumer = this.reflector.get<ConsumerDeclaration>(CONSUMER_HANDLER, wrapper.metatype as object as Function);
        return consumer ? [{ consumer, instance: wrapper.instance as ConsumerHandler, className: wrapper.name }] : [];
      });
    const bound = bindHandlers(this.consumers.all(), handlers);
    for (const consumer of this.consumers.all()) {
      this.workers.push(this.startWorker(consumer, bound.get(consumer.name)!));
    }
    this.logger.log(`Consuming ${this.workers.length} queues: ${this.consumers.all().map((c) => c.name).join(', ')}`);
  }

  private startWorker(consumer: ConsumerDeclaration, handler: ConsumerHandler): Worker {
    const connection = createWorkerConnection(this.config.REDIS_URL);
    this.connections.push(connection);
    const worker = new Worker(
      consumer.name,
      (job: Job<DomainEvent>) => this.process(consumer, handler, job),
      {
        connection,
        prefix: this.config.REDIS_PREFIX,
        concurrency: consumer.options.concurrency ?? this.config.WORKER_CONCURRENCY,
        autorun: true,
      },
    );
    worker.on('failed', (job, error) =>
      this.logger.warn(
        { consumer: consumer.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message },
        `Job failed (attempt ${job?.attemptsMade} of ${job?.opts.attempts})`,
      ),
    );
    worker.on('error', (error) => this.logger.warn({ consumer: consumer.name, err: error.message }, 'Worker connection error'));
    return worker;
  }

  async process(consumer: ConsumerDeclaration, handler: ConsumerHandler, job: Job<DomainEvent>): Promise<'done' | 'duplicate'> {
    const event = job.data;
    return this.dataSource.transaction(async (manager) => {
      const fresh = await manager.query(
        'INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id',
        [consumer.name, event.id],
      );
      if (fresh.length === 0) return 'duplicate';
      await handler.handle(event, { manager, attempt: job.attemptsMade + 1, jobId: job.id! });
      return 'done';
    });
  }

  /**
   * Lets running jobs finish (up to SHUTDOWN_TIMEOUT_MS), then stops. Runs before the
   * database pool closes, since the jobs still need it.
   */
  async beforeApplicationShutdown(): Promise<void> {
    const closing = Promise.all(this.workers.map((w) => w.close()));
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), this.config.SHUTDOWN_TIMEOUT_MS).unref(),
    );
    if ((await Promise.race([closing, timeout])) === 'timeout') {
      this.logger.warn('Jobs still running at the shutdown deadline; forcing close');
      await Promise.all(this.workers.map((w) => w.close(true)));
    }
    this.connections.forEach((c) => c.disconnect());
  }
}
