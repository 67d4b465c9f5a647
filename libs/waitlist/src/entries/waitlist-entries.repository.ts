import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { WaitlistEntry } from './entities/waitlist-entry.entity';

/** What a status lookup needs of an entry, and the number of entries (to trust the Redis index). */
export type EntryStatusRow = Pick<
  WaitlistEntry,
  'firstName' | 'signupNumber' | 'rankKey' | 'referralCredits' | 'referralCode' | 'confirmedAt' | 'admittedAt'
> & {
  entryCount: number;
};

/** A joined entry as the projection writes it. */
export interface JoinedRow {
  id: string;
  signupNumber: number;
  firstName: string;
  email: string;
  emailNormalized: string;
  emailCanonical: string;
  addressHash: string;
  role: string | null;
  referralCode: string;
  referredByCode: string | null;
  source: string;
  rankKey: number;
  referrerEntryId: string | null;
  creatorCode: string | null;
  referralStatus: string;
  createdAt: Date;
  disposableEmail: boolean;
  confirmationSentAt: Date | null;
}

/**
 * The waitlist's queries of its tables (waitlist_entries, waitlist_counter), in one place: the
 * reads, and the projection's writes (static: they run in the transaction it is given). A method
 * that takes `db` runs in that transaction (a job's or a join batch's); without it, on the pool.
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

  /**
   * The entries a job is about to email, share-locked until its transaction ends: an erasure of
   * one of them waits for the job (and then clears what it wrote) instead of passing it by.
   */
  lockedForEmail(ids: string[], db: EntityManager): Promise<WaitlistEntry[]> {
    return db.find(WaitlistEntry, { where: { id: In(ids) }, lock: { mode: 'pessimistic_read' } });
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
              referral_code AS "referralCode", confirmed_at AS "confirmedAt", admitted_at AS "admittedAt",
              (SELECT last_signup_number - erased_count FROM waitlist_counter WHERE id = 1) AS "entryCount"
       FROM waitlist_entries WHERE id = $1`,
      [entryId],
    );
    return row ?? null;
  }

  /**
   * The last signup number, taking the counter row's lock until `db`'s transaction ends: signup
   * numbers follow commit order, and a duplicate check made under it is exact.
   */
  async lockCounter(db: EntityManager): Promise<{ last: number; erased: number }> {
    const [{ last, erased }] = await db.query(
      `INSERT INTO waitlist_counter (id, last_signup_number) VALUES (1, 0)
       ON CONFLICT (id) DO UPDATE SET last_signup_number = waitlist_counter.last_signup_number
       RETURNING last_signup_number AS last, erased_count AS erased`,
    );
    return { last, erased };
  }

  /** Which of these (normalised) addresses are already on the list. */
  async takenEmails(emailsNormalized: string[], db: EntityManager): Promise<Set<string>> {
    const rows: { email_normalized: string }[] = await db.query('SELECT email_normalized FROM waitlist_entries WHERE email_normalized = ANY($1::varchar[])', [
      emailsNormalized,
    ]);
    return new Set(rows.map((r) => r.email_normalized));
  }

  /** The number of entries (the counter: signup numbers are contiguous, less the members erased since). */
  async entryCount(db?: EntityManager): Promise<number> {
    const [row] = await this.db(db).query('SELECT last_signup_number - erased_count AS n FROM waitlist_counter WHERE id = 1');
    return row?.n ?? 0;
  }

  /** Entries ahead of this place in (rank_key, signup_number) order (an indexed count). */
  async countAhead(rankKey: number, signupNumber: number, db?: EntityManager): Promise<number> {
    const [{ ahead }] = await this.db(db).query('SELECT count(*)::int AS ahead FROM waitlist_entries WHERE (rank_key, signup_number) < ($1, $2)', [
      rankKey,
      signupNumber,
    ]);
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

  // The projection's writes. Static: DomainEventsModule.forFeature builds projections outside
  // the module's providers, so the projection passes the transaction it is given.

  /** A batch of joins in one statement (see countSignups for the counter). */
  static async insertJoined(rows: JoinedRow[], db: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    const columns: (keyof JoinedRow)[] = [
      'id',
      'signupNumber',
      'firstName',
      'email',
      'emailNormalized',
      'emailCanonical',
      'role',
      'referralCode',
      'referredByCode',
      'source',
      'rankKey',
      'referrerEntryId',
      'creatorCode',
      'referralStatus',
      'createdAt',
      'addressHash',
      'disposableEmail',
      'confirmationSentAt',
    ];
    await db.query(
      `INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical, role,
         referral_code, referred_by_code, source, rank_key, referrer_entry_id, creator_code, referral_status, created_at, address_hash, disposable_email, confirmation_sent_at)
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
         $8::varchar[], $9::varchar[], $10::varchar[], $11::int[], $12::uuid[], $13::varchar[], $14::varchar[], $15::timestamptz[], $16::varchar[], $17::boolean[],
         $18::timestamptz[])`,
      columns.map((column) => rows.map((row) => row[column])),
    );
  }

  /** The counter moved to the highest signup number of a batch of joins, `erased` of whom have been erased since. */
  static async countSignups(lastSignupNumber: number, erased: number, db: EntityManager): Promise<void> {
    await db.query(
      `INSERT INTO waitlist_counter (id, last_signup_number, erased_count) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET last_signup_number = GREATEST(waitlist_counter.last_signup_number, $1),
         erased_count = waitlist_counter.erased_count + $2`,
      [lastSignupNumber, erased],
    );
  }

  /**
   * Deletes an erased member's entry (their events' personal fields are erased with it); the counter
   * counts them out, and their referrer no longer counts their open referral (a replay, which skips
   * the erased member's join, never counted it).
   */
  static async eraseEntry(entryId: string, db: EntityManager): Promise<boolean> {
    const [deleted]: [{ referrer_entry_id: string | null; referral_status: string; referral_review: string | null }[], number] = await db.query(
      'DELETE FROM waitlist_entries WHERE id = $1 RETURNING referrer_entry_id, referral_status, referral_review',
      [entryId],
    );
    const [gone] = deleted;
    if (!gone) return false;
    await db.query('DELETE FROM waitlist_confirmation_reminders WHERE entry_id = $1', [entryId]);
    await db.query('UPDATE waitlist_counter SET erased_count = erased_count + 1 WHERE id = 1');
    if (gone.referrer_entry_id) {
      const pending = gone.referral_status === 'pending' ? 1 : 0;
      const held = gone.referral_status === 'flagged' && gone.referral_review === null ? 1 : 0;
      if (pending + held > 0)
        await WaitlistEntriesRepository.countOpenReferrals([{ referrerEntryId: gone.referrer_entry_id, pending: -pending, held: -held }], db);
    }
    return true;
  }

  /** A confirmation link went again (a repeat sign-up, staff's resend): a member whose join sent none has one now. */
  static async confirmationLinkSent(entryId: string, at: Date, db: EntityManager): Promise<void> {
    await db.query('UPDATE waitlist_entries SET confirmation_sent_at = coalesce(confirmation_sent_at, $2) WHERE id = $1', [entryId, at]);
  }

  /**
   * The member's one reminder (a member erased since has no entry, and gets no row). No ON
   * CONFLICT: a second reminder for a member fails here and rolls back the append that made it.
   */
  static async markReminded(entryId: string, at: Date, db: EntityManager): Promise<void> {
    await db.query('INSERT INTO waitlist_confirmation_reminders (entry_id, reminded_at) SELECT id, $2 FROM waitlist_entries WHERE id = $1', [entryId, at]);
  }

  /** Referrers' open referrals (pending, held) moved by these amounts (an erased referrer has no row: nothing to move). */
  static async countOpenReferrals(changes: { referrerEntryId: string; pending: number; held: number }[], db: EntityManager): Promise<void> {
    if (changes.length === 0) return;
    await db.query(
      `UPDATE waitlist_entries r SET pending_referrals = r.pending_referrals + c.pending, held_referrals = r.held_referrals + c.held
         FROM (SELECT id, sum(pending)::int AS pending, sum(held)::int AS held FROM unnest($1::uuid[], $2::int[], $3::int[]) AS u(id, pending, held) GROUP BY id) c
        WHERE r.id = c.id`,
      [changes.map((c) => c.referrerEntryId), changes.map((c) => c.pending), changes.map((c) => c.held)],
    );
  }

  /**
   * Staff's decision on a held referral (flagged, not yet reviewed): a credit waits for the
   * friend's confirmation like any referral ('pending'); a rejected one stays 'flagged', reviewed.
   * The referrer's held referral becomes pending, or is gone.
   */
  static async reviewReferral(entryId: string, decision: 'credit' | 'reject', db: EntityManager): Promise<void> {
    const [reviewed]: [{ referrer_entry_id: string | null }[], number] = await db.query(
      `UPDATE waitlist_entries SET referral_review = $2::varchar, referral_status = CASE WHEN $2::varchar = 'credit' THEN 'pending' ELSE referral_status END
        WHERE id = $1 AND referral_status = 'flagged' AND referral_review IS NULL RETURNING referrer_entry_id`,
      [entryId, decision],
    );
    const referrer = reviewed[0]?.referrer_entry_id;
    if (referrer) await WaitlistEntriesRepository.countOpenReferrals([{ referrerEntryId: referrer, pending: decision === 'credit' ? 1 : 0, held: -1 }], db);
  }

  /** Members confirmed: the places their friends earned them meanwhile apply now. */
  static async markConfirmed(confirmations: { entryId: string; confirmedAt: Date }[], db: EntityManager): Promise<void> {
    await db.query(
      `UPDATE waitlist_entries e SET confirmed_at = c.at, rank_key = e.rank_key - e.held_rank_delta, held_rank_delta = 0
       FROM unnest($1::uuid[], $2::timestamptz[]) AS c(id, at) WHERE e.id = c.id`,
      [confirmations.map((c) => c.entryId), confirmations.map((c) => c.confirmedAt)],
    );
  }

  /**
   * The friend's referral is credited, and the referrer passes `places` people (rank_key falls
   * by 2 × places + 1): now if they have confirmed, else when they do (held_rank_delta).
   */
  static async creditReferral(referrerEntryId: string, referredEntryId: string, places: number, db: EntityManager): Promise<void> {
    // The friend's referral was pending (open) until now: the referrer counts one fewer.
    const [friend]: [{ was: string }[], number] = await db.query(
      `UPDATE waitlist_entries f SET referral_status = 'credited' FROM (SELECT id, referral_status AS was FROM waitlist_entries WHERE id = $1 FOR UPDATE) old
        WHERE f.id = old.id RETURNING old.was`,
      [referredEntryId],
    );
    const wasPending = friend[0]?.was === 'pending' ? 1 : 0;
    await db.query(
      `UPDATE waitlist_entries SET referral_credits = referral_credits + 1, pending_referrals = pending_referrals - $3,
         rank_key = CASE WHEN confirmed_at IS NOT NULL THEN rank_key - $2 ELSE rank_key END,
         held_rank_delta = CASE WHEN confirmed_at IS NOT NULL THEN held_rank_delta ELSE held_rank_delta + $2 END
       WHERE id = $1`,
      [referrerEntryId, 2 * places + 1, wasPending],
    );
  }
}
