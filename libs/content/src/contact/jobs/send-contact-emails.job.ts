import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  ConsumerContext,
  ConsumerHandler,
  DomainEvent,
  HandlesConsumer,
  MailService,
  normaliseEmail,
  RateLimiter,
  privacyRequestLink,
} from '@swishly/platform';
import { createElement } from 'react';
import { ContactSubmittedPayload, SendContactEmails, TEAM_COPY_TEMPLATE } from '../contact.events';
import { ContactConfirmationEmail, ContactNotificationEmail } from '../emails/contact.emails';

/**
 * Tells the team about a contact message (Reply-To: the sender) and confirms it to the sender,
 * at most once a day per address, without repeating anything they typed.
 */
@Injectable()
@HandlesConsumer(SendContactEmails)
export class SendContactEmailsJob implements ConsumerHandler<ContactSubmittedPayload> {
  constructor(
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEvent<ContactSubmittedPayload>, context: ConsumerContext): Promise<void> {
    if (event.personalDataErased) return; // the sender was erased before we wrote to them
    const p = event.payload;
    const props = { brand: this.config.BRAND_NAME, firstName: p.firstName, email: p.email, subject: p.subject, message: p.message };
    await this.mail.deliver(
      {
        to: this.config.CONTACT_TO,
        subject: `Contact form: ${p.subject ?? `message from ${p.firstName}`}`,
        template: TEAM_COPY_TEMPLATE,
        eventId: event.id,
        replyTo: p.email,
        content: createElement(ContactNotificationEmail, props),
      },
      context,
    );
    if (!(await this.limiter.hit(`contact-confirmation:${normaliseEmail(p.email)}`, 1, 24 * 3600, 'in-process'))) return;
    await this.mail.deliver(
      {
        to: p.email,
        subject: `We got your message – ${this.config.BRAND_NAME}`,
        template: 'contact-confirmation',
        eventId: event.id,
        content: createElement(ContactConfirmationEmail, { brand: props.brand, privacyLink: privacyRequestLink(this.config.PUBLIC_URL, p.email) }),
      },
      context,
    );
  }
}
