import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, MaxLength } from 'class-validator';
import { ErasureResult, PrivacyActivity, SuppressionList } from '../privacy.service';

export class PrivacySubjectDto {
  @ApiProperty({ maxLength: 254, description: 'The address the person used with us' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email: string;
}

export class ErasureResultDto implements ErasureResult {
  @ApiProperty({ format: 'uuid', description: 'The audit id of the erasure (the address is never kept with it)' }) requestId: string;
  @ApiProperty({ description: 'Rows removed from the read models and the mail log' }) records: number;
  @ApiProperty({ description: 'Events whose personal fields were deleted' }) personalFields: number;
}

export class SuppressionCountsDto {
  @ApiProperty() bounced: number;
  @ApiProperty() complained: number;
  @ApiProperty() unsubscribed: number;
}

export class SuppressionDto {
  @ApiProperty({ description: 'The first 12 characters of the keyed hash of the address (the address itself is never kept)' }) addressHash: string;
  @ApiProperty({ enum: ['bounced', 'complained', 'unsubscribed'] }) reason: 'bounced' | 'complained' | 'unsubscribed';
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class SuppressionListDto implements SuppressionList {
  @ApiProperty({ type: SuppressionCountsDto }) counts: SuppressionCountsDto;
  @ApiProperty({ type: [SuppressionDto], description: 'The latest 50' }) recent: SuppressionDto[];
}

export class PrivacyActivityDto implements PrivacyActivity {
  @ApiProperty({ format: 'uuid' }) requestId: string;
  @ApiProperty({ enum: ['erasure', 'export'] }) kind: 'erasure' | 'export';
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ enum: ['staff', 'person'] }) by: 'staff' | 'person';
  @ApiProperty({ type: String, nullable: true }) staffEmail: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Rows an erasure removed' }) records: number | null;
}
