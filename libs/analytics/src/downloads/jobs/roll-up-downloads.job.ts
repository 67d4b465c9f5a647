import { Injectable } from '@nestjs/common';
import { ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, PayloadOf } from '@swishly/platform';
import { DownloadTracked, RollUpDownloads } from '../downloads.events';

/** Adds one click to its day's counter; runs once per event (the host records it as processed). */
@Injectable()
@HandlesConsumer(RollUpDownloads)
export class RollUpDownloadsJob implements ConsumerHandler<PayloadOf<typeof DownloadTracked>> {
  async handle(event: DomainEvent<PayloadOf<typeof DownloadTracked>>, { manager }: ConsumerContext): Promise<void> {
    const p = event.payload;
    await manager.query(
      `INSERT INTO download_daily_rollups (day, source_tag, platform, click_type, clicks)
       VALUES (($1::timestamptz AT TIME ZONE 'UTC')::date, $2, $3, $4, 1)
       ON CONFLICT (day, source_tag, platform, click_type) DO UPDATE SET clicks = download_daily_rollups.clicks + 1`,
      [event.occurredAt, p.sourceTag, p.platform, p.clickType],
    );
  }
}
