import { DomainEvent, EventMetadata } from './domain-event';

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
}

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
