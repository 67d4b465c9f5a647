import { Injectable } from '@nestjs/common';
import { DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from '@swishly/platform';
import { EntityManager } from 'typeorm';

/**
 * The referral milestones' part: the milestones the person reached and when, filed under their
 * address's subject. Kept as long as their waitlist entry (until they ask us to delete it); an
 * erasure deletes them, and their award events, whose address went with the erasure, rebuild
 * nothing on a replay. Their early-access codes and emails are the early-access holder's and the
 * mail log's.
 */
@Injectable()
export class ReferralMilestonesPersonalData implements PersonalDataHolder {
  constructor(registry: PersonalDataRegistry) {
    registry.register(this);
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const rows: { entry_id: string; referrals: number; reward: string; subject: string; awarded_at: Date }[] = await db.query(
      `SELECT entry_id, referrals, reward, subject, awarded_at FROM referral_milestone_awards WHERE subject = ANY($1::varchar[]) ORDER BY awarded_at, referrals`,
      [person.subjects],
    );
    return {
      referralMilestones: rows.map((row) => ({
        entryId: row.entry_id,
        referrals: row.referrals,
        reward: row.reward,
        subject: row.subject,
        reachedAt: row.awarded_at.toISOString(),
      })),
    };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const [, records]: [unknown, number] = await db.query('DELETE FROM referral_milestone_awards WHERE subject = ANY($1::varchar[])', [person.subjects]);
    return { records };
  }
}
