import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ApiDoc, EventMetadata, RequestMeta } from '@swishly/platform';
import type { FastifyReply } from 'fastify';
import { AdminRequest, AdminSessionGuard } from './admin-session.guard';
import { AuthService } from './auth.service';
import { AddPasskeyDto, PasskeyAddedDto, PasskeySignInDto, PasskeysDto, SignedInDto } from './dto/auth.dto';
import { PasskeysService } from './passkeys.service';
import { SecondFactorSetupGuard, SecondFactorSetupRequest } from './second-factor-setup.guard';
import { SessionCookies } from './session-cookies';
import { clientOf, signedInAnswer } from './sign-in-answer';
import { AnyStaffRole } from './staff-roles';

const WEBAUTHN_OPTIONS = {
  schema: { type: 'object', additionalProperties: true, description: 'Options for @simplewebauthn/browser (WebAuthn JSON)' },
} as const;

/** Passkeys: the signed-in account's own, and a sign-in's second step by passkey. */
@ApiTags('auth')
@Controller()
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly auth: AuthService,
    private readonly cookies: SessionCookies,
  ) {}

  @Get('api/auth/mfa/passkeys')
  @ApiDoc("The signed-in account's passkeys", { auth: 'staff' })
  @UseGuards(AdminSessionGuard)
  @AnyStaffRole()
  @ApiOkResponse({ type: PasskeysDto })
  async list(@Req() request: AdminRequest): Promise<PasskeysDto> {
    return { passkeys: await this.passkeys.list(request.adminUser!.id) };
  }

  @Post('api/auth/mfa/passkeys/options')
  @HttpCode(200)
  @ApiDoc('Start adding a passkey: the options for the browser, valid a few minutes (also with a pending sign-in that must set a factor up)', {
    auth: 'staff-write',
  })
  @UseGuards(SecondFactorSetupGuard)
  @ApiOkResponse(WEBAUTHN_OPTIONS)
  registrationOptions(@Req() request: SecondFactorSetupRequest): Promise<object> {
    return this.passkeys.registrationOptions(request.adminUser!);
  }

  @Post('api/auth/mfa/passkeys')
  @ApiDoc(
    'Add the passkey the browser made: the first factor of an account also gets its ten recovery codes (and completes a pending sign-in that required it)',
    { auth: 'staff-write', errors: [400, 409] },
  )
  @UseGuards(SecondFactorSetupGuard)
  @ApiCreatedResponse({ type: PasskeyAddedDto })
  async add(
    @Body() body: AddPasskeyDto,
    @Req() request: SecondFactorSetupRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<PasskeyAddedDto> {
    const added = await this.passkeys.register(request.adminUser!, body.name ?? '', body.response as unknown as RegistrationResponseJSON, meta);
    if (!request.pendingSignIn) return added;
    return { ...added, signedIn: signedInAnswer(this.cookies, await this.auth.completeSetup(request.pendingSignIn, clientOf(request), meta), reply) };
  }

  @Delete('api/auth/mfa/passkeys/:id')
  @HttpCode(204)
  @ApiDoc("Remove one of the account's passkeys (not its last factor while every account must have one)", { auth: 'staff-write', errors: [404, 409] })
  @UseGuards(AdminSessionGuard)
  @AnyStaffRole()
  @ApiNoContentResponse({ description: 'Removed' })
  async remove(@Param('id') id: string, @Req() request: AdminRequest, @RequestMeta() meta: EventMetadata): Promise<void> {
    await this.passkeys.remove(request.adminUser!, id, meta);
  }

  @Post('api/auth/login/passkey/options')
  @HttpCode(200)
  @ApiDoc("A sign-in's second step by passkey: the options for the browser (the pending sign-in cookie; 409 without a passkey)", { errors: [401, 409] })
  @ApiOkResponse(WEBAUTHN_OPTIONS)
  async signInOptions(@Req() request: AdminRequest): Promise<object> {
    const { user } = await this.auth.pendingSecondStep(request.cookies?.[this.cookies.pendingName]);
    return this.passkeys.signInOptions(user.id);
  }

  @Post('api/auth/login/passkey')
  @HttpCode(200)
  @ApiDoc('Complete a sign-in with a passkey (the pending sign-in cookie; sets the session)', { errors: [400, 401, 429] })
  @ApiOkResponse({ type: SignedInDto })
  async signIn(
    @Body() body: PasskeySignInDto,
    @Req() request: AdminRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<SignedInDto> {
    const pendingToken = request.cookies?.[this.cookies.pendingName];
    return signedInAnswer(
      this.cookies,
      await this.auth.completePasskey(pendingToken, body.response as unknown as AuthenticationResponseJSON, clientOf(request), meta),
      reply,
    );
  }
}
