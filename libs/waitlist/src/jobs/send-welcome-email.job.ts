import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, MailService } from '@swishly/platform';
import { welcomeEmail } from '../emails/welcome.email';
import { WaitlistEntry } from '../entities/waitlist-entry.entity';
import { PositionsService } from '../positions.service';
import { WaitlistLinks } from '../waitlist-links';
import { SendWelcomeEmail, WaitlistConfirmationRequested } from '../waitlist.events';

/** The welcome email (position, referral link, confirm link), and its reminder on a repeat sign-up. */
@Injectable()
@HandlesConsumer(SendWelcomeEmail)
export class SendWelcomeEmailJob implements ConsumerHandler<{ entryId: string }> {
  constructor(
    private readonly mail: MailService,
    private readonly positions: PositionsService,
    private readonly links: WaitlistLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEvent<{ entryId: string }>, context: ConsumerContext): Promise<void> {
    const entry = await context.manager.findOneByOrFail(WaitlistEntry, { id: event.payload.entryId });
    const reminder = WaitlistConfirmationRequested.is(event);
    if (reminder && entry.confirmedAt) return; // confirmed in the meantime
    const brand = this.config.BRAND_NAME;
    const position = await this.positions.positionOf(entry, context.manager);
    await this.mail.deliver(
      {
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
      },
      context,
    );
  }
}
