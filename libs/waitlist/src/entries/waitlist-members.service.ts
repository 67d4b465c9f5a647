import { Inject, Injectable } from '@nestjs/common';
import { apiError, csvLine, EventMetadata, EventStore, isUuid, SettingsOf, StreamVersionConflictError } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { WaitlistSettings } from '../waitlist.settings';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { PositionsService } from './positions.service';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';
import { ONE_A_DAY_MS, onceADayAgainAt } from './waitlist.service';
import {
  LeaveOutFilters,
  AudienceChunk,
  AudienceMember,
  BroadcastAudience,
  MemberAddress,
  MemberFilters,
  MemberRow,
  MailState,
  MemberState,
  MemberStatus,
  Referrer,
  stateOf,
  TopReferrerRow,
  WaitlistMembersRepository,
} from './waitlist-members.repository';
import { ReferralCredited, ReferralReviewed, SignupAttribution, WAITLIST_STREAM, WaitlistConfirmationRequested } from './waitlist.events';

export interface MemberQuery extends MemberFilters {
  limit?: number;
  cursor?: string;
}

export interface WaitlistMember {
  id: string;
  position: number;
  firstName: string;
  email: string;
  /** unconfirmed, confirmed (waiting to be let in) or admitted: the same rule as the list's filters. */
  status: MemberState;
  /** Whether mail reaches them, beside the status: `subscribed`, or why not. */
  mail: MailState;
  /** Their own referral is held for review (the `flagged` filter). */
  referralHeld: boolean;
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
  /** Until when "Send the confirmation again" waits (once a day at most); null when it can go now, or they have confirmed. */
  confirmationAgainAt: string | null;
}

/** A member an admission would let in, with their place in the list. */
export interface AdmissionCandidateView {
  id: string;
  position: number;
  firstName: string;
  email: string;
  disposableEmail: boolean;
  referralHeld: boolean;
}

/** What an admission of N would do now: whom it lets in (the first of them), how many it can, and who it passes over. */
export interface AdmissionPreview {
  members: AdmissionCandidateView[];
  /** Members it would let in (at most the N asked for). */
  admitting: number;
  /** Members waiting to be let in that these filters take (all an admission of any size could). */
  waiting: number;
  /** Waiting members whose mail bounced or complained: never admitted, as their invite could not reach them. */
  heldBack: number;
  /** Waiting members the filters leave out (throwaway address, held referral). */
  leftOut: number;
}

/** A member on the top referrers' board: their credited referrals, and those still open. */
export interface TopReferrer {
  id: string;
  firstName: string;
  email: string;
  referralCredits: number;
  /** Friends who joined with their code and have not confirmed yet (not held, not rejected). */
  pendingReferrals: number;
  /** Friends whose referral is held for staff's review, not yet decided. */
  heldReferrals: number;
  position: number;
}

/**
 * What staff's decision did to one held referral: `credited` (the friend had confirmed: the
 * referrer moved up), `waiting` (credited, counts once the friend confirms), `rejected`,
 * `not-held` (never held, or decided already) or `not-found` (no such member, or erased).
 */
export type ReferralReviewOutcome = 'credited' | 'waiting' | 'rejected' | 'not-held' | 'not-found';

/** The first members a preview lists by name. */
const PREVIEW_NAMES = 100;

export interface MemberPage {
  entries: WaitlistMember[];
  total: number;
  nextCursor: string | null;
}

const MAX_LIMIT = 200;
const BYTE_ORDER_MARK = '\uFEFF';
/** Rows the CSV export writes per chunk (small strings die young: memory stays flat). */
const EXPORT_CHUNK = 200;

/**
 * Staff's view of the waitlist (/admin/waitlist), and what the back office may ask of the
 * waitlist (admissions, announcements, invites): members in position order, searched and
 * filtered, paged by keyset ((rank_key, signup_number) after the cursor: as fast on the last
 * page of a million as on the first), and the CSV export, streamed in batches in constant memory.
 * Its SQL is in WaitlistMembersRepository.
 */
@Injectable()
export class WaitlistMembersService {
  constructor(
    private readonly members: WaitlistMembersRepository,
    private readonly positions: PositionsService,
    private readonly entries: WaitlistEntriesRepository,
    private readonly events: EventStore,
    @Inject(WaitlistSettings.token) private readonly settings: SettingsOf<typeof WaitlistSettings>,
  ) {}

