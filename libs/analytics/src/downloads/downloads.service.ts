import { Injectable } from '@nestjs/common';
import { EventMetadata } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { ClickBatcher } from './click.batcher';
import { TrackDownloadDto } from './dto/track-download.dto';
import { isKnownBot, utcDay, visitorHash } from './visitor-hash';
import { VisitorSalts } from './visitor-salts.service';

/** Who sent a tracking request, as the ingest sees it: only its hash is kept. */
export interface TrackingClient {
  ip: string;
  userAgent: string | undefined;
}

@Injectable()
export class DownloadsService {
  constructor(
    private readonly clicks: ClickBatcher,
    private readonly salts: VisitorSalts,
  ) {}

  async track(request: TrackDownloadDto, client: TrackingClient, meta: EventMetadata): Promise<void> {
    const salt = await this.salts.saltOf(utcDay(new Date()));
    await this.clicks.submit(
      {
        clickId: randomUUID(),
        sourceTag: request.source_tag,
        platform: request.platform,
        clickType: request.click_type,
        explicitChoice: request.explicit_choice ?? null,
        visitorHash: visitorHash(salt, client.ip, client.userAgent),
        isBot: isKnownBot(client.userAgent),
      },
      // The address stays out of the log: the hash above is all that is kept of the visitor.
      { ...meta, ip: undefined },
    );
  }
}
