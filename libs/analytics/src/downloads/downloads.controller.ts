import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, OkDto, RequestMeta } from '@swishly/platform';
import { DownloadsService } from './downloads.service';
import { TrackDownloadDto } from './dto/track-download.dto';

@ApiTags('analytics')
@Controller('api/analytics/downloads')
export class DownloadsController {
  constructor(private readonly downloads: DownloadsService) {}

  /** A store-badge click or a download-page visit (spec §4 "Download tracking flow"). */
  @Post()
  @ApiDoc('Record a click on an app store badge', { errors: [400, 429] })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: OkDto, description: 'Recorded' })
  async track(@Body() body: TrackDownloadDto, @RequestMeta() meta: EventMetadata): Promise<{ ok: true }> {
    await this.downloads.track(body, meta);
    return { ok: true };
  }
}
