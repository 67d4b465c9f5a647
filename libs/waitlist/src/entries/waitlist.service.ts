import { Inject, Injectable, Optional } from '@nestjs/common';
import { addressKey, apiError, EventMetadata, EventStore, isUniqueViolation, RateLimiter, SettingsOf, StreamVersionConflictError } from '@swishly/platform';
import { randomInt, randomUUID } from 'node:crypto';
import { JoinWaitlistDto, JoinWaitlistResponseDto, WaitlistStatusDto } from './dto/join-waitlist.dto';
import { CreatorCodesService } from '../creator-codes/creator-codes.service';
import { canonicalMailbox, isDisposableEmail, normaliseEmail } from './email';
import { JoinBatcher } from './join.batcher';
import { PositionsService } from './positions.service';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';
import { REFERRAL_MILESTONE_LADDER, ReferralMilestoneLadder } from './referral-milestones';
import { WaitlistLinks } from './waitlist-links';
import {
  SignupAttribution,
  ReferralDecision,
  WAITLIST_STREAM,
  WaitlistConfirmationRequested,
  WaitlistConfirmed,
  WaitlistSource,
  WaitlistStatusLinkRequested,
} from './waitlist.events';
import { WaitlistSettings } from '../waitlist.settings';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 8 characters from 32 symbols: 40 bits from a secure source, short enough to share. */
export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
}

/** One email of a kind a day at most: a confirmation again, a status link (repeat requests must not flood an inbox). */
export const ONE_A_DAY_MS = 24 * 3600 * 1000;

/** When one more email of a kind may go, after those of it sent at `sentAt` (null: now). */
export function onceADayAgainAt(sentAt: (string | Date)[]): Date | null {
  const last = Math.max(0, ...sentAt.map((at) => new Date(at).getTime()));
  return last + ONE_A_DAY_MS > Date.now() ? new Date(last + ONE_A_DAY_MS) : null;
}

/** The arrival source the join form sent (analytics counts sign-ups by it), or null when it sent none. */
function attributionOf(request: JoinWaitlistDto): SignupAttribution | null {
  const attribution: SignupAttribution = {
    sourceTag: request.source_tag || null,
    utmSource: request.utm_source || null,
    utmCampaign: request.utm_campaign || null,
  };
  const firstTouch = {
    utmSource: request.first_touch_source || null,
    utmCampaign: request.first_touch_campaign || null,
    page: request.first_touch_page || null,
    referrer: request.first_touch_referrer?.toLowerCase() || null,
  };
  if (Object.values(firstTouch).some((value) => value !== null)) attribution.firstTouch = firstTouch;
  return Object.values(attribution).some((value) => value !== null && value !== undefined) ? attribution : null;
}

const stream = (entryId: string) => ({ streamType: WAITLIST_STREAM, streamId: entryId });

@Injectable()
export class WaitlistService {
  constructor(
    private readonly events: EventStore,
    private readonly joins: JoinBatcher,
    private readonly positions: PositionsService,
    private readonly limiter: RateLimiter,
    private readonly creatorCodes: CreatorCodesService,
    readonly links: WaitlistLinks,
    private readonly entries: WaitlistEntriesRepository,
    @Inject(WaitlistSettings.token) private readonly settings: SettingsOf<typeof WaitlistSettings>,
    // The admin module provides it (staff set the milestones); absent, no milestone is shown.
    @Optional() @Inject(REFERRAL_MILESTONE_LADDER) private readonly milestones?: ReferralMilestoneLadder,
  ) {}

  async join(request: JoinWaitlistDto, meta: EventMetadata): Promise<JoinWaitlistResponseDto> {
    const joined = await this.joinOnce(request, meta);
    if (!joined) return await this.alreadyJoined(request.email, meta);
    return joined;
  }

