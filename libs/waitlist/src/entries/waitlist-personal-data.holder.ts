import { Injectable } from '@nestjs/common';
import { DataSubject, ErasedRecords, EventStore, MailUnsubscribes, PersonalDataHolder, PersonalDataRegistry } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { PositionsService } from './positions.service';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';
import { SignupAttribution, WAITLIST_STREAM, WaitlistJoined, WaitlistMemberErased, WaitlistUnsubscribed } from './waitlist.events';
import { WaitlistImportsRepository } from '../imports/waitlist-imports.repository';

/**
 * The waitlist's part: the member's entry, place, admission, where they came from (their join's
 * source and first touch), how the referral they came with stands, and the friends they referred
 * (counted by where each referral stands, never named: they are other people). An erasure deletes the entry: the people behind move up
 * one place, the friends they referred keep theirs, and the address may join again later as a
 * new member. Both an erasure and an unsubscribe leave an event with the member's id only, for the
 * systems we told about them.
 */
@Injectable()
export class WaitlistPersonalData implements PersonalDataHolder {
  constructor(
    registry: PersonalDataRegistry,
    unsubscribes: MailUnsubscribes,
    private readonly positions: PositionsService,
    private readonly events: EventStore,
  ) {
    registry.register(this);
    unsubscribes.onUnsubscribe(async (addressHash, tx) => {
      const members: { id: string }[] = await tx.manager.query('SELECT id::text FROM waitlist_entries WHERE address_hash = $1', [addressHash]);
      for (const { id } of members)
        await tx.append({ streamType: WAITLIST_STREAM, streamId: id }, 'any', [WaitlistUnsubscribed({ entryId: id })], { actorType: 'visitor' });
    });
  }

  private entryOf(person: DataSubject, db: EntityManager): Promise<WaitlistEntry | null> {
    return db.findOneBy(WaitlistEntry, { emailNormalized: person.email });
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const entry = await this.entryOf(person, db);
    if (!entry) return { waitlist: null };
    // Friends they referred, by where each referral stands (as staff see it); never who they are.
    const referrals: { status: string; count: number }[] = await db.query(
      `SELECT CASE WHEN referral_review = 'reject' THEN 'rejected'
                   WHEN referral_status = 'credited' THEN 'credited'
                   WHEN referral_status = 'flagged' AND referral_review IS NULL THEN 'flagged'
                   ELSE 'pending' END AS status, count(*)::int AS count
       FROM waitlist_entries WHERE referrer_entry_id = $1 AND referral_status <> 'self' GROUP BY 1`,
      [entry.id],
    );
    const counted = (status: string) => referrals.find((r) => r.status === status)?.count ?? 0;
    const [joined]: { attribution: SignupAttribution | null; event_code: string | null; disposable_email: boolean }[] = await db.query(
      `SELECT e.payload->'attribution' AS attribution, e.payload->>'eventCode' AS event_code, w.disposable_email
       FROM waitlist_entries w LEFT JOIN domain_events e ON e.stream_type = $2 AND e.stream_id = w.id::text AND e.type = $3
       WHERE w.id = $1 LIMIT 1`,
      [entry.id, WAITLIST_STREAM, WaitlistJoined.type],
    );
    return {
      waitlist: {
        id: entry.id,
        position: await this.positions.positionOf(entry, { db }),
        signupNumber: entry.signupNumber,
        firstName: entry.firstName,
        email: entry.email,
        role: entry.role,
        referralCode: entry.referralCode,
        referredByCode: entry.referredByCode,
        // How the referral they came with stands: none, pending (counts once they confirm), self,
        // flagged (held for staff's review), credited; and staff's decision on a held one.
        referralStatus: entry.referralStatus,
        referralReview: entry.referralReview,
        creatorCode: entry.creatorCode,
        source: entry.source,
        eventCode: joined?.event_code ?? null,
        // Where they came from: the join's own source tag and utm values, and the visit's first page (first touch).
        attribution: joined?.attribution ?? null,
        referralCredits: entry.referralCredits,
        referrals: { credited: counted('credited'), pending: counted('pending'), flagged: counted('flagged'), rejected: counted('rejected') },
        disposableEmail: joined?.disposable_email ?? false,
        joinedAt: entry.createdAt.toISOString(),
        confirmedAt: entry.confirmedAt?.toISOString() ?? null,
        admittedAt: entry.admittedAt?.toISOString() ?? null,
      },
      // Waitlist news goes to members who confirmed their address (double opt-in) and did not unsubscribe since.
      consent: { marketing: entry.confirmedAt !== null },
    };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    // Someone on a list being imported right now must not join after their erasure.
    await WaitlistImportsRepository.eraseWaitingRows(person.email, db);
    const entry = await this.entryOf(person, db);
    if (!entry || !(await WaitlistEntriesRepository.eraseEntry(entry.id, db))) return { records: 0 };
    await this.events
      .within(db)
      .append({ streamType: WAITLIST_STREAM, streamId: entry.id }, 'any', [WaitlistMemberErased({ entryId: entry.id })], { actorType: 'system' });
    return { records: 1, afterCommit: () => this.positions.forget(entry.signupNumber) };
  }
}
