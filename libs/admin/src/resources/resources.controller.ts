import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, apiError, EventMetadata, RequestMeta, StorageService, UuidParam } from '@swishly/platform';
import {
  AdminResourcePostDto,
  DeleteResourceImageDto,
  FeatureResourceDto,
  PublishResourceDto,
  ResourceImageDto,
  ResourcePostDto,
  ResourcePostInputDto,
  ResourcePostListDto,
  ResourcePreviewLinkDto,
  ResourceRevisionDetailDto,
  ResourceRevisionListDto,
  ResourceSlugDto,
  ResourceSlugRequestDto,
  ResourcesService,
} from '@swishly/content';
import type { FastifyRequest } from 'fastify';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { AdminUsersRepository } from '../auth/admin-users.repository';

/** Staff manage resource posts here (spec §2 "Admin resource list" and editor); the posts belong to libs/content. */
@ApiTags('admin')
@Controller('api/admin/resources')
@UseGuards(AdminSessionGuard)
@RequiresPermission('resources')
export class AdminResourcesController {
  constructor(
    private readonly resources: ResourcesService,
    private readonly storage: StorageService,
    private readonly staff: AdminUsersRepository,
  ) {}

  /** Who saved a revision, for its history. */
  private readonly staffEmails = (ids: string[]) => this.staff.emailsByIds(ids);

  @Get()
  @ApiDoc('Every resource post, drafts included, newest created first', { auth: 'staff' })
  @ApiOkResponse({ type: ResourcePostListDto })
  async list(): Promise<ResourcePostListDto> {
    return { posts: await this.resources.listAll() };
  }

  @Post('slug')
  @HttpCode(200)
  @ApiDoc('A slug made from the title that no post has yet (generate_unique_blog_slug)', { auth: 'staff-write', errors: [400] })
  @ApiOkResponse({ type: ResourceSlugDto })
  async slug(@Body() body: ResourceSlugRequestDto): Promise<ResourceSlugDto> {
    return { slug: await this.resources.suggestSlug(body.title) };
  }

  @Post('images')
  // Announcements carry images too: their editor uploads here.
  @RequiresPermission('resources', 'announcements')
  @ApiDoc('Upload a featured image (re-encoded as JPEG, stored as resources/{timestamp}-cropped.jpg)', {
    auth: 'staff-write',
    errors: [400, 413],
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiCreatedResponse({ type: ResourceImageDto })
  async uploadImage(@Req() request: FastifyRequest): Promise<ResourceImageDto> {
    const notSent = () => apiError(400, 'Send the image as multipart/form-data in the field "file".', 'no_file');
    if (!request.isMultipart()) throw notSent();
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw notSent();
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw apiError(413, `The image is too large (at most ${Math.floor(this.storage.maxBytes / (1024 * 1024))} MB).`, 'payload_too_large');
      }
      throw error;
    }
    return { url: await this.resources.uploadImage(bytes) };
  }

  @Delete('images')
  @RequiresPermission('resources', 'announcements')
  @HttpCode(204)
  @ApiDoc('Delete an uploaded image by its URL (addresses that are not ours are left alone)', { auth: 'staff-write', errors: [400] })
  @ApiNoContentResponse({ description: 'Deleted' })
  deleteImage(@Body() body: DeleteResourceImageDto): Promise<void> {
    return this.resources.deleteImage(body.url);
  }

  @Get(':id')
  @ApiDoc('One resource post, draft or published, with the unpublished revision waiting beside it and its preview link id', {
    auth: 'staff',
    errors: [404],
  })
  @ApiOkResponse({ type: AdminResourcePostDto })
  get(@Param('id', UuidParam) id: string): Promise<AdminResourcePostDto> {
    return this.resources.getForEditor(id, this.staffEmails);
  }

  @Get(':id/revisions')
  @ApiDoc("A post's revisions, the last 50, newest first: who saved each, when, and what changed", { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: ResourceRevisionListDto })
  revisions(@Param('id', UuidParam) id: string): Promise<ResourceRevisionListDto> {
    return this.resources.revisions(id, this.staffEmails);
  }

