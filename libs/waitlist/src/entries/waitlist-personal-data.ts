import { Injectable } from '@nestjs/common';
import { DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { PositionsService } from './positions.service';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';

/**
 * The waitlist's part: the member's entry, place and referrals (counted, never the friends
 * themselves: they are other people). An erasure deletes the entry: the people behind move up
 * one place, the friends they referred keep theirs, and the address may join again later as a
 * new member.
 */
@Injectable()
export class WaitlistPersonalData implements PersonalDataHolder {
  constructor(
    registry: PersonalDataRegistry,
    private readonly positions: PositionsService,
  ) {
    registry.register(this);
  }

  private entryOf(person: DataSubject, db: EntityManager): Promise<WaitlistEntry | null> {
    return db.findOneBy(WaitlistEntry, { emailNormalized: person.email });
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const entry = await this.entryOf(person, db);
    if (!entry) return { waitlist: null };
    const referrals: { status: string; count: number }[] = await db.query(
      'SELECT referral_status AS status, count(*)::int AS count FROM waitlist_entries WHERE referrer_entry_id = $1 GROUP BY referral_status',
      [entry.id],
    );
    const counted = (status: string) => referrals.find((r) => r.status === status)?.count ?? 0;
    return {
      waitlist: {
        position: await this.positions.positionOf(entry, { db }),
        firstName: entry.firstName,
        email: entry.email,
        role: entry.role,
        referralCode: entry.referralCode,
        referredByCode: entry.referredByCode,
        creatorCode: entry.creatorCode,
        source: entry.source,
        referrals: { credited: counted('credited'), pending: counted('pending'), flagged: counted('flagged') },
        joinedAt: entry.createdAt.toISOString(),
        confirmedAt: entry.confirmedAt?.toISOString() ?? null,
      },
      // Waitlist news goes to members who confirmed their address (double opt-in) and did not unsubscribe since.
      consent: { marketing: entry.confirmedAt !== null },
    };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const entry = await this.entryOf(person, db);
    if (!entry || !(await WaitlistEntriesRepository.eraseEntry(entry.id, db))) return { records: 0 };
    return { records: 1, afterCommit: () => this.positions.forget(entry.signupNumber) };
  }
}
