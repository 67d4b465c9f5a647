import { EntityManager } from 'typeorm';
import { normaliseEmail } from '../mail/email-address';
import { DomainEvent } from './domain-event';

/**
 * Forgettable payloads (README, "Personal data"). An event type that carries personal fields
 * declares them: those fields never reach `domain_events`, the outbox or a job in Redis. They
 * are kept beside the log in `personal_data`, one row per event, under a subject id (whose data
 * it is); erasing a person deletes their subjects' rows. Reading an event puts the fields back,
 * or, when they were erased, sets them to null and marks the event `personalDataErased`: the
 * projections derive nothing from such an event, so a replay rebuilds everyone else exactly and
 * the erased person nowhere.
 */
export interface PersonalDataRule<TPayload> {
  /** The payload's personal fields. */
  fields: readonly (keyof TPayload & string)[];
  /** Whose data it is: `emailSubject(payload.email)` for a person, or another stable id (a conversation). */
  subject: (payload: TPayload) => string;
}

/** The subject id of everything filed under an email address (normalised, so case never splits a person). */
export function emailSubject(email: string): string {
  return `email:${normaliseEmail(email)}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased: one map holds rules of every payload
const rules = new Map<string, PersonalDataRule<any>>();

/** Called by defineEvent for an event type declared with personal fields. */
export function declarePersonalData<TPayload>(type: string, rule: PersonalDataRule<TPayload>): void {
  rules.set(type, rule);
}

export function personalDataRuleOf(type: string): PersonalDataRule<Record<string, unknown>> | undefined {
  return rules.get(type);
}

/** The event types that carry personal fields, with their fields (for the README and tests). */
export function personalEventTypes(): { type: string; fields: readonly string[] }[] {
  return [...rules].map(([type, rule]) => ({ type, fields: rule.fields }));
}

/** An event's payload split into what the log keeps and the personal fields kept beside it (null: none). */
export function splitPersonalData(type: string, payload: unknown): { stored: unknown; personal: { subject: string; fields: Record<string, unknown> } | null } {
  const rule = personalDataRuleOf(type);
  if (!rule) return { stored: payload, personal: null };
  const given = payload as Record<string, unknown>;
  const fields = Object.fromEntries(rule.fields.map((field) => [field, given[field] ?? null]));
  return { stored: withoutPersonalFields(type, payload), personal: { subject: rule.subject(given), fields } };
}

/** The payload without its personal fields (whether or not it still had them). */
export function withoutPersonalFields(type: string, payload: unknown): unknown {
  const rule = personalDataRuleOf(type);
  if (!rule || !payload || typeof payload !== 'object') return payload;
  const stored = { ...(payload as Record<string, unknown>) };
  for (const field of rule.fields) delete stored[field];
  return stored;
}

/** The event with its personal fields: from `personal` (its personal_data row), or null and marked erased. */
export function withPersonalFields(event: DomainEvent, personal: Record<string, unknown> | null | undefined): DomainEvent {
  const rule = personalDataRuleOf(event.type);
  if (!rule) return event;
  if (personal) return { ...event, payload: { ...(event.payload as object), ...personal } };
  const blanks = Object.fromEntries(rule.fields.map((field) => [field, null]));
  return { ...event, payload: { ...(event.payload as object), ...blanks }, personalDataErased: true };
}

/**
 * Puts back the personal fields of events read without them (a consumer's job carries the
 * log's form, never the fields): one query for all of them. The rows stay share-locked until
 * the job's transaction ends, so an erasure waits for a job that is writing to the person (its
 * emails land in the mail log before the erasure clears it), and a job that starts during an
 * erasure finds the fields gone.
 */
export async function loadPersonalData(db: EntityManager, events: DomainEvent[]): Promise<DomainEvent[]> {
  const ids = events.filter((e) => personalDataRuleOf(e.type)).map((e) => e.id);
  if (ids.length === 0) return events;
  const rows: { event_id: string; fields: Record<string, unknown> }[] = await db.query(
    'SELECT event_id, fields FROM personal_data WHERE event_id = ANY($1::uuid[]) FOR KEY SHARE',
    [ids],
  );
  const byEvent = new Map(rows.map((r) => [r.event_id, r.fields]));
  return events.map((event) => withPersonalFields(event, byEvent.get(event.id)));
}

/** Deletes the personal fields filed under these subjects; returns how many events lost theirs. */
export async function erasePersonalData(db: EntityManager, subjects: string[]): Promise<number> {
  if (subjects.length === 0) return 0;
  const [, count] = await db.query('DELETE FROM personal_data WHERE subject = ANY($1::varchar[])', [subjects]);
  return count;
}

/** The SQL that reads events with their personal fields (`personal` is null where none or erased). */
export const EVENTS_WITH_PERSONAL_DATA = `SELECT e.*, p.fields AS personal FROM domain_events e LEFT JOIN personal_data p ON p.event_id = e.id`;

/** Whether anything is filed under this subject, besides the events named (a request about the subject itself). */
export async function holdsPersonalData(db: EntityManager, subject: string, exceptEvents: string[] = []): Promise<boolean> {
  const [row] = await db.query('SELECT EXISTS (SELECT 1 FROM personal_data WHERE subject = $1 AND NOT (event_id = ANY($2::uuid[]))) AS held', [
    subject,
    exceptEvents,
  ]);
  return row.held;
}

/** Deletes the personal fields of every event of these streams (a retention period ended); returns how many. */
export async function erasePersonalDataOfStreams(db: EntityManager, streamType: string, streamIds: string[]): Promise<number> {
  if (streamIds.length === 0) return 0;
  const [, count] = await db.query(
    `DELETE FROM personal_data p USING domain_events e
     WHERE p.event_id = e.id AND e.stream_type = $1 AND e.stream_id = ANY($2::varchar[])`,
    [streamType, streamIds],
  );
  return count;
}
