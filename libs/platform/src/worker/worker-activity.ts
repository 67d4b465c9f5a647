import { Injectable } from '@nestjs/common';

/** What the worker has done lately: its health asks whether jobs still complete. */
@Injectable()
export class WorkerActivity {
  lastCompletedAt = Date.now();
  completedJobs = 0;

  jobCompleted(): void {
    this.lastCompletedAt = Date.now();
    this.completedJobs++;
  }

  secondsSinceLastCompletion(): number {
    return (Date.now() - this.lastCompletedAt) / 1000;
  }
}
