import { HttpException, Inject, Injectable } from '@nestjs/common';
import { apiError, EventMetadata, EventStore, isUniqueViolation, normaliseEmail, RateLimiter, StreamVersionConflictError } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { z } from 'zod';
import { ClaimShotDto, ClaimShotResponseDto, RecordShotDto, RecordShotResponseDto, ShotFeedbackResponseDto } from './dto/shots.dto';
import { EARLY_ACCESS_GRANTS, EarlyAccessGrants } from './early-access-grants';
import { ShotRecord } from './entities/shot-record.entity';
import { readAnalysis } from './analysis-reading';
import { ShotFeedbackGenerator } from './shot-feedback.generator';
import { ShotData, shotDataSchema, ShotFeedback, ShotKind, ShotMetrics, shotMetricsSchema, toFeedback } from './shot-feedback';
import { SHOT_RECORD_STREAM, ShotClaimed, ShotFeedbackGenerated, ShotLinkRequested, ShotRecorded, ShotWaitlistJoined } from './shot-records.events';
import { ShotClaimTokens } from './shot-claim-tokens.service';
import { ShotRecordsRepository } from './shot-records.repository';

/** Link emails a shot's claimer can be sent in an hour by repeat claims. */
const SHOT_LINK_EMAILS_PER_HOUR = 3;

const stream = (recordId: string) => ({ streamType: SHOT_RECORD_STREAM, streamId: recordId });

/** What the coach is told about the player it is talking to. */
export interface CoachContext {
  firstName: string;
  feedback: ShotFeedback;
  metrics: ShotMetrics | null;
}

/**
 * Shot records: recorded by the booth or the app, claimed by the player on the form (which puts
 * them on the waitlist as a Player), read back as the analysis on the feedback page.
 */
@Injectable()
export class ShotRecordsService {
  constructor(
    private readonly events: EventStore,
    private readonly records: ShotRecordsRepository,
    private readonly waitlist: WaitlistService,
    @Inject(EARLY_ACCESS_GRANTS) private readonly earlyAccess: EarlyAccessGrants,
    private readonly generator: ShotFeedbackGenerator,
    private readonly tokens: ShotClaimTokens,
    private readonly limiter: RateLimiter,
  ) {}

  async record(request: RecordShotDto, meta: EventMetadata): Promise<RecordShotResponseDto> {
    const shotData = request.shot_data === undefined || request.shot_data === null ? null : parse(shotDataSchema, request.shot_data, 'shot_data');
    const metrics = request.metrics === undefined || request.metrics === null ? null : parse(shotMetricsSchema, request.metrics, 'metrics');
    const recordId = randomUUID();
    try {
      await this.events.append(stream(recordId), 0, [ShotRecorded({ recordId, kind: request.kind, code: request.code, shotData, metrics })], meta);
    } catch (error) {
      if (isUniqueViolation(error, 'shot_records_kind_code_key')) {
        throw apiError(409, `A ${request.kind} shot with code ${request.code} already exists.`, 'shot_code_taken');
      }
      throw error;
    }
    return { id: recordId, kind: request.kind, code: request.code };
  }

  /**
   * The form (spec §4 "Form submit", §7). A shot is its claimer's: the first claim records the
   * player's name and email (a failure stops here), joins them to the waitlist as a Player (someone
   * already on it still gets to their analysis) and answers the claim token that opens the
   * analysis. At the booth, while early access is open, the player gets an early-access code of
   * their own; the booth's email carries it. A claim with the claimer's own address again emails
   * them their link (whoever types an address must not get that person's page); a claim with
   * another address is refused.
   */
  async claim(kind: ShotKind, code: string, request: ClaimShotDto, meta: EventMetadata): Promise<ClaimShotResponseDto> {
    for (let attempt = 0; ; attempt++) {
      const record = await this.records.findByCode(kind, code);
      if (!record) throw notFound();
      if (record.email) {
        if (record.emailNormalized !== normaliseEmail(request.email)) throw alreadyClaimed(kind);
        await this.sendLinkAgain(record, meta);
        return { id: null, waitlistPosition: null, referralCode: null, accessCode: null, alreadyRegistered: true, claimToken: null, linkSent: true };
      }
      try {
        return await this.firstClaim(record, request, meta);
      } catch (error) {
        // Another claim (or the analysis being generated) moved the stream since it was read: read it again.
        if (error instanceof StreamVersionConflictError && attempt < 3) continue;
        throw error;
      }
    }
  }

  private async firstClaim(record: ShotRecord, request: ClaimShotDto, meta: EventMetadata): Promise<ClaimShotResponseDto> {
    const { kind, code } = record;
    const firstName = request.first_name;
    const email = request.email;
    const claimId = randomUUID();
    await this.events.append(stream(record.id), record.version, [ShotClaimed({ recordId: record.id, firstName, email, claimId })], meta);

    const joined = await this.joinWaitlist(kind, code, firstName, email, meta);
    const accessCode = kind === 'hbf' && (await this.earlyAccess.isOpen()) ? await this.earlyAccess.issueFor(firstName, email, meta) : null;
    await this.events.append(
      stream(record.id),
      'any',
      [
        ShotWaitlistJoined({
          recordId: record.id,
          kind,
          code,
          firstName,
          email,
          entryId: joined?.id ?? null,
          waitlistPosition: joined?.waitlistPosition ?? null,
          referralCode: joined?.referralCode ?? null,
          accessCode,
        }),
      ],
      meta,
    );
    return {
      id: joined?.id ?? null,
      waitlistPosition: joined?.waitlistPosition ?? null,
      referralCode: kind === 'shot' ? (joined?.referralCode ?? null) : null,
      accessCode,
      alreadyRegistered: joined === null,
      claimToken: this.tokens.token(claimId),
      linkSent: false,
    };
  }

