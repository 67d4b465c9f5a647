import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';
import { ConsumerDeclaration, DomainEvent } from './domain-event';
import { EventRow, toDomainEvent } from './event-row';
import { jobIdFor, OutboxRelay } from './outbox-relay.service';
import { ConsumerRegistry } from './registries';

/**
 * Redis may forget queued jobs (a restart without persistence, a failover): the outbox row says
 * "dispatched" but no consumer will ever see the event. Once RECONCILE_AFTER_MS has passed since
 * dispatch, this compares each event with what its consumers recorded in processed_events and
 * queues again every job that is neither processed nor still in its queue. The job id is the
 * same as the first time, so nothing runs twice; a processed event is checked off for good.
 */
@Injectable()
export class OutboxReconciler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly consumers: ConsumerRegistry,
    private readonly queues: QueueRegistry,
    private readonly relay: OutboxRelay,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One pass over the events due for a check. Returns how many jobs it queued again. */
  async reconcile(limit = 500): Promise<number> {
    // Claim a batch and push its next check back, so replicas share the work and an event whose
    // job is still waiting (or failed, for ops to see) is looked at again later.
    const [due]: [EventRow[]] = await this.dataSource.query(
      `UPDATE outbox SET check_at = now() + make_interval(secs => $1 / 1000.0)
       WHERE event_position IN (
         SELECT event_position FROM outbox WHERE check_at <= now() ORDER BY check_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING event_position AS position`,
      [this.config.RECONCILE_AFTER_MS, limit],
    );
    if (due.length === 0) return 0;
    const events: DomainEvent[] = (
      await this.dataSource.query('SELECT * FROM domain_events WHERE position = ANY($1::bigint[])', [due.map((r) => r.position)])
    ).map(toDomainEvent);
    const processed = new Set(
      (
        await this.dataSource.query('SELECT consumer, event_id FROM processed_events WHERE event_id = ANY($1::uuid[])', [
          events.map((e) => e.id),
        ])
      ).map((r: { consumer: string; event_id: string }) => `${r.consumer}/${r.event_id}`),
    );

    const done: string[] = [];
    const lost: { consumer: ConsumerDeclaration; event: DomainEvent }[] = [];
    for (const event of events) {
      const missing = this.consumers.consumersOf(event).filter((c) => !processed.has(`${c.name}/${event.id}`));
      if (missing.length === 0) done.push(event.position);
      for (const consumer of missing) {
        const job = await withTimeout(this.queues.queueFor(consumer).getJob(jobIdFor(event.id, consumer)), 5000, 'Job lookup');
        if (!job) lost.push({ consumer, event });
      }
    }
    if (lost.length > 0) {
      await this.relay.enqueue(
        [...new Set(lost.map((l) => l.event))],
        (consumer, event) => lost.some((l) => l.consumer === consumer && l.event === event),
      );
    }
    if (done.length > 0) {
      await this.dataSource.query('UPDATE outbox SET check_at = NULL WHERE event_position = ANY($1::bigint[])', [done]);
    }
    return lost.length;
  }
}
