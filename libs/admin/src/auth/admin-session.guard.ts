import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { apiError, setRequestActor } from '@swishly/platform';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { AdminSession } from './entities/admin-session.entity';
import { AdminUser } from './entities/admin-user.entity';
import { SessionCookies } from './session-cookies';
import { ActiveSession, SessionsService } from './sessions.service';

export type AdminRequest = FastifyRequest & { adminUser?: AdminUser; adminSession?: AdminSession };

/** Methods that change nothing, so need no CSRF protection. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Every admin route: a live session from the cookie (else 401), and on writes the session's
 * CSRF token echoed in `X-CSRF-Token` (else 403). A cross-site page can make the browser send
 * the cookie (not with SameSite=Strict, but defence in depth), never read the token.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsService,
    private readonly cookies: SessionCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    return this.check(context.switchToHttp().getRequest<AdminRequest>());
  }

  /** A live session and, on writes, its CSRF token in the header. */
  async check(request: AdminRequest): Promise<true> {
    this.assertCsrf(request, (await this.authenticate(request)).session);
    return true;
  }

  /** The live session from the cookie (401 without one); the queue dashboard checks writes its own way. */
  async authenticate(request: AdminRequest): Promise<ActiveSession> {
    const active = await this.findSession(request);
    if (!active) throw apiError(401, 'Please sign in to continue.', 'unauthenticated');
    return active;
  }

  /** The live session from the cookie, if any, attached to the request for RequestMeta. */
  async findSession(request: AdminRequest): Promise<ActiveSession | null> {
    const active = await this.sessions.find(request.cookies?.[this.cookies.sessionName]);
    if (active) {
      request.adminUser = active.user;
      request.adminSession = active.session;
      setRequestActor(request, { type: 'admin', id: active.user.id });
    }
    return active;
  }

  /** On a write, the session's CSRF token must come back in `X-CSRF-Token` (else 403). */
  assertCsrf(request: AdminRequest, session: AdminSession): void {
    if (!SAFE_METHODS.has(request.method) && !sameToken(request.headers['x-csrf-token'], session.csrfToken)) {
      throw apiError(403, 'Your session could not be verified. Please reload the page and try again.', 'csrf');
    }
  }
}
