import { defineConsumer, defineEvent } from '@swishly/platform';
import { WaitlistJoined } from '@swishly/waitlist';

/** The worker's sign-up counts (stream id: the UTC day). */
export const SIGNUP_ROLLUP_STREAM = 'signup-rollup';

/**
 * How a sign-up came: through a friend's referral link, a creator code, or neither. A referral the
 * waitlist did not count (the visitor's own link, or one held for review) is counted apart.
 */
export type SignupChannel = 'direct' | 'referral' | 'self_referral' | 'flagged_referral' | 'creator';

/** Sign-ups to add to one counter of a day. Empty strings stand for "none" (they are part of the key). */
export interface SignupRollupRow {
  day: string;
  channel: SignupChannel;
  creatorCode: string;
  sourceTag: string;
  utmSource: string;
  utmCampaign: string;
  signups: number;
}

/**
 * Appended by the roll-up job for the joins of one job: increments, applied once (the job and
 * this append commit together, and the job runs once per join).
 */
export const SignupsCounted = defineEvent<{ rows: SignupRollupRow[] }>('analytics.signups-counted');

/**
 * Folds waitlist sign-ups into daily counters by channel, creator code and arrival source. Members
 * staff imported from another tool did not sign up through the site that day: they are not counted.
 */
export const RollUpSignups = defineConsumer('analytics.roll-up-signups', [WaitlistJoined], {
  only: (event) => event.payload.source !== 'import',
});
