import { Injectable } from '@nestjs/common';
import { EventMetadata, EventStore, EventTransaction, StreamWrite } from '@swishly/platform';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';
import { WAITLIST_STREAM, WaitlistConfirmed, WaitlistJoined, WaitlistJoinedPayload } from './waitlist.events';

export interface PreparedJoin {
  payload: Omit<WaitlistJoinedPayload, 'signupNumber' | 'position'>;
  emailNormalized: string;
  meta: EventMetadata;
  /** Confirmed in the join's own transaction: an imported member whose old list was double opt-in. */
  confirmed?: boolean;
}

export type JoinOutcome = { kind: 'joined'; signupNumber: number; position: number } | { kind: 'duplicate' };

/** More than this many joins waiting go into the next transaction. */
const MAX_BATCH = 200;

/**
 * Joins that arrive together commit together. Signup numbers are contiguous and follow commit
 * order, so every join takes the counter row's lock; taken one join at a time that lock made
 * joins run single file. Instead, while one transaction commits, the joins arriving meanwhile
 * wait here, and the next transaction takes them all: one lock, one duplicate check, one
 * statement for every event and outbox row, whatever the number. Each join is still its own
 * event on its own stream, with its projection applied in that same transaction.
 */
@Injectable()
export class JoinBatcher {
  private waiting: { join: PreparedJoin; resolve: (outcome: JoinOutcome) => void; reject: (error: unknown) => void }[] = [];
  private committing = false;

  constructor(
    private readonly events: EventStore,
    private readonly entries: WaitlistEntriesRepository,
  ) {}

  submit(join: PreparedJoin): Promise<JoinOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ join, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.committing || this.waiting.length === 0) return;
    this.committing = true;
    // Requests already read from the sockets join this batch before it starts.
    setImmediate(() => {
      const batch = this.waiting.splice(0, MAX_BATCH);
      void this.settle(batch).finally(() => {
        this.committing = false;
        this.next();
      });
    });
  }

  private async settle(batch: typeof this.waiting): Promise<void> {
    try {
      const outcomes = await this.commit(batch.map((b) => b.join));
      batch.forEach((b, i) => b.resolve(outcomes[i]));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      // One join that fails (a referral-code collision, say) must not fail the others.
      for (const one of batch) await this.settle([one]);
    }
  }

  private commit(joins: PreparedJoin[]): Promise<JoinOutcome[]> {
    return this.events.transaction((tx) => this.write(joins, tx));
  }

  /**
   * Writes joins in `tx` (a batch's own transaction, or an import job's): one lock, one duplicate
   * check, one statement for every event and outbox row. Confirmations come after every join, so
   * the projections take each kind in one statement too.
   */
  async write(joins: PreparedJoin[], tx: EventTransaction): Promise<JoinOutcome[]> {
    // The counter row stays locked until commit, so signup numbers follow commit order and
    // every entry is inserted under this lock: the duplicate check below is exact.
    const { last, erased } = await this.entries.lockCounter(tx.manager);
    const taken = await this.entries.takenEmails(
      joins.map((j) => j.emailNormalized),
      tx.manager,
    );
    let signupNumber: number = last;
    const outcomes = joins.map((join): JoinOutcome => {
      if (taken.has(join.emailNormalized)) return { kind: 'duplicate' };
      taken.add(join.emailNormalized);
      ++signupNumber;
      // A newcomer is last in line: behind everyone who joined and was not erased since.
      return { kind: 'joined', signupNumber, position: signupNumber - erased };
    });
    const joined = joins.filter((_, i) => outcomes[i].kind === 'joined');
    const stream = (join: PreparedJoin) => ({ streamType: WAITLIST_STREAM, streamId: join.payload.entryId });
    const writes: StreamWrite[] = joins.flatMap((join, i) => {
      const outcome = outcomes[i];
      if (outcome.kind !== 'joined') return [];
      return [
        {
          stream: stream(join),
          expectedVersion: 0,
          events: [WaitlistJoined({ ...join.payload, signupNumber: outcome.signupNumber, position: outcome.position })],
          metadata: join.meta,
        },
      ];
    });
    for (const join of joined.filter((j) => j.confirmed)) {
      writes.push({ stream: stream(join), expectedVersion: 1, events: [WaitlistConfirmed({ entryId: join.payload.entryId })], metadata: join.meta });
    }
    await tx.appendToStreams(writes);
    return outcomes;
  }
}
