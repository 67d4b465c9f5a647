import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CREATOR_PLATFORMS, CreatorCodeStatus, CreatorPlatform } from '../creator-codes.events';
import { trimString, upperCaseString } from '@swishly/platform';

/** Spec §5: optional texts are stored as null when empty. */
const emptyAsNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

export class CreateCreatorCodeDto {
  @ApiProperty({ example: 'JORDAN25', description: 'Upper-cased by the server' })
  @Transform(upperCaseString)
  @IsString({ message: 'Promo code is required' })
  // The editor's hint, 'Upper case letters and digits.': what sign-ups type and creators say aloud.
  @Matches(/^[A-Z0-9]{2,32}$/, { message: 'Promo code must be 2 to 32 upper case letters and digits' })
  code: string;

  @ApiProperty({ example: '@jordan.hoops' })
  @Transform(trimString)
  @IsString({ message: 'Social handle is required' })
  @IsNotEmpty({ message: 'Social handle is required' })
  @MaxLength(100)
  handle: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  influencerName?: string | null;

  @ApiPropertyOptional({ enum: CREATOR_PLATFORMS, default: 'Instagram' })
  @IsOptional()
  @IsIn(CREATOR_PLATFORMS, { message: `Platform must be one of ${CREATOR_PLATFORMS.join(', ')}` })
  platform?: CreatorPlatform;

  @ApiPropertyOptional({ type: String, nullable: true })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(100)
  campaign?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  notes?: string | null;
}

export class UpdateCreatorCodeDto extends PartialType(CreateCreatorCodeDto) {
  @ApiPropertyOptional({ enum: ['active', 'inactive'] })
  @IsOptional()
  @IsIn(['active', 'inactive'], { message: 'Status must be active or inactive' })
  status?: CreatorCodeStatus;
}

export class CreatorCodeDto {
  @ApiProperty() id: string;
  @ApiProperty() code: string;
  @ApiProperty() handle: string;
  @ApiProperty({ nullable: true, type: String }) influencerName: string | null;
  @ApiProperty({ enum: CREATOR_PLATFORMS }) platform: CreatorPlatform;
  @ApiProperty({ nullable: true, type: String }) campaign: string | null;
  @ApiProperty({ enum: ['active', 'inactive'] }) status: CreatorCodeStatus;
  @ApiProperty({ nullable: true, type: String }) notes: string | null;
  @ApiProperty({ description: 'Waitlist sign-ups attributed to the code' }) usageCount: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}
