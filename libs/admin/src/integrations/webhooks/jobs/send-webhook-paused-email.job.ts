import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, MailService } from '@swishly/platform';
import { createElement } from 'react';
import { rolesWithAny } from '../../../auth/staff-roles';
import { WebhookPausedEmail } from '../emails/webhook-paused.email';
import { SendWebhookPausedEmail, WebhookEndpointPaused } from '../webhooks.events';

type Payload = ReturnType<typeof WebhookEndpointPaused>['payload'];

/**
 * Tells staff that an endpoint was paused for failing: the person who added it while they may
 * still manage integrations, else the team's first owner. Direct mail about their own work: no
 * unsubscribe.
 */
@Injectable()
@HandlesConsumer(SendWebhookPausedEmail)
export class SendWebhookPausedEmailJob implements ConsumerHandler<Payload> {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEvent<Payload>, context: ConsumerContext): Promise<void> {
    const [endpoint]: { url: string; created_by: string | null }[] = await context.manager.query(
      `SELECT url, created_by::text FROM webhook_endpoints WHERE id = $1`,
      [event.payload.endpointId],
    );
    if (!endpoint) return; // deleted meanwhile
    const [recipient]: { email: string }[] = await context.manager.query(
      `SELECT email FROM admin_users WHERE role = ANY($2::varchar[])
       ORDER BY (id = $1) DESC, (role = 'owner') DESC, created_at LIMIT 1`,
      [endpoint.created_by, rolesWithAny(['integrations'])],
    );
    if (!recipient) return;
    const since = new Date(event.payload.failingSince ?? event.occurredAt);
    await this.mail.deliver(
      {
        to: recipient.email,
        subject: `A ${this.config.BRAND_NAME} webhook endpoint was paused`,
        template: 'webhook-paused',
        eventId: event.id,
        content: createElement(WebhookPausedEmail, {
          brand: this.config.BRAND_NAME,
          url: endpoint.url,
          failingSince: since.toUTCString().replace(/:\d\d GMT$/, ' UTC'),
          pageLink: new URL('/admin/integrations', this.config.PUBLIC_URL).toString(),
        }),
      },
      context,
    );
  }
}
