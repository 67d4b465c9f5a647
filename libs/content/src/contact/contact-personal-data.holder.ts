import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  DataSubject,
  ErasedRecords,
  erasePersonalDataOfStreams,
  forgetEmailsOfStreams,
  monthsBefore,
  PersonalDataHolder,
  PersonalDataRegistry,
  RetentionRule,
} from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { CONTACT_STREAM, TEAM_COPY_TEMPLATE } from './contact.events';

/** The contact form's part: the messages the person sent us. An erasure deletes them. */
@Injectable()
export class ContactPersonalData implements PersonalDataHolder, RetentionRule {
  constructor(
    registry: PersonalDataRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    registry.register(this);
    registry.registerRetention(this);
  }

  /**
   * A message older than RETENTION_CONTACT_MESSAGE_MONTHS is forgotten: its fields leave
   * personal_data and the read model, and the team's copy of it (the mail log's email to
   * CONTACT_TO, which names the sender in its Reply-To and repeats their subject) goes with it.
   */
  async expire(now: Date, db: EntityManager): Promise<Record<string, number>> {
    const old: { id: string }[] = await db.query('SELECT id FROM contact_submissions WHERE created_at < $1 ORDER BY created_at LIMIT 1000', [
      monthsBefore(now, this.config.RETENTION_CONTACT_MESSAGE_MONTHS),
    ]);
    if (old.length === 0) return { contact_messages: 0, contact_team_copies: 0 };
    const ids = old.map((row) => row.id);
    const copies = await forgetEmailsOfStreams(db, TEAM_COPY_TEMPLATE, CONTACT_STREAM, ids);
    await erasePersonalDataOfStreams(db, CONTACT_STREAM, ids);
    await db.query('DELETE FROM contact_submissions WHERE id = ANY($1::uuid[])', [ids]);
    return { contact_messages: ids.length, contact_team_copies: copies };
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const messages: { firstName: string; email: string; subject: string | null; message: string; createdAt: Date }[] = await db.query(
      `SELECT first_name AS "firstName", email, subject, message, created_at AS "createdAt" FROM contact_submissions
       WHERE email_normalized = $1 ORDER BY created_at`,
      [person.email],
    );
    return { contactMessages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const [, records] = await db.query('DELETE FROM contact_submissions WHERE email_normalized = $1', [person.email]);
    return { records };
  }
}
