import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outgoing webhooks: the endpoints (a projection) and the log of their deliveries (written by
 * the worker: one row per endpoint and event, whose id is the `webhook-id` of every attempt).
 */
export class Webhooks1763700003200 implements MigrationInterface {
  name = 'Webhooks1763700003200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY,
        url varchar(2048) NOT NULL,
        description varchar(200),
        events text[] NOT NULL,
        secret_generation int NOT NULL DEFAULT 1,
        secret_rotated_at timestamptz,
        status varchar(16) NOT NULL DEFAULT 'active',
        paused_reason varchar(16),
        paused_at timestamptz,
        created_by uuid,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id varchar(40) PRIMARY KEY,
        endpoint_id uuid NOT NULL,
        event_id uuid NOT NULL,
        event_type varchar(40) NOT NULL,
        subject varchar(100),
        payload jsonb NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending',
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        first_failed_at timestamptz,
        last_attempt_at timestamptz,
        response_status int,
        last_error varchar(300),
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_once UNIQUE (endpoint_id, event_id)
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending')`);
    await q.query(`CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_subject ON webhook_deliveries (subject) WHERE subject IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
  }
}
