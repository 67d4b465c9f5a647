import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PublicFormDto, trimString } from '@swishly/platform';

const CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** Spec §3 "Waitlist request". */
export class JoinWaitlistDto extends PublicFormDto {
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

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Player' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  role?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: "A friend's referral code or a creator code" })
  @IsOptional()
  @Transform(trimString)
  @Matches(CODE, { message: 'referrerCode is not a valid code' })
  referrerCode?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Matches(CODE, { message: 'hbf_code is not a valid code' })
  hbf_code?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Matches(CODE, { message: 'shot_code is not a valid code' })
  shot_code?: string | null;
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
}
