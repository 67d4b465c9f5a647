import { createHmac, timingSafeEqual } from 'node:crypto';

/** The links a waitlist member gets: share (public), confirm and check position (signed, sent only to them). */
export class WaitlistLinks {
  constructor(
    private readonly publicUrl: string,
    private readonly secret: string,
  ) {}

  private get base(): string {
    return this.publicUrl.replace(/\/$/, '');
  }

  /** Spec §7: {origin}/shotanalysis?ref={referralCode} */
  referral(referralCode: string): string {
    return `${this.base}/shotanalysis?ref=${encodeURIComponent(referralCode)}`;
  }

  /** The member's own "check your position" link: a secret of its own, never the shared referral code. */
  status(entryId: string): string {
    return `${this.base}/shotanalysis?status=${encodeURIComponent(this.statusToken(entryId))}`;
  }

  confirm(entryId: string): string {
    return `${this.base}/shotanalysis?confirm=${encodeURIComponent(this.confirmToken(entryId))}`;
  }

  /** `<entry id>.<HMAC of it>`: nothing to store, and it can't be guessed for someone else's entry. */
  confirmToken(entryId: string): string {
    return `${entryId}.${this.sign('waitlist-confirm', entryId)}`;
  }

  /** The entry id a token confirms, or null when it was not signed by us. */
  verifyConfirmToken(token: string): string | null {
    return this.verify('waitlist-confirm', token);
  }

  /** Like the confirm token, signed for another purpose: one can't stand in for the other. */
  statusToken(entryId: string): string {
    return `${entryId}.${this.sign('waitlist-status', entryId)}`;
  }

  verifyStatusToken(token: string): string | null {
    return this.verify('waitlist-status', token);
  }

  private verify(purpose: string, token: string): string | null {
    const [entryId, signature, extra] = token.split('.');
    if (!entryId || !signature || extra !== undefined || !/^[0-9a-f-]{36}$/.test(entryId)) return null;
    const expected = Buffer.from(this.sign(purpose, entryId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? entryId : null;
  }

  private sign(purpose: string, entryId: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}:${entryId}`).digest('base64url');
  }
}
