import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAIL_STATUSES, MailStatus, UUID_PATTERN } from '@swishly/platform';
import {
  MailState,
  MEMBER_STATES,
  MEMBER_STATUSES,
  MemberPage,
  MemberState,
  MemberStatus,
  MILESTONE_REWARDS,
  MilestoneReward,
  ReferralReviewOutcome,
  TopReferrer,
  WaitlistMember,
} from '@swishly/waitlist';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { MemberView } from '../member-view.service';

export class MemberFilterDto {
  @ApiPropertyOptional({ maxLength: 254, description: 'A name, an address or a referral code (or part of one)' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  search?: string;
  @ApiPropertyOptional({
    enum: [...MEMBER_STATUSES, ''],
    description: 'Only members in this state (unconfirmed, confirmed, admitted), or who unsubscribed, or whose referral is held (flagged); empty: all',
  })
  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsIn(MEMBER_STATUSES)
  status?: MemberStatus;
}

export class MemberQueryDto extends MemberFilterDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
  @ApiPropertyOptional({ description: "The previous page's nextCursor" })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  cursor?: string;
}

export class WaitlistMemberDto implements WaitlistMember {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The place in the whole list' }) position: number;
  @ApiProperty() firstName: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: MEMBER_STATES, description: 'Where they are on the way in; the list filters by the same rule' }) status: MemberState;
  @ApiProperty({ enum: ['subscribed', 'unsubscribed', 'bounced', 'complained'], description: 'Whether mail reaches them, beside the status' })
  mail: MailState;
  @ApiProperty({ description: 'Their own referral is held for review (the flagged filter)' }) referralHeld: boolean;
  @ApiProperty() referralCode: string;
  @ApiProperty({ description: 'Referrals credited to them (friends who confirmed)' }) referralCredits: number;
  @ApiProperty() source: string;
  @ApiProperty({ type: String, nullable: true }) creatorCode: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) confirmedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) admittedAt: string | null;
  @ApiProperty({ description: 'Signed up with a disposable (throwaway) address: flagged for staff' }) disposableEmail: boolean;
}

export class MemberPageDto implements MemberPage {
  @ApiProperty({ type: [WaitlistMemberDto] }) entries: WaitlistMemberDto[];
  @ApiProperty({ description: 'Members the filters select' }) total: number;
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last' }) nextCursor: string | null;
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const REASON_DESCRIPTION = 'Why, in your words (the audit log shows it): say why, not who; no personal details';

export class ReferralReviewDto {
  @ApiProperty({ enum: ['credit', 'reject'], description: 'credit: the referral counts by the usual rule; reject: it never does' })
  @IsIn(['credit', 'reject'], { message: 'Choose credit or reject' })
  decision: 'credit' | 'reject';

  @ApiPropertyOptional({ minLength: 3, maxLength: 500, description: REASON_DESCRIPTION })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MinLength(3, { message: 'Give a reason of at least 3 characters' })
  @MaxLength(500, { message: 'Keep the reason under 500 characters' })
  reason?: string;
}

export const MAX_REFERRALS_PER_REVIEW = 200;

export class ReferralsReviewDto {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    minItems: 1,
    maxItems: MAX_REFERRALS_PER_REVIEW,
    uniqueItems: true,
    description: "The referred friends' entries (as the single review route takes them)",
  })
  @IsArray()
  @ArrayNotEmpty({ message: 'Choose at least one referral' })
  @ArrayMaxSize(MAX_REFERRALS_PER_REVIEW, { message: `At most ${MAX_REFERRALS_PER_REVIEW} referrals at once` })
  @ArrayUnique({ message: 'Name each referral once' })
  @Matches(UUID_PATTERN, { each: true, message: 'Each referral is a member id' })
  entryIds: string[];

  @ApiProperty({ enum: ['credit', 'reject'], description: 'credit: the referrals count by the usual rule; reject: they never do' })
  @IsIn(['credit', 'reject'], { message: 'Choose credit or reject' })
  decision: 'credit' | 'reject';

  @ApiProperty({ minLength: 3, maxLength: 500, description: REASON_DESCRIPTION })
  @Transform(trimmed)
  @IsString({ message: 'Give a reason' })
  @MinLength(3, { message: 'Give a reason of at least 3 characters' })
  @MaxLength(500, { message: 'Keep the reason under 500 characters' })
  reason: string;
}

export class ReferralReviewOutcomeDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({
    enum: ['credited', 'rejected', 'waiting', 'not-held', 'not-found'],
    description:
      'credited: the friend had confirmed, the referrer moved up; waiting: credited, counts once the friend confirms; rejected; not-held: never held, or decided already; not-found: no such member',
  })
  outcome: ReferralReviewOutcome;
}

