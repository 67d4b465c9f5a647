import { Inject, Injectable } from '@nestjs/common';
import { apiError, csvLine, EventMetadata, EventStore, isUuid, normaliseEmail, SettingsOf, StreamVersionConflictError } from '@swishly/platform';
import { WaitlistSettings } from '../waitlist.settings';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { ReferralCredited, ReferralReviewed, SignupAttribution, WAITLIST_STREAM, WaitlistConfirmationRequested, WaitlistJoined } from './waitlist.events';
import { DataSource, EntityManager } from 'typeorm';
import { PositionsService } from './positions.service';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';

/** The statuses staff filter the list by. A member's own `status` is the first of admitted, unsubscribed, flagged, confirmed, unconfirmed that holds. */
export const MEMBER_STATUSES = ['unconfirmed', 'confirmed', 'admitted', 'unsubscribed', 'flagged'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export interface MemberQuery {
  search?: string;
  status?: MemberStatus;
  limit?: number;
  cursor?: string;
}

export interface WaitlistMember {
  id: string;
  position: number;
  firstName: string;
  email: string;
  status: MemberStatus;
  referralCode: string;
  referralCredits: number;
  source: string;
  creatorCode: string | null;
  createdAt: string;
  confirmedAt: string | null;
  admittedAt: string | null;
  /** Signed up with a disposable (throwaway) address: flagged for staff. */
  disposableEmail: boolean;
}

/** A friend a member referred, and where that referral stands. */
export interface ReferredFriend {
  id: string;
  firstName: string;
  /** pending: counts once they confirm; credited; flagged: held for staff's review; rejected by staff. */
  referral: 'pending' | 'credited' | 'flagged' | 'rejected';
  createdAt: string;
}

/** Staff's view of one member: the list's row, who referred them, whom they referred. */
export interface MemberDetail {
  member: WaitlistMember;
  /** Where they came from: the join's own source and the visit's first page (from their join event). */
  attribution: SignupAttribution | null;
  referredBy: { id: string; firstName: string; referralCode: string } | null;
  referrals: { credited: number; pending: number; flagged: number; rejected: number; friends: ReferredFriend[] };
}

export interface MemberPage {
  entries: WaitlistMember[];
  total: number;
  nextCursor: string | null;
}

interface MemberRow {
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
  /** Whether the row passes the query's filters (CSV export: rows are walked in order, filtered here). */
  matches?: boolean;
}

const UNSUBSCRIBED = `EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address_hash = e.address_hash AND s.reason = 'unsubscribed')`;
const STATUS_SQL: Record<MemberStatus, string> = {
  unconfirmed: 'e.confirmed_at IS NULL',
  confirmed: 'e.confirmed_at IS NOT NULL AND e.admitted_at IS NULL',
  admitted: 'e.admitted_at IS NOT NULL',
  unsubscribed: UNSUBSCRIBED,
  flagged: `e.referral_status = 'flagged' AND e.referral_review IS NULL`,
};
const COLUMNS = `e.id, e.signup_number, e.rank_key, e.first_name, e.email, e.referral_code, e.referral_credits, e.source, e.creator_code,
  e.referral_status, e.referral_review, e.created_at, e.confirmed_at, e.admitted_at, e.disposable_email,
  (SELECT s.reason FROM mail_suppressions s WHERE s.address_hash = e.address_hash) AS suppression`;
/**
 * Who a launch announcement goes to. Only members who confirmed (double opt-in), never an
 * address on the suppression list (unsubscribed, bounced, complained). `all` and `confirmed` are
 * the same members today: admission needs a confirmation, so every member who may be mailed has
 * confirmed; `all` stays the word for "everyone who wants to hear".
 */
export const BROADCAST_AUDIENCES = ['all', 'confirmed', 'waiting', 'admitted'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];
const MAILABLE = `e.confirmed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address_hash = e.address_hash)`;
const AUDIENCE_SQL: Record<BroadcastAudience, string> = {
  all: MAILABLE,
  confirmed: MAILABLE,
  waiting: `${MAILABLE} AND e.admitted_at IS NULL`,
  admitted: `${MAILABLE} AND e.admitted_at IS NOT NULL`,
};

/** A broadcast's slice of its audience: the members with signup numbers from..to (inclusive), `planned` of them when it was asked for. */
export interface AudienceChunk {
  fromSignup: number;
  toSignup: number;
  planned: number;
}

const MAX_LIMIT = 200;
/** Rows the CSV export writes per chunk (small strings die young: memory stays flat). */
const EXPORT_CHUNK = 200;

/**
 * Staff's view of the waitlist (/admin/waitlist): members in position order, searched and
 * filtered, paged by keyset ((rank_key, signup_number) after the cursor: as fast on the last
 * page of a million as on the first), and the CSV export, streamed in batches in constant memory.
 */
@Injectable()
export class WaitlistMembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly positions: PositionsService,
    private readonly entries: WaitlistEntriesRepository,
    private readonly events: EventStore,
    @Inject(WaitlistSettings.token) private readonly settings: SettingsOf<typeof WaitlistSettings>,
  ) {}

  async list(query: MemberQuery): Promise<MemberPage> {
    const limit = Math.min(Math.max(query.limit ?? 50, 1), MAX_LIMIT);
    const { where, params } = filters(query);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const keyset = after ? `(e.rank_key, e.signup_number) > ($${params.length + 1}, $${params.length + 2})` : 'true';
    const rows: MemberRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM waitlist_entries e WHERE ${where} AND ${keyset}
       ORDER BY e.rank_key, e.signup_number LIMIT ${limit + 1}`,
      [...params, ...(after ? [after.rankKey, after.signupNumber] : [])],
    );
    const page = rows.slice(0, limit);
    const filtered = Boolean(query.search?.trim() || query.status);
    const [total, positions] = await Promise.all([
      filtered ? this.count(where, params) : this.entries.entryCount(),
      this.positionsOf(page, filtered),
    ]);
    const last = page[page.length - 1];
    return {
      entries: page.map((row, i) => member(row, positions[i])),
      total,
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /** One member as staff see them (404 when there is none: never joined, or erased). */
  async detail(entryId: string): Promise<MemberDetail> {
    const [row]: (MemberRow & { referrer_entry_id: string | null })[] = isUuid(entryId)
      ? await this.dataSource.query(`SELECT ${COLUMNS}, e.referrer_entry_id FROM waitlist_entries e WHERE e.id = $1`, [entryId])
      : [];
    if (!row) throw apiError(404, 'Member not found.', 'not_found');
    const [position, referrer, friends, joined] = await Promise.all([
      this.positions.positionOf({ signupNumber: row.signup_number, rankKey: row.rank_key }),
      row.referrer_entry_id
        ? this.dataSource.query('SELECT id, first_name AS "firstName", referral_code AS "referralCode" FROM waitlist_entries WHERE id = $1', [row.referrer_entry_id])
        : [],
      this.dataSource.query(
        `SELECT id, first_name, referral_status, referral_review, created_at FROM waitlist_entries WHERE referrer_entry_id = $1 ORDER BY signup_number LIMIT 200`,
        [entryId],
      ) as Promise<{ id: string; first_name: string; referral_status: string; referral_review: string | null; created_at: Date }[]>,
      this.dataSource.query(`SELECT payload->'attribution' AS attribution FROM domain_events WHERE stream_type = $1 AND stream_id = $2 AND type = $3 LIMIT 1`, [
        WAITLIST_STREAM,
        entryId,
        WaitlistJoined.type,
      ]) as Promise<{ attribution: SignupAttribution | null }[]>,
    ]);
    const referredFriends = friends.map((f): ReferredFriend => ({
      id: f.id,
      firstName: f.first_name,
      referral: f.referral_review === 'reject' ? 'rejected' : f.referral_status === 'credited' ? 'credited' : f.referral_status === 'flagged' && !f.referral_review ? 'flagged' : 'pending',
      createdAt: f.created_at.toISOString(),
    }));
    const count = (kind: ReferredFriend['referral']) => referredFriends.filter((f) => f.referral === kind).length;
    return {
      member: member(row, position),
      attribution: joined[0]?.attribution ?? null,
      referredBy: referrer[0] ?? null,
      referrals: { credited: count('credited'), pending: count('pending'), flagged: count('flagged'), rejected: count('rejected'), friends: referredFriends },
    };
  }

  /**
   * Staff send a member's confirmation link again (they lost it, or it went to spam). Not for a
   * member who has confirmed. Unlike a repeated sign-up, not limited to one a day: staff chose to.
   */
  async resendConfirmation(entryId: string, meta: EventMetadata): Promise<void> {
    await this.events.transaction(async (tx) => {
      const entry = await tx.manager.findOneBy(WaitlistEntry, { id: entryId });
      if (!entry) throw apiError(404, 'Member not found.', 'not_found');
      if (entry.confirmedAt) throw apiError(409, 'This member has already confirmed their address.', 'already_confirmed');
      await tx.append({ streamType: WAITLIST_STREAM, streamId: entryId }, 'any', [WaitlistConfirmationRequested({ entryId })], meta);
    });
  }

  /** How many members each status filter holds, and all of them. */
  async statusCounts(): Promise<Record<MemberStatus | 'all', number>> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS all, ${MEMBER_STATUSES.map((s) => `count(*) FILTER (WHERE ${STATUS_SQL[s]})::int AS ${s}`).join(', ')}
       FROM waitlist_entries e`,
    );
    return row;
  }

  /**
   * The CSV of the members the query selects, in position order: one query walks the whole list
   * in order through a server-side cursor (pg-query-stream), so each row's position is its place
   * in the whole list, and the rows that match are written as they arrive. One pooled connection
   * for the export's length; constant memory, whatever the list's size.
   *
   * Beside the status (admitted, unsubscribed, flagged, confirmed, unconfirmed: the first that
   * holds), `mail` says whether mail reaches them: `subscribed`, or why not (`unsubscribed`,
   * `bounced`, `complained`), so an admitted member who unsubscribed, or an address that bounced,
   * is not taken for one who can be written to.
   */
  async *csv(query: Omit<MemberQuery, 'limit' | 'cursor'>): AsyncGenerator<string> {
    const { where, params } = filters(query);
    yield csvLine(['position', 'first_name', 'email', 'status', 'mail', 'referral_code', 'referral_credits', 'source', 'creator_code', 'created_at', 'confirmed_at', 'admitted_at']);
    const runner = this.dataSource.createQueryRunner();
    try {
      const rows = await runner.stream(`SELECT ${COLUMNS}, (${where}) AS matches FROM waitlist_entries e ORDER BY e.rank_key, e.signup_number`, params);
      let position = 0;
      let chunk = '';
      let inChunk = 0;
      for await (const row of rows as AsyncIterable<MemberRow>) {
        position++;
        if (!row.matches) continue;
        const m = member(row, position);
        const mail = row.suppression ?? 'subscribed';
        chunk += csvLine([m.position, m.firstName, m.email, m.status, mail, m.referralCode, m.referralCredits, m.source, m.creatorCode, m.createdAt, m.confirmedAt, m.admittedAt]);
        if (++inChunk === EXPORT_CHUNK) {
          yield chunk;
          chunk = '';
          inChunk = 0;
        }
      }
      if (chunk) yield chunk;
    } finally {
      await runner.release();
    }
  }

  /**
   * Staff's decision on a referral held for review (status 'flagged'). A credit counts by the
   * usual rule: the referrer moves up now if the friend has confirmed, else when they do.
   * Decided at the stream's version: two decisions at once, one wins (409 for the other).
   */
  async reviewReferral(entryId: string, decision: 'credit' | 'reject', meta: EventMetadata): Promise<{ referralStatus: string }> {
    try {
      await this.events.transaction(async (tx) => {
        const friend = await tx.manager.findOneBy(WaitlistEntry, { id: entryId });
        if (!friend) throw apiError(404, 'Member not found.', 'not_found');
        if (friend.referralStatus !== 'flagged' || friend.referralReview || !friend.referrerEntryId) {
          throw apiError(409, 'This referral is not held for review.', 'not_flagged');
        }
        const version = await tx.streamVersion({ streamType: WAITLIST_STREAM, streamId: entryId });
        await tx.append({ streamType: WAITLIST_STREAM, streamId: entryId }, version, [ReferralReviewed({ entryId, referrerEntryId: friend.referrerEntryId, decision })], meta);
        if (decision === 'credit' && friend.confirmedAt) {
          await tx.append(
            { streamType: WAITLIST_STREAM, streamId: friend.referrerEntryId },
            'any',
            [ReferralCredited({ referrerEntryId: friend.referrerEntryId, referredEntryId: entryId, places: this.settings.WAITLIST_PLACES_PER_REFERRAL })],
            meta,
          );
        }
      });
    } catch (error) {
      if (error instanceof StreamVersionConflictError) throw apiError(409, 'This referral was just reviewed by someone else.', 'not_flagged');
      throw error;
    }
    const [row] = await this.dataSource.query('SELECT referral_status, referral_review FROM waitlist_entries WHERE id = $1', [entryId]);
    return { referralStatus: row.referral_review === 'reject' ? 'rejected' : row.referral_status };
  }

  /**
   * The next `count` members to let in, in position order: confirmed (double opt-in) and not yet
   * admitted. In `db`'s transaction, which should hold the admissions lock.
   */
  async nextToAdmit(count: number, db: EntityManager): Promise<string[]> {
    const rows: { id: string }[] = await db.query(
      `SELECT id FROM waitlist_entries WHERE confirmed_at IS NOT NULL AND admitted_at IS NULL ORDER BY rank_key, signup_number LIMIT $1`,
      [count],
    );
    return rows.map((row) => row.id);
  }

  /** How many members an announcement to `audience` would reach now. */
  async audienceSize(audience: BroadcastAudience): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM waitlist_entries e WHERE ${AUDIENCE_SQL[audience]}`);
    return row.n;
  }

  /**
   * The audience cut into slices of `size` members by signup number (stable, unlike positions,
   * which referrals move): each slice is later sent on its own, to whoever of it may still be mailed.
   */
  async audienceChunks(audience: BroadcastAudience, size: number, db: EntityManager): Promise<AudienceChunk[]> {
    const rows: { from: number; to: number; planned: number }[] = await db.query(
      `SELECT min(signup_number)::int AS from, max(signup_number)::int AS to, count(*)::int AS planned
       FROM (SELECT e.signup_number, (row_number() OVER (ORDER BY e.signup_number) - 1) / $1 AS chunk FROM waitlist_entries e WHERE ${AUDIENCE_SQL[audience]}) c
       GROUP BY chunk ORDER BY chunk`,
      [size],
    );
    return rows.map((r) => ({ fromSignup: r.from, toSignup: r.to, planned: r.planned }));
  }

  /** The members of one slice who are in the audience now (erased, unsubscribed or suppressed since: not). Share-locked like forInvites. */
  async audienceIn(audience: BroadcastAudience, chunk: Pick<AudienceChunk, 'fromSignup' | 'toSignup'>, db: EntityManager): Promise<{ id: string; firstName: string; email: string }[]> {
    return db.query(
      `SELECT e.id, e.first_name AS "firstName", e.email FROM waitlist_entries e
       WHERE e.signup_number BETWEEN $1 AND $2 AND ${AUDIENCE_SQL[audience]} ORDER BY e.signup_number FOR SHARE OF e`,
      [chunk.fromSignup, chunk.toSignup],
    );
  }

  /** What an invite needs of each member (an erased one is missing). */
  async forInvites(entryIds: string[], db: EntityManager): Promise<{ id: string; firstName: string; email: string }[]> {
    // Share-locked until the job ends: an erasure waits for the invites (see lockedForEmail).
    return db.query('SELECT id, first_name AS "firstName", email FROM waitlist_entries WHERE id = ANY($1::uuid[]) FOR SHARE', [entryIds]);
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM waitlist_entries e WHERE ${where}`, params);
    return row.n;
  }

  /** Each row's place in the whole list: consecutive from the first on an unfiltered page, else one lookup each (Redis, or an indexed count). */
  private async positionsOf(rows: MemberRow[], filtered: boolean): Promise<number[]> {
    if (rows.length === 0) return [];
    const place = (row: MemberRow) => this.positions.positionOf({ signupNumber: row.signup_number, rankKey: row.rank_key });
    if (!filtered) {
      const first = await place(rows[0]);
      return rows.map((_, i) => first + i);
    }
    return Promise.all(rows.map(place));
  }
}

