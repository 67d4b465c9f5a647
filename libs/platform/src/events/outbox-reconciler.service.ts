import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';
import { ConsumerDeclaration, DomainEvent } from './domain-event';
import { toDomainEvent } from './event-row';
import { batchJobIdFor, jobIdFor, OutboxRelay } from './outbox-relay.service';
import { ConsumerRegistry } from './domain-events.registry';

/**
 * Redis may forget queued jobs (a restart without persistence, a failover): the outbox row says
 * "dispatched" but no consumer will ever see the event. Once RECONCILE_AFTER_MS has passed since
 * dispatch, this compares each event with what its consumers recorded in processed_events and
 * queues again, as a job of its own, every (consumer, event) that is neither processed nor in a
 * job still in the queue (its pass's batch job, or its own job). Its own job id is the same every
 * time, so a second pass queues nothing new; a processed event is checked off for good.
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
    const [due]: [{ position: string; job_key: string | null }[]] = await this.dataSource.query(
      `UPDATE outbox SET check_at = now() + make_interval(secs => $1 / 1000.0)
       WHERE event_position IN (
         SELECT event_position FROM outbox WHERE check_at <= now() ORDER BY check_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING event_position AS position, job_key`,
      [this.config.RECONCILE_AFTER_MS, limit],
    );
    if (due.length === 0) return 0;
    const events: DomainEvent[] = (
      await this.dataSource.query('SELECT * FROM domain_events WHERE position = ANY($1::bigint[])', [due.map((r) => r.position)])
    ).map(toDomainEvent);
    const processed = new Set(
      (await this.dataSource.query('SELECT consumer, event_id FROM processed_events WHERE event_id = ANY($1::uuid[])', [events.map((e) => e.id)])).map(
        (r: { consumer: string; event_id: string }) => `${r.consumer}/${r.event_id}`,
      ),
    );

    const jobKeys = new Map(due.map((r) => [String(r.position), r.job_key]));
    // A job accounts for an unprocessed event while it waits, runs, or failed (for ops to see);
    // a completed one does not (a batch that was split into jobs of their own, since lost).
    const inQueue = new Map<string, Promise<boolean>>(); // one lookup per job id in a pass
    const queued = (consumer: ConsumerDeclaration, jobId: string) => {
      if (!inQueue.has(jobId)) {
        const lookup = async () => {
          const job = await this.queues.queueFor(consumer).getJob(jobId);
          return job !== undefined && !(await job.isCompleted());
        };
        inQueue.set(jobId, withTimeout(lookup(), 5000, 'Job lookup'));
      }
      return inQueue.get(jobId)!;
    };

    const done: string[] = [];
    const lost: { consumer: ConsumerDeclaration; event: DomainEvent }[] = [];
    for (const event of events) {
      const missing = this.consumers.consumersOf(event).filter((c) => !processed.has(`${c.name}/${event.id}`));
      if (missing.length === 0) done.push(event.position);
      const jobKey = jobKeys.get(String(event.position));
      for (const consumer of missing) {
        if (jobKey && (await queued(consumer, batchJobIdFor(jobKey, consumer)))) continue;
        if (!(await queued(consumer, jobIdFor(event.id, consumer)))) lost.push({ consumer, event });
      }
    }
    if (lost.length > 0) await this.relay.enqueueEach(lost);
    if (done.length > 0) {
      await this.dataSource.query('UPDATE outbox SET check_at = NULL WHERE event_position = ANY($1::bigint[])', [done]);
    }
    return lost.length;
  }
}
