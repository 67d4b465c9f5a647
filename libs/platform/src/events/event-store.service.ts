import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { DomainEvent, EventMetadata, PendingEvent } from './domain-event';
import { EventRow, toDomainEvent, toDomainEventWithPersonalData } from './event-row';
import { EVENTS_WITH_PERSONAL_DATA, splitPersonalData, withPersonalFields } from './personal-data';
import { StreamVersionConflictError } from './errors';
import { OutboxRelay } from './outbox-relay.service';
import { ProjectionRegistry } from './domain-events.registry';

export interface StreamRef {
  streamType: string;
  streamId: string;
}

/** Events for one stream, as part of a write to several. */
export interface StreamWrite {
  stream: StreamRef;
  expectedVersion: ExpectedVersion;
  events: PendingEvent[];
  metadata?: EventMetadata;
}

/** `number`: the version the writer last saw (0 for a new stream); `'any'`: append at the end. */
export type ExpectedVersion = number | 'any';

/** One unit of work: read streams, append events; projections run on the same transaction. */
export class EventTransaction {
  readonly appended: DomainEvent[] = [];

  constructor(
    readonly manager: EntityManager,
    private readonly projections: ProjectionRegistry,
  ) {}

  async streamVersion({ streamType, streamId }: StreamRef): Promise<number> {
    const [row] = await this.manager.query('SELECT coalesce(max(version), 0)::int AS version FROM domain_events WHERE stream_type = $1 AND stream_id = $2', [
      streamType,
      streamId,
    ]);
    return row.version;
  }

  async readStream({ streamType, streamId }: StreamRef): Promise<DomainEvent[]> {
    const rows: EventRow[] = await this.manager.query(`${EVENTS_WITH_PERSONAL_DATA} WHERE e.stream_type = $1 AND e.stream_id = $2 ORDER BY e.version`, [
      streamType,
      streamId,
    ]);
    return rows.map(toDomainEventWithPersonalData);
  }

  /**
   * Appends events to a stream, records them in the outbox and applies their projections.
   * Throws StreamVersionConflictError when someone else appended to the stream first.
   */
  async append(stream: StreamRef, expectedVersion: ExpectedVersion, events: PendingEvent[], metadata: EventMetadata = {}): Promise<DomainEvent[]> {
    return this.appendToStreams([{ stream, expectedVersion, events, metadata }]);
  }

  /**
   * Appends to several streams at once: one statement writes every event and its outbox row,
   * whatever their number (joins that arrive together commit together this way).
   */
  async appendToStreams(writes: StreamWrite[]): Promise<DomainEvent[]> {
    const rows: unknown[][] = [[], [], [], [], [], [], [], [], []];
    const personalOf = new Map<string, Record<string, unknown>>();
    for (const { stream, expectedVersion, events, metadata = {} } of writes) {
      if (expectedVersion === 'any') {
        // Writers that append "at the end" take turns on the stream instead of colliding.
        await this.manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${stream.streamType}/${stream.streamId}`]);
      }
      const base = expectedVersion === 'any' ? await this.streamVersion(stream) : expectedVersion;
      // The caller's address serves this request's rate limits only: the log never keeps it.
      const { ip: _address, ...kept } = metadata;
      const storedMetadata = JSON.stringify(kept);
      events.forEach((event, index) => {
        const id = randomUUID();
        // Personal fields go beside the log (personal_data), where an erasure can delete them.
        const { stored, personal } = splitPersonalData(event.type, event.payload);
        if (personal) personalOf.set(id, personal.fields);
        const values = [
          id,
          stream.streamType,
          stream.streamId,
          base + index + 1,
          event.type,
          JSON.stringify(stored),
          storedMetadata,
          personal?.subject ?? null,
          personal ? JSON.stringify(personal.fields) : null,
        ];
        values.forEach((value, column) => rows[column].push(value));
      });
    }
    if (rows[0].length === 0) return [];
    const inserted: EventRow[] = await this.manager.query(
      `WITH appending AS (
         SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::int[], $5::varchar[], $6::jsonb[], $7::jsonb[], $8::varchar[], $9::jsonb[])
           AS a (id, stream_type, stream_id, version, type, payload, metadata, subject, personal)
       ), appended AS (
         INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
         SELECT id, stream_type, stream_id, version, type, payload, metadata FROM appending
         ON CONFLICT ON CONSTRAINT domain_events_stream_version DO NOTHING
         RETURNING *
       ), outboxed AS (
         INSERT INTO outbox (event_position) SELECT position FROM appended
       ), kept_apart AS (
         INSERT INTO personal_data (event_id, subject, fields)
         SELECT a.id, a.subject, a.personal FROM appending a JOIN appended USING (id) WHERE a.subject IS NOT NULL
       )
       SELECT * FROM appended ORDER BY position`,
      rows,
    );
    if (inserted.length < rows[0].length) {
      const stored = new Set(inserted.map((r) => r.id));
      const column = rows[0].findIndex((id) => !stored.has(id as string));
      throw new StreamVersionConflictError(rows[1][column] as string, rows[2][column] as string, (rows[3][column] as number) - 1);
    }
    // In this transaction (projections, the caller) the events are whole; the log keeps them apart.
    const stored = inserted.map((row) => withPersonalFields(toDomainEvent(row), personalOf.get(row.id)));
    await applyProjections(this.projections, stored, this.manager);
    this.appended.push(...stored);
    return stored;
  }
}

/** Applies events to every projection in log order, handing each run of one event type over at once. */
export async function applyProjections(projections: ProjectionRegistry, events: DomainEvent[], manager: EntityManager): Promise<void> {
  for (let start = 0; start < events.length;) {
    let end = start + 1;
    while (end < events.length && events[end].type === events[start].type) end++;
    const run = events.slice(start, end);
    for (const { handler } of projections.handlersFor(run[0].type)) await handler(run, manager);
    start = end;
  }
}

@Injectable()
export class EventStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: ProjectionRegistry,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Runs `work` in one database transaction. With `retries`, a version conflict re-runs the
   * whole unit (for writers that decide from what they read, e.g. `'any'` appends).
   */
  async transaction<T>(work: (tx: EventTransaction) => Promise<T>, options: { retries?: number } = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let tx: EventTransaction | undefined;
      try {
        const result = await this.dataSource.transaction(async (manager) => {
          tx = new EventTransaction(manager, this.projections);
          return work(tx);
        });
        if (tx!.appended.length > 0) this.relay.notify();
        return result;
      } catch (error) {
        if (error instanceof StreamVersionConflictError && attempt < (options.retries ?? 0)) continue;
        throw error;
      }
    }
  }

  /** Appends events to one stream in their own transaction. */
  append(stream: StreamRef, expectedVersion: ExpectedVersion, events: PendingEvent[], metadata: EventMetadata = {}): Promise<DomainEvent[]> {
    return this.transaction((tx) => tx.append(stream, expectedVersion, events, metadata));
  }

  /**
   * Appends inside a transaction someone else owns (a consumer's), so the events commit or
   * roll back with that work. The poller relays them after the commit.
   */
  within(manager: EntityManager): EventTransaction {
    return new EventTransaction(manager, this.projections);
  }

  async readStream(stream: StreamRef): Promise<DomainEvent[]> {
    return new EventTransaction(this.dataSource.manager, this.projections).readStream(stream);
  }
}
