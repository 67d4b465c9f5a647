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
  /** A sign-in waiting for its second step: the same protections, for a few minutes, and nothing but that step opens with it. */
  readonly pendingName: string;
  readonly csrfName = 'csrf_token';

  constructor(publicUrl: string) {
    this.secure = new URL(publicUrl).protocol === 'https:';
    this.sessionName = this.secure ? '__Host-admin_session' : 'admin_session';
    this.pendingName = this.secure ? '__Host-admin_pending_sign_in' : 'admin_pending_sign_in';
  }

  private options(httpOnly: boolean, expires?: Date): CookieSerializeOptions {
    return { path: '/', httpOnly, secure: this.secure, sameSite: 'strict', expires };
  }

  /** A session: it ends any pending sign-in of the browser. */
  set(reply: FastifyReply, session: { token: string; csrfToken: string; expiresAt: Date }): void {
    reply.setCookie(this.sessionName, session.token, this.options(true, session.expiresAt));
    reply.setCookie(this.csrfName, session.csrfToken, this.options(false, session.expiresAt));
    reply.clearCookie(this.pendingName, this.options(true));
  }

  /** A pending sign-in: it ends the browser's session, if any (a new sign-in replaces it). */
  setPending(reply: FastifyReply, pending: { token: string; csrfToken: string; expiresAt: Date }): void {
    reply.clearCookie(this.sessionName, this.options(true));
    reply.setCookie(this.pendingName, pending.token, this.options(true, pending.expiresAt));
    reply.setCookie(this.csrfName, pending.csrfToken, this.options(false, pending.expiresAt));
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(this.sessionName, this.options(true));
    reply.clearCookie(this.pendingName, this.options(true));
    reply.clearCookie(this.csrfName, this.options(false));
  }
}
