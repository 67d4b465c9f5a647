import { MigrationInterface, QueryRunner } from 'typeorm';

export class EventStore1763700000000 implements MigrationInterface {
  name = 'EventStore1763700000000';

  async up(q: QueryRunner): Promise<void> {
    // The append-only log: the source of truth. `position` orders every event globally.
    await q.query(`
      CREATE TABLE domain_events (
        position     bigserial PRIMARY KEY,
        id           uuid NOT NULL UNIQUE,
        stream_type  varchar(64) NOT NULL,
        stream_id    varchar(128) NOT NULL,
        version      integer NOT NULL CHECK (version > 0),
        type         varchar(128) NOT NULL,
        payload      jsonb NOT NULL,
        metadata     jsonb NOT NULL DEFAULT '{}',
        occurred_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT domain_events_stream_version UNIQUE (stream_type, stream_id, version)
      )`);
    await q.query(`CREATE INDEX domain_events_type ON domain_events (type)`);
    await q.query(`
      CREATE FUNCTION domain_events_append_only() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'domain_events is append-only'; END $$ LANGUAGE plpgsql`);
    await q.query(`
      CREATE TRIGGER domain_events_no_update BEFORE UPDATE OR DELETE ON domain_events
      FOR EACH ROW EXECUTE FUNCTION domain_events_append_only()`);

    // The transactional outbox: one row per event, written in the same transaction.
    await q.query(`
      CREATE TABLE outbox (
        event_position bigint PRIMARY KEY REFERENCES domain_events(position),
        created_at     timestamptz NOT NULL DEFAULT now(),
        dispatched_at  timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_pending ON outbox (event_position) WHERE dispatched_at IS NULL`);

    // Consumers record what they handled, in the same transaction as their own writes.
    await q.query(`
      CREATE TABLE processed_events (
        consumer     varchar(128) NOT NULL,
        event_id     uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE processed_events`);
    await q.query(`DROP TABLE outbox`);
    await q.query(`DROP TABLE domain_events`);
    await q.query(`DROP FUNCTION domain_events_append_only`);
  }
}
