import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MailSuppressions } from '../mail/mail-suppressions.service';
import { DataSubject, daysBefore, ErasedRecords, monthsBefore, PersonalDataHolder, PersonalDataRegistry, RetentionRule } from './personal-data.registry';

/** Rows a retention pass empties per statement: a long backlog goes in bounded steps. */
const BATCH = 5000;

/** Runs a statement (`[rows, count]`) BATCH rows at a time until it touches fewer; returns the total. */
async function inBatches(statement: (limit: number) => Promise<[unknown, number]>): Promise<number> {
  let total = 0;
  for (;;) {
    const [, count] = await statement(BATCH);
    total += count;
    if (count < BATCH) return total;
  }
}

/**
 * Deletes the mail log's records that `where` selects (SQL on mail_log, with `params`); an
 * announcement's emails among them are first counted into mail_log_tallies by status (and by
 * what became of them: `engaged:opened`...), so its progress and rates stay what they were. Returns how many records went.
 */
async function deleteMailRecords(db: EntityManager, where: string, params: unknown[], reason: 'erased' | 'expired'): Promise<number> {
  const [{ count }] = await db.query(
    `WITH gone AS (
       DELETE FROM mail_log WHERE ${where}
       RETURNING broadcast_id, status, delivered_at, opened_at, clicked_at, bounced_at, complained_at, unsubscribed_at),
     counted AS (
       SELECT broadcast_id, status FROM gone WHERE broadcast_id IS NOT NULL
       UNION ALL
       SELECT broadcast_id, 'engaged:' || kind FROM gone
       CROSS JOIN LATERAL (VALUES ('delivered', delivered_at), ('opened', opened_at), ('clicked', clicked_at), ('bounced', bounced_at),
         ('complained', complained_at), ('unsubscribed', unsubscribed_at)) AS e(kind, at)
       WHERE broadcast_id IS NOT NULL AND at IS NOT NULL),
     tallied AS (
       INSERT INTO mail_log_tallies (broadcast_id, status, reason, count)
       SELECT broadcast_id, status, $${params.length + 1}::varchar, count(*) FROM counted GROUP BY broadcast_id, status
       ON CONFLICT (broadcast_id, status, reason) DO UPDATE SET count = mail_log_tallies.count + EXCLUDED.count)
     SELECT count(*)::int AS count FROM gone`,
    [...params, reason],
  );
  return count;
}

/**
 * The mail log's part: the emails sent to the person, and the team's copies of what they wrote
 * to us (sent to CONTACT_TO with their address as Reply-To): template, subject, from, to,
 * Reply-To, status, dates and the provider's id; never the bodies, which repeat what the other
 * parts hold and carry links that act for the person. And whether mail to them is suppressed.
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
   * RETENTION_MAIL_BODY_DAYS; its record (to, subject, template, status) after
   * RETENTION_MAIL_LOG_MONTHS. An email still waiting to leave keeps both.
   */
  async expire(now: Date, db: EntityManager): Promise<Record<string, number>> {
    const mailRecords = await inBatches(async (limit) => [
      null,
      await deleteMailRecords(
        db,
        `id IN (SELECT id FROM mail_log WHERE created_at < $1 AND status <> 'pending' ORDER BY created_at LIMIT $2)`,
        [monthsBefore(now, this.config.RETENTION_MAIL_LOG_MONTHS), limit],
        'expired',
      ),
    ]);
    const mailBodies = await inBatches((limit) =>
      db.query(
        `UPDATE mail_log SET html = '', text = '' WHERE id IN (
           SELECT id FROM mail_log WHERE html <> '' AND created_at < $1 AND status <> 'pending' ORDER BY created_at LIMIT $2)`,
        [daysBefore(now, this.config.RETENTION_MAIL_BODY_DAYS), limit],
      ),
    );
    return { mail_bodies: mailBodies, mail_records: mailRecords };
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const emails: { createdAt: Date; updatedAt: Date }[] = await db.query(
      `SELECT template, subject, status, created_at AS "createdAt", updated_at AS "updatedAt", from_address AS "from", to_address AS "to",
         reply_to AS "replyTo", provider_id AS "providerId", error, attempts
       FROM mail_log WHERE to_address_normalized = $1 OR reply_to_normalized = $1 ORDER BY created_at, id`,
      [person.email],
    );
    const [suppression]: { reason: string; created_at: Date }[] = await db.query('SELECT reason, created_at FROM mail_suppressions WHERE address_hash = $1', [
      this.suppressions.addressHash(person.email),
    ]);
    return {
      emails: emails.map((e) => ({ ...e, createdAt: e.createdAt.toISOString(), updatedAt: e.updatedAt.toISOString() })),
      consent:
        suppression?.reason === 'unsubscribed'
          ? { unsubscribedAt: suppression.created_at.toISOString(), suppressed: false, suppressedReason: null }
          : { unsubscribedAt: null, suppressed: Boolean(suppression), suppressedReason: suppression?.reason ?? null },
    };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const records = await deleteMailRecords(db, 'to_address_normalized = $1 OR reply_to_normalized = $1', [person.email], 'erased');
    return { records };
  }
}
