import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConsumerDeclaration } from '../events/domain-event';
import { ConsumerRegistry } from '../events/domain-events.registry';
import { createProducerConnection, withTimeout, pingRedis } from './redis';

/**
 * Queues of the platform itself. Email retries keep no finished jobs: the mail log is their
 * record, and a row sent again later (from the mail log) must be able to reuse its job id.
 */
export const MAIL_DELIVERY_QUEUE = 'mail.deliver';
const PLATFORM_QUEUES: Record<string, { removeOnComplete: boolean; removeOnFail: boolean }> = {
  [MAIL_DELIVERY_QUEUE]: { removeOnComplete: true, removeOnFail: true },
};

/** One BullMQ queue per consumer, so depth and failures are visible per consumer. */
@Injectable()
export class QueueRegistry implements OnModuleInit, OnApplicationShutdown {
  private readonly queues = new Map<string, Queue>();
  private connection?: IORedis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly consumers: ConsumerRegistry,
  ) {}

  onModuleInit(): void {
    // Connect now, so the first readiness probe does not race the connection.
    this.redis().on('error', () => undefined);
  }

  get prefix(): string {
    return this.config.REDIS_PREFIX;
  }

  /** The shared producer connection (also used for health checks and rate-limit counters). */
  redis(): IORedis {
    this.connection ??= createProducerConnection(this.config.REDIS_URL);
    return this.connection;
  }

  /** The producer connection once it is ready (it fails fast while connecting otherwise). */
  async connectedRedis(timeoutMs = 3000): Promise<IORedis> {
    const redis = this.redis();
    if (redis.status !== 'ready') await pingRedis(redis, timeoutMs);
    return redis;
  }

  queueFor(consumer: ConsumerDeclaration): Queue {
    return this.queue(consumer.name, consumer.options);
  }

  /**
   * A queue by name. Consumers' jobs stay after they finish (7 days of completed ones, failed
   * ones until ops act), so a finished event is never queued again by its job id.
   */
  queue(name: string, options: { attempts?: number; backoffMs?: number } = {}): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const platform = PLATFORM_QUEUES[name];
      queue = new Queue(name, {
        connection: this.redis(),
        prefix: this.prefix,
        defaultJobOptions: {
          attempts: options.attempts ?? this.config.CONSUMER_ATTEMPTS,
          backoff: { type: 'exponential', delay: options.backoffMs ?? this.config.CONSUMER_BACKOFF_MS },
          removeOnComplete: platform?.removeOnComplete ?? { age: 7 * 24 * 3600, count: 10_000 },
          removeOnFail: platform?.removeOnFail ?? false,
        },
      });
      // Errors surface on the add() that hit them; the relay logs and retries those.
      queue.on('error', () => undefined);
      this.dropIfNeverReady(name, queue);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * BullMQ readies a queue once, as it is built (it asks Redis for its version), and a queue
   * whose first question failed fails every call after it with that same error, for good. That
   * question can fail while the connection still says 'ready': Redis has just gone, ioredis has
   * not yet seen the socket close, and this connection queues nothing offline. A queue first
   * used at that moment (a process builds its queues on first use) would stay broken after Redis
   * came back, and its jobs could never be queued again: it is dropped instead, and the next
   * call builds it anew on the connection as it is then.
   */
  private dropIfNeverReady(name: string, queue: Queue): void {
    queue.waitUntilReady().catch(() => {
      if (this.queues.get(name) === queue) this.queues.delete(name);
      void queue.close().catch(() => undefined);
    });
  }

  /** Every queue: each consumer's and the platform's own (for metrics, health and the dashboard). */
  all(): Queue[] {
    return [...this.consumers.all().map((c) => this.queueFor(c)), ...Object.keys(PLATFORM_QUEUES).map((name) => this.queue(name))];
  }

  async onApplicationShutdown(): Promise<void> {
    // A queue closed while still connecting reports its failed ready check to no listener (an
    // unhandled 'error'): let each finish connecting first, briefly.
    await Promise.allSettled([...this.queues.values()].map((q) => withTimeout(q.waitUntilReady(), 1000, 'queue ready')));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.connection?.disconnect();
  }
}
