import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from './personal-data.registry';

/** One event of the person's history, as the export gives it. */
export interface HistoryItem {
  /** What happened: the event's type ('waitlist.joined', 'privacy.request-made'...). */
  type: string;
  at: string;
  /** The record it happened to: its kind and id (their waitlist entry, a contact message, a shot...). */
  record: { type: string; id: string };
  /** The event as recorded, with the person's own fields put back. */
  details: Record<string, unknown>;
}

/**
 * The event log's part: everything that happened to the person's records, in order. The
 * modules' parts give the records as they stand; this gives what the log holds besides (where a
 * sign-up came from, each referral credit, each request and when). It finds the events whose
 * personal fields are filed under the person's subjects, every other event of the records those
 * belong to (their entry, their requests, the shots they claimed...), and the events the holders
 * link to them (linkedEvents). Personal fields filed under someone else stay out.
 *
 * An erasure has nothing to do here: the personal fields go with the person's subjects
 * (erasePersonalData), and what stays of the log names nobody.
 */
@Injectable()
export class PersonalHistory implements PersonalDataHolder {
  constructor(private readonly registry: PersonalDataRegistry) {
    registry.register(this);
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const linked: string[] = [];
    for (const holder of this.registry.all()) linked.push(...((await holder.linkedEvents?.(person, db)) ?? [])); // one connection: one at a time
    const rows: { type: string; stream_type: string; stream_id: string; payload: unknown; occurred_at: Date; fields: Record<string, unknown> | null }[] =
      await db.query(
        // Each step by an index: personal_data by subject, the records by (stream_type, stream_id), the linked events by id.
        `WITH mine AS (SELECT event_id, fields FROM personal_data WHERE subject = ANY($1::varchar[])),
            records AS (SELECT DISTINCT e.stream_type, e.stream_id FROM mine JOIN domain_events e ON e.id = mine.event_id),
            found AS (SELECT e.position FROM records r JOIN domain_events e ON e.stream_type = r.stream_type AND e.stream_id = r.stream_id
                      UNION SELECT position FROM domain_events WHERE id = ANY($2::uuid[]))
       SELECT e.type, e.stream_type, e.stream_id, e.payload, e.occurred_at, mine.fields
       FROM found JOIN domain_events e ON e.position = found.position LEFT JOIN mine ON mine.event_id = e.id
       ORDER BY e.position`,
        [person.subjects, linked],
      );
    const history: HistoryItem[] = rows.map((row) => ({
      type: row.type,
      at: row.occurred_at.toISOString(),
      record: { type: row.stream_type, id: row.stream_id },
      details: { ...(row.payload as Record<string, unknown>), ...(row.fields ?? {}) },
    }));
    return { history };
  }

  async erase(): Promise<ErasedRecords> {
    return { records: 0 };
  }
}
