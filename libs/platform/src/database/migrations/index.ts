import { EventStore1763700000000 } from './1763700000000-event-store';
import { FoundationReadModels1763700000100 } from './1763700000100-foundation-read-models';
import { MailLogAndReferrals1763700000200 } from './1763700000200-mail-log-and-referrals';
import { Admin1763700000300 } from './1763700000300-admin';
import { ReliableDelivery1763700000400 } from './1763700000400-reliable-delivery';
import { BatchedJobs1763700000500 } from './1763700000500-batched-jobs';

/**
 * Every migration, in order. One history for the one database; each business module's
 * tables are created by the migration named after it.
 */
export const migrations = [
  EventStore1763700000000, FoundationReadModels1763700000100, MailLogAndReferrals1763700000200, Admin1763700000300,
  ReliableDelivery1763700000400, BatchedJobs1763700000500,
];
