import { Injectable } from '@nestjs/common';
import {
  causedBy,
  ConsumerContext,
  ConsumerHandler,
  DomainEvent,
  EventStore,
  EventTransaction,
  HandlesConsumer,
  OutboxRelay,
  PayloadOf,
  StreamRef,
  wants,
} from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { canonicalMailbox, normaliseEmail } from '../../entries/email';
import { JoinBatcher, PreparedJoin } from '../../entries/join.batcher';
import { WaitlistEntriesRepository } from '../../entries/waitlist-entries.repository';
import { ReferralDecision } from '../../entries/waitlist.events';
import { newReferralCode } from '../../entries/waitlist.service';
import { readImportCsv } from '../import-csv';
import { StagedRow, WaitlistImportsRepository } from '../waitlist-imports.repository';
import {
  ImportLine,
  RunWaitlistImport,
  WAITLIST_IMPORT_STREAM,
  WaitlistImportChunkImported,
  WaitlistImportFinished,
  WaitlistImportRequested,
  WaitlistImportStarted,
} from '../waitlist-imports.events';

/** Rows per job and transaction: a worker killed mid-import loses at most one chunk's work, which runs again. */
export const IMPORT_CHUNK = 1000;

type Payload = PayloadOf<typeof WaitlistImportRequested> | PayloadOf<typeof WaitlistImportStarted> | PayloadOf<typeof WaitlistImportChunkImported>;

const importStream = (importId: string): StreamRef => ({ streamType: WAITLIST_IMPORT_STREAM, streamId: importId });

/**
 * An import, one step per job: the request's event reads the file into rows (and deletes the
 * file); each later event imports the next chunk of rows and appends the event of the one after,
 * in the same transaction. So an import resumes where a killed worker left it, and each row is
 * imported once: a redelivered event is skipped by the consumers' protocol, and a step whose
 * stream has moved on does nothing.
 */
@Injectable()
@HandlesConsumer(RunWaitlistImport)
export class RunWaitlistImportJob implements ConsumerHandler<Payload> {
  constructor(
    private readonly events: EventStore,
    private readonly imports: WaitlistImportsRepository,
    private readonly entries: WaitlistEntriesRepository,
    private readonly joins: JoinBatcher,
    private readonly relay: OutboxRelay,
  ) {}

  async handle(event: DomainEvent<Payload>, context: ConsumerContext): Promise<void> {
    const tx = this.events.within(context.manager);
    const stream = importStream(event.payload.importId);
    if ((await tx.streamVersion(stream)) !== event.version) return; // this step was taken already
    const next = WaitlistImportRequested.is(event)
      ? await this.read(event, tx)
      : await this.importChunk(event as DomainEvent<PayloadOf<typeof WaitlistImportStarted | typeof WaitlistImportChunkImported>>, tx);
    // The next step queued at once, not after the relay's pass over this chunk's joins: the
    // relay queues it again under the same job id, which is a no-op.
    const steps = next.filter((e) => wants(RunWaitlistImport, e)).map((e) => ({ consumer: RunWaitlistImport, event: e }));
    context.afterCommit(() => this.relay.enqueueEach(steps));
  }

  /** Reads the file into rows kept for the import (in import order), and deletes the file. */
  private async read(event: DomainEvent<PayloadOf<typeof WaitlistImportRequested>>, tx: EventTransaction): Promise<DomainEvent[]> {
    const { importId } = event.payload;
    const csv = await this.imports.file(importId, tx.manager);
    let read: ReturnType<typeof readImportCsv> | null = null;
    let error: string | null = csv === null ? 'The file was no longer there.' : null;
    try {
      if (csv !== null) read = readImportCsv(csv);
    } catch (failure) {
      error = `The file could not be read as CSV: ${(failure as Error).message}`;
    }
    const next = [];
    if (read) {
      await this.imports.stageRows(importId, read.rows, tx.manager);
      next.push(WaitlistImportStarted({ importId, total: read.rows.length, order: read.order }));
    }
    if (!read || read.rows.length === 0) next.push(WaitlistImportFinished({ importId, error }));
    await this.imports.forgetFile(importId, tx.manager);
    return tx.append(importStream(importId), event.version, next, causedBy(event));
  }

