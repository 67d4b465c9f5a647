import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG, AppConfig, ConsumerContext, ConsumerHandler, DomainEvent, emailSubject, HandlesConsumer, holdsPersonalData, MailService, PayloadOf, privacyRequestLink, RateLimiter, SettingsOf,
} from '@swishly/platform';
import { createElement } from 'react';
import { AdminSettings } from '../admin.settings';
import { PrivacyRequestEmail } from './privacy-request.email';
import { PrivacyRequestMade, SendPrivacyRequestEmail } from './privacy.events';
import { PrivacyRequestsService } from './privacy-requests.service';

/** Requests emailed per address per hour: enough to ask for a copy and then an erasure, not to flood an inbox. */
const PER_ADDRESS_PER_HOUR = 3;

/**
 * Emails the link of a privacy request, when we hold anything under the address (to an address
 * we know nothing about, nothing is sent: the form's answer is the same either way).
 */
@Injectable()
@HandlesConsumer(SendPrivacyRequestEmail)
export class SendPrivacyRequestEmailJob implements ConsumerHandler<PayloadOf<typeof PrivacyRequestMade>> {
  constructor(
    private readonly mail: MailService,
    private readonly requests: PrivacyRequestsService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  async handle(event: DomainEvent<PayloadOf<typeof PrivacyRequestMade>>, context: ConsumerContext): Promise<void> {
    if (event.personalDataErased) return;
    const { requestId, kind, email } = event.payload;
    if (!(await holdsPersonalData(context.manager, emailSubject(email), [event.id]))) return;
    if (!(await this.limiter.hit(`privacy-request:${email}`, PER_ADDRESS_PER_HOUR, 3600, 'in-process'))) return;
    const brand = this.config.BRAND_NAME;
    await this.mail.deliver(
      {
        to: email,
        subject: kind === 'erasure' ? `Confirm: delete your ${brand} data` : `Your ${brand} data: download link`,
        template: `privacy-request-${kind}`,
        eventId: event.id,
        secretLinks: true,
        content: createElement(PrivacyRequestEmail, { brand, kind, link: this.requests.link(requestId), hours: this.settings.PRIVACY_REQUEST_TTL_HOURS, privacyLink: privacyRequestLink(this.config.PUBLIC_URL) }),
      },
      context,
    );
  }
}
