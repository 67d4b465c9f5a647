import { Injectable } from '@nestjs/common';
import { EventMetadata, EventStore, StreamWrite } from '@swishly/platform';
import { DOWNLOAD_STREAM, DownloadTracked, DownloadTrackedPayload } from './downloads.events';

/** More than this many clicks waiting go into the next transaction. */
const MAX_BATCH = 200;

interface Waiting {
  payload: DownloadTrackedPayload;
  meta: EventMetadata;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Clicks that arrive together commit together (as the waitlist's JoinBatcher does with joins).
 * A transaction per click made the ingest wait on the database's round trips and commits:
 * instead, while one transaction commits, the clicks arriving meanwhile wait here, and the next
 * transaction takes them all, one statement for every event and outbox row and one for their
 * projection. Each click is still its own event on its own stream, and its request is answered
 * only once it is committed.
 */
@Injectable()
export class ClickBatcher {
  private waiting: Waiting[] = [];
  private committing = false;

  constructor(private readonly events: EventStore) {}

  submit(payload: DownloadTrackedPayload, meta: EventMetadata): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ payload, meta, resolve, reject });
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

  private async settle(batch: Waiting[]): Promise<void> {
    try {
      await this.commit(batch);
      batch.forEach((b) => b.resolve());
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      // One click that fails must not fail the others.
      for (const one of batch) await this.settle([one]);
    }
  }

  private async commit(batch: Waiting[]): Promise<void> {
    const writes: StreamWrite[] = batch.map(({ payload, meta }) => ({
      stream: { streamType: DOWNLOAD_STREAM, streamId: payload.clickId },
      expectedVersion: 0,
      events: [DownloadTracked(payload)],
      metadata: meta,
    }));
    await this.events.transaction((tx) => tx.appendToStreams(writes));
  }
}
