import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  causedBy,
  ConsumerContext,
  ConsumerHandler,
  DomainEvent,
  EventStore,
  HandlesConsumer,
  MailService,
  OutgoingEmail,
  PayloadOf,
  privacyRequestLink,
} from '@swishly/platform';
import { WaitlistAdmitted, WaitlistMembersService } from '@swishly/waitlist';
import { createElement } from 'react';
import { EarlyAccessService } from '../../early-access/early-access.service';
import { AdmissionInviteEmail } from '../emails/admission-invite.email';
import { ADMISSION_STREAM, InviteAdmittedMembers, MemberInvited } from '../admissions.events';

/**
 * Each admitted member gets their own early-access code (so it shows in /admin/early-access) and
 * one invite email, in the job's transaction: exactly once (a redelivered event is skipped; a
 * crash before the commit leaves nothing done). The invite is the service the member queued
 * for, not news: it goes to a member who unsubscribed from announcements (no List-Unsubscribe,
 * no unsubscribe link: there is nothing to stop), and the mail service holds it back only
 * from an address that bounced or complained, which an admission does not pick.
 */
@Injectable()
@HandlesConsumer(InviteAdmittedMembers)
export class InviteAdmittedMembersJob implements ConsumerHandler<PayloadOf<typeof WaitlistAdmitted>> {
  constructor(
    private readonly members: WaitlistMembersService,
    private readonly earlyAccess: EarlyAccessService,
    private readonly mail: MailService,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  handle(event: DomainEvent<PayloadOf<typeof WaitlistAdmitted>>, context: ConsumerContext): Promise<void> {
    return this.handleBatch([event], context);
  }

  async handleBatch(events: DomainEvent<PayloadOf<typeof WaitlistAdmitted>>[], context: ConsumerContext): Promise<void> {
    const { manager } = context;
    const members = new Map(
      (
        await this.members.forInvites(
          events.map((e) => e.payload.entryId),
          manager,
        )
      ).map((m) => [m.id, m]),
    );
    const emails: OutgoingEmail[] = [];
    const site = this.config.PUBLIC_URL.replace(/\/$/, '');
    const tx = this.events.within(manager);
    for (const event of events) {
      const { entryId, admissionId } = event.payload;
      const member = members.get(entryId);
      let codeId: string | null = null;
      if (member) {
        const issued = await this.earlyAccess.issueWithin(manager, member.firstName, member.email, causedBy(event));
        codeId = issued.codeId;
        emails.push({
          to: member.email,
          subject: `You're in: your ${this.config.BRAND_NAME} early-access code`,
          template: 'waitlist-invite',
          eventId: event.id,
          content: createElement(AdmissionInviteEmail, {
            brand: this.config.BRAND_NAME,
            firstName: member.firstName,
            code: issued.code,
            downloadLink: `${site}/download`,
            privacyLink: privacyRequestLink(site, member.email),
          }),
        });
      }
      await tx.append({ streamType: ADMISSION_STREAM, streamId: admissionId }, 'any', [MemberInvited({ admissionId, entryId, codeId })], causedBy(event));
    }
    await this.mail.deliverMany(emails, context);
  }
}
