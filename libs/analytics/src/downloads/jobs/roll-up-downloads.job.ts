import { Injectable } from '@nestjs/common';
import { causedBy, normaliseSourceTag, ConsumerContext, ConsumerHandler, DomainEvent, EventStore, HandlesConsumer, PayloadOf } from '@swishly/platform';
import { DownloadClick, DownloadsRepository } from '../downloads.repository';
import { DOWNLOAD_ROLLUP_STREAM, DownloadRollupsCounted, DownloadTracked, RollUpDownloads } from '../downloads.events';

type Tracked = DomainEvent<PayloadOf<typeof DownloadTracked>>;

/**
 * Adds the job's clicks to their counters (a visitor unique the first time it is seen on a
 * counter that day) and appends the new values (DownloadRollupsCounted, projected into
 * download_daily_rollups): whole values, so a replay sets the same table. An addition is counted
 * once because the job's transaction also records its events in processed_events (a redelivered
 * job is skipped; one that dies mid-way rolls back whole). Jobs take turns (a transaction lock),
 * each reading the values the previous one wrote. (Recounting every click of the day for each
 * counter a job touched took most of the database's time under load, growing with the day.)
 */
@Injectable()
@HandlesConsumer(RollUpDownloads)
export class RollUpDownloadsJob implements ConsumerHandler<PayloadOf<typeof DownloadTracked>> {
  constructor(
    private readonly downloads: DownloadsRepository,
    private readonly events: EventStore,
  ) {}

  handle(event: Tracked, context: ConsumerContext): Promise<void> {
    return this.handleBatch([event], context);
  }

  async handleBatch(events: Tracked[], { manager }: ConsumerContext): Promise<void> {
    // occurredAt is an ISO timestamp in UTC (toDomainEvent), so its first ten characters are the UTC day.
    const clicks: DownloadClick[] = events.map(({ occurredAt, payload }) => ({
      day: occurredAt.slice(0, 10),
      // A click queued before tags were normalised is counted under its lower-case tag.
      sourceTag: normaliseSourceTag(payload.sourceTag),
      platform: payload.platform,
      clickType: payload.clickType,
      isBot: payload.isBot ?? false,
      visitorHash: payload.visitorHash ?? null,
    }));
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('analytics.roll-up-downloads', 0))`);
    const rows = await this.downloads.addClicks(clicks, manager);
    const tx = this.events.within(manager);
    for (const day of [...new Set(rows.map((r) => r.day))]) {
      await tx.append(
        { streamType: DOWNLOAD_ROLLUP_STREAM, streamId: day },
        'any',
        [DownloadRollupsCounted({ rows: rows.filter((r) => r.day === day) })],
        causedBy(events[0]),
      );
    }
  }
}
