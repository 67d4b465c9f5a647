import { Injectable, Logger } from '@nestjs/common';
import { DataSubject, emailSubject, erasePersonalData, EventMetadata, EventStore, HistoryItem, normaliseEmail, PersonalDataRegistry } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { PersonalDataExported, PersonErased, PRIVACY_REQUEST_STREAM } from './privacy.events';

/**
 * A copy of everything we hold about a person, under the keys other systems read (subject,
 * waitlist, contactMessages, shots, chatMessages, earlyAccessCodes, emails, consent), and those
 * added since (privacyRequests, history).
 */
export interface PersonalDataExport {
  subject: { email: string; exportedAt: string };
  waitlist: unknown;
  contactMessages: unknown[];
  shots: unknown[];
  chatMessages: unknown[];
  earlyAccessCodes: unknown[];
  emails: unknown[];
  consent: { marketing: boolean; unsubscribedAt: string | null; suppressed: boolean; suppressedReason: string | null };
  /** Their requests on /privacy-request: kind, when, carried out or not. */
  privacyRequests: unknown[];
  /** Everything that happened to their records, in order, as the event log holds it (PersonalHistory). */
  history: HistoryItem[];
}

/**
 * The export's file name: whose and which day (`personal-data-ann-at-example.com-2026-11-27.json`),
 * so that staff answering several people, or a person asking twice, tell the files apart.
 */
export function exportFileName(copy: Pick<PersonalDataExport, 'subject'>): string {
  const whose = copy.subject.email
    .toLowerCase()
    .replace('@', '-at-')
    .replace(/[^a-z0-9._-]+/g, '-');
  return `personal-data-${whose}-${copy.subject.exportedAt.slice(0, 10)}.json`;
}

/** The suppression list at a glance: how many addresses per reason, and the latest (keyed hashes only: nobody can read who). */
export interface SuppressionList {
  counts: { bounced: number; complained: number; unsubscribed: number };
  recent: { addressHash: string; reason: 'bounced' | 'complained' | 'unsubscribed'; createdAt: string }[];
}

/** One privacy action, for the audit list: what, when and by whom; never whose. */
export interface PrivacyActivity {
  requestId: string;
  kind: 'erasure' | 'export';
  at: string;
  /** 'staff' (then `staffEmail`), or 'person' (a self-service request). */
  by: 'staff' | 'person';
  staffEmail: string | null;
  records: number | null;
}

export interface ErasureResult {
  requestId: string;
  /** Rows removed from the read models and the mail log. */
  records: number;
  /** Events whose personal fields were deleted from beside the log. */
  personalFields: number;
}

