import { MigrationInterface, QueryRunner } from 'typeorm';

/** API keys for other systems (a projection of their streams): the SHA-256 of each key, never the key. */
export class ApiKeys1763700003300 implements MigrationInterface {
  name = 'ApiKeys1763700003300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id            uuid PRIMARY KEY,
        name          varchar(100) NOT NULL,
        scopes        text[] NOT NULL,
        prefix        varchar(32) NOT NULL,
        key_hash      char(64) NOT NULL UNIQUE,
        created_by    uuid,
        created_at    timestamptz NOT NULL,
        last_used_at  timestamptz,
        revoked_at    timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_keys`);
  }
}