export class ReferralsReviewResultDto {
  @ApiProperty({ type: [ReferralReviewOutcomeDto], description: 'One per entry id, in the order sent' }) results: ReferralReviewOutcomeDto[];
}

export class LeaderboardQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class TopReferrerDto implements TopReferrer {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() email: string;
  @ApiProperty({ description: 'Referrals credited to them (friends who confirmed)' }) referralCredits: number;
  @ApiProperty({ description: 'Friends who joined with their code and have not confirmed yet (not held, not rejected)' }) pendingReferrals: number;
  @ApiProperty({ description: 'Referrals held for review (a burst from one address), not yet decided' }) heldReferrals: number;
  @ApiProperty({ description: 'The place in the whole list' }) position: number;
}

export class LeaderboardDto {
  @ApiProperty({ type: [TopReferrerDto], description: 'Most credited referrals first, then in list order; members with a referral of any kind' })
  entries: TopReferrerDto[];
}

export class ReferralReviewResultDto {
  @ApiProperty({ enum: ['pending', 'credited', 'rejected'], description: "The member's referral now: pending until they confirm, credited, or rejected" })
  referralStatus: string;
}

/** The three states add up to `all`; `unsubscribed` and `flagged` count members of any state. */
export class MemberStatusCountsDto {
  @ApiProperty() all: number;
  @ApiProperty() unconfirmed: number;
  @ApiProperty({ description: 'Confirmed and waiting to be let in' }) confirmed: number;
  @ApiProperty() admitted: number;
  @ApiProperty({ description: 'Members of any state who unsubscribed from announcements' }) unsubscribed: number;
  @ApiProperty({ description: 'Members of any state whose referral is held for review' }) flagged: number;
}

export class ReferredByDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() referralCode: string;
}

export class ReferredFriendDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty({ enum: ['pending', 'credited', 'flagged', 'rejected'], description: 'pending: counts once they confirm; flagged: held for review' }) referral:
    'pending' | 'credited' | 'flagged' | 'rejected';
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class MemberReferralsDto {
  @ApiProperty() credited: number;
  @ApiProperty() pending: number;
  @ApiProperty({ description: 'Members of any state whose referral is held for review' }) flagged: number;
  @ApiProperty() rejected: number;
  @ApiProperty({ type: [ReferredFriendDto], description: 'Whom they referred (the first 200)' }) friends: ReferredFriendDto[];
}

export class MemberEmailDto {
  @ApiProperty() id: string;
  @ApiProperty() template: string;
  @ApiProperty() subject: string;
  @ApiProperty({ enum: MAIL_STATUSES }) status: MailStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class MemberCodeDto {
  @ApiProperty() code: string;
  @ApiProperty() used: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class FirstTouchDto {
  @ApiProperty({ type: String, nullable: true }) utmSource: string | null;
  @ApiProperty({ type: String, nullable: true }) utmCampaign: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The visit's first page (a path)" }) page: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The host of the site that linked to it' }) referrer: string | null;
}

export class MemberAttributionDto {
  @ApiProperty({ type: String, nullable: true, description: "The download page's source tag the join came with" }) sourceTag: string | null;
  @ApiProperty({ type: String, nullable: true }) utmSource: string | null;
  @ApiProperty({ type: String, nullable: true }) utmCampaign: string | null;
  @ApiPropertyOptional({ type: FirstTouchDto, nullable: true, description: "The visit's first page (joins since first touch was kept)" })
  firstTouch?: FirstTouchDto | null;
}

export class MilestoneReachedDto {
  @ApiProperty({ description: 'Credited referrals the milestone is at' }) referrals: number;
  @ApiProperty({ enum: MILESTONE_REWARDS }) reward: MilestoneReward;
  @ApiProperty({ format: 'date-time' }) reachedAt: string;
}

export class MemberViewDto implements MemberView {
  @ApiProperty({ type: WaitlistMemberDto }) member: WaitlistMemberDto;
  @ApiProperty({ type: MemberAttributionDto, nullable: true, description: "Where they came from: the join's own source and first touch" })
  attribution: MemberAttributionDto | null;
  @ApiProperty({ type: ReferredByDto, nullable: true }) referredBy: ReferredByDto | null;
  @ApiProperty({ type: MemberReferralsDto }) referrals: MemberReferralsDto;
  @ApiProperty({ type: [MemberEmailDto], description: 'Emails to their address, newest first (the last 50)' }) emails: MemberEmailDto[];
  @ApiProperty({ type: MemberCodeDto, nullable: true }) earlyAccessCode: MemberCodeDto | null;
  @ApiProperty({ type: [MilestoneReachedDto], description: 'The referral milestones they reached, smallest first' })
  milestonesReached: MilestoneReachedDto[];
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Until when the confirmation cannot be sent again (once a day at most); null when it can go now, or they have confirmed',
  })
  confirmationAgainAt: string | null;
}
