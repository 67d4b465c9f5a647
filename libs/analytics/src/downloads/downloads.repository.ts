import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DownloadEvent } from './entities/download-event.entity';

/** One click, as the daily counters key it. */
export interface DownloadClick {
  /** When it happened (an ISO timestamp); counted on its UTC day. */
  occurredAt: string;
  sourceTag: string;
  platform: string;
  clickType: string;
}

/**
 * The downloads slice's tables (download_events, download_daily_rollups), in one place. Every
 * query runs in the caller's transaction (`db`): the roll-up job's, or the one the event store
 * (or a replay) applies the projection in.
 *
 * The projection's writes are static: DomainEventsModule.forFeature creates the projection
 * outside this module's providers, so it cannot have the repository injected; it passes the
 * manager it is given, which is all these writes need.
 */
@Injectable()
export class DownloadsRepository {
  /** Adds one click to its day's counter (one row per day, source tag, platform and click type). */
  async countClick(click: DownloadClick, db: EntityManager): Promise<void> {
    await db.query(
      `INSERT INTO download_daily_rollups (day, source_tag, platform, click_type, clicks)
       VALUES (($1::timestamptz AT TIME ZONE 'UTC')::date, $2, $3, $4, 1)
       ON CONFLICT (day, source_tag, platform, click_type) DO UPDATE SET clicks = download_daily_rollups.clicks + 1`,
      [click.occurredAt, click.sourceTag, click.platform, click.clickType],
    );
  }

  /** The read model of one DownloadTracked (the projection's write). */
  static async insertEvent(row: DownloadEvent, db: EntityManager): Promise<void> {
    await db.insert(DownloadEvent, row);
  }
}
