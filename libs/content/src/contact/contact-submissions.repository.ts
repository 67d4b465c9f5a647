import { EntityManager } from 'typeorm';
import { ContactSubmission } from './entities/contact-submission.entity';

/**
 * The contact slice's one query: the projection's insert. Static, like the other projections'
 * writes: DomainEventsModule.forFeature builds projections outside the module's providers, so
 * the projection passes the transaction it is given.
 */
export class ContactSubmissionsRepository {
  static async insert(row: ContactSubmission, db: EntityManager): Promise<void> {
    await db.insert(ContactSubmission, row);
  }
}