function filters(query: Pick<MemberQuery, 'search' | 'status'>): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (query.status) clauses.push(STATUS_SQL[query.status]);
  const search = query.search?.trim();
  if (search) {
    const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A name is lower-cased on both sides by Postgres; an address is compared in its normalised form (normaliseEmail).
    params.push(containing(search), containing(normaliseEmail(search)), search.toUpperCase());
    clauses.push(`(lower(e.first_name) LIKE lower($1) OR e.email_normalized LIKE $2 OR e.referral_code = $3)`);
  }
  return { where: clauses.length ? clauses.join(' AND ') : 'true', params };
}

function member(row: MemberRow, position: number): WaitlistMember {
  const status: MemberStatus = row.admitted_at
    ? 'admitted'
    : row.suppression === 'unsubscribed'
      ? 'unsubscribed'
      : row.referral_status === 'flagged' && row.referral_review === null
        ? 'flagged'
        : row.confirmed_at
          ? 'confirmed'
          : 'unconfirmed';
  return {
    id: row.id,
    position,
    firstName: row.first_name,
    email: row.email,
    status,
    referralCode: row.referral_code,
    referralCredits: row.referral_credits,
    source: row.source,
    creatorCode: row.creator_code,
    createdAt: row.created_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    admittedAt: row.admitted_at?.toISOString() ?? null,
    disposableEmail: row.disposable_email,
  };
}

const encodeCursor = (row: MemberRow) => Buffer.from(`${row.rank_key}:${row.signup_number}`).toString('base64url');

/** The columns' type (integer): a number past it would reach Postgres as an error, not as "no such page". */
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

function decodeCursor(cursor: string): { rankKey: number; signupNumber: number } {
  const match = /^(-?\d{1,10}):(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const [rankKey, signupNumber] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(rankKey >= INT_MIN && rankKey <= INT_MAX && signupNumber <= INT_MAX)) {
    throw apiError(400, 'That page of the list does not exist (an old or altered cursor): start again from the first page.', 'invalid_cursor');
  }
  return { rankKey, signupNumber };
}
