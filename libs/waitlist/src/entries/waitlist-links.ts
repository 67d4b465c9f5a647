import { SignedIds, UUID_PATTERN } from '@swishly/platform';

const ENTRY_ID = UUID_PATTERN;

/** The links a waitlist member gets: share (public), confirm and check position (signed, sent only to them). */
export class WaitlistLinks {
  private readonly confirmTokens: SignedIds;
  private readonly statusTokens: SignedIds;

  constructor(
    private readonly publicUrl: string,
    secret: string,
  ) {
    this.confirmTokens = new SignedIds(secret, 'waitlist-confirm', ENTRY_ID);
    this.statusTokens = new SignedIds(secret, 'waitlist-status', ENTRY_ID);
  }

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
    return this.confirmTokens.token(entryId);
  }

  /** The entry id a token confirms, or null when it was not signed by us. */
  verifyConfirmToken(token: string): string | null {
    return this.confirmTokens.verify(token);
  }

  /** Like the confirm token, signed for another purpose: one can't stand in for the other. */
  statusToken(entryId: string): string {
    return this.statusTokens.token(entryId);
  }

  verifyStatusToken(token: string): string | null {
    return this.statusTokens.verify(token);
  }
}
