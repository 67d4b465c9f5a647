import { Injectable } from '@nestjs/common';
import { causedBy, ConsumerContext, ConsumerHandler, DomainEvent, EventStore, HandlesConsumer, PayloadOf } from '@swishly/platform';
import { DownloadCounterKey, DownloadsRepository } from '../downloads.repository';
import { DOWNLOAD_ROLLUP_STREAM, DownloadRollupsCounted, DownloadTracked, RollUpDownloads } from '../downloads.events';

type Tracked = DomainEvent<PayloadOf<typeof DownloadTracked>>;

/**
 * Recounts the counters the job's clicks fall in from the recorded clicks, and appends the
 * result (DownloadRollupsCounted, projected into download_daily_rollups). A recount rather than
 * an increment: unique visitors can only be counted that way, and a late or repeated job can
 * never count a click twice. Jobs take turns (a transaction lock) so that an older count can
 * never overwrite a newer one.
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
    const keys = new Map<string, DownloadCounterKey>();
    // occurredAt is an ISO timestamp in UTC (toDomainEvent), so its first ten characters are the UTC day.
    for (const event of events) {
      const key = {
        day: event.occurredAt.slice(0, 10),
        sourceTag: event.payload.sourceTag,
        platform: event.payload.platform,
        clickType: event.payload.clickType,
      };
      keys.set(Object.values(key).join('|'), key);
    }
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('analytics.roll-up-downloads', 0))`);
    const rows = await this.downloads.recount([...keys.values()], manager);
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
