import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, apiError, EventMetadata, RateLimiter, RequestMeta, SettingsOf } from '@swishly/platform';
import type { FastifyRequest } from 'fastify';
import { EarlyAccessCodeDto, RedeemEarlyAccessCodeDto } from './dto/early-access.dto';
import { EarlyAccessService } from './early-access.service';
import { AdminSettings } from '../admin.settings';

/** The app redeems an early-access code: 200 once, then 409; 404 for a code that does not exist. */
@ApiTags('early-access')
@Controller('api/early-access')
export class RedeemController {
  constructor(
    private readonly earlyAccess: EarlyAccessService,
    private readonly limiter: RateLimiter,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  @Post('redeem')
  @ApiDoc('Redeem an early-access code', { errors: [400, 404, 429] })
  @HttpCode(200)
  @ApiOkResponse({ type: EarlyAccessCodeDto })
  async redeem(@Body() body: RedeemEarlyAccessCodeDto, @Req() request: FastifyRequest, @RequestMeta() meta: EventMetadata): Promise<EarlyAccessCodeDto> {
    // Per address, so nobody can walk the 32^6 code space.
    if (!(await this.limiter.hit(`early-access-redeem:${request.ip}`, this.settings.EARLY_ACCESS_REDEEM_RATE_LIMIT_PER_MINUTE, 60))) {
      throw apiError(429, 'Too many attempts. Please wait a minute and try again.', 'rate_limited');
    }
    return this.earlyAccess.redeem(body.code, meta);
  }
}
