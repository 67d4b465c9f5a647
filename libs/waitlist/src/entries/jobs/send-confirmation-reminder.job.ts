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
  OutgoingEmail,
  privacyRequestLink,
} from '@swishly/platform';
import { welcomeEmail } from '../emails/welcome.email';
import { PositionsService } from '../positions.service';
import { WaitlistEntriesRepository } from '../waitlist-entries.repository';
import { WaitlistLinks } from '../waitlist-links';
import { SendConfirmationReminder } from '../waitlist.events';

/** The mail log's name for the one scheduled reminder (apart from 'waitlist-confirm-reminder', the answer to a repeat sign-up). */
export const CONFIRMATION_REMINDER_TEMPLATE = 'waitlist-confirmation-reminder';

/**
 * The one reminder to confirm (ConfirmationRemindersService appends its event). Its idempotency
 * key is the event's, so a redelivered job writes no second email; waitlist news, so it carries
 * one-click unsubscribe and is held back from an address that unsubscribed or bounced meanwhile.
 */
@Injectable()
@HandlesConsumer(SendConfirmationReminder)
export class SendConfirmationReminderJob implements ConsumerHandler<{ entryId: string }> {
  constructor(
    private readonly mail: MailService,
    private readonly positions: PositionsService,
    private readonly links: WaitlistLinks,
    private readonly entries: WaitlistEntriesRepository,
    private readonly unsubscribes: MailUnsubscribes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEvent<{ entryId: string }>, context: ConsumerContext): Promise<void> {
    const [entry] = await this.entries.lockedForEmail([event.payload.entryId], context.manager);
    // Erased since (no entry), or confirmed or let in meanwhile: nothing to remind them of.
    if (!entry || entry.confirmedAt || entry.admittedAt) return;
    const brand = this.config.BRAND_NAME;
    const unsubscribeUrl = this.unsubscribes.url(entry.email);
    const email: OutgoingEmail = {
      to: entry.email,
      subject: `Confirm your email to keep your spot on the ${brand} waitlist`,
      unsubscribeUrl,
      template: CONFIRMATION_REMINDER_TEMPLATE,
      eventId: event.id,
      content: welcomeEmail.render({
        brand,
        firstName: entry.firstName,
        position: await this.positions.positionOf(entry, { db: context.manager }),
        referralLink: this.links.referral(entry.referralCode),
        confirmLink: this.links.confirm(entry.id),
        statusLink: this.links.status(entry.id),
        confirmationReminder: true,
        unsubscribeLink: unsubscribeUrl,
        privacyLink: privacyRequestLink(this.config.PUBLIC_URL, entry.email),
        analysisLink: '',
      }),
    };
    await this.mail.deliver(email, context);
  }
}
