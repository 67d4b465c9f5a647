import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SOURCE_TAG_PATTERN, SOURCE_TAG_RULE, sourceTagTransform } from '@swishly/platform';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import { CLICK_TYPES, PLATFORMS } from '../downloads.events';

export class TrackDownloadDto {
  @ApiProperty({
    example: 'homepage-hero',
    maxLength: 64,
    pattern: SOURCE_TAG_PATTERN.source,
    description:
      'Where the button or page sits. 1-64 characters: letters a-z, digits, - and _, starting with a letter or digit. ' +
      'Trimmed and stored in lower case (HOOPS25 and hoops25 are one source); anything else (accents, spaces, other symbols) is refused (400).',
  })
  @Transform(sourceTagTransform)
  @Matches(SOURCE_TAG_PATTERN, { message: SOURCE_TAG_RULE })
  source_tag: string;

  @ApiProperty({ enum: PLATFORMS })
  @IsIn(PLATFORMS, { message: `platform must be one of ${PLATFORMS.join(', ')}` })
  platform: (typeof PLATFORMS)[number];

  @ApiProperty({
    enum: CLICK_TYPES,
    description:
      'badge_click: a store badge clicked; page_visit: a download page viewed; store_redirect: a phone sent straight to its store by the download page',
  })
  @IsIn(CLICK_TYPES, { message: `click_type must be one of ${CLICK_TYPES.join(', ')}` })
  click_type: (typeof CLICK_TYPES)[number];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'explicit_choice must be true or false' })
  explicit_choice?: boolean;
}
