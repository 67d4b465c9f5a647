import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { hostname } from 'node:os';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service';
import { withTimeout } from '../queues/redis';

/** How long the record of who ran which tick is kept (it holds no personal data). */
const TICKS_KEPT = '1 day';
/** A claim that takes longer than this (Postgres away, a lost connection) is given up until the next tick. */
const CLAIM_TIMEOUT_MS = 10_000;

interface Clock {
  work: string;
  everyMs: number;
  run: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** Postgres's clock minus this process's, as last seen: replicas wake by Postgres's ticks. */
  offsetMs: number;
  /** What is failing, claims (Postgres away) or runs: each said once, and again when it works. */
  failing: { claims: boolean; runs: boolean };
}

/**
 * Work the worker does on a clock (retention, scheduled publishing), once per tick however many
 * worker replicas run. Time is cut into ticks of `everyMs` counted by Postgres's clock; every
 * replica wakes early in each tick (by Postgres's clock too) and tries to claim it (a row of
 * `scheduled_ticks`, keyed by the work, its interval and the tick), and only the one whose
 * insert lands runs the work. A tick whose runner died is not run again: the next tick does the
 * work. A replica still busy with its run skips the ticks meanwhile, but another replica may
 * claim them: work that must not overlap itself takes its own lock (retention and publishing do).
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
    this.runs = new Counter({
      name: 'scheduled_work_runs_total',
      help: 'Ticks of scheduled work this replica claimed (and so ran), by work',
      labelNames: ['work'],
      registers: [metrics.registry],
    });
  }

  /** Runs `run` once per tick of `everyMs` across all replicas, starting with the current tick. */
  every(work: string, everyMs: number, run: () => Promise<unknown>): void {
    const clock: Clock = { work, everyMs, run, offsetMs: 0, failing: { claims: false, runs: false } };
    this.clocks.push(clock);
    this.wake(clock, 0);
  }

  private wake(clock: Clock, delayMs: number): void {
    if (this.stopped) return;
    clock.timer = setTimeout(() => {
      clock.running = this.tick(clock).finally(() => {
        clock.running = undefined;
        this.wake(clock, untilNextTick(clock.everyMs, Date.now() + clock.offsetMs));
      });
    }, delayMs);
    clock.timer.unref();
  }

  private async tick(clock: Clock): Promise<void> {
    let tick: string | null;
    try {
      tick = await withTimeout(this.claim(clock), CLAIM_TIMEOUT_MS, 'claiming a tick');
    } catch (error) {
      this.failed(clock, 'claims', `could not claim a tick: ${(error as Error).message}`);
      return;
    }
    this.worked(clock, 'claims');
    if (tick === null) return; // another replica has this tick
    this.runs.inc({ work: clock.work });
    try {
      await clock.run();
    } catch (error) {
      this.failed(clock, 'runs', `failed: ${(error as Error).message}`); // its tick stays unfinished
      return;
    }
    this.worked(clock, 'runs');
    await this.dataSource
      .query(`UPDATE scheduled_ticks SET finished_at = clock_timestamp() WHERE work = $1 AND every_ms = $2 AND tick = $3`, [clock.work, clock.everyMs, tick])
      .then(() => this.dataSource.query(`DELETE FROM scheduled_ticks WHERE work = $1 AND claimed_at < now() - interval '${TICKS_KEPT}'`, [clock.work]))
      .catch((error: Error) => this.logger.warn(`${clock.work} ran, but its tick could not be recorded: ${error.message}`));
  }

  private failed(clock: Clock, what: 'claims' | 'runs', why: string): void {
    if (!clock.failing[what]) this.logger.warn(`${clock.work} paused, the next ticks try again: ${why}`);
    clock.failing[what] = true;
  }

  private worked(clock: Clock, what: 'claims' | 'runs'): void {
    if (clock.failing[what]) this.logger.log(`${clock.work} resumed`);
    clock.failing[what] = false;
  }

  /**
   * The current tick by Postgres's clock, if no replica has claimed it yet (null otherwise); also
   * notes how far Postgres's clock is from this process's, so the next wake falls early in the next tick.
   */
  private async claim(clock: Clock): Promise<string | null> {
    const [row]: { now_ms: number; tick: string | null }[] = await this.dataSource.query(
      `WITH now AS (SELECT extract(epoch FROM clock_timestamp()) * 1000 AS ms),
            claimed AS (
              INSERT INTO scheduled_ticks (work, every_ms, tick, claimed_by)
              SELECT $1, $2::int, floor(ms / $2::int)::bigint, $3 FROM now
              ON CONFLICT DO NOTHING
              RETURNING tick)
       SELECT (SELECT ms FROM now)::float8 AS now_ms, (SELECT tick FROM claimed) AS tick`,
      [clock.work, clock.everyMs, this.replica],
    );
    clock.offsetMs = row.now_ms - Date.now();
    return row.tick;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const clock of this.clocks) clearTimeout(clock.timer);
    await Promise.all(this.clocks.map((clock) => clock.running));
  }
}

/**
 * From `now` (by Postgres's clock) until a tenth into the next tick, plus up to another tenth of
 * jitter so replicas do not all knock at once: a wake a little early or late (the clock offset
 * is as old as the last claim, and its round trip) still lands in the tick it meant.
 */
function untilNextTick(everyMs: number, now: number): number {
  return everyMs - (now % everyMs) + everyMs * (0.1 + 0.1 * Math.random());
}
