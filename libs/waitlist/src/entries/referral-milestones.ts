/** What a milestone gives: the member's own early-access code, or a thank-you email only. */
export const MILESTONE_REWARDS = ['early_access', 'email'] as const;
export type MilestoneReward = (typeof MILESTONE_REWARDS)[number];

/** The next milestone ahead of a member: at `referrals` credited friends, `remaining` more to go. */
export interface NextMilestone {
  referrals: number;
  reward: MilestoneReward;
  remaining: number;
}

/**
 * The referral milestones staff set (the back office owns them): the member's status page shows
 * the way to the next. Declared here and provided by the admin module, so the public waitlist
 * never imports the back office.
 */
export interface ReferralMilestoneLadder {
  /** The smallest milestone above `referrals` credited friends, or null when none is. */
  nextAfter(referrals: number): Promise<NextMilestone | null>;
}

export const REFERRAL_MILESTONE_LADDER = Symbol('ReferralMilestoneLadder');
