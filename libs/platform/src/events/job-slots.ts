import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource } from 'typeorm';

/**
 * The worker's job slots: at most `size` jobs hold a database connection at once, whatever
 * the number of queues. Waiters are served first come, first served, but for a consumer's job that
 * asks to go first (ConsumerOptions.first).
 */
export class JobSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  get inUse(): number {
    return this.size - this.free;
  }

  /** `first`: ahead of those waiting (a step of a chain that nothing else can move on). */
  async run<T>(work: () => Promise<T>, { first = false }: { first?: boolean } = {}): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => (first ? this.waiting.unshift(resolve) : this.waiting.push(resolve)));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

const insideJobTransaction = new AsyncLocalStorage<string>();

/** Runs a consumer's handler marked as holding its job's transaction (see guardSecondConnections). */
export function inJobTransaction<T>(consumerName: string, work: () => Promise<T>): Promise<T> {
  return insideJobTransaction.run(consumerName, work);
}

/**
 * A handler that holds its transaction and asks the pool for another connection can deadlock
 * the worker (every connection held by a job waiting for a second one). This makes the mistake
 * fail at once, in tests and in production, instead of hanging under load.
 */
export function guardSecondConnections(dataSource: DataSource): void {
  const createQueryRunner = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = (...args: Parameters<DataSource['createQueryRunner']>) => {
    const consumer = insideJobTransaction.getStore();
    if (consumer) {
      throw new Error(
        `Consumer "${consumer}" asked the pool for a second database connection while holding its job's transaction: read and write through context.manager`,
      );
    }
    return createQueryRunner(...args);
  };
}