  /**
   * Adds a member for another system (an API key's POST /api/v1/members) exactly as the form
   * does, with one difference: an address already on the list answers that member and does
   * nothing else. Integrations retry, and a retried request must neither mail anyone again nor
   * depend on when the last confirmation went.
   */
  async add(request: JoinWaitlistDto, meta: EventMetadata): Promise<{ entryId: string; created: boolean }> {
    const existing = await this.entries.findByEmail(normaliseEmail(request.email));
    if (existing) return { entryId: existing.id, created: false };
    const joined = await this.joinOnce(request, meta);
    if (joined) return { entryId: joined.id, created: true };
    const raced = await this.entries.findByEmail(normaliseEmail(request.email));
    if (!raced) throw apiError(409, 'This email is already on our waitlist.', 'email_already_registered');
    return { entryId: raced.id, created: false };
  }

  /** The join, or null when the address is already on the list. */
  private async joinOnce(request: JoinWaitlistDto, meta: EventMetadata): Promise<JoinWaitlistResponseDto | null> {
    if (this.settings.WAITLIST_DISPOSABLE_EMAILS === 'refuse' && isDisposableEmail(request.email)) {
      throw apiError(400, "Please use an email address you'll keep: we can't accept disposable ones.", 'disposable_email');
    }
    const source: WaitlistSource = request.hbf_code ? 'hbf' : request.shot_code ? 'shot' : 'landing';
    const referredByCode = request.referrerCode?.trim() || null;
    const referral = referredByCode ? await this.decideReferral(referredByCode, request.email, meta) : null;
    for (let attempt = 0; ; attempt++) {
      const entryId = randomUUID();
      const referralCode = newReferralCode();
      try {
        const outcome = await this.joins.submit({
          emailNormalized: normaliseEmail(request.email),
          meta,
          payload: {
            entryId,
            firstName: request.first_name,
            email: request.email,
            role: request.role ?? null,
            referralCode,
            referredByCode,
            referral,
            source,
            eventCode: request.hbf_code ?? request.shot_code ?? null,
            attribution: attributionOf(request),
          },
        });
        if (outcome.kind === 'duplicate') return null;
        // A newcomer is always last in line: referral credits only move earlier people up.
        return { id: entryId, waitlistPosition: outcome.position, referralCode };
      } catch (error) {
        if (isUniqueViolation(error, 'email_normalized')) return null;
        if (isUniqueViolation(error, 'referral_code') && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** The referral code of the member with this address (null when not on the waitlist): what they share. */
  async referralCodeOf(email: string): Promise<string | null> {
    return (await this.entries.findByEmail(normaliseEmail(email)))?.referralCode ?? null;
  }

  private async alreadyJoined(email: string, meta: EventMetadata): Promise<never> {
    await this.requestConfirmationAgain(email, meta);
    throw apiError(409, 'This email is already on our waitlist.', 'email_already_registered');
  }

  /**
   * Who referred this visitor, and whether it can count (spec: no self-referral, no bursts).
   * Creator codes are chosen by staff, so one wins over a friend's code of the same text.
   */
  private async decideReferral(code: string, email: string, meta: EventMetadata): Promise<ReferralDecision> {
    const creatorCode = await this.creatorCodes.findActive(code);
    if (creatorCode) return { kind: 'creator', creatorCodeId: creatorCode.id, code: creatorCode.code };
    const referrer = await this.entries.findByReferralCode(code);
    if (!referrer) return { kind: 'unknown' };
    if (referrer.emailCanonical === canonicalMailbox(email)) {
      return { kind: 'entry', referrerEntryId: referrer.id, status: 'self' };
    }
    const withinBurstLimit = await this.limiter.hit(
      `referral-burst:${referrer.id}:${addressKey(meta.ip)}`,
      this.settings.REFERRAL_BURST_LIMIT,
      this.settings.REFERRAL_BURST_WINDOW_MINUTES * 60,
    );
    return { kind: 'entry', referrerEntryId: referrer.id, status: withinBurstLimit ? 'pending' : 'flagged' };
  }

  /**
   * A second sign-up with the same address re-sends the confirmation link (once confirmed,
   * nothing), at most once a day: repeat sign-ups must not flood someone's inbox.
   */
  private async requestConfirmationAgain(email: string, meta: EventMetadata): Promise<void> {
    const entry = await this.entries.findByEmail(normaliseEmail(email));
    if (!entry || entry.confirmedAt) return;
    await this.appendAtMostDaily(entry.id, WaitlistConfirmationRequested, meta);
  }

  /** Whether a referral code belongs to a member (codes are 8 letters and digits; anything else is not one). */
  async isReferralCode(code: string): Promise<boolean> {
    const trimmed = code.trim();
    return /^[A-Za-z0-9]{4,16}$/.test(trimmed) && (await this.entries.findByReferralCode(trimmed)) !== null;
  }

  /**
   * An old "check your position" link carried the shared referral code. It no longer opens the
   * status; from it the member can ask for a fresh, signed link, emailed to the address they
   * signed up with (at most once a day). The answer is the same whether or not the code exists.
   */
  async requestStatusLink(referralCode: string, meta: EventMetadata): Promise<void> {
    const entry = await this.entries.findByReferralCode(referralCode.trim());
    if (!entry) return;
    await this.appendAtMostDaily(entry.id, WaitlistStatusLinkRequested, meta);
  }

  /**
   * Appends a request for an email unless the entry's stream has one of that kind from the last
   * 24 hours. Decided on the stream at the version read, so of many simultaneous requests exactly
   * one is appended (the others lose the version race), whatever Redis is doing.
   */
  private async appendAtMostDaily(
    entryId: string,
    kind: typeof WaitlistConfirmationRequested | typeof WaitlistStatusLinkRequested,
    meta: EventMetadata,
  ): Promise<void> {
    try {
      await this.events.transaction(async (tx) => {
        const history = await tx.readStream(stream(entryId));
        if (onceADayAgainAt(history.filter((e) => kind.is(e)).map((e) => e.occurredAt))) return;
        await tx.append(stream(entryId), history.length, [kind({ entryId })], meta);
      });
    } catch (error) {
      if (error instanceof StreamVersionConflictError) return; // another request appended first
      throw error;
    }
  }

  async confirm(token: string, meta: EventMetadata): Promise<WaitlistStatusDto> {
    const entryId = this.links.verifyConfirmToken(token);
    const entry = entryId ? await this.entries.findById(entryId) : null;
    if (!entry) throw apiError(400, 'This confirmation link is not valid. Please use the link in your latest email.', 'invalid_token');
    if (!entry.confirmedAt) {
      await this.events.transaction(async (tx) => {
        // Two clicks at once: the second sees the confirmation in the stream and does nothing.
        const history = await tx.readStream(stream(entry.id));
        if (history.some((e) => WaitlistConfirmed.is(e))) return;
        await tx.append(stream(entry.id), history.length, [WaitlistConfirmed({ entryId: entry.id })], meta);
      });
    }
    return this.statusOf(entry.id);
  }

  /** The member's status, from the signed token of their "check your position" link. */
  async status(token: string): Promise<WaitlistStatusDto> {
    const entryId = this.links.verifyStatusToken(token.trim());
    if (!entryId) throw apiError(404, 'This status link is not valid. Please use the link in your latest email.', 'not_found');
    return this.statusOf(entryId);
  }

  private async statusOf(entryId: string): Promise<WaitlistStatusDto> {
    const entry = await this.entries.statusOf(entryId);
    if (!entry) throw apiError(404, 'This status link is not valid. Please use the link in your latest email.', 'not_found');
    return {
      firstName: entry.firstName,
      waitlistPosition: await this.positions.positionOf(entry, { entryCount: entry.entryCount }),
      referrals: entry.referralCredits,
      referralCode: entry.referralCode,
      referralLink: this.links.referral(entry.referralCode),
      confirmed: entry.confirmedAt !== null,
      admitted: entry.admittedAt !== null,
      nextMilestone: (await this.milestones?.nextAfter(entry.referralCredits)) ?? null,
    };
  }
}
