import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, MailService, OutgoingEmail } from '@swishly/platform';
import { welcomeEmail } from '../emails/welcome.email';
import { WaitlistEntry } from '../entities/waitlist-entry.entity';
import { PositionsService } from '../positions.service';
import { WaitlistEntriesRepository } from '../waitlist-entries.repository';
import { WaitlistLinks } from '../waitlist-links';
import { SendWelcomeEmail, WaitlistConfirmationRequested, WaitlistJoined, WaitlistJoinedPayload } from '../waitlist.events';

/** The welcome email (position, referral link, confirm link), and its reminder on a repeat sign-up. */
@Injectable()
@HandlesConsumer(SendWelcomeEmail)
export class SendWelcomeEmailJob implements ConsumerHandler<{ entryId: string }> {
  constructor(
    private readonly mail: MailService,
    private readonly positions: PositionsService,
    private readonly links: WaitlistLinks,
    private readonly entries: WaitlistEntriesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  handle(event: DomainEvent<{ entryId: string }>, context: ConsumerContext): Promise<void> {
    return this.handleBatch([event], context);
  }

  /** One read of the job's entries and one INSERT of its emails, whatever their number. */
  async handleBatch(events: DomainEvent<{ entryId: string }>[], context: ConsumerContext): Promise<void> {
    const entries = await this.entries.findByIds(events.map((e) => e.payload.entryId), context.manager);
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const emails: OutgoingEmail[] = [];
    for (const event of events) {
      const entry = byId.get(event.payload.entryId);
      if (!entry) throw new Error(`Waitlist entry ${event.payload.entryId} of event ${event.id} not found`);
      const reminder = WaitlistConfirmationRequested.is(event);
      if (reminder && entry.confirmedAt) continue; // confirmed in the meantime
      // A join's email states the position its sign-up answered (a newcomer is last in line, so
      // that is its signup number): no lookup, and the email agrees with what the page showed.
      const position = WaitlistJoined.is(event)
        ? (event.payload as WaitlistJoinedPayload).signupNumber
        : await this.positions.positionOf(entry, context.manager);
      emails.push(this.email(event, entry, position, reminder));
    }
    await this.mail.deliverMany(emails, context);
  }

  private email(event: DomainEvent, entry: WaitlistEntry, position: number, reminder: boolean): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    return {
      to: entry.email,
      subject: reminder ? `Confirm your spot on the ${brand} waitlist` : `You're #${position} on the ${brand} waitlist`,
      template: reminder ? 'waitlist-confirm-reminder' : 'waitlist-welcome',
      eventId: event.id,
      content: welcomeEmail.render({
        brand,
        firstName: entry.firstName,
        position,
        referralLink: this.links.referral(entry.referralCode),
        confirmLink: this.links.confirm(entry.id),
        statusLink: this.links.status(entry.referralCode),
        reminder,
      }),
    };
  }
}
