import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConsumerDeclaration } from '../events/domain-event';
import { ConsumerRegistry } from '../events/registries';
import { createProducerConnection, pingRedis } from './redis';

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
    let queue = this.queues.get(consumer.name);
    if (!queue) {
      queue = new Queue(consumer.name, {
        connection: this.redis(),
        prefix: this.prefix,
        defaultJobOptions: {
          attempts: consumer.options.attempts ?? this.config.CONSUMER_ATTEMPTS,
          backoff: { type: 'exponential', delay: consumer.options.backoffMs ?? this.config.CONSUMER_BACKOFF_MS },
          removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
          removeOnFail: false,
        },
      });
      // Errors surface on the add() that hit them; the relay logs and retries those.
      queue.on('error', () => undefined);
      this.queues.set(consumer.name, queue);
    }
    return queue;
  }

  /** Every consumer's queue (for metrics and the queue dashboard). */
  all(): Queue[] {
    return this.consumers.all().map((c) => this.queueFor(c));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.connection?.disconnect();
  }
}
