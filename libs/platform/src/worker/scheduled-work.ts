import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { hostname } from 'node:os';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service';

/** How long the record of who ran which tick is kept (it holds no personal data). */
const TICKS_KEPT_MS = 24 * 3600_000;

interface Clock {
  work: string;
  everyMs: number;
  run: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/**
 * Work the worker does on a clock (retention, scheduled publishing), once per tick however many
 * worker replicas run. Time is cut into ticks of `everyMs` counted by Postgres's clock; every
 * replica wakes at each tick's start and tries to claim it (a row of `scheduled_ticks`), and
 * only the one whose insert lands runs the work. A replica still busy with the previous tick
 * skips; a tick whose runner died is not run again: the next tick does the work.
 */
@Injectable()
export class ScheduledWork implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ScheduledWork.name);
  private readonly clocks: Clock[] = [];
  private readonly runs: Counter<'work'>;
  private readonly replica = `${hostname()}:${process.pid}`;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    metrics: MetricsService,
  ) {
    this.runs = new Counter({ name: 'scheduled_work_runs_total', help: 'Ticks of scheduled work this replica claimed and ran, by work', labelNames: ['work'], registers: [metrics.registry] });
  }

  /** Runs `run` once per tick of `everyMs` across all replicas, starting with the current tick. */
  every(work: string, everyMs: number, run: () => Promise<unknown>): void {
    const clock: Clock = { work, everyMs, run };
    this.clocks.push(clock);
    this.wake(clock, 0);
  }

  private wake(clock: Clock, delayMs: number): void {
    if (this.stopped) return;
    clock.timer = setTimeout(() => {
      clock.running = this.tick(clock).finally(() => {
        clock.running = undefined;
        this.wake(clock, untilNextTick(clock.everyMs));
      });
    }, delayMs);
    clock.timer.unref();
  }

  private async tick(clock: Clock): Promise<void> {
    let tick: string | null;
    try {
      tick = await this.claim(clock);
    } catch (error) {
      this.logger.warn(`${clock.work}: could not claim a tick, will retry: ${(error as Error).message}`);
      return;
    }
    if (tick === null) return; // another replica has this tick
    this.runs.inc({ work: clock.work });
    try {
      await clock.run();
      await this.dataSource.query(`UPDATE scheduled_ticks SET finished_at = clock_timestamp() WHERE work = $1 AND tick = $2`, [clock.work, tick]);
    } catch (error) {
      this.logger.warn(`${clock.work} failed, the next tick tries again: ${(error as Error).message}`);
    }
  }

  /** The current tick by Postgres's clock, if no replica has claimed it yet (so pods' clocks may differ). */
  private async claim(clock: Clock): Promise<string | null> {
    const rows: { tick: string }[] = await this.dataSource.query(
      `INSERT INTO scheduled_ticks (work, tick, claimed_by)
       VALUES ($1, floor(extract(epoch FROM clock_timestamp()) * 1000 / $2)::bigint, $3)
       ON CONFLICT DO NOTHING
       RETURNING tick`,
      [clock.work, clock.everyMs, this.replica],
    );
    if (rows.length === 0) return null;
    const { tick } = rows[0];
    await this.dataSource.query(`DELETE FROM scheduled_ticks WHERE work = $1 AND tick < $2::bigint - $3::bigint`, [clock.work, tick, Math.ceil(TICKS_KEPT_MS / clock.everyMs)]);
    return tick;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const clock of this.clocks) clearTimeout(clock.timer);
    await Promise.all(this.clocks.map((clock) => clock.running));
  }
}

/** Until the next tick starts, plus a little jitter so replicas do not all knock at once. */
function untilNextTick(everyMs: number): number {
  return everyMs - (Date.now() % everyMs) + Math.random() * Math.min(everyMs / 10, 500);
}
