import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PublicFormDto, SOURCE_TAG_PATTERN, SOURCE_TAG_RULE, sourceTagTransform, trimString } from '@swishly/platform';
import { MILESTONE_REWARDS, MilestoneReward, NextMilestone } from '../referral-milestones';

const CODE = /^[A-Za-z0-9_-]{1,32}$/;
/** A source tag or utm value: letters, digits and a few separators (what campaign links use). */
const SOURCE = /^[A-Za-z0-9][A-Za-z0-9 ._~+-]{0,99}$/;

/**
 * The rules of a sign-up's fields, one decorator each, so that every way in (the form, an API
 * key's POST /api/v1/members) validates a member's fields alike.
 */
export const JoinFields = {
  firstName: () =>
    applyDecorators(
      ApiProperty({ maxLength: 100 }),
      Transform(trimString),
      IsString({ message: 'First name is required' }),
      IsNotEmpty({ message: 'First name is required' }),
      MaxLength(100, { message: 'First name must be at most 100 characters' }),
    ),
  email: () =>
    applyDecorators(
      ApiProperty({ maxLength: 254 }),
      Transform(trimString),
      IsEmail({}, { message: 'Please enter a valid email address' }),
      MaxLength(254, { message: 'Email must be at most 254 characters' }),
    ),
  role: () => applyDecorators(ApiPropertyOptional({ type: String, nullable: true, example: 'Player' }), IsOptional(), IsString(), MaxLength(32)),
  referrerCode: () =>
    applyDecorators(
      ApiPropertyOptional({ type: String, nullable: true, description: "A friend's referral code or a creator code" }),
      IsOptional(),
      Transform(trimString),
      Matches(CODE, { message: 'referrerCode is not a valid code' }),
    ),
  sourceTag: (name: string) =>
    applyDecorators(
      ApiPropertyOptional({
        type: String,
        nullable: true,
        maxLength: 64,
        pattern: SOURCE_TAG_PATTERN.source,
        description: 'The source tag of the download page the visitor came through (letters a-z, digits, - and _; stored in lower case)',
      }),
      IsOptional(),
      Transform(sourceTagTransform),
      Matches(SOURCE_TAG_PATTERN, { message: SOURCE_TAG_RULE.replace('source_tag', name) }),
    ),
  utm: (name: string, description: string) =>
    applyDecorators(
      ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description }),
      IsOptional(),
      Transform(trimString),
      Matches(SOURCE, { message: `${name} must be 1-100 letters, digits, spaces or . _ ~ + -` }),
    ),
};

/** Spec §3 "Waitlist request". */
export class JoinWaitlistDto extends PublicFormDto {
  @JoinFields.firstName()
  first_name: string;

  @JoinFields.email()
  email: string;

  @JoinFields.role()
  role?: string | null;

  @JoinFields.referrerCode()
  referrerCode?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Matches(CODE, { message: 'hbf_code is not a valid code' })
  hbf_code?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Matches(CODE, { message: 'shot_code is not a valid code' })
  shot_code?: string | null;

  @JoinFields.sourceTag('source_tag')
  source_tag?: string | null;

  @JoinFields.utm('utm_source', 'utm_source of the link the visitor arrived with')
  utm_source?: string | null;

  @JoinFields.utm('utm_campaign', 'utm_campaign of the link the visitor arrived with')
  utm_campaign?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description: "utm_source of the visit's first page (first touch)" })
  @IsOptional()
  @Transform(trimString)
  @Matches(SOURCE, { message: 'first_touch_source must be 1-100 letters, digits, spaces or . _ ~ + -' })
  first_touch_source?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description: "utm_campaign of the visit's first page (first touch)" })
  @IsOptional()
  @Transform(trimString)
  @Matches(SOURCE, { message: 'first_touch_campaign must be 1-100 letters, digits, spaces or . _ ~ + -' })
  first_touch_campaign?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 200,
    example: '/resources/fix-your-elbow',
    description: "The path of the visit's first page, without its query",
  })
  @IsOptional()
  @Matches(/^\/[A-Za-z0-9/_.-]{0,199}$/, { message: 'first_touch_page must be a path of this site' })
  first_touch_page?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 253,
    example: 'www.tiktok.com',
    description: "The host of the site that linked to the visit's first page",
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9]([A-Za-z0-9-]{0,62}\.)*[A-Za-z0-9-]{1,63}$/, { message: 'first_touch_referrer must be a host name' })
  @MaxLength(253)
  first_touch_referrer?: string | null;
}

export class JoinWaitlistResponseDto {
  @ApiProperty()
  id: string;

  @ApiProperty({ example: 42 })
  waitlistPosition: number;

  @ApiProperty({ example: 'K7QX2M9P' })
  referralCode: string;
}

export class ConfirmWaitlistDto {
  @ApiProperty({ description: 'The token from the confirmation link' })
  @IsString()
  @MaxLength(200)
  token: string;
}

export class StatusLinkRequestDto extends PublicFormDto {
  @ApiProperty({ description: 'The code of the old status link (?status=CODE)', example: 'K7QX2M9P' })
  @IsString()
  @MaxLength(32)
  code: string;
}

export class NextMilestoneDto implements NextMilestone {
  @ApiProperty({ description: 'Credited referrals the milestone is reached at', example: 3 }) referrals: number;
  @ApiProperty({ enum: MILESTONE_REWARDS, description: 'early_access: their own early-access code; email: a thank-you email' }) reward: MilestoneReward;
  @ApiProperty({ description: 'Friends still to confirm', example: 1 }) remaining: number;
}

export class WaitlistStatusDto {
  @ApiProperty()
  firstName: string;

  @ApiProperty({ example: 12 })
  waitlistPosition: number;

  @ApiProperty({ description: 'Friends who joined through the link and confirmed' })
  referrals: number;

  @ApiProperty()
  referralCode: string;

  @ApiProperty({ example: 'https://swishly.app/shotanalysis?ref=K7QX2M9P' })
  referralLink: string;

  @ApiProperty()
  confirmed: boolean;

  @ApiProperty({ description: 'Let in to early access: their invite with a code is in their inbox' })
  admitted: boolean;

  @ApiProperty({
    type: NextMilestoneDto,
    nullable: true,
    description: 'The next referral milestone above their credited referrals (what it gives and how many more friends to go); null when none is ahead',
  })
  nextMilestone: NextMilestoneDto | null;
}

export class ReferralLinkDto {
  @ApiProperty({ description: 'The code belongs to a member on the waitlist (not erased)' }) valid: boolean;
}