  /**
   * The claimer's link, emailed again: at most SHOT_LINK_EMAILS_PER_HOUR per shot, so that typing
   * someone's address over and over cannot flood their inbox (past that, the answer is the same).
   */
  private async sendLinkAgain(record: ShotRecord, meta: EventMetadata): Promise<void> {
    if (!(await this.limiter.hit(`shot-link:${record.id}`, SHOT_LINK_EMAILS_PER_HOUR, 3600))) return;
    await this.events.append(stream(record.id), 'any', [ShotLinkRequested({ recordId: record.id, kind: record.kind, code: record.code })], meta);
  }

  /** Null when the address is already on the waitlist (the waitlist's 409): not an error here. */
  private async joinWaitlist(kind: ShotKind, code: string, firstName: string, email: string, meta: EventMetadata) {
    try {
      return await this.waitlist.join(
        { first_name: firstName, email, role: 'Player', hbf_code: kind === 'hbf' ? code : null, shot_code: kind === 'shot' ? code : null },
        meta,
      );
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 409) return null;
      throw error;
    }
  }

  /**
   * Every shot this address ever claimed, the current claimer or not: the conversations about
   * them are (also) that person's.
   */
  async shotsClaimedBy(emailNormalized: string, db: EntityManager): Promise<{ kind: ShotKind; code: string }[]> {
    return (await ShotRecordsRepository.everClaimedBy(emailNormalized, db)).map(({ kind, code }) => ({ kind, code }));
  }

  /**
   * The feedback page (spec §4): whether the shot is claimed, and to its claimer (the claim
   * token) the analysis, generated from the metrics the first time when it came without one,
   * and their referral code for sharing it.
   */
  async feedback(kind: ShotKind, code: string, claimToken: string | null): Promise<ShotFeedbackResponseDto> {
    const record = await this.records.findByCode(kind, code);
    if (!record) throw notFound();
    if (!record.email) return { kind, code, claimed: false, firstName: null, feedback: null, reading: null, referralCode: null };
    this.checkClaimer(record, claimToken);
    const [feedback, referralCode] = await Promise.all([this.shotData(record), this.waitlist.referralCodeOf(record.email)]);
    const shown = toFeedback(feedback);
    return { kind, code, claimed: true, firstName: record.firstName, feedback: shown, reading: readAnalysis(shown, record.metrics), referralCode };
  }

  /** For the coach: null when the record doesn't exist or nobody has claimed it; refused without the claimer's token. */
  async coachContext(kind: ShotKind, code: string, claimToken: string | null): Promise<CoachContext | null> {
    const record = await this.records.findByCode(kind, code);
    if (!record?.firstName || !record.email) return null;
    this.checkClaimer(record, claimToken);
    return { firstName: record.firstName, feedback: toFeedback(await this.shotData(record)), metrics: record.metrics };
  }

  private checkClaimer(record: ShotRecord, claimToken: string | null): void {
    if (this.tokens.opens(claimToken, record.claimId)) return;
    throw apiError(
      401,
      'This shot analysis belongs to the player who claimed it. Open it from the link in your email, or enter your email on the form to get the link again.',
      'claim_token_required',
    );
  }

  /** Generations under way in this process, by record: simultaneous first visits ask the model once. */
  private readonly generating = new Map<string, Promise<ShotData>>();

  /** The stored analysis, or one generated from the metrics and stored (once). */
  private shotData(record: ShotRecord): Promise<ShotData> {
    if (record.shotData) return Promise.resolve(record.shotData);
    let pending = this.generating.get(record.id);
    if (!pending) {
      pending = this.generateAndStore(record).finally(() => this.generating.delete(record.id));
      this.generating.set(record.id, pending);
    }
    return pending;
  }

  /**
   * Generated outside any transaction (the model is a network call), then appended at the version
   * read: of two processes generating at once, the first append wins and the other reads it back.
   */
  private async generateAndStore(record: ShotRecord): Promise<ShotData> {
    const generated = record.metrics ? await this.generator.generate(record.metrics) : null;
    if (!generated) throw apiError(422, 'Failed to load your shot analysis. Please try again later.', 'feedback_unavailable');
    try {
      await this.events.append(stream(record.id), record.version, [ShotFeedbackGenerated({ recordId: record.id, ...generated })]);
      return generated.shotData;
    } catch (error) {
      if (!(error instanceof StreamVersionConflictError)) throw error;
      const latest = await this.records.findByCode(record.kind, record.code);
      if (latest?.shotData) return latest.shotData;
      // The stream moved for another reason (a claim): append on the new version.
      return this.generateAndStore(latest!);
    }
  }
}

function alreadyClaimed(kind: ShotKind): HttpException {
  const where = kind === 'hbf' ? 'Ask at the booth to record a new shot' : 'Record a new shot in the app';
  return apiError(409, `This shot analysis has already been claimed by another player. ${where} to get your own.`, 'shot_already_claimed');
}

function notFound(): HttpException {
  return apiError(404, 'We could not find a shot analysis with this code.', 'shot_not_found');
}

function parse<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [field, ...issue.path].join('.');
  throw apiError(400, `${path}: ${issue.message}`, 'bad_request');
}
