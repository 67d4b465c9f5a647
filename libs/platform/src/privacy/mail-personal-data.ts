import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MailSuppressions } from '../mail/mail-suppressions';
import { DataSubject, daysBefore, ErasedRecords, PersonalDataHolder, PersonalDataRegistry, RetentionRule } from './personal-data-holders';

/** Rows a retention pass empties per statement: a long backlog goes in bounded steps. */
const BATCH = 5000;

/**
 * The mail log's part: the emails sent to the person (template, subject, date, status; never
 * the bodies, which repeat what the other parts hold) and whether mail to them is suppressed.
 * An erasure deletes every email to them and every team copy that answers them (Reply-To); the
 * suppression record stays, as a keyed hash, so that a bounce or a complaint still holds.
 */
@Injectable()
export class MailPersonalData implements PersonalDataHolder, RetentionRule {
  readonly erasedLast = true;

  constructor(
    registry: PersonalDataRegistry,
    private readonly suppressions: MailSuppressions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    registry.register(this);
    registry.registerRetention(this);
  }

  /**
   * An email's body (names, positions, links, codes, a visitor's message) goes after
   * RETENTION_MAIL_BODY_DAYS; its metadata (to, subject, template, status) stays. An email
   * still waiting to leave keeps its body.
   */
  async expire(now: Date, db: EntityManager): Promise<Record<string, number>> {
    const before = daysBefore(now, this.config.RETENTION_MAIL_BODY_DAYS);
    let total = 0;
    for (;;) {
      const [, emptied] = await db.query(
        `UPDATE mail_log SET html = '', text = '' WHERE id IN (
           SELECT id FROM mail_log WHERE html <> '' AND created_at < $1 AND status <> 'pending' ORDER BY created_at LIMIT $2)`,
        [before, BATCH],
      );
      total += emptied;
      if (emptied < BATCH) return { mail_bodies: total };
    }
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const emails: { template: string; subject: string; status: string; createdAt: Date }[] = await db.query(
      `SELECT template, subject, status, created_at AS "createdAt" FROM mail_log
       WHERE to_address_normalized = $1 ORDER BY created_at, id`,
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
    const [, records] = await db.query('DELETE FROM mail_log WHERE to_address_normalized = $1 OR reply_to_normalized = $1', [person.email]);
    return { records };
  }
}
