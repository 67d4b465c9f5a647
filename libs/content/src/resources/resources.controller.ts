import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, UuidParam } from '@swishly/platform';
import { ResourceListQueryDto, ResourcePostDto, ResourcePostListDto, ResourcePostPageDto } from './dto/resources.dto';
import { ResourcesService } from './resources.service';

/** The public blog: published posts only. */
@ApiTags('resources')
@Controller('api/resources')
export class ResourcesController {
  constructor(private readonly resources: ResourcesService) {}

  @Get()
  @ApiDoc('Published resources, newest first, with an optional search and tag filter, a page at a time (keyset: `after`)', { errors: [400] })
  @ApiOkResponse({ type: ResourcePostPageDto })
  list(@Query() query: ResourceListQueryDto): Promise<ResourcePostPageDto> {
    return this.resources.listPublished(query);
  }

  @Get(':slug')
  @ApiDoc('One published resource by its slug', { errors: [404] })
  @ApiOkResponse({ type: ResourcePostDto })
  get(@Param('slug') slug: string): Promise<ResourcePostDto> {
    return this.resources.getPublished(slug);
  }

  @Get(':slug/related')
  @ApiDoc('Up to 3 other published resources sharing a tag, newest first', { errors: [404] })
  @ApiOkResponse({ type: ResourcePostListDto })
  async related(@Param('slug') slug: string): Promise<ResourcePostListDto> {
    return { posts: await this.resources.related(slug) };
  }
}

/**
 * A draft by its preview link (/p/{preview_id}), for readers who are not signed in. Its own path:
 * under /api/resources it would shadow the related posts of a post whose slug is 'preview'.
 */
@ApiTags('resources')
@Controller('api/resource-previews')
export class ResourcePreviewsController {
  constructor(private readonly resources: ResourcesService) {}

  @Get(':previewId')
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex, nofollow')
  @ApiDoc('A draft by its preview link (/p/{preview_id}); not found once it is published or deleted', { errors: [404] })
  @ApiOkResponse({ type: ResourcePostDto })
  preview(@Param('previewId', UuidParam) previewId: string): Promise<ResourcePostDto> {
    return this.resources.getPreview(previewId);
  }
}
