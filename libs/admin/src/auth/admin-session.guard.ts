import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { apiError, setRequestActor } from '@swishly/platform';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { AdminSession } from './entities/admin-session.entity';
import { AdminUser } from './entities/admin-user.entity';
import { SessionCookies } from './session-cookies';
import { ActiveSession, SessionsService } from './sessions.service';
import { ANY_STAFF_ROLE, hasPermission, roleNames, rolesWithAny, STAFF_PERMISSION_KEY, StaffPermission } from './staff-roles';

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
 * Every admin route: a live session from the cookie (else 401), a role that holds the route's
 * permission (else 403 naming the roles that do; a route that declares none is refused to
 * everyone), and on writes the session's CSRF token echoed in `X-CSRF-Token` (else 403). A
 * cross-site page can make the browser send the cookie (not with SameSite=Strict, but defence
 * in depth), never read the token.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionsService,
    private readonly cookies: SessionCookies,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const permissions = this.reflector.getAllAndOverride<StaffPermission[] | typeof ANY_STAFF_ROLE | undefined>(STAFF_PERMISSION_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const { user, session } = await this.authenticate(request);
    if (permissions !== ANY_STAFF_ROLE) this.assertPermission(user, ...(permissions ?? []));
    this.assertCsrf(request, session);
    return true;
  }

  /** The account's role holds one of these permissions (else 403 naming the roles that do; none given, 403 to all). */
  assertPermission(user: AdminUser, ...permissions: StaffPermission[]): void {
    if (permissions.length === 0) throw apiError(403, 'This route is open to no staff role.', 'forbidden_role');
    if (!permissions.some((permission) => hasPermission(user.role, permission))) {
      throw apiError(403, `Your role (${user.role}) can't do this: it needs ${roleNames(rolesWithAny(permissions))}.`, 'forbidden_role');
    }
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
  assertCsrf(request: AdminRequest, session: { csrfToken: string }): void {
    if (!SAFE_METHODS.has(request.method) && !sameToken(request.headers['x-csrf-token'], session.csrfToken)) {
      throw apiError(403, 'Your session could not be verified. Please reload the page and try again.', 'csrf');
    }
  }
}
