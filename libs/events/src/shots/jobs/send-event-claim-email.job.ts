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
  privacyRequestLink,
} from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { createElement } from 'react';
import { EventClaimEmail } from '../emails/event-claim.email';
import { ShotClaimTokens } from '../shot-claim-tokens.service';
import { SendEventClaimEmail, ShotWaitlistJoinedPayload } from '../shot-records.events';

/** The booth's email: the early-access code (while early access was open), the analysis, the waitlist spot. */
@Injectable()
@HandlesConsumer(SendEventClaimEmail)
export class SendEventClaimEmailJob implements ConsumerHandler<ShotWaitlistJoinedPayload> {
  constructor(
    private readonly mail: MailService,
    private readonly waitlist: WaitlistService,
    private readonly unsubscribes: MailUnsubscribes,
    private readonly tokens: ShotClaimTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEvent<ShotWaitlistJoinedPayload>, context: ConsumerContext): Promise<void> {
    if (event.personalDataErased) return; // the player was erased before we wrote to them
    const p = event.payload;
    const brand = this.config.BRAND_NAME;
    const links = this.waitlist.links;
    const unsubscribeUrl = this.unsubscribes.url(p.email);
    // The link opens the analysis with the claim's token: the email goes to the claimer only.
    const [record]: { claim_id: string | null }[] = await context.manager.query('SELECT claim_id FROM shot_records WHERE id = $1', [p.recordId]);
    const analysisLink = record?.claim_id
      ? this.tokens.analysisLink('hbf', p.code, record.claim_id)
      : `${this.config.PUBLIC_URL.replace(/\/$/, '')}/hbf-feedback/${encodeURIComponent(p.code)}`;
    await this.mail.deliver(
      {
        to: p.email,
        unsubscribeUrl,
        subject: p.accessCode ? `Your ${brand} early-access code` : `Your shot analysis from the Helsinki Basketball Festival`,
        template: 'event-claim',
        eventId: event.id,
        content: createElement(EventClaimEmail, {
          brand,
          firstName: p.firstName,
          accessCode: p.accessCode,
          waitlistPosition: p.waitlistPosition,
          analysisLink,
          referralLink: p.referralCode ? links.referral(p.referralCode) : null,
          confirmLink: p.entryId ? links.confirm(p.entryId) : null,
          unsubscribeLink: unsubscribeUrl,
          privacyLink: privacyRequestLink(this.config.PUBLIC_URL, p.email),
        }),
      },
      context,
    );
  }
}
