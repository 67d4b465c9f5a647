import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  ConsumerContext,
  ConsumerHandler,
  DomainEvent,
  HandlesConsumer,
  MailService,
  MailUnsubscribes,
  PayloadOf,
  privacyRequestLink,
  renderEmail,
} from '@swishly/platform';
import { sanitizePostHtml } from '@swishly/content';
import { createElement } from 'react';
import { AdminUsersRepository } from '../../auth/admin-users.repository';
import { BroadcastEmail } from '../emails/broadcast.email';
import { BroadcastTestRequested, SendBroadcastTest } from '../broadcasts.events';
import { SAMPLE_FIELDS } from '../broadcasts.service';
import { personalise } from '../personalisation';
import { WaitlistService } from '@swishly/waitlist';

/**
 * The announcement as it stands, to the staff member who asked (the event's actor), marked as a
 * test. Its body is sanitised again here, right before it is sent: the API sanitised it, but a
 * job's data is whatever reached the queue. Its personal fields are a sample member's.
 */
@Injectable()
@HandlesConsumer(SendBroadcastTest)
export class SendBroadcastTestJob implements ConsumerHandler<PayloadOf<typeof BroadcastTestRequested>> {
  constructor(
    private readonly admins: AdminUsersRepository,
    private readonly mail: MailService,
    private readonly waitlist: WaitlistService,
    private readonly unsubscribes: MailUnsubscribes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEvent<PayloadOf<typeof BroadcastTestRequested>>, context: ConsumerContext): Promise<void> {
    const admin = event.metadata.actorId ? await this.admins.findById(event.metadata.actorId, context.manager) : null;
    if (!admin) return; // the account is gone
    await this.mail.deliver(
      {
        to: admin.email,
        subject: `[Test] ${event.payload.subject}`,
        template: 'broadcast-test',
        eventId: event.id,
        content: personalise(
          renderEmail(
            createElement(BroadcastEmail, {
              brand: this.config.BRAND_NAME,
              subject: event.payload.subject,
              html: sanitizePostHtml(String(event.payload.html ?? '')),
              unsubscribeLink: this.unsubscribes.url(admin.email),
              privacyLink: privacyRequestLink(this.config.PUBLIC_URL, admin.email),
            }),
          ),
          SAMPLE_FIELDS(this.waitlist.links.referral('SAMPLE42')),
        ),
      },
      context,
    );
  }
}
