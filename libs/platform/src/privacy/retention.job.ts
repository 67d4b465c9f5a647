import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { Counter, Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { DomainEvent } from '../events/domain-event';
import { withoutPersonalFields } from '../events/personal-data';
import { ConsumerRegistry } from '../events/domain-events.registry';
import { MetricsService } from '../metrics/metrics.service';
import { QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';
import { ScheduledWork } from '../worker/scheduled-work.service';
import { PersonalDataRegistry } from './personal-data.registry';

/** Finished jobs read from Redis at once (a queue keeps at most 10,000 completed ones, and its failed ones). */
const JOBS_PER_PAGE = 1000;

/**
 * The retention periods the Privacy Policy states, kept: every RETENTION_INTERVAL_MINUTES one
 * worker replica (ScheduledWork: once per tick, not once per replica) asks each module's
 * retention rule to forget what is past its period (and a transaction-scoped advisory lock keeps
 * a pass started by hand from overlapping it). What it removed is in the worker's /metrics
 * (`retention_removed_total{kind}`, `retention_last_run_timestamp_seconds`).
 *
 * It also strips the personal fields from jobs queued before events kept them apart (completed
 * ones stay 7 days, failed ones until ops remove them): jobs queued since carry none.
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(RetentionJob.name);
  private readonly removed: Counter<'kind'>;
  private readonly lastRun: Gauge;

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: PersonalDataRegistry,
    private readonly queues: QueueRegistry,
    private readonly consumers: ConsumerRegistry,
    private readonly scheduled: ScheduledWork,
    metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.removed = new Counter({
      name: 'retention_removed_total',
      help: 'Personal data forgotten by the retention job, by kind',
      labelNames: ['kind'],
      registers: [metrics.registry],
    });
    this.lastRun = new Gauge({ name: 'retention_last_run_timestamp_seconds', help: 'When the retention job last completed', registers: [metrics.registry] });
  }

  onApplicationBootstrap(): void {
    this.scheduled.every('retention', Math.round(this.config.RETENTION_INTERVAL_MINUTES * 60_000), () => this.run());
  }

  /** One pass at `now`: what each rule forgot, by kind (null: another replica is running one). */
  async run(now = new Date()): Promise<Record<string, number> | null> {
    const removed = await this.dataSource.transaction(async (db) => {
      const [{ locked }] = await db.query(`SELECT pg_try_advisory_xact_lock(hashtextextended('retention', 0)) AS locked`);
      if (!locked) return null;
      const counts: Record<string, number> = {};
      for (const rule of this.registry.retentionRules()) Object.assign(counts, await rule.expire(now, db));
      return counts;
    });
    if (!removed) return null;
    removed.job_payloads = await this.stripOldJobs().catch((error: Error) => {
      this.logger.warn(`Could not look through the finished jobs: ${error.message}`);
      return 0;
    });
    for (const [kind, count] of Object.entries(removed)) this.removed.inc({ kind }, count);
    this.lastRun.set(Date.now() / 1000);
    const total = Object.values(removed).reduce((a, b) => a + b, 0);
    if (total > 0) this.logger.log({ removed }, 'Retention: forgot what had outlived its period');
    return removed;
  }

  /**
   * Finished jobs whose events still hold personal fields (queued by an older version) get them
   * removed: every finished job of every consumer's queue, a page at a time, oldest first (the
   * old version's jobs are the oldest).
   */
  private async stripOldJobs(): Promise<number> {
    let stripped = 0;
    for (const consumer of this.consumers.all()) {
      const queue = this.queues.queueFor(consumer);
      for (const state of ['completed', 'failed'] as const) {
        for (let start = 0; ; start += JOBS_PER_PAGE) {
          const jobs = await withTimeout(queue.getJobs([state], start, start + JOBS_PER_PAGE - 1, true), 5000, 'finished jobs');
          for (const job of jobs) if (await stripJob(job)) stripped++;
          if (jobs.length < JOBS_PER_PAGE) break;
        }
      }
    }
    return stripped;
  }
}

/** Removes the personal fields from a finished job's events, if it still holds any; true when it did. */
async function stripJob(job: Job | undefined): Promise<boolean> {
  const events: DomainEvent[] | undefined = job?.data && 'events' in job.data ? job.data.events : job?.data ? [job.data] : undefined;
  if (!job || !events) return false;
  const kept = events.map((event) => ({ ...event, payload: withoutPersonalFields(event.type, event.payload) }));
  if (JSON.stringify(kept) === JSON.stringify(events)) return false;
  await job.updateData('events' in job.data ? { ...job.data, events: kept } : kept[0]);
  return true;
}
