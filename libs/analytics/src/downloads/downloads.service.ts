import { Injectable } from '@nestjs/common';
import { EventMetadata, EventStore } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DOWNLOAD_STREAM, DownloadTracked } from './downloads.events';
import { TrackDownloadDto } from './dto/track-download.dto';

@Injectable()
export class DownloadsService {
  constructor(private readonly events: EventStore) {}

  async track(request: TrackDownloadDto, meta: EventMetadata): Promise<void> {
    const clickId = randomUUID();
    await this.events.append({ streamType: DOWNLOAD_STREAM, streamId: clickId }, 0, [
      DownloadTracked({
        clickId,
        sourceTag: request.source_tag,
        platform: request.platform,
        clickType: request.click_type,
        explicitChoice: request.explicit_choice ?? null,
      }),
    ], { ...meta, ip: undefined });
  }
}
