import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

/**
 * The session cookie: HttpOnly (JavaScript can't read it), SameSite=Strict, and on an https site
 * Secure with the `__Host-` prefix (no Domain, Path=/, so no sub-domain can set or read it).
 * The CSRF cookie is readable on purpose: the frontend echoes it in `X-CSRF-Token`.
 */
export class SessionCookies {
  readonly secure: boolean;
  readonly sessionName: string;
  readonly csrfName = 'csrf_token';

  constructor(publicUrl: string) {
    this.secure = new URL(publicUrl).protocol === 'https:';
    this.sessionName = this.secure ? '__Host-admin_session' : 'admin_session';
  }

  private options(httpOnly: boolean, expires?: Date): CookieSerializeOptions {
    return { path: '/', httpOnly, secure: this.secure, sameSite: 'strict', expires };
  }

  set(reply: FastifyReply, session: { token: string; csrfToken: string; expiresAt: Date }): void {
    reply.setCookie(this.sessionName, session.token, this.options(true, session.expiresAt));
    reply.setCookie(this.csrfName, session.csrfToken, this.options(false, session.expiresAt));
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(this.sessionName, this.options(true));
    reply.clearCookie(this.csrfName, this.options(false));
  }
}
