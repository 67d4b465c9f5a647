import { defineConsumer, defineEvent, emailSubject } from '@swishly/platform';
import { type MilestoneReward, ReferralCredited, WaitlistConfirmed } from '@swishly/waitlist';

/** Staff's list of milestones: one stream. */
export const REFERRAL_MILESTONES_STREAM = { streamType: 'referral-milestones', streamId: 'global' } as const;
/** A member's milestones reached: a stream per member (its id is the waitlist entry's). */
export const REFERRAL_MILESTONE_AWARDS_STREAM = 'referral-milestone-awards';
/** Members per catch-up job (each is one transaction: their codes, awards and emails). */
export const CATCH_UP_CHUNK_SIZE = 200;

/** One milestone as staff wrote it: at `referrals` credited friends, `reward`, with this email. */
export interface MilestoneDefinition {
  referrals: number;
  reward: MilestoneReward;
  subject: string;
  html: string;
}

/** Staff replaced the list of milestones (staff's own writing; no personal data). */
export const ReferralMilestonesChanged = defineEvent<{ milestones: MilestoneDefinition[] }>('referral-milestones.changed');

/**
 * Staff chose to give the milestones to members who had passed them before they existed:
 * `members` were due one or more, queued in `chunks` jobs (ids only).
 */
export const ReferralMilestonesCatchUpRequested = defineEvent<{ catchUpId: string; members: number; chunks: number }>('referral-milestones.catch-up-requested');
export const ReferralMilestonesCatchUpQueued = defineEvent<{ catchUpId: string; chunk: number; entryIds: string[] }>('referral-milestones.catch-up-queued');

/**
 * A member reached a milestone: its reward is theirs, once (`codeId`: their new early-access
 * code, for an early_access reward). The address is the personal field that files the award
 * under the member, so that after an erasure a replay rebuilds it nowhere.
 */
export const ReferralMilestoneReached = defineEvent<{
  entryId: string;
  referrals: number;
  reward: MilestoneReward;
  codeId: string | null;
  email: string;
}>('referral-milestones.reached', { personalData: { fields: ['email'], subject: (p) => emailSubject(p.email) } });

/**
 * Gives a member the milestones their credited referrals have reached: when a friend is credited
 * (on the referrer's stream), and when the member confirms (credits earned before count then).
 */
export const AwardReferralMilestones = defineConsumer('admin.award-referral-milestones', [ReferralCredited, WaitlistConfirmed]);
/** Gives the milestones to the members a catch-up queued, one job per chunk. */
export const CatchUpReferralMilestones = defineConsumer('admin.catch-up-referral-milestones', [ReferralMilestonesCatchUpQueued], { oneJobPerEvent: true });
