import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDateString, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { trimString } from '@swishly/platform';

export const REQUIRED_MESSAGE = 'Title and content are required.';
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;
/** An image or avatar address: http(s), or one of our stored files (/uploads/...). */
const IMAGE_URL = /^(https?:\/\/[^\s"'<>]+|\/uploads\/[A-Za-z0-9_./-]+)$/;

/** Optional texts are stored as null when empty. */
const emptyAsNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);

/** Spec §5: tags trimmed; empty ones and repeats ignored. */
const cleanTags = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? [...new Set(value.map((tag) => (typeof tag === 'string' ? tag.trim() : tag)).filter((tag) => tag !== ''))] : value;

/** What the editor saves (spec §2 "Admin resource editor"); snake_case like the spec's table. */
export class ResourcePostInputDto {
  @ApiProperty({ maxLength: 200 })
  @Transform(trimString)
  @IsString({ message: REQUIRED_MESSAGE })
  @IsNotEmpty({ message: REQUIRED_MESSAGE })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  title: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: 'Made from the title when empty; made unique on create' })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Slug must be at most 200 characters' })
  slug?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000 })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(1000, { message: 'Excerpt must be at most 1000 characters' })
  excerpt?: string | null;

  @ApiProperty({ description: 'HTML from the editor; sanitised by the server', maxLength: 200_000 })
  @IsString({ message: REQUIRED_MESSAGE })
  @IsNotEmpty({ message: REQUIRED_MESSAGE })
  @MaxLength(200_000, { message: 'Content must be at most 200000 characters' })
  content: string;

  @ApiPropertyOptional({ type: [String], maxItems: MAX_TAGS })
  @Transform(cleanTags)
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS, { message: `At most ${MAX_TAGS} tags` })
  @IsString({ each: true })
  @MaxLength(MAX_TAG_LENGTH, { each: true, message: `A tag must be at most ${MAX_TAG_LENGTH} characters` })
  tags?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2048 })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @Matches(IMAGE_URL, { message: 'Featured image must be an http(s) address' })
  featured_image_url?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 300 })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(300, { message: 'Image description must be at most 300 characters' })
  featured_image_alt?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description: 'Defaults to the team name' })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Author name must be at most 100 characters' })
  author_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2048 })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @Matches(IMAGE_URL, { message: 'Avatar must be an http(s) address' })
  author_image_url?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000 })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(1000, { message: 'Author bio must be at most 1000 characters' })
  author_bio?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Meta title must be at most 200 characters' })
  meta_title?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(500, { message: 'Meta description must be at most 500 characters' })
  meta_description?: string | null;

  @ApiPropertyOptional({ description: "Absent: unchanged ('Save Draft' keeps the flag)" })
  @IsOptional()
  @IsBoolean()
  is_published?: boolean;

  @ApiPropertyOptional({ description: 'Featuring one post unfeatures every other' })
  @IsOptional()
  @IsBoolean()
  is_featured?: boolean;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'The worker publishes the post then; null cancels' })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsDateString({ strict: true }, { message: 'Schedule time must be a date and time' })
  scheduled_publish_at?: string | null;
}

export class PublishResourceDto {
  @ApiProperty()
  @IsBoolean({ message: 'published must be true or false' })
  published: boolean;
}

export class FeatureResourceDto {
  @ApiProperty()
  @IsBoolean({ message: 'featured must be true or false' })
  featured: boolean;
}

export class ResourceSlugRequestDto {
  @ApiProperty({ maxLength: 200 })
  @Transform(trimString)
  @IsString({ message: 'Title is required' })
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(200)
  title: string;
}

export class ResourceSlugDto {
  @ApiProperty({ example: 'five-drills-for-a-faster-release' })
  slug: string;
}

export class ResourceImageDto {
  @ApiProperty({ example: '/uploads/resources/1763700000000-cropped.jpg' })
  url: string;
}

export class DeleteResourceImageDto {
  @ApiProperty({ maxLength: 2048 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  url: string;
}

export class ResourceListQueryDto {
  @ApiPropertyOptional({ type: String, maxLength: 200, description: 'Case-insensitive, over title, excerpt and content' })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string | null;

  @ApiPropertyOptional({ type: String, maxLength: MAX_TAG_LENGTH })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TAG_LENGTH)
  tag?: string | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 100000, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(100_000)
  offset?: number;

  @ApiPropertyOptional({ type: String, maxLength: 200, description: "The previous page's next_cursor: the posts after its last one" })
  @Transform(emptyAsNull)
  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string | null;
}

/** A post as the site and the editor read it (contract: /tmp/contract-14.md "Post"). */
export class ResourcePostDto {
  @ApiProperty() id: string;
  @ApiProperty() slug: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: String, nullable: true }) excerpt: string | null;
  @ApiProperty({ description: 'Sanitised HTML' }) content: string;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: String, nullable: true }) featured_image_url: string | null;
  @ApiProperty({ type: String, nullable: true }) featured_image_alt: string | null;
  @ApiProperty() author_name: string;
  @ApiProperty({ type: String, nullable: true }) author_image_url: string | null;
  @ApiProperty({ type: String, nullable: true }) author_bio: string | null;
  @ApiProperty({ type: String, nullable: true }) meta_title: string | null;
  @ApiProperty({ type: String, nullable: true }) meta_description: string | null;
  @ApiProperty() is_published: boolean;
  @ApiProperty() is_featured: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) published_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) scheduled_publish_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ description: 'Words / 200, rounded up' }) read_time_minutes: number;
}

/** A post in a list: everything but the body (a list of 50 bodies would be most of the answer, and no list shows them). */
export class ResourcePostSummaryDto extends OmitType(ResourcePostDto, ['content'] as const) {}

export class ResourcePostListDto {
  @ApiProperty({ type: [ResourcePostSummaryDto] })
  posts: ResourcePostSummaryDto[];
}

/** GET /api/resources: one page of the public list, with what the page around it needs from every post. */
export class ResourcePostPageDto extends ResourcePostListDto {
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `after` for the next page; null on the last page' })
  next_cursor: string | null;

  @ApiProperty({
    type: ResourcePostSummaryDto,
    nullable: true,
    description: 'The post the list leads with among every post the filters match: the one flagged featured, else the newest',
  })
  featured: ResourcePostSummaryDto | null;

  @ApiProperty({ type: [String], description: 'Every tag of the published posts, alphabetically (the filter buttons)' })
  tags: string[];
}
