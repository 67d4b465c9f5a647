import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  ConsumerContext,
  ConsumerHandler,
  DomainEvent,
  HandlesConsumer,
  MailService,
  PayloadOf,
  privacyRequestLink,
  RateLimiter,
} from '@swishly/platform';
import { createElement } from 'react';
import { PrivacyRequestEmail } from '../emails/privacy-request.email';
import { PrivacyRequestMade, SendPrivacyRequestEmail } from '../privacy.events';
import { inboxOf, PrivacyRequestsService } from '../privacy-requests.service';

/**
 * Requests emailed per inbox per hour (the address without its plus tag: pat+1@ and pat+2@ are
 * one inbox): enough to ask for a copy and then an erasure, not to flood an inbox.
 */
const PER_INBOX_PER_HOUR = 3;

/**
 * Emails the link of a privacy request, when we hold anything under the address besides requests
 * nobody confirmed (to an address we know nothing about, nothing is sent, however often it is
 * typed: the form's answer is the same either way).
 */
@Injectable()
@HandlesConsumer(SendPrivacyRequestEmail)
export class SendPrivacyRequestEmailJob implements ConsumerHandler<PayloadOf<typeof PrivacyRequestMade>> {
  constructor(
    private readonly mail: MailService,
    private readonly requests: PrivacyRequestsService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEvent<PayloadOf<typeof PrivacyRequestMade>>, context: ConsumerContext): Promise<void> {
    if (event.personalDataErased) return;
    const { requestId, kind, email } = event.payload;
    if (!(await this.requests.holdsDataUnder(email, context.manager))) return;
    if (!(await this.limiter.hit(`privacy-request:${inboxOf(email)}`, PER_INBOX_PER_HOUR, 3600, 'in-process'))) return;
    const brand = this.config.BRAND_NAME;
    await this.mail.deliver(
      {
        to: email,
        subject: kind === 'erasure' ? `Confirm: delete your ${brand} data` : `Your ${brand} data: download link`,
        template: `privacy-request-${kind}`,
        eventId: event.id,
        secretLinks: true,
        content: createElement(PrivacyRequestEmail, {
          brand,
          kind,
          link: this.requests.link(requestId),
          hours: this.config.PRIVACY_REQUEST_TTL_HOURS,
          privacyLink: privacyRequestLink(this.config.PUBLIC_URL, email),
        }),
      },
      context,
    );
  }
}
