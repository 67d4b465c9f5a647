import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Referral milestones: what staff reward at each number of credited referrals (a projection of
 * their list), and who has received which (a projection of the awards, one per member and
 * milestone: the unique pair is what makes an award, its code and its email happen once).
 */
export class ReferralMilestones1763700003700 implements MigrationInterface {
  name = 'ReferralMilestones1763700003700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE referral_milestones (
        referrals int PRIMARY KEY,
        reward varchar(16) NOT NULL,
        subject varchar(200) NOT NULL,
        html text NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE referral_milestone_awards (
        entry_id uuid NOT NULL,
        referrals int NOT NULL,
        reward varchar(16) NOT NULL,
        subject varchar(300) NOT NULL,
        awarded_at timestamptz NOT NULL,
        PRIMARY KEY (entry_id, referrals)
      )`);
    await q.query(`CREATE INDEX referral_milestone_awards_subject ON referral_milestone_awards (subject)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE referral_milestone_awards`);
    await q.query(`DROP TABLE referral_milestones`);
  }
}
