import { Injectable, Logger } from '@nestjs/common';
import {
  DataSubject, emailSubject, erasePersonalData, EventMetadata, EventStore, normaliseEmail, PersonalDataRegistry,
} from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { PersonalDataExported, PersonErased, PRIVACY_REQUEST_STREAM } from './privacy.events';

/** A copy of everything we hold about a person, under the keys the issue names (other systems read them). */
export interface PersonalDataExport {
  subject: { email: string; exportedAt: string };
  waitlist: unknown;
  contactMessages: unknown[];
  shots: unknown[];
  chatMessages: unknown[];
  earlyAccessCodes: unknown[];
  emails: unknown[];
  consent: { marketing: boolean; unsubscribedAt: string | null; suppressed: boolean; suppressedReason: string | null };
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
      let records = 0;
      // One at a time: the holders share the transaction's one connection.
      for (const holder of this.holders.all()) {
        const erased = await holder.erase(person, tx.manager);
        records += erased.records;
        if (erased.afterCommit) afterCommit.push(erased.afterCommit);
      }
      const personalFields = await erasePersonalData(tx.manager, person.subjects);
      await tx.append({ streamType: PRIVACY_REQUEST_STREAM, streamId: requestId }, 0, [PersonErased({ requestId, records, personalFields })], meta);
      return { requestId, records, personalFields };
    });
    for (const work of afterCommit) await work();
    this.logger.log({ requestId, records: result.records, personalFields: result.personalFields }, 'Person erased');
    return result;
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
