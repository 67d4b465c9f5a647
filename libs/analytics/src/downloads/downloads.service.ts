import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, EventMetadata, EventStore } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DOWNLOAD_STREAM, DownloadTracked } from './downloads.events';
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
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async track(request: TrackDownloadDto, client: TrackingClient, meta: EventMetadata): Promise<void> {
    const clickId = randomUUID();
    await this.events.append(
      { streamType: DOWNLOAD_STREAM, streamId: clickId },
      0,
      [
        DownloadTracked({
          clickId,
          sourceTag: request.source_tag,
          platform: request.platform,
          clickType: request.click_type,
          explicitChoice: request.explicit_choice ?? null,
          visitorHash: visitorHash(this.config.APP_SECRET, utcDay(new Date()), client.ip, client.userAgent),
          isBot: isKnownBot(client.userAgent),
        }),
      ],
      // The address stays out of the log: the hash above is all that is kept of the visitor.
      { ...meta, ip: undefined },
    );
  }
}
