import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ApiDoc, apiError, EventMetadata, OkDto, PublicFormGuard, RequestMeta } from '@swishly/platform';
import {
  ConfirmWaitlistDto,
  JoinWaitlistDto,
  JoinWaitlistResponseDto,
  ReferralLinkDto,
  StatusLinkRequestDto,
  WaitlistStatusDto,
} from './dto/join-waitlist.dto';
import { WaitlistService } from './waitlist.service';

@ApiTags('waitlist')
@Controller('api/waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Post()
  @HttpCode(201)
  @ApiDoc('Join the waitlist', { errors: [400] })
  @UseGuards(PublicFormGuard)
  @ApiCreatedResponse({ type: JoinWaitlistResponseDto })
  @ApiConflictResponse({ description: 'The email is already on the waitlist (the confirmation link is sent again)' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests from this address' })
  join(@Body() body: JoinWaitlistDto, @RequestMeta() meta: EventMetadata): Promise<JoinWaitlistResponseDto> {
    return this.waitlist.join(body, meta);
  }

  /** The link in the welcome email (double opt-in). */
  @Post('confirm')
  @ApiDoc('Confirm a waitlist sign-up (the link in the welcome email)', { errors: [400, 429] })
  @HttpCode(200)
  @UseGuards(PublicFormGuard)
  @ApiOkResponse({ type: WaitlistStatusDto })
  confirm(@Body() body: ConfirmWaitlistDto, @RequestMeta() meta: EventMetadata): Promise<WaitlistStatusDto> {
    return this.waitlist.confirm(body.token, meta);
  }

  /** Position, referrals and referral link, for the member (the signed link in their emails). */
  @Get('status')
  @ApiDoc('A waitlist member’s position, referrals and referral link', { errors: [400, 404] })
  @ApiOkResponse({ type: WaitlistStatusDto })
  status(@Query('token') token: string | string[] = ''): Promise<WaitlistStatusDto> {
    if (typeof token !== 'string') throw apiError(400, 'Give one status token.', 'bad_request');
    return this.waitlist.status(token);
  }

  /**
   * Whether a referral link still names a member, so its landing page says "a friend invited you"
   * only when one did (an erased member's link no longer does). Nothing about the member is told.
   */
  @Get('referrals/:code')
  @ApiDoc('Whether a referral code belongs to a member on the waitlist')
  @ApiOkResponse({ type: ReferralLinkDto })
  async referral(@Param('code') code: string): Promise<ReferralLinkDto> {
    return { valid: await this.waitlist.isReferralCode(code) };
  }

  /** From an old status link (it held the referral code): a fresh, signed one by email. */
  @Post('status-link')
  @HttpCode(202)
  @ApiDoc('Email a member a fresh status link (the same answer whether or not the code exists)', { errors: [400, 429] })
  @UseGuards(PublicFormGuard)
  @ApiAcceptedResponse({ type: OkDto })
  async requestStatusLink(@Body() body: StatusLinkRequestDto, @RequestMeta() meta: EventMetadata): Promise<OkDto> {
    await this.waitlist.requestStatusLink(body.code, meta);
    return { ok: true };
  }
}
