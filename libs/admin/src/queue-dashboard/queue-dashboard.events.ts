import { defineEvent } from '@swishly/platform';

/** One stream per queue (`*` for the whole board): the audit trail of what staff did on the queue dashboard. */
export const QUEUE_DASHBOARD_STREAM = 'queue-dashboard';

/** What the board lets staff do; every other write of Bull Board is refused (see queue-dashboard.ts). */
export type QueueDashboardAction = 'retry' | 'clean' | 'pause' | 'resume';

/**
 * A staff member (the event's actorId) retried, cleaned, paused or resumed on /admin/queues:
 * one queue (or every queue, `queue: '*'`), one job (`jobId`) or every job of a status.
 * Personal data: none (queue names, job ids and statuses).
 */
export const QueueDashboardActed = defineEvent<{ action: QueueDashboardAction; queue: string; jobId: string | null; status: string | null }>(
  'admin.queue-dashboard-acted',
);
