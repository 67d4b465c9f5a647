import { defineEvent } from '@swishly/platform';

export const WAITLIST_STREAM = 'waitlist-entry';

export type WaitlistSource = 'landing' | 'home' | 'hbf' | 'shot';

export interface WaitlistJoinedPayload {
  entryId: string;
  /** 1 for the first person on the list, 2 for the next... (contiguous, assigned under a lock). */
  signupNumber: number;
  firstName: string;
  email: string;
  role: string | null;
  referralCode: string;
  /** The `ref` code the visitor came with, as given (a friend's referral code or a creator code). */
  referredByCode: string | null;
  source: WaitlistSource;
}

export const WaitlistJoined = defineEvent<WaitlistJoinedPayload>('waitlist.joined');
