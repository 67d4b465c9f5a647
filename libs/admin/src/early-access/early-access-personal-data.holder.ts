import { Injectable } from '@nestjs/common';
import { DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from '@swishly/platform';
import { EntityManager } from 'typeorm';

/** Early access's part: the codes made out to the person. An erasure deletes them (an unused one can no longer be redeemed). */
@Injectable()
export class EarlyAccessPersonalData implements PersonalDataHolder {
  constructor(registry: PersonalDataRegistry) {
    registry.register(this);
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const codes: { code: string; firstName: string; email: string; isUsed: boolean; createdAt: Date; usedAt: Date | null }[] = await db.query(
      `SELECT code, first_name AS "firstName", email, is_used AS "isUsed", created_at AS "createdAt", used_at AS "usedAt"
       FROM early_access_codes WHERE email_normalized = $1 ORDER BY created_at`,
      [person.email],
    );
    return { earlyAccessCodes: codes.map((c) => ({ ...c, createdAt: c.createdAt.toISOString(), usedAt: c.usedAt?.toISOString() ?? null })) };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const [, records] = await db.query('DELETE FROM early_access_codes WHERE email_normalized = $1', [person.email]);
    return { records };
  }
}
