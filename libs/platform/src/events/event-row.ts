import { DomainEvent, EventMetadata } from './domain-event';
import { withPersonalFields } from './personal-data';

export interface EventRow {
  position: string;
  id: string;
  stream_type: string;
  stream_id: string;
  version: number;
  type: string;
  payload: unknown;
  metadata: EventMetadata;
  occurred_at: Date;
  /** The event's personal fields, when read with EVENTS_WITH_PERSONAL_DATA (null: erased). */
  personal?: Record<string, unknown> | null;
}

/** The event as the log keeps it: without its personal fields (what the outbox puts in a job). */
export function toDomainEvent(row: EventRow): DomainEvent {
  return {
    id: row.id,
    position: String(row.position),
    streamType: row.stream_type,
    streamId: row.stream_id,
    version: row.version,
    type: row.type,
    payload: row.payload,
    metadata: row.metadata,
    occurredAt: new Date(row.occurred_at).toISOString(),
  };
}

/** The event with its personal fields, from a row read with EVENTS_WITH_PERSONAL_DATA. */
export function toDomainEventWithPersonalData(row: EventRow): DomainEvent {
  return withPersonalFields(toDomainEvent(row), row.personal);
}
