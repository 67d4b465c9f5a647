import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import { CLICK_TYPES, PLATFORMS } from '../downloads.events';

export class TrackDownloadDto {
  @ApiProperty({ example: 'homepage-hero' })
  @Matches(/^[a-z0-9][a-z0-9_-]{0,63}$/i, { message: 'source_tag must be 1-64 letters, digits, - or _' })
  source_tag: string;

  @ApiProperty({ enum: PLATFORMS })
  @IsIn(PLATFORMS, { message: `platform must be one of ${PLATFORMS.join(', ')}` })
  platform: (typeof PLATFORMS)[number];

  @ApiProperty({ enum: CLICK_TYPES })
  @IsIn(CLICK_TYPES, { message: `click_type must be one of ${CLICK_TYPES.join(', ')}` })
  click_type: (typeof CLICK_TYPES)[number];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'explicit_choice must be true or false' })
  explicit_choice?: boolean;
}
