import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import { addressKey, ApiDoc, apiError, EventMetadata, OkDto, RateLimiter, RequestMeta, SettingsOf } from '@swishly/platform';
import type { FastifyRequest } from 'fastify';
import { AnalyticsSettings } from '../analytics.settings';
import { DownloadsService } from './downloads.service';
import { TrackDownloadDto } from './dto/track-download.dto';

@ApiTags('analytics')
@Controller('api/analytics/downloads')
export class DownloadsController {
  constructor(
    private readonly downloads: DownloadsService,
    private readonly limiter: RateLimiter,
    @Inject(AnalyticsSettings.token) private readonly settings: SettingsOf<typeof AnalyticsSettings>,
  ) {}

  /** A store-badge click or a download-page visit (spec §4 "Download tracking flow"). */
  @Post()
  @ApiDoc('Record a click on an app store badge', { errors: [400, 429] })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: OkDto, description: 'Recorded' })
  async track(@Body() body: TrackDownloadDto, @Req() request: FastifyRequest, @RequestMeta() meta: EventMetadata): Promise<{ ok: true }> {
    if (!(await this.limiter.hit(`analytics-downloads:${addressKey(request.ip)}`, this.settings.ANALYTICS_RATE_LIMIT_PER_IP_PER_MINUTE, 60))) {
      throw apiError(429, 'Too many requests. Please wait a minute and try again.', 'rate_limited');
    }
    const userAgent = request.headers['user-agent']?.slice(0, 512);
    await this.downloads.track(body, { ip: request.ip, userAgent }, meta);
    return { ok: true };
  }
}
