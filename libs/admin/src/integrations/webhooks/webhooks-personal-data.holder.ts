import { Inject, Injectable } from '@nestjs/common';
import { daysBefore, DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry, RetentionRule, SettingsOf } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { AdminSettings } from '../../admin.settings';

/**
 * The webhooks' part: the deliveries that named the person (a join carries their address and
 * first name), filed under their address's subject. An erasure keeps only the member's id in
 * each, and cancels those not sent yet: the receiver hears `member.erased` instead. The delivery
 * log itself is kept WEBHOOK_DELIVERY_RETENTION_DAYS, deliveries still waiting (a paused endpoint's)
 * included: what has not gone out in that time is not sent.
 */
@Injectable()
export class WebhooksPersonalData implements PersonalDataHolder, RetentionRule {
  constructor(
    registry: PersonalDataRegistry,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {
    registry.register(this);
    registry.registerRetention(this);
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const rows: { id: string; event_type: string; status: string; payload: unknown; created_at: Date }[] = await db.query(
      `SELECT id, event_type, status, payload, created_at FROM webhook_deliveries WHERE subject = ANY($1::varchar[]) ORDER BY created_at`,
      [person.subjects],
    );
    return {
      webhookDeliveries: rows.map((row) => ({
        id: row.id,
        type: row.event_type,
        status: row.status,
        payload: row.payload,
        createdAt: row.created_at.toISOString(),
      })),
    };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const [, records]: [unknown, number] = await db.query(
      `UPDATE webhook_deliveries SET subject = NULL,
         payload = jsonb_set(payload, '{data}', jsonb_build_object('id', payload->'data'->'id')),
         status = CASE WHEN status IN ('pending', 'sending') THEN 'cancelled' ELSE status END,
         last_error = CASE WHEN status IN ('pending', 'sending') THEN 'Not sent: the person was erased' ELSE last_error END
       WHERE subject = ANY($1::varchar[])`,
      [person.subjects],
    );
    return { records };
  }

  async expire(now: Date, db: EntityManager): Promise<Record<string, number>> {
    const [, deleted]: [unknown, number] = await db.query(`DELETE FROM webhook_deliveries WHERE created_at < $1 AND status <> 'sending'`, [
      daysBefore(now, this.settings.WEBHOOK_DELIVERY_RETENTION_DAYS),
    ]);
    return { webhook_deliveries: deleted };
  }
}