  @Get(':id/revisions/:revisionId')
  @ApiDoc("One revision's text, with the revision's before it", { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: ResourceRevisionDetailDto })
  revision(@Param('id', UuidParam) id: string, @Param('revisionId', UuidParam) revisionId: string): Promise<ResourceRevisionDetailDto> {
    return this.resources.revision(id, revisionId, this.staffEmails);
  }

  @Post(':id/revisions')
  @HttpCode(200)
  @ApiDoc('Keep changes to a published post as an unpublished revision (readers see the published version until an update)', {
    auth: 'staff-write',
    errors: [400, 404, 409],
  })
  @ApiOkResponse({ type: AdminResourcePostDto })
  saveRevision(@Param('id', UuidParam) id: string, @Body() body: ResourcePostInputDto, @RequestMeta() meta: EventMetadata): Promise<AdminResourcePostDto> {
    return this.resources.saveRevision(id, body, meta, this.staffEmails);
  }

  @Delete(':id/revisions/unpublished')
  @HttpCode(200)
  @ApiDoc('Discard the unpublished revision waiting beside a published post', { auth: 'staff-write', errors: [404] })
  @ApiOkResponse({ type: AdminResourcePostDto })
  discardRevision(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<AdminResourcePostDto> {
    return this.resources.discardRevision(id, meta, this.staffEmails);
  }

  @Post(':id/revisions/:revisionId/restore')
  @HttpCode(200)
  @ApiDoc("Restore a revision as a new save: a draft's text, or a published post's unpublished revision (the address is kept)", {
    auth: 'staff-write',
    errors: [404],
  })
  @ApiOkResponse({ type: AdminResourcePostDto })
  restore(
    @Param('id', UuidParam) id: string,
    @Param('revisionId', UuidParam) revisionId: string,
    @RequestMeta() meta: EventMetadata,
  ): Promise<AdminResourcePostDto> {
    return this.resources.restoreRevision(id, revisionId, meta, this.staffEmails);
  }

  @Post(':id/preview-link')
  @HttpCode(200)
  @ApiDoc("A draft's preview link (/p/{preview_id}) for readers who are not signed in; the same link every time", {
    auth: 'staff-write',
    errors: [404, 409],
  })
  @ApiOkResponse({ type: ResourcePreviewLinkDto })
  previewLink(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<ResourcePreviewLinkDto> {
    return this.resources.previewLink(id, meta);
  }

  @Post()
  @ApiDoc('Create a resource post (a taken slug is made unique)', { auth: 'staff-write', errors: [400, 409] })
  @ApiCreatedResponse({ type: ResourcePostDto })
  create(@Body() body: ResourcePostInputDto, @RequestMeta() meta: EventMetadata): Promise<ResourcePostDto> {
    return this.resources.create(body, meta);
  }

  @Put(':id')
  @ApiDoc("Save a resource post ('Save Draft' keeps the publish flag)", { auth: 'staff-write', errors: [400, 404, 409] })
  @ApiOkResponse({ type: ResourcePostDto })
  save(@Param('id', UuidParam) id: string, @Body() body: ResourcePostInputDto, @RequestMeta() meta: EventMetadata): Promise<ResourcePostDto> {
    return this.resources.save(id, body, meta);
  }

  @Post(':id/publish')
  @HttpCode(200)
  @ApiDoc('Publish (published_at = now) or unpublish (published_at cleared)', { auth: 'staff-write', errors: [400, 404] })
  @ApiOkResponse({ type: ResourcePostDto })
  publish(@Param('id', UuidParam) id: string, @Body() body: PublishResourceDto, @RequestMeta() meta: EventMetadata): Promise<ResourcePostDto> {
    return this.resources.setPublished(id, body.published, meta);
  }

  @Post(':id/feature')
  @HttpCode(200)
  @ApiDoc('Feature (every other post is unfeatured) or unfeature', { auth: 'staff-write', errors: [400, 404] })
  @ApiOkResponse({ type: ResourcePostDto })
  feature(@Param('id', UuidParam) id: string, @Body() body: FeatureResourceDto, @RequestMeta() meta: EventMetadata): Promise<ResourcePostDto> {
    return this.resources.setFeatured(id, body.featured, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc('Delete a resource post and its uploaded image', { auth: 'staff-write', errors: [404] })
  @ApiNoContentResponse({ description: 'Deleted' })
  delete(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    return this.resources.delete(id, meta);
  }
}
