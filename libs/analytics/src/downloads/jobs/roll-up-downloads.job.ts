import { Injectable } from '@nestjs/common';
import { ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, PayloadOf } from '@swishly/platform';
import { DownloadsRepository } from '../downloads.repository';
import { DownloadTracked, RollUpDownloads } from '../downloads.events';

/** Adds one click to its day's counter; runs once per event (the host records it as processed). */
@Injectable()
@HandlesConsumer(RollUpDownloads)
export class RollUpDownloadsJob implements ConsumerHandler<PayloadOf<typeof DownloadTracked>> {
  constructor(private readonly downloads: DownloadsRepository) {}

  async handle(event: DomainEvent<PayloadOf<typeof DownloadTracked>>, { manager }: ConsumerContext): Promise<void> {
    const p = event.payload;
    await this.downloads.countClick({ occurredAt: event.occurredAt, sourceTag: p.sourceTag, platform: p.platform, clickType: p.clickType }, manager);
  }
}
