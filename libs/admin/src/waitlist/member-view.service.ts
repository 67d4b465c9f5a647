import { Injectable } from '@nestjs/common';
import { MailStatus } from '@swishly/platform';
import { MemberDetail, WaitlistMembersService } from '@swishly/waitlist';
import { DataSource } from 'typeorm';

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
    private readonly dataSource: DataSource,
    private readonly members: WaitlistMembersService,
  ) {}

  async view(entryId: string): Promise<MemberView> {
    const detail = await this.members.detail(entryId);
    const email = detail.member.email;
    const [emails, codes] = await Promise.all([
      this.dataSource.query(
        `SELECT id::text, template, subject, status, created_at FROM mail_log WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 50`,
        [email],
      ) as Promise<{ id: string; template: string; subject: string; status: MailStatus; created_at: Date }[]>,
      this.dataSource.query(`SELECT code, is_used, created_at FROM early_access_codes WHERE lower(email) = lower($1) ORDER BY created_at DESC LIMIT 1`, [email]) as Promise<
        { code: string; is_used: boolean; created_at: Date }[]
      >,
    ]);
    return {
      ...detail,
      emails: emails.map((e) => ({ id: e.id, template: e.template, subject: e.subject, status: e.status, createdAt: e.created_at.toISOString() })),
      earlyAccessCode: codes[0] ? { code: codes[0].code, used: codes[0].is_used, createdAt: codes[0].created_at.toISOString() } : null,
    };
  }
}
