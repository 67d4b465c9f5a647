import { Injectable } from '@nestjs/common';
import { MailLogService, MailStatus } from '@swishly/platform';
import { MemberDetail, MilestoneReward, WaitlistMembersService } from '@swishly/waitlist';
import { EarlyAccessRepository } from '../early-access/early-access.repository';
import { ReferralMilestonesService } from '../referral-milestones/referral-milestones.service';

export interface MemberEmail {
  id: string;
  template: string;
  subject: string;
  status: MailStatus;
  createdAt: string;
}

export interface MemberView extends MemberDetail {
  /** The emails sent to the member's address, newest first (the mail log). */
  emails: MemberEmail[];
  /** Their newest early-access code, if they have one. */
  earlyAccessCode: { code: string; used: boolean; createdAt: string } | null;
  /** The referral milestones they reached, smallest first, with when. */
  milestonesReached: { referrals: number; reward: MilestoneReward; reachedAt: string }[];
}

/** A member's view on /admin/waitlist: the waitlist's own detail, the mail log's emails to them, their early-access code, their referral milestones. */
@Injectable()
export class MemberViewService {
  constructor(
    private readonly members: WaitlistMembersService,
    private readonly mailLog: MailLogService,
    private readonly earlyAccess: EarlyAccessRepository,
    private readonly milestones: ReferralMilestonesService,
  ) {}

  async view(entryId: string): Promise<MemberView> {
    const detail = await this.members.detail(entryId);
    const [emails, code, milestonesReached] = await Promise.all([
      this.mailLog.sentTo(detail.member.email),
      this.earlyAccess.latestFor(detail.member.email),
      this.milestones.reachedBy(entryId),
    ]);
    return {
      ...detail,
      emails: emails.map(({ id, template, subject, status, createdAt }) => ({ id, template, subject, status, createdAt })),
      earlyAccessCode: code ? { code: code.code, used: code.isUsed, createdAt: code.createdAt.toISOString() } : null,
      milestonesReached,
    };
  }
}
