import { Injectable } from '@nestjs/common';
import { DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { ShotRecordsRepository } from './shot-records.repository';

/**
 * The shot records' part: the shots the person claimed (with their analysis). An erasure
 * clears the claim (name, address, the access code and waitlist entry it led to): the analysis
 * stays, as an anonymous shot under its code, like one nobody claimed.
 */
@Injectable()
export class ShotPersonalData implements PersonalDataHolder {
  constructor(registry: PersonalDataRegistry) {
    registry.register(this);
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
        accessCode: s.accessCode,
        recordedAt: s.createdAt.toISOString(),
      })),
    };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const [, records] = await db.query(
      `UPDATE shot_records SET first_name = NULL, email = NULL, email_normalized = NULL, access_code = NULL, waitlist_entry_id = NULL
       WHERE email_normalized = $1`,
      [person.email],
    );
    return { records };
  }
}
