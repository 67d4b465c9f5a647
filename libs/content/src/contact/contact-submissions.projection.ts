import { Injectable } from '@nestjs/common';
import { normaliseEmail, Projection, ProjectionHandlers } from '@swishly/platform';
import { ContactSubmitted } from './contact.events';
import { ContactSubmissionsRepository } from './contact-submissions.repository';

@Injectable()
export class ContactSubmissionsProjection implements Projection {
  readonly name = 'contact-submissions';
  readonly tables = ['contact_submissions'];
  readonly handlers = new ProjectionHandlers()
    .on(ContactSubmitted, async (event, manager) => {
      if (event.personalDataErased) return; // the sender was erased: so is their message
      const p = event.payload;
      await ContactSubmissionsRepository.insert(
        {
          id: p.submissionId,
          firstName: p.firstName,
          lastName: null,
          email: p.email,
          emailNormalized: normaliseEmail(p.email),
          subject: p.subject,
          message: p.message,
          createdAt: new Date(event.occurredAt),
        },
        manager,
      );
    })
    .build();
}
