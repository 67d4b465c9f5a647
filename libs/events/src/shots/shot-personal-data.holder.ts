import { Injectable } from '@nestjs/common';
import { DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { shotSubject } from './shot-records.events';
import { ShotRecordsRepository } from './shot-records.repository';

/**
 * The shot records' part: the shots the person claimed, with their analysis. A claimed shot is
 * its claimer's, analysis and measurements included (filed under the shot's subject, linked
 * here), so an erasure removes the whole shot: its events' fields leave `personal_data` and its
 * row the read model, and a replay leaves it out.
 */
@Injectable()
export class ShotPersonalData implements PersonalDataHolder {
  constructor(registry: PersonalDataRegistry) {
    registry.register(this);
  }

  async linkedSubjects(email: string, db: EntityManager): Promise<string[]> {
    return (await ShotRecordsRepository.claimedBy(email, db)).map((shot) => shotSubject(shot.id));
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const shots = await ShotRecordsRepository.claimedBy(person.email, db);
    return {
      shots: shots.map((s) => ({
        kind: s.kind,
        code: s.code,
        firstName: s.firstName,
        email: s.email,
        metrics: s.metrics,
        feedback: s.shotData,
        feedbackGenerator: s.feedbackGenerator,
        accessCode: s.accessCode,
        waitlistEntryId: s.waitlistEntryId,
        recordedAt: s.createdAt.toISOString(),
        updatedAt: s.updatedAt.toISOString(),
      })),
    };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const [, records] = await db.query(`DELETE FROM shot_records WHERE email_normalized = $1`, [person.email]);
    return { records };
  }
}
