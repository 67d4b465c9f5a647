import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta } from '@swishly/platform';
import type { FastifyReply } from 'fastify';
import { AdminRequest, AdminSessionGuard } from './admin-session.guard';
import { clientOf } from './sign-in-answer';
import { AuthService } from './auth.service';
import { RecoveryCodesDto, SecondFactorCodeDto, SecondFactorStatusDto, TotpConfirmedDto, TotpSetupDto } from './dto/auth.dto';
import { SecondFactorService } from './second-factor.service';
import { SecondFactorSetupGuard, SecondFactorSetupRequest } from './second-factor-setup.guard';
import { SessionCookies } from './session-cookies';
import { sessionView } from './session-view';
import { AnyStaffRole } from './staff-roles';

/** The signed-in account's second factor (an authenticator app and its recovery codes). */
@ApiTags('auth')
@Controller()
export class SecondFactorController {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly auth: AuthService,
    private readonly cookies: SessionCookies,
  ) {}

  @Get('api/auth/mfa')
  @ApiDoc('Whether the signed-in account has a second factor, and how many recovery codes are left', { auth: 'staff' })
  @UseGuards(AdminSessionGuard)
  @AnyStaffRole()
  @ApiOkResponse({ type: SecondFactorStatusDto })
  status(@Req() request: AdminRequest): Promise<SecondFactorStatusDto> {
    return this.secondFactor.status(request.adminUser!.id);
  }

  @Post('api/auth/mfa/totp')
  @ApiDoc('Start setting up an authenticator app: a new secret, its otpauth:// address and QR code (also with a pending sign-in that must set it up)', {
    auth: 'staff-write',
    errors: [409],
  })
  @HttpCode(200)
  @UseGuards(SecondFactorSetupGuard)
  @ApiOkResponse({ type: TotpSetupDto })
  setUpTotp(@Req() request: SecondFactorSetupRequest): Promise<TotpSetupDto> {
    return this.secondFactor.startTotpSetup(request.adminUser!);
  }

  @Post('api/auth/mfa/totp/confirm')
  @ApiDoc('Turn the authenticator app on with its first code: answers ten recovery codes, once (and completes a pending sign-in that required it)', {
    auth: 'staff-write',
    errors: [400, 409, 429],
  })
  @HttpCode(200)
  @UseGuards(SecondFactorSetupGuard)
  @ApiOkResponse({ type: TotpConfirmedDto })
  async confirmTotp(
    @Body() body: SecondFactorCodeDto,
    @Req() request: SecondFactorSetupRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<TotpConfirmedDto> {
    const recoveryCodes = await this.secondFactor.confirmTotp(request.adminUser!, body.code, clientOf(request), meta);
    if (!request.pendingSignIn) return { recoveryCodes };
    const { user, session, firstSignIn } = await this.auth.completeSetup(request.pendingSignIn, clientOf(request), meta);
    this.cookies.set(reply, session);
    return { recoveryCodes, signedIn: { ...sessionView(user, session.expiresAt), firstSignIn } };
  }

  @Post('api/auth/mfa/totp/disable')
  @ApiDoc('Turn the second factor off, with a code from the app or a recovery code (refused while every account must have one)', {
    auth: 'staff-write',
    errors: [400, 409, 429],
  })
  @HttpCode(200)
  @UseGuards(AdminSessionGuard)
  @AnyStaffRole()
  @ApiOkResponse({ type: SecondFactorStatusDto })
  async turnOff(@Body() body: SecondFactorCodeDto, @Req() request: AdminRequest, @RequestMeta() meta: EventMetadata): Promise<SecondFactorStatusDto> {
    await this.secondFactor.turnOff(request.adminUser!, body.code, clientOf(request), meta);
    return this.secondFactor.status(request.adminUser!.id);
  }

  @Post('api/auth/mfa/recovery-codes')
  @ApiDoc('Ten new recovery codes (the old ones stop working), with a code from the app or a recovery code', {
    auth: 'staff-write',
    errors: [400, 409, 429],
  })
  @HttpCode(200)
  @UseGuards(AdminSessionGuard)
  @AnyStaffRole()
  @ApiOkResponse({ type: RecoveryCodesDto })
  async regenerateRecoveryCodes(
    @Body() body: SecondFactorCodeDto,
    @Req() request: AdminRequest,
    @RequestMeta() meta: EventMetadata,
  ): Promise<RecoveryCodesDto> {
    return { recoveryCodes: await this.secondFactor.regenerateRecoveryCodes(request.adminUser!, body.code, clientOf(request), meta) };
  }
}
