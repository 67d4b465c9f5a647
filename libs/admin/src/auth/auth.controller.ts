import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, apiError, EventMetadata, KeepLimitWithoutRedis, OkDto, PublicFormGuard, RequestMeta } from '@swishly/platform';
import type { FastifyReply } from 'fastify';
import { AdminRequest, AdminSessionGuard } from './admin-session.guard';
import { AuthService } from './auth.service';
import {
  ChangePasswordDto,
  ForgotPasswordDto,
  ResetPasswordDto,
  SecondFactorCodeDto,
  SecondFactorRequiredDto,
  SecondFactorSetupRequiredDto,
  SessionDto,
  SignedInDto,
  SignInDto,
} from './dto/auth.dto';
import { SessionCookies } from './session-cookies';
import { sessionView } from './session-view';
import { clientOf, SIGN_IN_ANSWER, SignInAnswer, signInAnswer, signedInAnswer } from './sign-in-answer';
import { AnyStaffRole } from './staff-roles';

@ApiTags('auth')
@ApiExtraModels(SignedInDto, SecondFactorRequiredDto, SecondFactorSetupRequiredDto)
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly guard: AdminSessionGuard,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('api/auth/login')
  @ApiDoc(
    'Sign in as staff (sets the session and CSRF cookies; with a second factor, a pending sign-in cookie for POST /api/auth/login/mfa, or for the factor’s set-up when it is required)',
    { errors: [400, 401, 429] },
  )
  @HttpCode(200)
  @ApiOkResponse({ schema: SIGN_IN_ANSWER })
  async login(
    @Body() body: SignInDto,
    @Req() request: AdminRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<SignInAnswer> {
    return signInAnswer(this.cookies, await this.auth.signIn(body.email, body.password, clientOf(request), meta), reply);
  }

  @Post('api/auth/login/mfa')
  @ApiDoc('Complete a sign-in with a code from the authenticator app or a recovery code (the pending sign-in cookie; sets the session)', {
    errors: [400, 401, 403, 429],
  })
  @HttpCode(200)
  @ApiOkResponse({ type: SignedInDto })
  async loginSecondFactor(
    @Body() body: SecondFactorCodeDto,
    @Req() request: AdminRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<SignedInDto> {
    return signedInAnswer(
      this.cookies,
      await this.auth.completeSecondFactor(request.cookies?.[this.cookies.pendingName], body.code, clientOf(request), meta),
      reply,
    );
  }

  @Post('api/auth/logout')
  @ApiDoc('Sign out (ends the session, clears its cookies)', { errors: [403] })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Signed out (also when no session was there)' })
  async logout(@Req() request: AdminRequest, @Res({ passthrough: true }) reply: FastifyReply, @RequestMeta() meta: EventMetadata): Promise<void> {
    const active = await this.guard.findSession(request);
    if (active) {
      this.guard.assertCsrf(request, active.session); // a cross-site page must not sign staff out either
      await this.auth.signOut(active.session, { ...meta, actorType: 'admin', actorId: active.user.id });
    }
    this.cookies.clear(reply);
  }

  @Get('api/auth/session')
  @ApiDoc('The signed-in staff member and when the session ends', { auth: 'staff' })
  @UseGuards(AdminSessionGuard)
  @AnyStaffRole()
  @ApiOkResponse({ type: SessionDto })
  session(@Req() request: AdminRequest): SessionDto {
    return sessionView(request.adminUser!, request.adminSession!.expiresAt);
  }

  @Post('api/auth/forgot-password')
  @ApiDoc('Email a password reset link (the same answer whether or not the address is known)', { errors: [400, 429] })
  @HttpCode(202)
  @UseGuards(PublicFormGuard)
  @KeepLimitWithoutRedis()
  @ApiAcceptedResponse({ type: OkDto })
  forgotPassword(@Body() body: ForgotPasswordDto, @RequestMeta() meta: EventMetadata): { ok: true } {
    this.auth.requestPasswordReset(body.email, meta);
    return { ok: true };
  }

  @Post('api/auth/reset-password')
  @ApiDoc('Set a new password with a reset link’s token, and sign in (with a second factor, its step is still needed)', { errors: [400, 429] })
  @HttpCode(200)
  @UseGuards(PublicFormGuard)
  @KeepLimitWithoutRedis()
  @ApiOkResponse({ schema: SIGN_IN_ANSWER })
  async resetPassword(
    @Body() body: ResetPasswordDto,
    @Req() request: AdminRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<SignInAnswer> {
    return signInAnswer(this.cookies, await this.auth.resetPassword(body.token, body.password, body.confirmPassword, clientOf(request), meta), reply);
  }

  @Post('api/admin/password')
  @ApiDoc('Change the signed-in staff member’s password (with the current one)', { auth: 'staff-write', errors: [400, 429] })
  @HttpCode(200)
  @UseGuards(AdminSessionGuard)
  @AnyStaffRole()
  @ApiOkResponse({ type: SignedInDto })
  async changePassword(
    @Body() body: ChangePasswordDto,
    @Req() request: AdminRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<SignedInDto> {
    if (!request.adminUser) throw apiError(401, 'Please sign in to continue.', 'unauthenticated');
    return signedInAnswer(
      this.cookies,
      await this.auth.changePassword(request.adminUser, body.currentPassword, body.password, body.confirmPassword, clientOf(request), meta),
      reply,
    );
  }
}
