import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { ContactSubmitted } from './contact.events';
import { ContactSubmission } from './entities/contact-submission.entity';

@Injectable()
export class ContactSubmissionsProjection implements Projection {
  readonly name = 'contact-submissions';
  readonly tables = ['contact_submissions'];
  readonly handlers = new ProjectionHandlers()
    .on(ContactSubmitted, async (event, manager) => {
      const p = event.payload;
      await manager.insert(ContactSubmission, {
        id: p.submissionId,
        firstName: p.firstName,
        lastName: null,
        email: p.email,
        subject: p.subject,
        message: p.message,
        createdAt: new Date(event.occurredAt),
      });
    })
    .build();
}
