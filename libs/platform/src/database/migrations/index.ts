import { EventStore1763700000000 } from './1763700000000-event-store';
import { MailLog1763700000201 } from './1763700000201-mail-log';
import { ReliableDelivery1763700000400 } from './1763700000400-reliable-delivery';
import { BatchedJobs1763700000500 } from './1763700000500-batched-jobs';
import { MailReplyTo1763700000600 } from './1763700000600-mail-reply-to';
import { MailBatches1763700001800 } from './1763700001800-mail-batches';
import { EventAddressesDropped1763700001900 } from './1763700001900-event-addresses-dropped';
import { MailSuppressions1763700002000 } from './1763700002000-mail-suppressions';
import { PersonalData1763700002100 } from './1763700002100-personal-data';
import { ListUnsubscribe1763700002200 } from './1763700002200-list-unsubscribe';
import { MailBroadcasts1763700002400 } from './1763700002400-mail-broadcasts';
import { ScheduledTicks1763700002700 } from './1763700002700-scheduled-ticks';
import { CaselessAddresses1763700002810 } from './1763700002810-caseless-addresses';
import { MailLogTallies1763700002900 } from './1763700002900-mail-log-tallies';
import { SearchWithoutAccents1763700002920 } from './1763700002920-search-without-accents';
import { StaffActionsIndex1763700003001 } from './1763700003001-staff-actions-index';
import { ActorActionsIndex1763700003301 } from './1763700003301-actor-actions-index';
import { MailEngagement1763700003400 } from './1763700003400-mail-engagement';

/**
 * The platform's own tables (event store, outbox, processed events, mail log). Each business
 * module keeps its migrations in `libs/<module>/src/migrations` and exports them from its
 * index; the apps pass them all to `prepareDatabase` (libs/business-modules). One history for
 * the one database, ordered by the timestamps in the names.
 */
export const PLATFORM_MIGRATIONS = [
  EventStore1763700000000,
  MailLog1763700000201,
  ReliableDelivery1763700000400,
  BatchedJobs1763700000500,
  MailReplyTo1763700000600,
  MailBatches1763700001800,
  EventAddressesDropped1763700001900,
  MailSuppressions1763700002000,
  PersonalData1763700002100,
  ListUnsubscribe1763700002200,
  MailBroadcasts1763700002400,
  ScheduledTicks1763700002700,
  CaselessAddresses1763700002810,
  MailLogTallies1763700002900,
  SearchWithoutAccents1763700002920,
  StaffActionsIndex1763700003001,
  ActorActionsIndex1763700003301,
  MailEngagement1763700003400,
];
