import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, daysBefore, EventStore, PersonalDataRegistry, RetentionRule } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { DownloadsRepository } from './downloads.repository';
import { DOWNLOAD_RETENTION_STREAM, DownloadClicksExpired } from './downloads.events';

/** Clicks forgotten per pass: a backlog goes in bounded steps. */
const BATCH = 5000;

/**
 * A download click is kept as recorded (download_events: its source, platform, the day's visitor
 * hash) for RETENTION_DOWNLOAD_CLICK_DAYS, then only in the daily and monthly counters. A click
 * goes only once the roll-up job has counted it: the oldest click not counted yet stops the
 * deletion there, so no count is ever lost (a failed roll-up job holds every later click until
 * ops retry it). The deletion is an event (DownloadClicksExpired), so that a replay deletes the
 * same clicks; the job's record of the visitors it counted goes for the days before.
 */
@Injectable()
export class DownloadClicksRetention implements RetentionRule {
  constructor(
    registry: PersonalDataRegistry,
    private readonly downloads: DownloadsRepository,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    registry.registerRetention(this);
  }

  async expire(now: Date, db: EntityManager): Promise<Record<string, number>> {
    const periodEnd = daysBefore(now, this.config.RETENTION_DOWNLOAD_CLICK_DAYS);
    const due = await this.downloads.clicksDue(periodEnd, BATCH + 1, db);
    const notCounted = due.findIndex((click) => !click.rolledUp);
    const stop = notCounted >= 0 ? notCounted : Math.min(due.length, BATCH);
    // Every click before the first that stays (clicks recorded in the same microsecond stay with it).
    const kept = due[stop];
    const going = kept ? due.slice(0, stop).filter((click) => click.createdAt < kept.createdAt).length : due.length;
    if (going === 0) return { download_clicks: 0 };
    const before = kept ? kept.createdAt : periodEnd.toISOString();
    await this.events
      .within(db)
      .append({ streamType: DOWNLOAD_RETENTION_STREAM, streamId: 'clicks' }, 'any', [DownloadClicksExpired({ before })], { actorType: 'system' });
    await this.downloads.forgetVisitorsBefore(before, db);
    return { download_clicks: going };
  }
}
