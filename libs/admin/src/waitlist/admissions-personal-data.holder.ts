import { Injectable } from '@nestjs/common';
import { DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from '@swishly/platform';
import { WaitlistMembersService } from '@swishly/waitlist';
import { EntityManager } from 'typeorm';
import { MemberInvited } from './admissions.events';

/**
 * The admissions' part. What an admission holds about a member is elsewhere: the date on their
 * waitlist entry, the code among their early-access codes. The invite itself is an event of the
 * admission, which it shares with everyone admitted with them: named here, for the export's
 * history. It holds no personal field, so an erasure leaves it naming an entry that is gone.
 */
@Injectable()
export class AdmissionsPersonalData implements PersonalDataHolder {
  constructor(
    registry: PersonalDataRegistry,
    private readonly members: WaitlistMembersService,
  ) {
    registry.register(this);
  }

  async linkedEvents(person: DataSubject, db: EntityManager): Promise<string[]> {
    const entryIds = await this.members.entryIdsOf(person.email, db);
    if (entryIds.length === 0) return [];
    const rows: { id: string }[] = await db.query(`SELECT e.id FROM domain_events e WHERE e.type = $1 AND e.payload->>'entryId' = ANY($2::text[])`, [
      MemberInvited.type,
      entryIds,
    ]);
    return rows.map((row) => row.id);
  }

  async collect(): Promise<Record<string, unknown>> {
    return {};
  }

  async erase(): Promise<ErasedRecords> {
    return { records: 0 };
  }
}
