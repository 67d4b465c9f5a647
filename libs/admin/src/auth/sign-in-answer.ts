import { getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AdminRequest } from './admin-session.guard';
import type { SignedIn, SignInOutcome } from './auth.service';
import { SecondFactorRequiredDto, SecondFactorSetupRequiredDto, SignedInDto } from './dto/auth.dto';
import type { SessionCookies } from './session-cookies';
import { sessionView } from './session-view';
import type { ClientInfo } from './sign-in-limits.service';

export const clientOf = (request: AdminRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export type SignInAnswer = SignedInDto | SecondFactorRequiredDto | SecondFactorSetupRequiredDto;

/** A sign-in's answer in OpenAPI: the session, or that a second step is needed (its pending sign-in in a cookie). */
export const SIGN_IN_ANSWER = {
  oneOf: [{ $ref: getSchemaPath(SignedInDto) }, { $ref: getSchemaPath(SecondFactorRequiredDto) }, { $ref: getSchemaPath(SecondFactorSetupRequiredDto) }],
};

/** A session: its cookies set, and what the browser learns of it. */
export function signedInAnswer(cookies: SessionCookies, { user, session, firstSignIn }: SignedIn, reply: FastifyReply): SignedInDto {
  cookies.set(reply, session);
  return { ...sessionView(user, session.expiresAt), firstSignIn };
}

/** A password accepted (a sign-in, a reset, an invitation): the session, or the pending sign-in's cookie and the step it waits for. */
export function signInAnswer(cookies: SessionCookies, outcome: SignInOutcome, reply: FastifyReply): SignInAnswer {
  if (outcome.kind === 'signed-in') return signedInAnswer(cookies, outcome, reply);
  cookies.setPending(reply, outcome.pending);
  return outcome.kind === 'second-factor-required' ? { mfaRequired: true } : { mfaSetupRequired: true };
}
