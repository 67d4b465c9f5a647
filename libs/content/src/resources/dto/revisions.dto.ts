import { ApiProperty } from '@nestjs/swagger';
import { ResourcePostDto } from './resources.dto';

const REVISION_FIELDS = [
  'title',
  'slug',
  'excerpt',
  'content',
  'tags',
  'author_name',
  'author_image_url',
  'author_bio',
  'meta_title',
  'meta_description',
  'featured_image',
];

/** One revision of a post in its history (newest first). */
export class ResourceRevisionDto {
  @ApiProperty({ description: 'The id of the save that made it' }) id: string;
  @ApiProperty({ description: '1 for the post as created, then one up per revision' }) number: number;
  @ApiProperty({
    enum: ['created', 'saved', 'revision', 'restored'],
    description: 'saved: the post itself changed; revision: kept unpublished beside the published post; restored: an earlier revision brought back',
  })
  kind: 'created' | 'saved' | 'revision' | 'restored';
  @ApiProperty({
    enum: ['current', 'unpublished', 'earlier'],
    description: "current: the post's own text now; unpublished: the revision waiting beside the published post",
  })
  status: 'current' | 'unpublished' | 'earlier';
  @ApiProperty({ format: 'date-time' }) saved_at: string;
  @ApiProperty({ type: String, nullable: true, description: "The staff member's email; null for the system or a removed account" })
  saved_by: string | null;
  @ApiProperty({ type: [String], enum: REVISION_FIELDS, description: 'What differs from the revision before' })
  changed: string[];
  @ApiProperty({ type: Number, nullable: true, description: 'The number of the revision it restored' })
  restored_from: number | null;
}

export class ResourceRevisionListDto {
  @ApiProperty({ type: [ResourceRevisionDto], description: 'The last 50, newest first' })
  revisions: ResourceRevisionDto[];

  @ApiProperty({ description: 'How many revisions the post has in all' })
  total: number;
}

/** What a revision's text was, as the editor shows and restores it. */
export class ResourceRevisionTextDto {
  @ApiProperty() title: string;
  @ApiProperty() slug: string;
  @ApiProperty({ type: String, nullable: true }) excerpt: string | null;
  @ApiProperty({ description: 'Sanitised HTML' }) content: string;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty() author_name: string;
  @ApiProperty({ type: String, nullable: true }) author_image_url: string | null;
  @ApiProperty({ type: String, nullable: true }) author_bio: string | null;
  @ApiProperty({ type: String, nullable: true }) meta_title: string | null;
  @ApiProperty({ type: String, nullable: true }) meta_description: string | null;
  @ApiProperty({ type: String, nullable: true }) featured_image_url: string | null;
  @ApiProperty({ type: String, nullable: true }) featured_image_alt: string | null;
}

export class ResourceRevisionDetailDto extends ResourceRevisionDto {
  @ApiProperty({ type: ResourceRevisionTextDto }) text: ResourceRevisionTextDto;
  @ApiProperty({ type: ResourceRevisionTextDto, nullable: true, description: 'The revision before, to compare with' })
  previous: ResourceRevisionTextDto | null;
}

/** A post as the editor opens it: the post, the unpublished revision waiting beside it, its preview link. */
export class AdminResourcePostDto extends ResourcePostDto {
  @ApiProperty({ type: ResourceRevisionDetailDto, nullable: true, description: 'Changes kept unpublished beside the published post' })
  pending_revision: ResourceRevisionDetailDto | null;

  @ApiProperty({ type: String, nullable: true, description: "The draft's preview link id (/p/{preview_id}), once asked for" })
  preview_id: string | null;
}

export class ResourcePreviewLinkDto {
  @ApiProperty() preview_id: string;
  @ApiProperty({ example: 'https://swishly.app/p/9b2f…', description: 'Works while the post is a draft; signed-out readers can open it' })
  url: string;
}
