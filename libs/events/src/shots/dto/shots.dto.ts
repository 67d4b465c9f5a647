import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsEmail, IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { PublicFormDto, trimString } from '@swishly/platform';
import { Judgement, SHOT_AREAS, ShotArea } from '../analysis-reading';
import { SHOT_CODE, SHOT_KINDS, ShotKind } from '../shot-feedback';

const SHOT_DATA_DOC: ApiPropertyOptions = {
  description: 'Spec §3 "Shot feedback": a text, or { shotRating (0-10), form, release, followThrough, tips[] }',
  oneOf: [
    { type: 'string', maxLength: 5000 },
    {
      type: 'object',
      required: ['shotRating', 'form', 'release', 'followThrough', 'tips'],
      properties: {
        shotRating: { type: 'number', minimum: 0, maximum: 10 },
        form: { type: 'string', maxLength: 2000 },
        release: { type: 'string', maxLength: 2000 },
        followThrough: { type: 'string', maxLength: 2000 },
        tips: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 500 } },
      },
    },
  ],
};

const METRIC = (description: string, minimum: number, maximum: number) => ({ type: 'number' as const, description, minimum, maximum });
const METRICS_DOC: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: false,
  description: 'What the app measured; every field optional, at least one',
  properties: {
    elbowAngleDeg: METRIC('Elbow angle at the set point, degrees', 0, 180),
    releaseAngleDeg: METRIC('Launch angle, degrees above horizontal', 0, 90),
    releaseHeightM: METRIC('Height of the ball at release, metres', 0, 4),
    releaseTimeMs: METRIC('Catch to release, milliseconds', 0, 5000),
    followThroughHoldMs: METRIC('Follow-through hold, milliseconds', 0, 5000),
    balanceScore: METRIC('Balance, 0 (falling away) to 100 (square on landing)', 0, 100),
    makes: METRIC('Shots made', 0, 10000),
    misses: METRIC('Shots missed', 0, 10000),
  },
};

/** POST /api/shots: the booth or the app records an analysis under a code. */
export class RecordShotDto {
  @ApiProperty({ enum: SHOT_KINDS })
  @IsIn(SHOT_KINDS, { message: 'kind must be hbf or shot' })
  kind: ShotKind;

  @ApiProperty({ pattern: SHOT_CODE.source, example: 'HBF2025A1' })
  @IsString({ message: 'code is required' })
  @Matches(SHOT_CODE, { message: 'code must be 1-32 letters, digits, dashes or underscores' })
  code: string;

  // Validated by shotDataSchema / shotMetricsSchema in the service (a union class-validator can't express).
  @ApiPropertyOptional(SHOT_DATA_DOC)
  @Allow()
  shot_data?: unknown;

  @ApiPropertyOptional(METRICS_DOC)
  @Allow()
  metrics?: unknown;
}

export class RecordShotResponseDto {
  @ApiProperty()
  id: string;

  @ApiProperty({ enum: SHOT_KINDS })
  kind: ShotKind;

  @ApiProperty()
  code: string;
}

/** The event and shot forms (spec §2): first name and email, both required. */
export class ClaimShotDto extends PublicFormDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimString)
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  first_name: string;

  @ApiProperty({ maxLength: 254 })
  @Transform(trimString)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email: string;
}

export class ClaimShotResponseDto {
  @ApiProperty({ type: String, nullable: true, description: 'The new waitlist entry; null when the email was already registered' })
  id: string | null;

  @ApiProperty({ type: Number, nullable: true })
  waitlistPosition: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'The shot flow: the referral code of the new entry' })
  referralCode: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The hbf flow: an early-access code, while early access is open' })
  accessCode: string | null;

  @ApiProperty({ description: 'The email was already on the waitlist: the analysis is shown all the same' })
  alreadyRegistered: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Opens the analysis and its chat (`Authorization: Bearer <claimToken>`); answered to the first claim only. Null when the shot was already claimed with this email: its link was emailed instead (`linkSent`)',
  })
  claimToken: string | null;

  @ApiProperty({ description: "The shot was already this email's: the link to the analysis was emailed to it again" })
  linkSent: boolean;
}

export class ShotFeedbackDto {
  @ApiProperty({ type: String, nullable: true, description: 'The analysis when it is a single text' })
  summary: string | null;

  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 10 })
  shotRating: number | null;

  @ApiProperty({ type: String, nullable: true })
  form: string | null;

  @ApiProperty({ type: String, nullable: true })
  release: string | null;

  @ApiProperty({ type: String, nullable: true })
  followThrough: string | null;

  @ApiProperty({ type: [String] })
  tips: string[];
}

export class AreaReadingDto {
  @ApiProperty({ enum: SHOT_AREAS })
  area: ShotArea;

  @ApiProperty({ enum: ['good', 'average', 'needs work'] })
  judgement: Judgement;

  @ApiProperty({
    enum: ['words', 'number'],
    description: "'words' when the analysis's text or tips decided, 'number' when the measurement against its range did",
  })
  decidedBy: 'words' | 'number';

  @ApiProperty({ type: String, nullable: true, description: "The analysis's own sentence about the area" })
  says: string | null;
}

export class PriorityDto {
  @ApiProperty({ enum: SHOT_AREAS, nullable: true, description: 'The area it is about; null for a tip about the shot as a whole' })
  area: ShotArea | null;

  @ApiProperty({ description: "The analysis's own words: its tip, or its sentence about the area" })
  text: string;
}

/** What the analysis says, read once: the page shows it and the coach answers from the same reading. */
export class AnalysisReadingDto {
  @ApiProperty({ type: [AreaReadingDto], description: 'Each area the analysis judges' })
  areas: AreaReadingDto[];

  @ApiProperty({ type: [PriorityDto], description: 'What to fix, the first focus first (the tips in their order, then what the texts and numbers flag)' })
  priorities: PriorityDto[];
}

export class ShotFeedbackResponseDto {
  @ApiProperty({ enum: SHOT_KINDS })
  kind: ShotKind;

  @ApiProperty()
  code: string;

  @ApiProperty({ description: 'The player has left their first name and email (else the page sends them to the form)' })
  claimed: boolean;

  @ApiProperty({ type: String, nullable: true })
  firstName: string | null;

  @ApiProperty({ type: ShotFeedbackDto, nullable: true, description: 'Null until the record is claimed' })
  feedback: ShotFeedbackDto | null;

  @ApiProperty({ type: AnalysisReadingDto, nullable: true, description: "The analysis's judgements and first focus; null until the record is claimed" })
  reading: AnalysisReadingDto | null;

  @ApiProperty({ type: String, nullable: true, description: "The claimer's referral code (their waitlist entry's), for sharing the analysis" })
  referralCode: string | null;
}
