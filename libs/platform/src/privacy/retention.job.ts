import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MetricsService } from '../metrics/metrics.service';
import { PersonalDataRegistry } from './personal-data-holders';

/**
 * The retention periods the Privacy Policy states, kept: every RETENTION_INTERVAL_MINUTES the
 * worker asks each module's retention rule to forget what is past its period (one replica at a
 * time: a transaction-scoped advisory lock). What it removed is in the worker's /metrics
 * (`retention_removed_total{kind}`, `retention_last_run_timestamp_seconds`).
 */
@Injectable()
export class RetentionJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RetentionJob.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private readonly removed: Counter<'kind'>;
  private readonly lastRun: Gauge;

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: PersonalDataRegistry,
    metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.removed = new Counter({ name: 'retention_removed_total', help: 'Personal data forgotten by the retention job, by kind', labelNames: ['kind'], registers: [metrics.registry] });
    this.lastRun = new Gauge({ name: 'retention_last_run_timestamp_seconds', help: 'When the retention job last completed', registers: [metrics.registry] });
  }

  onApplicationBootstrap(): void {
    const every = this.config.RETENTION_INTERVAL_MINUTES * 60_000;
    const tick = () => {
      this.running ??= this.run()
        .catch((error: Error) => this.logger.warn(`Retention pass failed, will retry: ${error.message}`))
        .finally(() => (this.running = undefined));
    };
    setTimeout(tick, Math.min(every, 60_000)).unref(); // soon after a start, then on the interval
    this.timer = setInterval(tick, every);
    this.timer.unref();
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
    for (const [kind, count] of Object.entries(removed)) this.removed.inc({ kind }, count);
    this.lastRun.set(Date.now() / 1000);
    const total = Object.values(removed).reduce((a, b) => a + b, 0);
    if (total > 0) this.logger.log({ removed }, 'Retention: forgot what had outlived its period');
    return removed;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
