import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { EventStore, ScheduledWork, SettingsOf } from '@swishly/platform';
import { WaitlistSettings } from '../waitlist.settings';
import { WAITLIST_STREAM, WaitlistConfirmationReminded } from './waitlist.events';

/** How often the worker looks for members due a reminder (once per tick across its replicas). */
const REMINDER_POLL_MS = 5 * 60_000;
/**
 * Only members whose confirmation link went within this window are reminded. On the first deploy
 * it keeps the reminder from going to members who joined long ago (a reminder weeks later reads
 * as spam and draws complaints); afterwards a pass that was down for a while still catches up.
 */
export const REMINDER_WINDOW_DAYS = 14;
/** Members reminded per transaction (one event each). */
const REMINDER_BATCH = 200;

/**
 * The one reminder to confirm: members whose confirmation link went CONFIRMATION_REMINDER_HOURS
 * ago and who have not confirmed get a waitlist.confirmation-reminded event, and its consumer
 * (SendConfirmationReminderJob) sends the email. Never twice: each reminder is a row of
 * waitlist_confirmation_reminders keyed by the member, written with its event; one pass at a time
 * (an advisory lock); and the email's idempotency key is the event's. Members unsubscribed,
 * bounced or complained (the suppression list), erased (no entry), admitted or confirmed are not due.
 */
@Injectable()
export class ConfirmationRemindersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ConfirmationRemindersService.name);

  constructor(
    private readonly events: EventStore,
    @Inject(WaitlistSettings.token) private readonly settings: SettingsOf<typeof WaitlistSettings>,
    // The platform provides it in the worker process only.
    @Optional() private readonly scheduledWork?: ScheduledWork,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduledWork?.every('waitlist.confirmation-reminders', REMINDER_POLL_MS, async () => {
      const reminded = await this.remindDue();
      if (reminded > 0) this.logger.log(`Reminded ${reminded} member(s) to confirm`);
    });
  }

  /** Appends a reminder for every member due one, a batch per transaction; how many. */
  async remindDue(): Promise<number> {
    let reminded = 0;
    for (;;) {
      const batch = await this.events.transaction(async (tx) => {
        // One pass at a time: a second replica's (a late tick) waits, then finds them reminded.
        await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('waitlist-confirmation-reminders', 0))`);
        const due: { id: string }[] = await tx.manager.query(
          `SELECT e.id::text FROM waitlist_entries e
           WHERE e.confirmed_at IS NULL AND e.admitted_at IS NULL
             AND e.confirmation_sent_at <= now() - make_interval(hours => $1::int)
             AND e.confirmation_sent_at > now() - make_interval(days => $2::int)
             AND NOT EXISTS (SELECT 1 FROM waitlist_confirmation_reminders r WHERE r.entry_id = e.id)
             AND NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address_hash = e.address_hash)
           ORDER BY e.confirmation_sent_at LIMIT $3
           FOR UPDATE OF e`,
          [this.settings.CONFIRMATION_REMINDER_HOURS, REMINDER_WINDOW_DAYS, REMINDER_BATCH],
        );
        if (due.length === 0) return 0;
        await tx.appendToStreams(
          due.map(({ id }) => ({
            stream: { streamType: WAITLIST_STREAM, streamId: id },
            expectedVersion: 'any' as const,
            events: [WaitlistConfirmationReminded({ entryId: id })],
            metadata: { actorType: 'system' as const },
          })),
        );
        return due.length;
      });
      reminded += batch;
      if (batch < REMINDER_BATCH) return reminded;
    }
  }
}
