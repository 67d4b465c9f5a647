import { HttpException, Inject, Injectable } from '@nestjs/common';
import { apiError, EventMetadata, EventStore, isUniqueViolation, StreamVersionConflictError } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { z } from 'zod';
import { ClaimShotDto, ClaimShotResponseDto, RecordShotDto, RecordShotResponseDto, ShotFeedbackResponseDto } from './dto/shots.dto';
import { EARLY_ACCESS_GRANTS, EarlyAccessGrants } from './early-access-grants';
import { ShotRecord } from './entities/shot-record.entity';
import { ShotFeedbackGenerator } from './shot-feedback.generator';
import { ShotData, shotDataSchema, ShotFeedback, ShotKind, ShotMetrics, shotMetricsSchema, toFeedback } from './shot-feedback';
import { SHOT_RECORD_STREAM, ShotClaimed, ShotFeedbackGenerated, ShotRecorded, ShotWaitlistJoined } from './shot-records.events';
import { ShotRecordsRepository } from './shot-records.repository';

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
   * The form (spec §4 "Form submit", §7): the record gets the player's name and email first (a
   * failure stops here), then the player joins the waitlist as a Player. Someone already on the
   * waitlist still gets to their analysis. At the booth, while early access is open, the player
   * gets an early-access code of their own; the booth's email carries it.
   */
  async claim(kind: ShotKind, code: string, request: ClaimShotDto, meta: EventMetadata): Promise<ClaimShotResponseDto> {
    const record = await this.records.findByCode(kind, code);
    if (!record) throw notFound();
    const firstName = request.first_name;
    const email = request.email;
    await this.events.append(stream(record.id), 'any', [ShotClaimed({ recordId: record.id, firstName, email })], meta);

    const joined = await this.joinWaitlist(kind, code, firstName, email, meta);
    // A repeat claim by the same player keeps the code they were given.
    const sameCodeAgain = record.accessCode && record.email?.toLowerCase() === email.toLowerCase() ? record.accessCode : null;
    const newAccessCode = kind === 'hbf' && !sameCodeAgain && (await this.earlyAccess.isOpen()) ? await this.earlyAccess.issueFor(firstName, email, meta) : null;

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
          accessCode: newAccessCode,
        }),
      ],
      meta,
    );
    return {
      id: joined?.id ?? null,
      waitlistPosition: joined?.waitlistPosition ?? null,
      referralCode: kind === 'shot' ? (joined?.referralCode ?? null) : null,
      accessCode: newAccessCode ?? sameCodeAgain,
      alreadyRegistered: joined === null,
    };
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

  /** The feedback page (spec §4): the analysis once the record is claimed, generated from the metrics the first time when it came without one. */
  /** The shots claimed with this (normalised) address: whose conversations with the coach are theirs. */
  async shotsClaimedBy(emailNormalized: string, db: EntityManager): Promise<{ kind: ShotKind; code: string }[]> {
    return (await ShotRecordsRepository.claimedBy(emailNormalized, db)).map(({ kind, code }) => ({ kind, code }));
  }

  async feedback(kind: ShotKind, code: string): Promise<ShotFeedbackResponseDto> {
    const record = await this.records.findByCode(kind, code);
    if (!record) throw notFound();
    const claimed = Boolean(record.firstName && record.email);
    if (!claimed) return { kind, code, claimed, firstName: null, feedback: null };
    return { kind, code, claimed, firstName: record.firstName, feedback: toFeedback(await this.shotData(record)) };
  }

  /** For the coach: null when the record doesn't exist or the player hasn't claimed it. */
  async coachContext(kind: ShotKind, code: string): Promise<CoachContext | null> {
    const record = await this.records.findByCode(kind, code);
    if (!record?.firstName || !record.email) return null;
    return { firstName: record.firstName, feedback: toFeedback(await this.shotData(record)), metrics: record.metrics };
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
