import { Injectable } from '@nestjs/common';
import { normaliseEmail } from '@swishly/platform';
import { DataSource, EntityManager } from 'typeorm';
import { SignupAttribution, WAITLIST_STREAM, WaitlistConfirmationRequested, WaitlistJoined } from './waitlist.events';

/**
 * Where a member is on the way in, one of three (they add up to everyone): `unconfirmed`,
 * `confirmed` (waiting to be let in) or `admitted`. Beside it, never instead of it: whether mail
 * reaches them (MailState) and whether their own referral is held for review.
 */
export const MEMBER_STATES = ['unconfirmed', 'confirmed', 'admitted'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
/** Whether mail reaches a member: `subscribed`, or why not (the suppression list's reason). */
export type MailState = 'subscribed' | 'unsubscribed' | 'bounced' | 'complained';

/**
 * What staff filter the list by: a state, or one of the two things shown beside it (`unsubscribed`
 * from announcements; `flagged`: their referral is held for review), which any state may have.
 */
export const MEMBER_STATUSES = [...MEMBER_STATES, 'unsubscribed', 'flagged'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * Who a launch announcement goes to. Only members who confirmed (double opt-in), never an
 * address on the suppression list (unsubscribed, bounced, complained). `all` and `confirmed` are
 * the same members today: admission needs a confirmation, so every member who may be mailed has
 * confirmed; `all` stays the word for "everyone who wants to hear".
 */
export const BROADCAST_AUDIENCES = ['all', 'confirmed', 'waiting', 'admitted'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

/** A broadcast's slice of its audience: the members with signup numbers from..to (inclusive), `planned` of them when it was asked for. */
export interface AudienceChunk {
  fromSignup: number;
  toSignup: number;
  planned: number;
}

/** What staff's filters select: a search (name, address or referral code) and a status. */
export interface MemberFilters {
  search?: string;
  status?: MemberStatus;
}

export interface TopReferrerRow {
  id: string;
  first_name: string;
  email: string;
  referral_credits: number;
  pending_referrals: number;
  held_referrals: number;
  signup_number: number;
  rank_key: number;
}

export interface MemberRow {
  id: string;
  signup_number: number;
  rank_key: number;
  first_name: string;
  email: string;
  referral_code: string;
  referral_credits: number;
  source: string;
  creator_code: string | null;
  referral_status: string;
  referral_review: string | null;
  created_at: Date;
  confirmed_at: Date | null;
  admitted_at: Date | null;
  /** Why mail to them is held back (the suppression list), if it is. */
  suppression: 'bounced' | 'complained' | 'unsubscribed' | null;
  disposable_email: boolean;
}

/** A row of the CSV export: the list's columns, and what only the export shows. */
export interface ExportRow extends MemberRow {
  /** The referral code of who referred them, if someone did. */
  referred_by: string | null;
  /** The campaign they came with: their join's utm campaign, else the campaign of the creator code they used. */
  campaign: string | null;
  /** Whether the row passes the query's filters (rows are walked in order, filtered here). */
  matches: boolean;
}

export interface FriendRow {
  id: string;
  first_name: string;
  referral_status: string;
  referral_review: string | null;
  created_at: Date;
}

/**
 * Who staff may leave out of an admission or an announcement, besides those it never takes:
 * members who signed up with a throwaway address; members whose own referral is held for review.
 */
export interface LeaveOutFilters {
  withoutDisposable?: boolean;
  withoutHeldReferrals?: boolean;
}

/** A member an admission would let in, as staff see them before it does. */
export interface AdmissionCandidate {
  id: string;
  signupNumber: number;
  rankKey: number;
  firstName: string;
  email: string;
  disposableEmail: boolean;
  referralHeld: boolean;
}

/** A member as an email to them needs them. */
export interface MemberAddress {
  id: string;
  firstName: string;
  email: string;
}

/** A recipient of an announcement: what its personal fields need (name, place, referral code). */
export interface AudienceMember extends MemberAddress {
  referralCode: string;
  signupNumber: number;
  rankKey: number;
}

/** A confirmed member and their credited referrals (what their referral milestones count). */
export interface Referrer extends AudienceMember {
  referralCredits: number;
}

// Driven from the suppression list (short beside the list), through the members' address_hash index.
const UNSUBSCRIBED = `e.address_hash IN (SELECT s.address_hash FROM mail_suppressions s WHERE s.reason = 'unsubscribed')`;
/** Each filter's SQL; the three states are the same rule as `stateOf` (admitted, else confirmed, else unconfirmed). */
const STATUS_SQL: Record<MemberStatus, string> = {
  unconfirmed: 'e.admitted_at IS NULL AND e.confirmed_at IS NULL',
  confirmed: 'e.admitted_at IS NULL AND e.confirmed_at IS NOT NULL',
  admitted: 'e.admitted_at IS NOT NULL',
  unsubscribed: UNSUBSCRIBED,
  flagged: `e.referral_status = 'flagged' AND e.referral_review IS NULL`,
};
const COLUMNS = `e.id, e.signup_number, e.rank_key, e.first_name, e.email, e.referral_code, e.referral_credits, e.source, e.creator_code,
  e.referral_status, e.referral_review, e.created_at, e.confirmed_at, e.admitted_at, e.disposable_email,
  (SELECT s.reason FROM mail_suppressions s WHERE s.address_hash = e.address_hash) AS suppression`;
/** What only the CSV export shows: a lookup or two a row, which the list's pages need not pay. */
const EXPORT_COLUMNS = `${COLUMNS},
  (SELECT r.referral_code FROM waitlist_entries r WHERE r.id = e.referrer_entry_id) AS referred_by,
  coalesce(
    (SELECT j.payload->'attribution'->>'utmCampaign' FROM domain_events j
     WHERE j.stream_type = '${WAITLIST_STREAM}' AND j.stream_id = e.id::text AND j.type = '${WaitlistJoined.type}'),
    (SELECT c.campaign FROM creator_codes c WHERE c.code = e.creator_code)) AS campaign`;

/** A member's state from their row: the rule STATUS_SQL's three states filter by. */
export function stateOf(row: Pick<MemberRow, 'admitted_at' | 'confirmed_at'>): MemberState {
  return row.admitted_at ? 'admitted' : row.confirmed_at ? 'confirmed' : 'unconfirmed';
}
/**
 * Waiting to be let in: confirmed (double opt-in), not yet admitted, and reachable: an invite
 * is the service they queued for, so it goes after an unsubscribe from announcements, but
 * never to an address that bounced or complained (those are held back, and counted).
 */
const WAITING = 'e.confirmed_at IS NOT NULL AND e.admitted_at IS NULL';
const UNREACHABLE = `EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address_hash = e.address_hash AND s.reason IN ('bounced', 'complained'))`;
const HELD_REFERRAL = STATUS_SQL.flagged;
/** The clauses that leave out whom the filters name. */
function leftOutWhere(filters: LeaveOutFilters): string[] {
  return [...(filters.withoutDisposable ? ['NOT e.disposable_email'] : []), ...(filters.withoutHeldReferrals ? [`NOT (${HELD_REFERRAL})`] : [])];
}
function admittableWhere(filters: LeaveOutFilters): string {
  return [WAITING, `NOT ${UNREACHABLE}`, ...leftOutWhere(filters)].join(' AND ');
}
/** Each audience's members, whether mail reaches them or not: the list's states (admission needs a confirmation). */
const AUDIENCE_GROUP: Record<BroadcastAudience, string> = {
  all: 'e.confirmed_at IS NOT NULL',
  confirmed: 'e.confirmed_at IS NOT NULL',
  waiting: STATUS_SQL.confirmed,
  admitted: STATUS_SQL.admitted,
};
const SUPPRESSED = `EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address_hash = e.address_hash)`;
/** Who an announcement goes to: the audience's members whose address is on no suppression list, less whom the filters leave out. */
function audienceWhere(audience: BroadcastAudience, filters: LeaveOutFilters): string {
  return [AUDIENCE_GROUP[audience], `NOT ${SUPPRESSED}`, ...leftOutWhere(filters)].join(' AND ');
}

const AUDIENCE_MEMBER = `e.id, e.first_name AS "firstName", e.email, e.referral_code AS "referralCode", e.signup_number AS "signupNumber", e.rank_key AS "rankKey"`;

/**
 * The queries behind staff's view of the waitlist and what the back office asks of it
 * (admissions, announcements, invites): the only SQL on waitlist_entries outside the sign-up
 * path (WaitlistEntriesRepository). A method that takes `db` runs in that transaction.
 */
@Injectable()
export class WaitlistMembersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of the list in position order: `limit` rows after the keyset (rank_key, signup_number), if one is given. */
  page(filters: MemberFilters, after: { rankKey: number; signupNumber: number } | null, limit: number): Promise<MemberRow[]> {
    const { where, params } = whereOf(filters);
    const keyset = after ? `(e.rank_key, e.signup_number) > ($${params.length + 1}, $${params.length + 2})` : 'true';
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM waitlist_entries e WHERE ${where} AND ${keyset}
       ORDER BY e.rank_key, e.signup_number LIMIT ${limit}`,
      [...params, ...(after ? [after.rankKey, after.signupNumber] : [])],
    );
  }

  /** How many members pass the filters: a status alone is read from the kept counts, a search is counted. */
  async count(filters: MemberFilters): Promise<number> {
    if (filters.status && !filters.search?.trim()) return (await this.statusCounts())[filters.status];
    const { where, params } = whereOf(filters);
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM waitlist_entries e WHERE ${where}`, params);
    return row.n;
  }

  /**
   * How many members each status filter holds, and all of them, as waitlist_counter keeps them:
   * triggers on waitlist_entries add each statement's change to the states and held referrals, and
   * triggers on both waitlist_entries and mail_suppressions to the unsubscribed (UnsubscribedCounted1763700004010).
   */
  async statusCounts(): Promise<Record<MemberStatus | 'all', number>> {
    const [row] = await this.dataSource.query(
      `SELECT coalesce(c.unconfirmed_count, 0) + coalesce(c.confirmed_count, 0) + coalesce(c.admitted_count, 0) AS all,
              coalesce(c.unconfirmed_count, 0) AS unconfirmed, coalesce(c.confirmed_count, 0) AS confirmed,
              coalesce(c.admitted_count, 0) AS admitted, coalesce(c.flagged_count, 0) AS flagged,
              coalesce(c.unsubscribed_count, 0) AS unsubscribed
         FROM (SELECT 1) one LEFT JOIN waitlist_counter c ON c.id = 1`,
    );
    return row;
  }

  /**
   * Every member in position order, each row saying whether it passes the filters: one query
   * through a server-side cursor (pg-query-stream) on one pooled connection, in constant memory.
   */
  async *walkInOrder(filters: MemberFilters): AsyncGenerator<ExportRow> {
    const { where, params } = whereOf(filters);
    const runner = this.dataSource.createQueryRunner();
    try {
      const rows = await runner.stream(`SELECT ${EXPORT_COLUMNS}, (${where}) AS matches FROM waitlist_entries e ORDER BY e.rank_key, e.signup_number`, params);
      yield* rows as AsyncIterable<ExportRow>;
    } finally {
      await runner.release();
    }
  }

  async member(entryId: string): Promise<(MemberRow & { referrer_entry_id: string | null }) | undefined> {
    const [row] = await this.dataSource.query(`SELECT ${COLUMNS}, e.referrer_entry_id FROM waitlist_entries e WHERE e.id = $1`, [entryId]);
    return row;
  }

  async referrer(referrerEntryId: string): Promise<{ id: string; firstName: string; referralCode: string } | undefined> {
    const [row] = await this.dataSource.query('SELECT id, first_name AS "firstName", referral_code AS "referralCode" FROM waitlist_entries WHERE id = $1', [
      referrerEntryId,
    ]);
    return row;
  }

  /** The friends a member referred, in the order they joined (the first 200). */
  friendsOf(entryId: string): Promise<FriendRow[]> {
    return this.dataSource.query(
      `SELECT id, first_name, referral_status, referral_review, created_at FROM waitlist_entries WHERE referrer_entry_id = $1 ORDER BY signup_number LIMIT 200`,
      [entryId],
    );
  }

  /**
   * The top referrers: members with a referral of any kind (credited, pending or held), most
   * credits first, then in list order. One scan of the partial index waitlist_entries_top_referrers.
   */
  topReferrers(limit: number): Promise<TopReferrerRow[]> {
    return this.dataSource.query(
      `SELECT id, first_name, email, referral_credits, pending_referrals, held_referrals, signup_number, rank_key
         FROM waitlist_entries WHERE referral_credits > 0 OR pending_referrals > 0 OR held_referrals > 0
        ORDER BY referral_credits DESC, rank_key, signup_number LIMIT $1`,
      [limit],
    );
  }

  /** Where the member came from, as their join event recorded it. */
  async attributionOf(entryId: string): Promise<SignupAttribution | null> {
    const [row]: { attribution: SignupAttribution | null }[] = await this.dataSource.query(
      `SELECT payload->'attribution' AS attribution FROM domain_events WHERE stream_type = $1 AND stream_id = $2 AND type = $3 LIMIT 1`,
      [WAITLIST_STREAM, entryId, WaitlistJoined.type],
    );
    return row?.attribution ?? null;
  }

  /** When a confirmation link was asked for again for this member (by them or by staff). */
  async confirmationsSentTo(entryId: string): Promise<Date[]> {
    const rows: { at: Date }[] = await this.dataSource.query(
      `SELECT occurred_at AS at FROM domain_events WHERE stream_type = $1 AND stream_id = $2 AND type = $3`,
      [WAITLIST_STREAM, entryId, WaitlistConfirmationRequested.type],
    );
    return rows.map((row) => row.at);
  }

  /** A referral's state as staff see it: 'rejected' once staff rejected it, else its status. */
  async referralState(entryId: string): Promise<string> {
    const [row] = await this.dataSource.query('SELECT referral_status, referral_review FROM waitlist_entries WHERE id = $1', [entryId]);
    return row.referral_review === 'reject' ? 'rejected' : row.referral_status;
  }

  /** The next `count` members to let in, in position order (see WAITING), without those the filters leave out. */
  async nextToAdmit(count: number, filters: LeaveOutFilters, db: EntityManager): Promise<string[]> {
    const rows: { id: string }[] = await db.query(
      `SELECT e.id FROM waitlist_entries e WHERE ${admittableWhere(filters)} ORDER BY e.rank_key, e.signup_number LIMIT $1`,
      [count],
    );
    return rows.map((row) => row.id);
  }

  /** The members an admission of `count` would let in now, in position order. */
  admissionCandidates(count: number, filters: LeaveOutFilters): Promise<AdmissionCandidate[]> {
    return this.dataSource.query(
      `SELECT e.id, e.signup_number AS "signupNumber", e.rank_key AS "rankKey", e.first_name AS "firstName", e.email,
         e.disposable_email AS "disposableEmail", (${HELD_REFERRAL}) AS "referralHeld"
       FROM waitlist_entries e WHERE ${admittableWhere(filters)} ORDER BY e.rank_key, e.signup_number LIMIT $1`,
      [count],
    );
  }

  /** Of the members waiting to be let in: how many the filters would leave out, and how many are held back (mail bounced or complained). */
  async admissionCounts(filters: LeaveOutFilters): Promise<{ admittable: number; heldBack: number; leftOut: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE ${admittableWhere(filters)})::int AS admittable,
         count(*) FILTER (WHERE ${UNREACHABLE})::int AS "heldBack",
         count(*) FILTER (WHERE NOT ${UNREACHABLE} AND NOT (${admittableWhere(filters)}))::int AS "leftOut"
       FROM waitlist_entries e WHERE ${WAITING}`,
    );
    return row;
  }

  /** Whether a member has confirmed, has been let in, and can be reached by mail (undefined: no such member). */
  async admissionState(entryId: string, db: EntityManager): Promise<{ confirmed: boolean; admitted: boolean; reachable: boolean } | undefined> {
    const [row]: { confirmed: boolean; admitted: boolean; reachable: boolean }[] = await db.query(
      `SELECT e.confirmed_at IS NOT NULL AS confirmed, e.admitted_at IS NOT NULL AS admitted, NOT ${UNREACHABLE} AS reachable
       FROM waitlist_entries e WHERE e.id = $1`,
      [entryId],
    );
    return row;
  }

  /** The ids of the entries with this (normalised) address: one today, none once erased. */
  async entryIdsOf(emailNormalized: string, db: EntityManager): Promise<string[]> {
    const rows: { id: string }[] = await db.query('SELECT id FROM waitlist_entries WHERE email_normalized = $1', [emailNormalized]);
    return rows.map((row) => row.id);
  }

  /**
   * How many an announcement to `audience` reaches, how many of its members it does not
   * (unsubscribed, bounced or complained), and how many the filters leave out.
   */
  async audienceSize(audience: BroadcastAudience, filters: LeaveOutFilters = {}): Promise<{ recipients: number; notMailable: number; leftOut: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE ${audienceWhere(audience, filters)})::int AS recipients,
         count(*) FILTER (WHERE ${SUPPRESSED})::int AS "notMailable",
         count(*) FILTER (WHERE NOT ${SUPPRESSED} AND NOT (${audienceWhere(audience, filters)}))::int AS "leftOut"
       FROM waitlist_entries e WHERE ${AUDIENCE_GROUP[audience]}`,
    );
    return row;
  }

  async audienceChunks(audience: BroadcastAudience, filters: LeaveOutFilters, size: number, db: EntityManager): Promise<AudienceChunk[]> {
    const rows: { from: number; to: number; planned: number }[] = await db.query(
      `SELECT min(signup_number)::int AS from, max(signup_number)::int AS to, count(*)::int AS planned
       FROM (SELECT e.signup_number, (row_number() OVER (ORDER BY e.signup_number) - 1) / $1 AS chunk FROM waitlist_entries e WHERE ${audienceWhere(audience, filters)}) c
       GROUP BY chunk ORDER BY chunk`,
      [size],
    );
    return rows.map((r) => ({ fromSignup: r.from, toSignup: r.to, planned: r.planned }));
  }

  audienceIn(
    audience: BroadcastAudience,
    filters: LeaveOutFilters,
    chunk: Pick<AudienceChunk, 'fromSignup' | 'toSignup'>,
    db: EntityManager,
  ): Promise<AudienceMember[]> {
    return db.query(
      `SELECT ${AUDIENCE_MEMBER} FROM waitlist_entries e
       WHERE e.signup_number BETWEEN $1 AND $2 AND ${audienceWhere(audience, filters)} ORDER BY e.signup_number FOR SHARE OF e`,
      [chunk.fromSignup, chunk.toSignup],
    );
  }

  /** The audience's first member by signup (to preview an announcement as they will get it). */
  async firstOfAudience(audience: BroadcastAudience, filters: LeaveOutFilters): Promise<AudienceMember | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT ${AUDIENCE_MEMBER} FROM waitlist_entries e WHERE ${audienceWhere(audience, filters)} ORDER BY e.signup_number LIMIT 1`,
    );
    return row;
  }

  forInvites(entryIds: string[], db: EntityManager): Promise<MemberAddress[]> {
    return db.query('SELECT id, first_name AS "firstName", email FROM waitlist_entries WHERE id = ANY($1::uuid[]) FOR SHARE', [entryIds]);
  }

  /** Those of these members who have confirmed, with their credited referrals (share-locked like forInvites). */
  referrersIn(entryIds: string[], db: EntityManager): Promise<Referrer[]> {
    return db.query(
      `SELECT ${AUDIENCE_MEMBER}, e.referral_credits AS "referralCredits" FROM waitlist_entries e
       WHERE e.id = ANY($1::uuid[]) AND e.confirmed_at IS NOT NULL ORDER BY e.signup_number FOR SHARE OF e`,
      [entryIds],
    );
  }

  /** Confirmed members with at least `referrals` credited referrals: their ids and credits. */
  creditedAtLeast(referrals: number, db: EntityManager | DataSource = this.dataSource): Promise<{ id: string; referralCredits: number }[]> {
    return db.query(
      `SELECT id, referral_credits AS "referralCredits" FROM waitlist_entries
       WHERE referral_credits >= $1 AND confirmed_at IS NOT NULL ORDER BY signup_number`,
      [referrals],
    );
  }
}

function whereOf(filters: MemberFilters): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filters.status) clauses.push(STATUS_SQL[filters.status]);
  const search = filters.search?.trim();
  if (search) {
    const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A name is lower-cased and stripped of accents on both sides by Postgres ("Renee" finds
    // "Renée" and the other way round); an address is compared in its normalised form
    // (normaliseEmail), also without accents.
    params.push(containing(search), containing(normaliseEmail(search)), search.toUpperCase());
    // search_text (lower case, no accents) is what the trigram indexes hold: a substring is found without reading every member.
    clauses.push(`(search_text(e.first_name) LIKE search_text($1) OR search_text(e.email_normalized) LIKE search_text($2) OR e.referral_code = $3)`);
  }
  return { where: clauses.length ? clauses.join(' AND ') : 'true', params };
}