  private async importChunk(
    event: DomainEvent<PayloadOf<typeof WaitlistImportStarted | typeof WaitlistImportChunkImported>>,
    tx: EventTransaction,
  ): Promise<DomainEvent[]> {
    const { importId } = event.payload;
    const after = 'through' in event.payload ? event.payload.through : 0;
    const requested = (await tx.readStream(importStream(importId))).find((e) => WaitlistImportRequested.is(e)) as
      DomainEvent<PayloadOf<typeof WaitlistImportRequested>> | undefined;
    const rows = await this.imports.rowsAfter(importId, after, IMPORT_CHUNK, tx.manager);
    if (!requested || rows.length === 0) return this.finish(importId, event, tx);
    // The counter's lock first (as a join batch takes it): who is on the list cannot change under this chunk.
    await this.entries.lockCounter(tx.manager);
    const meta = causedBy(event);
    const { welcome, doubleOptIn } = requested.payload;
    const skipped: ImportLine[] = [];
    const invalid: ImportLine[] = [];
    const candidates = rows.filter((row) => {
      if (row.problemKind === 'invalid') invalid.push({ line: row.line, reason: row.problem! });
      if (row.problemKind === 'skipped') skipped.push({ line: row.line, reason: row.problem! });
      return row.problemKind === null;
    });
    const members = await this.imports.membersBy(
      [...new Set([...candidates.map((r) => normaliseEmail(r.email)), ...candidates.flatMap((r) => (r.referredBy?.includes('@') ? [r.referredBy] : []))])],
      [...new Set(candidates.flatMap((r) => (r.referredBy && !r.referredBy.includes('@') ? [r.referredBy] : [])))],
      tx.manager,
    );
    const byAddress = new Map(members.map((m) => [m.email_normalized, m]));
    const byCode = new Map(members.map((m) => [m.referral_code, m]));
    const joins: PreparedJoin[] = [];
    for (const row of candidates) {
      const emailNormalized = normaliseEmail(row.email);
      if (byAddress.has(emailNormalized)) {
        skipped.push({ line: row.line, reason: 'Already on the list' });
        continue;
      }
      const referrer = row.referredBy ? (row.referredBy.includes('@') ? byAddress.get(row.referredBy) : byCode.get(row.referredBy)) : null;
      if (row.referredBy && !referrer) {
        invalid.push({ line: row.line, reason: 'Unknown referrer: referred_by is no member on the list nor an earlier row' });
        continue;
      }
      const entryId = randomUUID();
      const referralCode = newReferralCode();
      // Later rows of this chunk may name this one as their referrer.
      byAddress.set(emailNormalized, {
        id: entryId,
        email_normalized: emailNormalized,
        email_canonical: canonicalMailbox(row.email),
        referral_code: referralCode,
      });
      joins.push(this.prepared(row, entryId, referralCode, referrer ?? null, { importId, welcome }, meta, doubleOptIn));
    }
    const through = rows[rows.length - 1].seq;
    const imported = joins.length;
    const byLine = (a: ImportLine, b: ImportLine) => a.line - b.line;
    const progress = WaitlistImportChunkImported({
      importId,
      through,
      processed: rows.length,
      imported,
      skipped: skipped.sort(byLine),
      invalid: invalid.sort(byLine),
    });
    const last = rows.length < IMPORT_CHUNK;
    const next = await tx.append(
      importStream(importId),
      event.version,
      last ? [progress, WaitlistImportFinished({ importId, error: null })] : [progress],
      meta,
    );
    if (last) await this.imports.forget(importId, tx.manager);
    await this.joins.write(joins, tx);
    return next;
  }

  private async finish(importId: string, event: DomainEvent, tx: EventTransaction): Promise<DomainEvent[]> {
    await this.imports.forget(importId, tx.manager);
    return tx.append(importStream(importId), event.version, [WaitlistImportFinished({ importId, error: null })], causedBy(event));
  }

  private prepared(
    row: StagedRow,
    entryId: string,
    referralCode: string,
    referrer: { id: string; email_canonical: string; referral_code: string } | null,
    from: { importId: string; welcome: boolean },
    meta: ReturnType<typeof causedBy>,
    doubleOptIn: boolean,
  ): PreparedJoin {
    const referral: ReferralDecision | null = referrer
      ? { kind: 'entry', referrerEntryId: referrer.id, status: referrer.email_canonical === canonicalMailbox(row.email) ? 'self' : 'pending' }
      : null;
    return {
      emailNormalized: normaliseEmail(row.email),
      meta,
      confirmed: doubleOptIn && row.confirmed,
      payload: {
        entryId,
        firstName: row.firstName,
        email: row.email,
        role: null,
        referralCode,
        // What a friend's link would have carried: their code (an address never goes into the log).
        referredByCode: referrer?.referral_code ?? null,
        referral,
        source: 'import',
        eventCode: null,
        attribution: null,
        importId: from.importId,
        joinedAt: row.joinedAt,
        welcome: from.welcome,
      },
    };
  }
}
