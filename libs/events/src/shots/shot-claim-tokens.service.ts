import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, SignedIds, UUID_PATTERN } from '@swishly/platform';

/**
 * A claim token opens a claimed shot's analysis and chat: the claim's id, signed (HMAC under
 * APP_SECRET). It is handed to the claimer only: in the claim's answer and in the links we email
 * to the claimer's address. The code alone opens nothing once the shot is claimed.
 */
@Injectable()
export class ShotClaimTokens {
  private readonly signed: SignedIds;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.signed = new SignedIds(config.APP_SECRET, 'shot-claim', UUID_PATTERN);
  }

  token(claimId: string): string {
    return this.signed.token(claimId);
  }

  /** True when the token is this claim's. */
  opens(token: string | null | undefined, claimId: string | null): boolean {
    return Boolean(token && claimId && this.signed.verify(token) === claimId);
  }

  /** The analysis page's address with the token, for emails to the claimer. */
  analysisLink(kind: 'hbf' | 'shot', code: string, claimId: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/${kind}-feedback/${encodeURIComponent(code)}?token=${encodeURIComponent(this.token(claimId))}`;
  }
}
