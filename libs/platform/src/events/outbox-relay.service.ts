import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';
import { ConsumerDeclaration, ConsumerJobData, DomainEvent, wants } from './domain-event';
import { EventRow, toDomainEvent } from './event-row';
import { ConsumerRegistry } from './domain-events.registry';

/** The job id of one event alone for one consumer (a reconciled event, or one of a split batch). */
export function jobIdFor(eventId: string, consumer: ConsumerDeclaration): string {
  return `${consumer.name}--${eventId}`;
}

/** A job of its own for each event, under the event's own job id. */
function oneJobEach(events: DomainEvent[], consumer: ConsumerDeclaration): { name: string; data: ConsumerJobData; opts: { jobId: string } }[] {
  return events.map((event) => ({ name: event.type, data: { events: [event] }, opts: { jobId: jobIdFor(event.id, consumer) } }));
}

/** The job id of one relay pass's events for one consumer; `jobKey` is kept on their outbox rows. */
export function batchJobIdFor(jobKey: string, consumer: ConsumerDeclaration): string {
  return `${consumer.name}--${jobKey}`;
}

/**
 * Moves committed events from the outbox into the queues of their consumers. A fast path
 * runs right after each commit; a poller picks up whatever could not be sent (Redis away,
 * a crash between commit and send).
 *
 * One pass takes up to OUTBOX_BATCH_SIZE events and gives each consumer one job holding the
 * ones it wants: a burst of joins costs a handful of jobs, not one per event and consumer.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private lingering?: NodeJS.Timeout;
  private draining?: Promise<number>;
  private again = false;
  private stopped = false;
  private redisWasDown = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly consumers: ConsumerRegistry,
    private readonly queues: QueueRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.notify(), this.config.OUTBOX_POLL_INTERVAL_MS);
    this.timer.unref();
    this.notify();
  }

  /** Before the database pool closes (that happens in onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.lingering);
    await this.draining?.catch(() => undefined);
  }

  /**
   * Fast path: schedules a drain OUTBOX_LINGER_MS from now; calls meanwhile, or while one runs,
   * coalesce into that pass or one more. The linger trades a few milliseconds of delay for
   * passes that carry many events: joins arriving steadily would otherwise make a job per join
   * and consumer, and the worker's cost is per job.
   */
  notify(): void {
    if (this.stopped || this.lingering) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.lingering = setTimeout(() => {
      this.lingering = undefined;
      this.startDrain();
    }, this.config.OUTBOX_LINGER_MS);
  }

  private startDrain(): void {
    if (this.stopped) return;
    this.draining = this.drain()
      .catch((error) => {
        if (!this.redisWasDown) this.logger.warn(`Outbox relay paused, will retry: ${error.message}`);
        this.redisWasDown = true;
        return 0;
      })
      .finally(() => {
        this.draining = undefined;
        if (this.again) {
          this.again = false;
          setImmediate(() => this.notify());
        }
      });
  }

  /** Dispatches pending events batch by batch until none is left. Returns how many. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.dispatchBatch();
      total += sent;
      if (sent < this.config.OUTBOX_BATCH_SIZE) break;
    }
    if (this.redisWasDown) {
      this.redisWasDown = false;
      this.logger.log('Outbox relay resumed');
    }
    return total;
  }

  private async dispatchBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: EventRow[] = await manager.query(
        `SELECT e.* FROM outbox o JOIN domain_events e ON e.position = o.event_position
         WHERE o.dispatched_at IS NULL
         ORDER BY o.event_position
         LIMIT $1
         FOR UPDATE OF o SKIP LOCKED`,
        [this.config.OUTBOX_BATCH_SIZE],
      );
      if (rows.length === 0) return 0;
      // A new key each pass: a pass repeated after a crash queues new jobs (processed_events
      // makes the repeat harmless) instead of colliding with a job that holds other events.
      const jobKey = `batch-${randomUUID()}`;
      await this.enqueueBatch(rows.map(toDomainEvent), jobKey);
      // Queued is not processed: the reconciler checks these once RECONCILE_AFTER_MS has passed.
      await manager.query(
        `UPDATE outbox SET dispatched_at = now(), check_at = now() + make_interval(secs => $2 / 1000.0), job_key = $3
         WHERE event_position = ANY($1::bigint[])`,
        [rows.map((r) => r.position), this.config.RECONCILE_AFTER_MS, jobKey],
      );
      return rows.length;
    });
  }

  /**
   * One job per consumer with the events of this pass it wants (a job id already there is
   * skipped); one job per event for a consumer that asks for it (oneJobPerEvent). A lone event
   * gets its own job id, as the reconciler would give it.
   */
  async enqueueBatch(events: DomainEvent[], jobKey: string): Promise<void> {
    await Promise.all(
      this.consumers.all().map((consumer) => {
        const wanted = events.filter((event) => wants(consumer, event));
        if (wanted.length === 0) return null;
        if (consumer.options.oneJobPerEvent) return this.add(consumer, oneJobEach(wanted, consumer));
        const jobId = wanted.length === 1 ? jobIdFor(wanted[0].id, consumer) : batchJobIdFor(jobKey, consumer);
        return this.add(consumer, [{ name: jobName(wanted), data: { events: wanted }, opts: { jobId } }]);
      }),
    );
  }

  /** One job per (consumer, event), under the event's own job id. */
  async enqueueEach(work: { consumer: ConsumerDeclaration; event: DomainEvent }[]): Promise<void> {
    const byConsumer = new Map<ConsumerDeclaration, DomainEvent[]>();
    for (const { consumer, event } of work) byConsumer.set(consumer, [...(byConsumer.get(consumer) ?? []), event]);
    await Promise.all([...byConsumer].map(([consumer, events]) => this.add(consumer, oneJobEach(events, consumer))));
  }

  private add(consumer: ConsumerDeclaration, jobs: { name: string; data: ConsumerJobData; opts: { jobId: string } }[]) {
    return withTimeout(this.queues.queueFor(consumer).addBulk(jobs), 5000, `Enqueue for ${consumer.name}`);
  }

  /** Undispatched events and the age of the oldest, for /metrics. */
  async lag(): Promise<{ pending: number; oldestSeconds: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS pending,
              coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS oldest
       FROM outbox WHERE dispatched_at IS NULL`,
    );
    return { pending: row.pending, oldestSeconds: row.oldest };
  }
}

/** What the queue board shows: the event type, or how many events a batch holds. */
function jobName(events: DomainEvent[]): string {
  return events.length === 1 ? events[0].type : `${events.length} events`;
}
