import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A claimed shot is its claimer's: `claim_id` is the claim their claim token signs. Shots
 * claimed before it existed take the id of their latest `shot.claimed` event (as the projection
 * does for such events). A shot's analysis and measurements become personal data filed under
 * the shot (`shot:<record id>`), linked to its claimer, so an erasure takes them too: the fields
 * of the events stored before move to `personal_data`, as migration 1763700002100 did for others.
 */
const MOVED: { type: string; fields: string[] }[] = [
  { type: 'shot.recorded', fields: ['shotData', 'metrics'] },
  { type: 'shot.feedback-generated', fields: ['shotData'] },
];

export class ShotClaims1763700002850 implements MigrationInterface {
  name = 'ShotClaims1763700002850';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shot_records ADD COLUMN claim_id uuid`);
    await q.query(`
      UPDATE shot_records s SET claim_id = latest.id
      FROM (SELECT DISTINCT ON (stream_id) stream_id, id FROM domain_events
            WHERE stream_type = 'shot-record' AND type = 'shot.claimed' ORDER BY stream_id, version DESC) latest
      WHERE latest.stream_id = s.id::text AND s.email IS NOT NULL`);
    await q.query(`ALTER TABLE domain_events DISABLE TRIGGER domain_events_no_update`);
    for (const { type, fields } of MOVED) {
      const picked = fields.map((f) => `'${f}', payload->'${f}'`).join(', ');
      await q.query(
        `INSERT INTO personal_data (event_id, subject, fields)
         SELECT id, 'shot:' || (payload->>'recordId'), jsonb_build_object(${picked}) FROM domain_events WHERE type = $1
         ON CONFLICT (event_id) DO NOTHING`,
        [type],
      );
      await q.query(`UPDATE domain_events SET payload = payload - $2::text[] WHERE type = $1`, [type, fields]);
    }
    await q.query(`ALTER TABLE domain_events ENABLE TRIGGER domain_events_no_update`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_events DISABLE TRIGGER domain_events_no_update`);
    await q.query(
      `UPDATE domain_events e SET payload = e.payload || p.fields FROM personal_data p
       WHERE p.event_id = e.id AND e.type IN ('shot.recorded', 'shot.feedback-generated')`,
    );
    await q.query(`ALTER TABLE domain_events ENABLE TRIGGER domain_events_no_update`);
    await q.query(`DELETE FROM personal_data WHERE subject LIKE 'shot:%'`);
    await q.query(`ALTER TABLE shot_records DROP COLUMN claim_id`);
  }
}
