import { ApiProperty } from '@nestjs/swagger';
import { PublicFormDto } from '@swishly/platform';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { PrivacyRequestKind } from '../privacy.events';
import { PrivacyRequestState } from '../privacy-requests.service';

const KINDS: PrivacyRequestKind[] = ['export', 'erasure'];

export class PrivacyRequestDto extends PublicFormDto {
  @ApiProperty({ maxLength: 254 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email: string;

  @ApiProperty({ enum: KINDS, description: 'export: a copy of the data; erasure: delete it' })
  @IsIn(KINDS, { message: 'Choose a copy or an erasure' })
  kind: PrivacyRequestKind;
}

export class PrivacyRequestTokenDto {
  @ApiProperty({ description: 'The token of the emailed link' })
  @IsString()
  @MaxLength(200)
  token: string;
}

export class PrivacyRequestStateDto implements PrivacyRequestState {
  @ApiProperty({ enum: KINDS }) kind: PrivacyRequestKind;
  @ApiProperty({ format: 'date-time', description: 'The link works until then, once' }) expiresAt: string;
}
