import { Injectable } from '@nestjs/common';
import { DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from '@swishly/platform';
import { EntityManager } from 'typeorm';

/** The contact form's part: the messages the person sent us. An erasure deletes them. */
@Injectable()
export class ContactPersonalData implements PersonalDataHolder {
  constructor(registry: PersonalDataRegistry) {
    registry.register(this);
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const messages: { firstName: string; email: string; subject: string | null; message: string; createdAt: Date }[] = await db.query(
      `SELECT first_name AS "firstName", email, subject, message, created_at AS "createdAt" FROM contact_submissions
       WHERE lower(email) = $1 ORDER BY created_at`,
      [person.email],
    );
    return { contactMessages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const [, records] = await db.query('DELETE FROM contact_submissions WHERE lower(email) = $1', [person.email]);
    return { records };
  }
}
