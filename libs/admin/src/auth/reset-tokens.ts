import { createHash, createHmac } from 'node:crypto';

/**
 * Password reset tokens. A reset row gets a random id; its token is HMAC-SHA256(APP_SECRET, id),
 * so the API (which stores only the token's SHA-256) and the worker (which emails the link) agree
 * on it without the token ever being written down, and a retried email job sends the same link.
 */
export class ResetTokens {
  constructor(private readonly secret: string) {}

  tokenFor(resetId: string): string {
    return createHmac('sha256', this.secret).update(`admin-password-reset:${resetId}`).digest('base64url');
  }

  /** A staff invitation's link token, made the same way (a purpose of its own, so one can never stand for the other). */
  invitationTokenFor(invitationId: string): string {
    return createHmac('sha256', this.secret).update(`staff-invitation:${invitationId}`).digest('base64url');
  }
}

/** What we store of any bearer token (session cookie, reset token): its SHA-256 in hex. */
export function sha256Hex(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