  async list(query: MemberQuery): Promise<MemberPage> {
    const limit = Math.min(Math.max(query.limit ?? 50, 1), MAX_LIMIT);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await this.members.page(query, after, limit + 1);
    const page = rows.slice(0, limit);
    const filtered = Boolean(query.search?.trim() || query.status);
    const [total, positions] = await Promise.all([filtered ? this.members.count(query) : this.entries.entryCount(), this.positionsOf(page, filtered)]);
    const last = page[page.length - 1];
    return {
      entries: page.map((row, i) => member(row, positions[i])),
      total,
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  }

  /** One member as staff see them (404 when there is none: never joined, or erased). */
  async detail(entryId: string): Promise<MemberDetail> {
    const row = isUuid(entryId) ? await this.members.member(entryId) : undefined;
    if (!row) throw apiError(404, 'Member not found.', 'not_found');
    const [position, referrer, friends, attribution, confirmationsSent] = await Promise.all([
      this.positions.positionOf({ signupNumber: row.signup_number, rankKey: row.rank_key }),
      row.referrer_entry_id ? this.members.referrer(row.referrer_entry_id) : undefined,
      this.members.friendsOf(entryId),
      this.members.attributionOf(entryId),
      row.confirmed_at ? [] : this.members.confirmationsSentTo(entryId),
    ]);
    const referredFriends = friends.map((f): ReferredFriend => ({
      id: f.id,
      firstName: f.first_name,
      referral:
        f.referral_review === 'reject'
          ? 'rejected'
          : f.referral_status === 'credited'
            ? 'credited'
            : f.referral_status === 'flagged' && !f.referral_review
              ? 'flagged'
              : 'pending',
      createdAt: f.created_at.toISOString(),
    }));
    const count = (kind: ReferredFriend['referral']) => referredFriends.filter((f) => f.referral === kind).length;
    return {
      member: member(row, position),
      attribution,
      referredBy: referrer ?? null,
      referrals: { credited: count('credited'), pending: count('pending'), flagged: count('flagged'), rejected: count('rejected'), friends: referredFriends },
      confirmationAgainAt: onceADayAgainAt(confirmationsSent)?.toISOString() ?? null,
    };
  }

  /**
   * Staff send a member's confirmation link again (they lost it, or it went to spam). Not for a
   * member who has confirmed, and, like a repeated sign-up, once a day at most: a member's inbox
   * is not flooded because someone clicked three times (429 saying from when it can go again).
   * Decided at the stream's version: of two clicks at once, one sends.
   */
  async resendConfirmation(entryId: string, meta: EventMetadata): Promise<void> {
    const tooSoon = (from: Date) =>
      apiError(429, `A confirmation link went to this member less than a day ago: it can be sent again from ${utcTime(from)}.`, 'too_many_requests');
    try {
      await this.events.transaction(async (tx) => {
        const entry = await tx.manager.findOneBy(WaitlistEntry, { id: entryId });
        if (!entry) throw apiError(404, 'Member not found.', 'not_found');
        if (entry.confirmedAt) throw apiError(409, 'This member has already confirmed their address.', 'already_confirmed');
        const history = await tx.readStream({ streamType: WAITLIST_STREAM, streamId: entryId });
        const again = onceADayAgainAt(history.filter((e) => WaitlistConfirmationRequested.is(e)).map((e) => e.occurredAt));
        if (again) throw tooSoon(again);
        await tx.append({ streamType: WAITLIST_STREAM, streamId: entryId }, history.length, [WaitlistConfirmationRequested({ entryId })], meta);
      });
    } catch (error) {
      if (error instanceof StreamVersionConflictError) throw tooSoon(new Date(Date.now() + ONE_A_DAY_MS));
      throw error;
    }
  }

  /** How many members each status filter holds, and all of them. */
  statusCounts(): Promise<Record<MemberStatus | 'all', number>> {
    return this.members.statusCounts();
  }

  /**
   * The CSV of the members the query selects, in position order: the whole list is walked in
   * order, so each row's position is its place in the whole list, and the rows that match are
   * written as they arrive, in chunks; constant memory, whatever the list's size.
   *
   * Beside the status (unconfirmed, confirmed, admitted), `mail` says whether mail reaches them:
   * `subscribed`, or why not (`unsubscribed`, `bounced`, `complained`), so an admitted member who
   * unsubscribed, or an address that bounced, is not taken for one who can be written to; then
   * whether their referral is held, their throwaway address, who referred them and the campaign
   * of the creator code they came with. It starts with a UTF-8 byte-order mark: spreadsheet
   * programs then read "Renée" as written.
   */
  async *csv(query: MemberFilters): AsyncGenerator<string> {
    yield (
      BYTE_ORDER_MARK +
      csvLine([
        'position',
        'first_name',
        'email',
        'status',
        'mail',
        'referral_code',
        'referral_credits',
        'source',
        'creator_code',
        'created_at',
        'confirmed_at',
        'admitted_at',
        'referral_held',
        'throwaway_address',
        'referred_by',
        'campaign',
      ])
    );
    let position = 0;
    let chunk = '';
    let inChunk = 0;
    for await (const row of this.members.walkInOrder(query)) {
      position++;
      if (!row.matches) continue;
      const m = member(row, position);
      chunk += csvLine([
        m.position,
        m.firstName,
        m.email,
        m.status,
        m.mail,
        m.referralCode,
        m.referralCredits,
        m.source,
        m.creatorCode,
        m.createdAt,
        m.confirmedAt,
        m.admittedAt,
        m.referralHeld ? 'yes' : 'no',
        m.disposableEmail ? 'yes' : 'no',
        row.referred_by,
        row.campaign,
      ]);
      if (++inChunk === EXPORT_CHUNK) {
        yield chunk;
        chunk = '';
        inChunk = 0;
      }
    }
    if (chunk) yield chunk;
  }

  /** The top referrers: most credited referrals first, then in list order (see TopReferrer). */
  async topReferrers(limit: number): Promise<TopReferrer[]> {
    const rows = await this.members.topReferrers(limit);
    const positions = await Promise.all(
      rows.map((row: TopReferrerRow) => this.positions.positionOf({ signupNumber: row.signup_number, rankKey: row.rank_key })),
    );
    return rows.map((row, i) => ({
      id: row.id,
      firstName: row.first_name,
      email: row.email,
      referralCredits: row.referral_credits,
      pendingReferrals: row.pending_referrals,
      heldReferrals: row.held_referrals,
      position: positions[i],
    }));
  }

  /**
   * Staff's decision on a referral held for review (status 'flagged'). A credit counts by the
   * usual rule: the referrer moves up now if the friend has confirmed, else when they do.
   * Decided at the stream's version: two decisions at once, one wins (409 for the other).
   */
  async reviewReferral(entryId: string, decision: 'credit' | 'reject', meta: EventMetadata, reason?: string): Promise<{ referralStatus: string }> {
    const outcome = await this.decideReferral(entryId, decision, reason, meta);
    if (outcome === 'not-found') throw apiError(404, 'Member not found.', 'not_found');
    if (outcome === 'not-held') throw apiError(409, 'This referral is not held for review, or was just reviewed by someone else.', 'not_flagged');
    return { referralStatus: await this.members.referralState(entryId) };
  }

  /**
   * Several held referrals decided at once, each on its own (one friend's stream, at its version):
   * the answer says what became of each. A referral decided already, by this same request sent
   * again or by someone else meanwhile, is `not-held`: nothing is decided twice.
   */
  async reviewReferrals(
    entryIds: string[],
    decision: 'credit' | 'reject',
    reason: string,
    meta: EventMetadata,
  ): Promise<{ id: string; outcome: ReferralReviewOutcome }[]> {
    const results: { id: string; outcome: ReferralReviewOutcome }[] = [];
    for (const id of entryIds) results.push({ id, outcome: await this.decideReferral(id, decision, reason, meta) });
    return results;
  }

  private async decideReferral(
    entryId: string,
    decision: 'credit' | 'reject',
    reason: string | undefined,
    meta: EventMetadata,
  ): Promise<ReferralReviewOutcome> {
    try {
      return await this.events.transaction(async (tx): Promise<ReferralReviewOutcome> => {
        // The friend's row locked: a second review sent at the same time waits, then finds it decided.
        const friend = await tx.manager.findOne(WaitlistEntry, { where: { id: entryId }, lock: { mode: 'pessimistic_write' } });
        if (!friend) return 'not-found';
        if (friend.referralStatus !== 'flagged' || friend.referralReview || !friend.referrerEntryId) return 'not-held';
        const version = await tx.streamVersion({ streamType: WAITLIST_STREAM, streamId: entryId });
        await tx.append(
          { streamType: WAITLIST_STREAM, streamId: entryId },
          version,
          [ReferralReviewed({ entryId, referrerEntryId: friend.referrerEntryId, decision, ...(reason ? { reason } : {}) })],
          meta,
        );
        if (decision === 'reject') return 'rejected';
        if (!friend.confirmedAt) return 'waiting';
        await tx.append(
          { streamType: WAITLIST_STREAM, streamId: friend.referrerEntryId },
          'any',
          [ReferralCredited({ referrerEntryId: friend.referrerEntryId, referredEntryId: entryId, places: this.settings.WAITLIST_PLACES_PER_REFERRAL })],
          meta,
        );
        return 'credited';
      });
    } catch (error) {
      // Decided by someone else in the meantime (a double click, another tab): it is no longer held.
      if (error instanceof StreamVersionConflictError) return 'not-held';
      throw error;
    }
  }

  /**
   * The next `count` members to let in, in position order: confirmed (double opt-in), not yet
   * admitted, reachable by mail, and not left out by the filters. In `db`'s transaction, which
   * should hold the admissions lock.
   */
  nextToAdmit(count: number, filters: LeaveOutFilters, db: EntityManager): Promise<string[]> {
    return this.members.nextToAdmit(count, filters, db);
  }

  /** Who an admission of `count` would let in now (the first hundred by name), and whom it passes over. */
  async admissionPreview(count: number, filters: LeaveOutFilters): Promise<AdmissionPreview> {
    const [candidates, counts] = await Promise.all([
      this.members.admissionCandidates(Math.min(count, PREVIEW_NAMES), filters),
      this.members.admissionCounts(filters),
    ]);
    const positions = await this.placesOf(candidates);
    return {
      members: candidates.map(({ id, firstName, email, disposableEmail, referralHeld }, i) => ({
        id,
        position: positions[i],
        firstName,
        email,
        disposableEmail,
        referralHeld,
      })),
      admitting: Math.min(count, counts.admittable),
      waiting: counts.admittable,
      heldBack: counts.heldBack,
      leftOut: counts.leftOut,
    };
  }

  /**
   * One member to let in out of turn ("Admit now"): 404 when there is no such member, 409 when
   * they are in already, have not confirmed, or their mail bounced or complained (the invite
   * could not reach them). In `db`'s transaction, under the admissions lock.
   */
  async admittable(entryId: string, db: EntityManager): Promise<string> {
    const state = isUuid(entryId) ? await this.members.admissionState(entryId, db) : undefined;
    if (!state) throw apiError(404, 'Member not found.', 'not_found');
    if (state.admitted) throw apiError(409, 'This member has already been let in.', 'already_admitted');
    if (!state.confirmed) throw apiError(409, 'This member has not confirmed their address yet: send the confirmation again first.', 'not_confirmed');
    if (!state.reachable) throw apiError(409, 'Mail to this member bounced or was marked as spam: their invite could not reach them.', 'unreachable');
    return entryId;
  }

  /** The waitlist entries that hold this (normalised) address, for a person's export. */
  entryIdsOf(emailNormalized: string, db: EntityManager): Promise<string[]> {
    return this.members.entryIdsOf(emailNormalized, db);
  }

  /** How many members an announcement to `audience` would reach now. */
  audienceSize(audience: BroadcastAudience, filters: LeaveOutFilters = {}): Promise<{ recipients: number; notMailable: number; leftOut: number }> {
    return this.members.audienceSize(audience, filters);
  }

  /**
   * The audience cut into slices of `size` members by signup number (stable, unlike positions,
   * which referrals move): each slice is later sent on its own, to whoever of it may still be mailed.
   */
  audienceChunks(audience: BroadcastAudience, filters: LeaveOutFilters, size: number, db: EntityManager): Promise<AudienceChunk[]> {
    return this.members.audienceChunks(audience, filters, size, db);
  }

  /** The members of one slice who are in the audience now (erased, unsubscribed or suppressed since: not). Share-locked like forInvites. */
  audienceIn(
    audience: BroadcastAudience,
    filters: LeaveOutFilters,
    chunk: Pick<AudienceChunk, 'fromSignup' | 'toSignup'>,
    db: EntityManager,
  ): Promise<AudienceMember[]> {
    return this.members.audienceIn(audience, filters, chunk, db);
  }

  /** The audience's first member (an announcement's preview shows their email). */
  firstOfAudience(audience: BroadcastAudience, filters: LeaveOutFilters): Promise<AudienceMember | undefined> {
    return this.members.firstOfAudience(audience, filters);
  }

  /** Each member's place in the list (one lookup each: Redis, or an indexed count in `db`'s transaction, when given). */
  placesOf(members: Pick<AudienceMember, 'signupNumber' | 'rankKey'>[], db?: EntityManager): Promise<number[]> {
    return Promise.all(members.map((m) => this.positions.positionOf(m, db ? { db } : {})));
  }

  /** Those of these members who have confirmed, with what a milestone's email needs and their credited referrals (share-locked like forInvites). */
  referrersIn(entryIds: string[], db: EntityManager): Promise<Referrer[]> {
    return this.members.referrersIn(entryIds, db);
  }

  /** Confirmed members with at least `referrals` credited referrals (who may have passed a milestone). */
  creditedAtLeast(referrals: number, db?: EntityManager): Promise<{ id: string; referralCredits: number }[]> {
    return this.members.creditedAtLeast(referrals, db);
  }

  /** What an invite needs of each member (an erased one is missing). */
  forInvites(entryIds: string[], db: EntityManager): Promise<MemberAddress[]> {
    // Share-locked until the job ends: an erasure waits for the invites (see lockedForEmail).
    return this.members.forInvites(entryIds, db);
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

const utcTime = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function member(row: MemberRow, position: number): WaitlistMember {
  return {
    id: row.id,
    position,
    firstName: row.first_name,
    email: row.email,
    status: stateOf(row),
    mail: row.suppression ?? 'subscribed',
    referralHeld: row.referral_status === 'flagged' && row.referral_review === null,
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
