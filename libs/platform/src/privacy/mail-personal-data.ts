import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MailSuppressions } from '../mail/mail-suppressions';
import { DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from './personal-data-holders';

/**
 * The mail log's part: the emails sent to the person (template, subject, date, status; never
 * the bodies, which repeat what the other parts hold) and whether mail to them is suppressed.
 * An erasure deletes every email to them and every team copy that answers them (Reply-To); the
 * suppression record stays, as a keyed hash, so that a bounce or a complaint still holds.
 */
@Injectable()
export class MailPersonalData implements PersonalDataHolder {
  constructor(
    registry: PersonalDataRegistry,
    private readonly suppressions: MailSuppressions,
  ) {
    registry.register(this);
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const emails: { template: string; subject: string; status: string; createdAt: Date }[] = await db.query(
      `SELECT template, subject, status, created_at AS "createdAt" FROM mail_log
       WHERE lower(to_address) = $1 ORDER BY created_at, id`,
      [person.email],
    );
    const [suppression]: { reason: string; created_at: Date }[] = await db.query(
      'SELECT reason, created_at FROM mail_suppressions WHERE address_hash = $1',
      [this.suppressions.addressHash(person.email)],
    );
    return {
      emails: emails.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      consent: suppression?.reason === 'unsubscribed'
        ? { unsubscribedAt: suppression.created_at.toISOString(), suppressed: false, suppressedReason: null }
        : { unsubscribedAt: null, suppressed: Boolean(suppression), suppressedReason: suppression?.reason ?? null },
    };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const [, records] = await db.query('DELETE FROM mail_log WHERE lower(to_address) = $1 OR lower(reply_to) = $1', [person.email]);
    return { records };
  }
}