/**
 * Exports and erasures (GDPR Art. 15, 17, 20). Each module says what it holds about a person
 * (its PersonalDataHolder); this service asks them all, in one transaction. An erasure deletes
 * the person's rows from every read model and the mail log and the personal fields of their
 * events (personal_data), so that a replay rebuilds everyone else and them nowhere; what stays
 * is an audit event with a random id and the suppression list's keyed hash.
 */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly holders: PersonalDataRegistry,
  ) {}

  async export(email: string, meta: EventMetadata): Promise<PersonalDataExport> {
    const copy = await this.dataSource.transaction('REPEATABLE READ', async (db) => {
      const person = await this.subjectOf(email, db);
      const parts: Record<string, unknown>[] = [];
      for (const holder of this.holders.all()) parts.push(await holder.collect(person, db)); // one connection: one at a time
      return assemble(person, parts);
    });
    const requestId = randomUUID();
    await this.events.append({ streamType: PRIVACY_REQUEST_STREAM, streamId: requestId }, 0, [PersonalDataExported({ requestId })], meta);
    return copy;
  }

  async erase(email: string, meta: EventMetadata): Promise<ErasureResult> {
    const requestId = randomUUID();
    const afterCommit: (() => Promise<void>)[] = [];
    const result = await this.events.transaction(async (tx) => {
      const person = await this.subjectOf(email, tx.manager);
      // The personal fields first: this waits for any job still writing to the person (it holds
      // them share-locked), and a job that starts now finds them gone. Then the modules' rows
      // (which such a job may also hold), and the mail log last, with whatever those jobs wrote.
      const personalFields = await erasePersonalData(tx.manager, person.subjects);
      let records = 0;
      const holders = [...this.holders.all()].sort((a, b) => Number(a.erasedLast ?? false) - Number(b.erasedLast ?? false));
      // One at a time: the holders share the transaction's one connection.
      for (const holder of holders) {
        const erased = await holder.erase(person, tx.manager);
        records += erased.records;
        if (erased.afterCommit) afterCommit.push(erased.afterCommit);
      }
      await tx.append({ streamType: PRIVACY_REQUEST_STREAM, streamId: requestId }, 0, [PersonErased({ requestId, records, personalFields })], meta);
      return { requestId, records, personalFields };
    });
    for (const work of afterCommit) await work();
    this.logger.log({ requestId, records: result.records, personalFields: result.personalFields }, 'Person erased');
    return result;
  }

  async suppressions(): Promise<SuppressionList> {
    const counts: { reason: keyof SuppressionList['counts']; count: number }[] = await this.dataSource.query(
      'SELECT reason, count(*)::int AS count FROM mail_suppressions GROUP BY reason',
    );
    const recent: { hash: string; reason: SuppressionList['recent'][number]['reason']; created_at: Date }[] = await this.dataSource.query(
      'SELECT address_hash AS hash, reason, created_at FROM mail_suppressions ORDER BY created_at DESC LIMIT 50',
    );
    return {
      counts: { bounced: 0, complained: 0, unsubscribed: 0, ...Object.fromEntries(counts.map((c) => [c.reason, c.count])) },
      recent: recent.map((r) => ({ addressHash: r.hash.slice(0, 12), reason: r.reason, createdAt: r.created_at.toISOString() })),
    };
  }

  async activity(limit = 50): Promise<PrivacyActivity[]> {
    const rows: { type: string; payload: { requestId: string; records?: number }; actor_type: string | null; occurred_at: Date; staff_email: string | null }[] =
      await this.dataSource.query(
        `SELECT e.type, e.payload, e.metadata->>'actorType' AS actor_type, e.occurred_at, u.email AS staff_email
         FROM domain_events e
         LEFT JOIN admin_users u ON e.metadata->>'actorType' = 'admin' AND u.id::text = e.metadata->>'actorId'
         WHERE e.type = ANY($1::varchar[]) ORDER BY e.position DESC LIMIT $2`,
        [[PersonErased.type, PersonalDataExported.type], limit],
      );
    return rows.map((r) => ({
      requestId: r.payload.requestId,
      kind: r.type === PersonErased.type ? 'erasure' : 'export',
      at: r.occurred_at.toISOString(),
      by: r.actor_type === 'admin' ? 'staff' : 'person',
      staffEmail: r.actor_type === 'admin' ? r.staff_email : null,
      records: r.payload.records ?? null,
    }));
  }

  /** The person behind an address: the address's subject and those the modules link to it. */
  private async subjectOf(email: string, db: EntityManager): Promise<DataSubject> {
    const normalised = normaliseEmail(email);
    const subjects = [emailSubject(normalised)];
    for (const holder of this.holders.all()) subjects.push(...((await holder.linkedSubjects?.(normalised, db)) ?? []));
    return { email: normalised, subjects };
  }
}

function assemble(person: DataSubject, parts: Record<string, unknown>[]): PersonalDataExport {
  const copy: PersonalDataExport = {
    subject: { email: person.email, exportedAt: new Date().toISOString() },
    waitlist: null,
    contactMessages: [],
    shots: [],
    chatMessages: [],
    earlyAccessCodes: [],
    emails: [],
    consent: { marketing: false, unsubscribedAt: null, suppressed: false, suppressedReason: null },
    privacyRequests: [],
    history: [],
  };
  for (const part of parts) {
    const { consent, ...rest } = part;
    Object.assign(copy, rest);
    if (consent) Object.assign(copy.consent, consent);
  }
  // Opted in (the waitlist), and neither unsubscribed nor suppressed since (the mail log).
  copy.consent.marketing = copy.consent.marketing && copy.consent.unsubscribedAt === null && !copy.consent.suppressed;
  return copy;
}
