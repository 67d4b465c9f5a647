import { Injectable } from '@nestjs/common';
import { EventMetadata, EventStore } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { CONTACT_STREAM, ContactSubmitted } from './contact.events';
import { ContactRequestDto } from './dto/contact.dto';

@Injectable()
export class ContactService {
  constructor(private readonly events: EventStore) {}

  async submit(request: ContactRequestDto, meta: EventMetadata): Promise<{ id: string }> {
    const submissionId = randomUUID();
    await this.events.append(
      { streamType: CONTACT_STREAM, streamId: submissionId },
      0,
      [
        ContactSubmitted({
          submissionId,
          firstName: request.first_name,
          email: request.email,
          subject: request.subject || null,
          message: request.message,
        }),
      ],
      meta,
    );
    return { id: submissionId };
  }
}
