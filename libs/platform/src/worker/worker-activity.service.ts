import { Injectable } from '@nestjs/common';

/** What the worker has done lately: its health asks whether jobs still complete. */
@Injectable()
export class WorkerActivity {
  lastCompletedAt = Date.now();
  completedJobs = 0;
  /** Start times of the jobs running now (a batch job stuck on a lock is work that waits too). */
  private readonly running = new Set<{ since: number }>();

  async track<T>(work: () => Promise<T>): Promise<T> {
    const job = { since: Date.now() };
    this.running.add(job);
    try {
      return await work();
    } finally {
      this.running.delete(job);
    }
  }

  oldestRunningSeconds(): number {
    let oldest = Date.now();
    for (const job of this.running) oldest = Math.min(oldest, job.since);
    return (Date.now() - oldest) / 1000;
  }

  jobCompleted(): void {
    this.lastCompletedAt = Date.now();
    this.completedJobs++;
  }

  secondsSinceLastCompletion(): number {
    return (Date.now() - this.lastCompletedAt) / 1000;
  }
}
