import { MigrationInterface, QueryRunner } from 'typeorm';

// Split out of a migration that several modules shared; idempotent, so a database that ran
// the shared one (FoundationReadModels1763700000100, MailLogAndReferrals1763700000200 or
// Admin1763700000300, kept in its migrations table) is left as it is.
/** The mail log: every email the system wrote (also the mail outbox, see ReliableDelivery). */
export class MailLog1763700000201 implements MigrationInterface {
  name = 'MailLog1763700000201';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS mail_log (
        id           bigserial PRIMARY KEY,
        event_id     uuid NOT NULL,
        template     varchar(64) NOT NULL,
        to_address   varchar(254) NOT NULL,
        from_address varchar(254) NOT NULL,
        subject      varchar(300) NOT NULL,
        html         text NOT NULL,
        text         text NOT NULL,
        status       varchar(16) NOT NULL CHECK (status IN ('logged', 'sent', 'failed')),
        provider_id  varchar(128),
        error        text,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT mail_log_event_template UNIQUE (event_id, template)
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS mail_log_created_at ON mail_log (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_log`);
  }
}
