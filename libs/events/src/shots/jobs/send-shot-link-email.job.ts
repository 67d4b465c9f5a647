import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, MailService, privacyRequestLink } from '@swishly/platform';
import { createElement } from 'react';
import { ShotLinkEmail } from '../emails/shot-link.email';
import { ShotClaimTokens } from '../shot-claim-tokens.service';
import { ShotKind } from '../shot-feedback';
import { SendShotLinkEmail } from '../shot-records.events';

/**
 * Emails a shot's claimer the link to their analysis, with their claim token. The address is
 * the record's at the time of sending (share-locked, so an erasure waits for the email to be
 * logged and then clears it); an erased or never-claimed record gets nothing.
 */
@Injectable()
@HandlesConsumer(SendShotLinkEmail)
export class SendShotLinkEmailJob implements ConsumerHandler<{ recordId: string; kind: ShotKind; code: string }> {
  constructor(
    private readonly mail: MailService,
    private readonly tokens: ShotClaimTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEvent<{ recordId: string; kind: ShotKind; code: string }>, context: ConsumerContext): Promise<void> {
    const [claimer]: { first_name: string | null; email: string | null; claim_id: string | null }[] = await context.manager.query(
      'SELECT first_name, email, claim_id FROM shot_records WHERE id = $1 FOR SHARE',
      [event.payload.recordId],
    );
    if (!claimer?.email || !claimer.first_name || !claimer.claim_id) return;
    const { kind, code } = event.payload;
    await this.mail.deliver(
      {
        to: claimer.email,
        subject: 'The link to your shot analysis',
        template: 'shot-link',
        eventId: event.id,
        content: createElement(ShotLinkEmail, {
          brand: this.config.BRAND_NAME,
          firstName: claimer.first_name,
          analysisLink: this.tokens.analysisLink(kind, code, claimer.claim_id),
          privacyLink: privacyRequestLink(this.config.PUBLIC_URL, claimer.email),
        }),
      },
      context,
    );
  }
}
