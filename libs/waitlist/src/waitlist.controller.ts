import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ApiDoc, apiError, EventMetadata, PublicFormGuard, RequestMeta } from '@swishly/platform';
import { ConfirmWaitlistDto, JoinWaitlistDto, JoinWaitlistResponseDto, WaitlistStatusDto } from './dto/join-waitlist.dto';
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

  /** Position, referrals and referral link for a returning visitor. */
  @Get('status')
  @ApiDoc('A waitlist member’s position, referrals and referral link', { errors: [400, 404] })
  @ApiOkResponse({ type: WaitlistStatusDto })
  status(@Query('code') code: string | string[] = ''): Promise<WaitlistStatusDto> {
    if (typeof code !== 'string') throw apiError(400, 'Give one referral code.', 'bad_request');
    return this.waitlist.status(code);
  }
}
