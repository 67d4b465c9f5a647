import { Injectable } from '@nestjs/common';
import { ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer } from '@swishly/platform';
import { WebhookDeliveries } from '../webhook-deliveries.service';
import { DeliverWebhooks } from '../webhooks.events';

type Payload = NonNullable<(typeof DeliverWebhooks)['__payload']>;

/** A member event's deliveries, written with the event marked processed; their first attempt right after the commit. */
@Injectable()
@HandlesConsumer(DeliverWebhooks)
export class DeliverWebhooksJob implements ConsumerHandler<Payload> {
  constructor(private readonly deliveries: WebhookDeliveries) {}

  handle(event: DomainEvent<Payload>, context: ConsumerContext): Promise<void> {
    return this.handleBatch([event], context);
  }

  async handleBatch(events: DomainEvent<Payload>[], context: ConsumerContext): Promise<void> {
    const written = await this.deliveries.write(events, context.manager);
    if (written.length > 0) context.afterCommit(async () => void (await this.deliveries.sendDue(written)));
  }
}
