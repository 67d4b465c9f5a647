import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { OutboxRelay } from '../events/outbox-relay.service';
import { QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';
import { oldestWaitingSeconds } from '../health/queue-stats';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  constructor(queues: QueueRegistry, relay: OutboxRelay) {
    collectDefaultMetrics({ register: this.registry });

    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs per queue and state',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const queue of queues.all()) {
          const counts = await withTimeout(queue.getJobCounts(...JOB_STATES), 1000, 'queue counts').catch(() => null);
          if (!counts) continue;
          for (const state of JOB_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        }
      },
    });
    new Gauge({
      name: 'queue_failed_jobs',
      help: 'Jobs that used up their retries, per queue',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const queue of queues.all()) {
          const failed = await withTimeout(queue.getFailedCount(), 1000, 'failed count').catch(() => null);
          if (failed !== null) this.set({ queue: queue.name }, failed);
        }
      },
    });
    new Gauge({
      name: 'queue_oldest_waiting_seconds',
      help: 'Age of the oldest job waiting in each queue',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const queue of queues.all()) {
          const age = await oldestWaitingSeconds(queue).catch(() => null);
          if (age !== null) this.set({ queue: queue.name }, age);
        }
      },
    });
    new Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest event not yet handed to the queues',
      registers: [this.registry],
      async collect() {
        this.set((await relay.lag()).oldestSeconds);
      },
    });
    new Gauge({
      name: 'outbox_pending_events',
      help: 'Events not yet handed to the queues',
      registers: [this.registry],
      async collect() {
        this.set((await relay.lag()).pending);
      },
    });
  }
}
