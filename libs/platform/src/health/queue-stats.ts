import { Queue } from 'bullmq';
import { withTimeout } from '../queues/redis';

/** Seconds the oldest job waiting in `queue` has waited (0 when none waits). */
export async function oldestWaitingSeconds(queue: Queue): Promise<number> {
  const [oldest] = await withTimeout(queue.getJobs(['wait'], 0, 0, true), 1000, 'oldest waiting job');
  return oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0;
}
