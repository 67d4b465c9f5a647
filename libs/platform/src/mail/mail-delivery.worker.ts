import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { closeWorkers, workerOptions } from '../events/consumer-host.service';
import { MAIL_DELIVERY_QUEUE } from '../queues/queue.registry';
import { createWorkerConnection } from '../queues/redis';
import { WorkerActivity } from '../worker/worker-activity.service';
import { MailDelivery, MailTarget } from './mail-delivery.service';

/**
 * Works the email retries in apps/worker. A retry holds no connection while Resend answers (its
 * two statements each borrow one briefly), so it takes no job slot.
 */
@Injectable()
export class MailDeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MailDeliveryWorker.name);
  private worker?: Worker;
  private connection?: IORedis;

  constructor(
    private readonly delivery: MailDelivery,
    private readonly activity: WorkerActivity,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = createWorkerConnection(this.config.REDIS_URL);
    this.worker = new Worker(MAIL_DELIVERY_QUEUE, (job: Job<MailTarget>) => this.delivery.attempt(job.data), {
      ...workerOptions(this.config),
      connection: this.connection,
      concurrency: this.config.WORKER_CONCURRENCY,
    });
    this.worker.on('completed', () => this.activity.jobCompleted());
    this.worker.on('error', (error) => this.logger.warn({ err: error.message }, 'Mail delivery worker connection error'));
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.worker) await closeWorkers([this.worker], this.config.SHUTDOWN_TIMEOUT_MS);
    this.connection?.disconnect();
  }
}
