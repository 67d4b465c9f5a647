import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SecondFactorRequiredDto, SecondFactorSetupRequiredDto, SignedInDto } from '../auth/dto/auth.dto';
import { ApiDoc, EventMetadata, KeepLimitWithoutRedis, PublicFormGuard, RequestMeta } from '@swishly/platform';
import type { FastifyReply } from 'fastify';
import { AdminRequest } from '../auth/admin-session.guard';
import { SessionCookies } from '../auth/session-cookies';
import { clientOf, SIGN_IN_ANSWER, SignInAnswer, signInAnswer } from '../auth/sign-in-answer';
import { AcceptInvitationDto, InvitationDetailsDto, InvitationTokenDto } from './dto/staff.dto';
import { StaffService } from './staff.service';

/** /admin/invitation: whoever holds an invitation's link creates their account with it. */
@ApiTags('auth')
@ApiExtraModels(SignedInDto, SecondFactorRequiredDto, SecondFactorSetupRequiredDto)
@Controller('api/auth/invitations')
export class InvitationsController {
  constructor(
    private readonly staff: StaffService,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('check')
  @HttpCode(200)
  @ApiDoc("Who an invitation's link is for (400 when it expired or was used)", { errors: [400, 429] })
  @UseGuards(PublicFormGuard)
  @KeepLimitWithoutRedis()
  @ApiOkResponse({ type: InvitationDetailsDto })
  check(@Body() body: InvitationTokenDto): Promise<InvitationDetailsDto> {
    return this.staff.checkInvitation(body.token);
  }

  @Post('accept')
  @ApiDoc(
    'Accept an invitation with a password: the account is made and signed in (or sent to set up a second factor first, when every account must have one)',
    { errors: [400, 409, 429] },
  )
  @UseGuards(PublicFormGuard)
  @KeepLimitWithoutRedis()
  @ApiCreatedResponse({ schema: SIGN_IN_ANSWER })
  async accept(
    @Body() body: AcceptInvitationDto,
    @Req() request: AdminRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<SignInAnswer> {
    return signInAnswer(this.cookies, await this.staff.acceptInvitation(body.token, body.password, clientOf(request), meta), reply);
  }
}
