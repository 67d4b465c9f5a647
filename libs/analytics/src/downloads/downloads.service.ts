import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, EventMetadata } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { ClickBatcher } from './click-batcher';
import { TrackDownloadDto } from './dto/track-download.dto';
import { isKnownBot, utcDay, visitorHash } from './visitor-hash';

/** Who sent a tracking request, as the ingest sees it: only its hash is kept. */
export interface TrackingClient {
  ip: string;
  userAgent: string | undefined;
}

@Injectable()
export class DownloadsService {
  constructor(
    private readonly clicks: ClickBatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async track(request: TrackDownloadDto, client: TrackingClient, meta: EventMetadata): Promise<void> {
    await this.clicks.submit(
      {
        clickId: randomUUID(),
        sourceTag: request.source_tag,
        platform: request.platform,
        clickType: request.click_type,
        explicitChoice: request.explicit_choice ?? null,
        visitorHash: visitorHash(this.config.APP_SECRET, utcDay(new Date()), client.ip, client.userAgent),
        isBot: isKnownBot(client.userAgent),
      },
      // The address stays out of the log: the hash above is all that is kept of the visitor.
      { ...meta, ip: undefined },
    );
  }
}
