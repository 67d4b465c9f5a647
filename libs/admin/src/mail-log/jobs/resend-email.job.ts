import { Injectable } from '@nestjs/common';
import { ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, MailLogService } from '@swishly/platform';
import { ResendEmail } from '../mail-log.events';

@Injectable()
@HandlesConsumer(ResendEmail)
export class ResendEmailJob implements ConsumerHandler<{ mailLogId: string }> {
  constructor(private readonly mailLog: MailLogService) {}

  async handle(event: DomainEvent<{ mailLogId: string }>, context: ConsumerContext): Promise<void> {
    await this.mailLog.requestRedelivery(event.payload.mailLogId, event.id, context);
  }
}
