import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta } from '@swishly/platform';
import type { FastifyRequest } from 'fastify';
import { EarlyAccessRedemptionDto, RedeemEarlyAccessCodeDto } from './dto/early-access.dto';
import { EarlyAccessService } from './early-access.service';

/**
 * The app redeems an early-access code: 200 once, then 409; 404 for a code that does not exist;
 * 403 while early access is closed. The answer never says whom the code was issued to.
 */
@ApiTags('early-access')
@Controller('api/early-access')
export class RedeemController {
  constructor(private readonly earlyAccess: EarlyAccessService) {}

  @Post('redeem')
  @ApiDoc('Redeem an early-access code', { errors: [400, 403, 404, 409, 429] })
  @HttpCode(200)
  @ApiOkResponse({ type: EarlyAccessRedemptionDto })
  redeem(@Body() body: RedeemEarlyAccessCodeDto, @Req() request: FastifyRequest, @RequestMeta() meta: EventMetadata): Promise<EarlyAccessRedemptionDto> {
    return this.earlyAccess.redeem(body.code, request.ip, meta);
  }
}
