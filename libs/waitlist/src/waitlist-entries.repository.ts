import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { WaitlistEntry } from './entities/waitlist-entry.entity';

/** What a status lookup needs of an entry, and the number of entries (to trust the Redis index). */
export type EntryStatusRow = Pick<WaitlistEntry, 'firstName' | 'signupNumber' | 'rankKey' | 'referralCredits' | 'referralCode' | 'confirmedAt'> & {
  entryCount: number;
};

/**
 * The waitlist's reads of its tables (waitlist_entries, waitlist_counter), in one place. Writes
 * go through events and the projection. A method that takes `db` runs in that transaction (a
 * job's or a join batch's); without it, on the pool.
 */
@Injectable()
export class WaitlistEntriesRepository {
  constructor(@InjectRepository(WaitlistEntry) private readonly entries: Repository<WaitlistEntry>) {}

  private db(db?: EntityManager): EntityManager {
    return db ?? this.entries.manager;
  }

  findById(id: string, db?: EntityManager): Promise<WaitlistEntry | null> {
    return this.db(db).findOneBy(WaitlistEntry, { id });
  }

  findByIds(ids: string[], db?: EntityManager): Promise<WaitlistEntry[]> {
    return this.db(db).findBy(WaitlistEntry, { id: In(ids) });
  }

  findByReferralCode(code: string): Promise<WaitlistEntry | null> {
    return this.entries.findOneBy({ referralCode: code.toUpperCase() });
  }

  findByEmail(emailNormalized: string): Promise<WaitlistEntry | null> {
    return this.entries.findOneBy({ emailNormalized });
  }

  /** The hottest read of the site: one statement, no query builder. */
  async statusOf(entryId: string): Promise<EntryStatusRow | null> {
    const [row] = await this.entries.query(
      `SELECT first_name AS "firstName", signup_number AS "signupNumber", rank_key AS "rankKey", referral_credits AS "referralCredits",
              referral_code AS "referralCode", confirmed_at AS "confirmedAt",
              (SELECT last_signup_number FROM waitlist_counter WHERE id = 1) AS "entryCount"
       FROM waitlist_entries WHERE id = $1`,
      [entryId],
    );
    return row ?? null;
  }

  /**
   * The last signup number, taking the counter row's lock until `db`'s transaction ends: signup
   * numbers follow commit order, and a duplicate check made under it is exact.
   */
  async lockCounter(db: EntityManager): Promise<number> {
    const [{ last }] = await db.query(
      `INSERT INTO waitlist_counter (id, last_signup_number) VALUES (1, 0)
       ON CONFLICT (id) DO UPDATE SET last_signup_number = waitlist_counter.last_signup_number
       RETURNING last_signup_number AS last`,
    );
    return last;
  }

  /** Which of these (normalised) addresses are already on the list. */
  async takenEmails(emailsNormalized: string[], db: EntityManager): Promise<Set<string>> {
    const rows: { email_normalized: string }[] = await db.query(
      'SELECT email_normalized FROM waitlist_entries WHERE email_normalized = ANY($1::varchar[])',
      [emailsNormalized],
    );
    return new Set(rows.map((r) => r.email_normalized));
  }

  /** The number of entries (the counter: signup numbers are contiguous). */
  async entryCount(db?: EntityManager): Promise<number> {
    const [row] = await this.db(db).query('SELECT last_signup_number AS n FROM waitlist_counter WHERE id = 1');
    return row?.n ?? 0;
  }

  /** Entries ahead of this place in (rank_key, signup_number) order (an indexed count). */
  async countAhead(rankKey: number, signupNumber: number, db?: EntityManager): Promise<number> {
    const [{ ahead }] = await this.db(db).query(
      'SELECT count(*)::int AS ahead FROM waitlist_entries WHERE (rank_key, signup_number) < ($1, $2)',
      [rankKey, signupNumber],
    );
    return ahead;
  }

  ranksOf(entryIds: string[], db: EntityManager): Promise<{ signup_number: number; rank_key: number }[]> {
    return db.query('SELECT signup_number, rank_key FROM waitlist_entries WHERE id = ANY($1::uuid[])', [entryIds]);
  }

  /** One page of every entry's rank, in signup order (to rebuild the Redis index). */
  ranksAfter(signupNumber: number, limit: number, db?: EntityManager): Promise<{ signup_number: number; rank_key: number }[]> {
    return this.db(db).query('SELECT signup_number, rank_key FROM waitlist_entries WHERE signup_number > $1 ORDER BY signup_number LIMIT $2', [
      signupNumber,
      limit,
    ]);
  }
}
