import { Body, Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, KeepLimitWithoutRedis, PublicFormGuard, RequestMeta } from '@swishly/platform';
import type { FastifyReply } from 'fastify';
import { AdminRequest } from '../auth/admin-session.guard';
import { SignedInDto } from '../auth/dto/auth.dto';
import { SessionCookies } from '../auth/session-cookies';
import { sessionView } from '../auth/session-view';
import { AcceptInvitationDto, InvitationDetailsDto, InvitationTokenDto } from './dto/staff.dto';
import { StaffService } from './staff.service';

/** /admin/invitation: whoever holds an invitation's link creates their account with it. */
@ApiTags('auth')
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
  @ApiDoc('Accept an invitation with a password: the account is made and signed in', { errors: [400, 409, 429] })
  @UseGuards(PublicFormGuard)
  @KeepLimitWithoutRedis()
  @ApiCreatedResponse({ type: SignedInDto })
  async accept(
    @Body() body: AcceptInvitationDto,
    @Req() request: AdminRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<SignedInDto> {
    const { user, session, firstSignIn } = await this.staff.acceptInvitation(
      body.token,
      body.password,
      { ip: request.ip, userAgent: request.headers['user-agent'] },
      meta,
    );
    this.cookies.set(reply, session);
    return { ...sessionView(user, session.expiresAt), firstSignIn };
  }
}
