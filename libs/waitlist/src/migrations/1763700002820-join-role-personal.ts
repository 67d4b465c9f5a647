import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The role a person typed when they joined (free text: whatever they chose to say) is personal data: WaitlistJoined
 * declares it, so new events keep it in `personal_data` beside the log, never in `domain_events`.
 * The events stored before move it there, as PersonalData1763700002100 moved their other fields:
 * the one rewrite of old rows the append-only rule allows. An event whose person was erased (no
 * `personal_data` row) just loses it. The export still shows it (the waitlist entry's `role`).
 */
export class JoinRolePersonal1763700002820 implements MigrationInterface {
  name = 'JoinRolePersonal1763700002820';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_events DISABLE TRIGGER domain_events_no_update`);
    await q.query(
      `UPDATE personal_data p SET fields = p.fields || jsonb_build_object('role', e.payload->'role')
       FROM domain_events e WHERE e.id = p.event_id AND e.type = 'waitlist.joined' AND e.payload ? 'role'`,
    );
    await q.query(`UPDATE domain_events SET payload = payload - 'role' WHERE type = 'waitlist.joined' AND payload ? 'role'`);
    await q.query(`ALTER TABLE domain_events ENABLE TRIGGER domain_events_no_update`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_events DISABLE TRIGGER domain_events_no_update`);
    await q.query(
      `UPDATE domain_events e SET payload = e.payload || jsonb_build_object('role', p.fields->'role')
       FROM personal_data p WHERE p.event_id = e.id AND e.type = 'waitlist.joined' AND p.fields ? 'role'`,
    );
    await q.query(`ALTER TABLE domain_events ENABLE TRIGGER domain_events_no_update`);
    await q.query(`UPDATE personal_data p SET fields = p.fields - 'role' FROM domain_events e WHERE e.id = p.event_id AND e.type = 'waitlist.joined'`);
  }
}
