import { Injectable } from '@nestjs/common';
import { MailLogService, MailStatus } from '@swishly/platform';
import { MemberDetail, WaitlistMembersService } from '@swishly/waitlist';
import { EarlyAccessRepository } from '../early-access/early-access.repository';

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
}

/** A member's view on /admin/waitlist: the waitlist's own detail, the mail log's emails to them, their early-access code. */
@Injectable()
export class MemberViewService {
  constructor(
    private readonly members: WaitlistMembersService,
    private readonly mailLog: MailLogService,
    private readonly earlyAccess: EarlyAccessRepository,
  ) {}

  async view(entryId: string): Promise<MemberView> {
    const detail = await this.members.detail(entryId);
    const [emails, code] = await Promise.all([this.mailLog.sentTo(detail.member.email), this.earlyAccess.latestFor(detail.member.email)]);
    return {
      ...detail,
      emails: emails.map(({ id, template, subject, status, createdAt }) => ({ id, template, subject, status, createdAt })),
      earlyAccessCode: code ? { code: code.code, used: code.isUsed, createdAt: code.createdAt.toISOString() } : null,
    };
  }
}
