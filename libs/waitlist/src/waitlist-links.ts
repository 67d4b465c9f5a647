import { createHmac, timingSafeEqual } from 'node:crypto';

/** The links a waitlist member gets: share, confirm, check position. */
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

  status(referralCode: string): string {
    return `${this.base}/shotanalysis?status=${encodeURIComponent(referralCode)}`;
  }

  confirm(entryId: string): string {
    return `${this.base}/shotanalysis?confirm=${encodeURIComponent(this.confirmToken(entryId))}`;
  }

  /** `<entry id>.<HMAC of it>`: nothing to store, and it can't be guessed for someone else's entry. */
  confirmToken(entryId: string): string {
    return `${entryId}.${this.sign(entryId)}`;
  }

  /** The entry id a token confirms, or null when it was not signed by us. */
  verifyConfirmToken(token: string): string | null {
    const [entryId, signature] = token.split('.');
    if (!entryId || !signature || !/^[0-9a-f-]{36}$/.test(entryId)) return null;
    const expected = Buffer.from(this.sign(entryId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? entryId : null;
  }

  private sign(entryId: string): string {
    return createHmac('sha256', this.secret).update(`waitlist-confirm:${entryId}`).digest('base64url');
  }
}
