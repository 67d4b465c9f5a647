import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { BlogPostChanges, BlogPostsRepository } from './blog-posts.repository';
import { plainText, readTimeMinutes } from './html-sanitizer';
import {
  ResourcePostCreated,
  ResourcePostDeleted,
  ResourcePostEdited,
  ResourcePostFeatured,
  ResourcePostImageSet,
  ResourcePostPreviewLinkCreated,
  ResourcePostPublished,
  ResourcePostScheduled,
  ResourcePostUnfeatured,
  ResourcePostUnpublished,
} from './resources.events';

/** The text columns that follow from the content. */
const fromContent = (content: string) => ({ content, contentText: plainText(content), readTimeMinutes: readTimeMinutes(content) });

@Injectable()
export class BlogPostsProjection implements Projection {
  readonly name = 'blog-posts';
  readonly tables = ['blog_posts'];
  readonly handlers = new ProjectionHandlers()
    .on(ResourcePostCreated, async (event, manager) => {
      const { postId, content, ...fields } = event.payload;
      const at = new Date(event.occurredAt);
      await BlogPostsRepository.insert(
        {
          id: postId,
          ...fields,
          ...fromContent(content),
          featuredImageUrl: null,
          featuredImageAlt: null,
          isPublished: false,
          isFeatured: false,
          publishedAt: null,
          scheduledPublishAt: null,
          previewId: null,
          createdAt: at,
          updatedAt: at,
        },
        manager,
      );
    })
    .on(ResourcePostEdited, async (event, manager) => {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- restoredFrom is for the revision history, not a column
      const { postId, content, restoredFrom, ...fields } = event.payload;
      const changes: BlogPostChanges = { ...fields, ...(content !== undefined ? fromContent(content) : {}), updatedAt: new Date(event.occurredAt) };
      await BlogPostsRepository.update(postId, changes, manager);
    })
    .on(ResourcePostImageSet, async (event, manager) => {
      const { postId, url, alt } = event.payload;
      await BlogPostsRepository.update(postId, { featuredImageUrl: url, featuredImageAlt: alt, updatedAt: new Date(event.occurredAt) }, manager);
    })
    .on(ResourcePostPublished, async (event, manager) => {
      const changes = { isPublished: true, publishedAt: new Date(event.payload.publishedAt), scheduledPublishAt: null, updatedAt: new Date(event.occurredAt) };
      await BlogPostsRepository.update(event.payload.postId, changes, manager);
    })
    .on(ResourcePostUnpublished, async (event, manager) => {
      const changes = { isPublished: false, publishedAt: null, scheduledPublishAt: null, updatedAt: new Date(event.occurredAt) };
      await BlogPostsRepository.update(event.payload.postId, changes, manager);
    })
    .on(ResourcePostFeatured, async (event, manager) => {
      await BlogPostsRepository.update(event.payload.postId, { isFeatured: true, updatedAt: new Date(event.occurredAt) }, manager);
    })
    .on(ResourcePostUnfeatured, async (event, manager) => {
      await BlogPostsRepository.update(event.payload.postId, { isFeatured: false, updatedAt: new Date(event.occurredAt) }, manager);
    })
    .on(ResourcePostScheduled, async (event, manager) => {
      const { postId, publishAt } = event.payload;
      await BlogPostsRepository.update(postId, { scheduledPublishAt: publishAt ? new Date(publishAt) : null, updatedAt: new Date(event.occurredAt) }, manager);
    })
    .on(ResourcePostPreviewLinkCreated, async (event, manager) => {
      await BlogPostsRepository.update(event.payload.postId, { previewId: event.payload.previewId }, manager);
    })
    .on(ResourcePostDeleted, async (event, manager) => {
      await BlogPostsRepository.delete(event.payload.postId, manager);
    })
    .build();
}
