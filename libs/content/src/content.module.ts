import { ContactPersonalData } from './contact/contact-personal-data.holder';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEventsModule } from '@swishly/platform';
import { ContactSubmissionsProjection } from './contact/contact-submissions.projection';
import { ContactController } from './contact/contact.controller';
import { ContactService } from './contact/contact.service';
import { SendContactEmails } from './contact/contact.events';
import { SendContactEmailsJob } from './contact/jobs/send-contact-emails.job';
import { ContactSubmission } from './contact/entities/contact-submission.entity';
import { ContentSettings } from './content.settings';
import { SeoController } from './seo/seo.controller';
import { SeoService } from './seo/seo.service';
import { BlogPostsProjection } from './resources/blog-posts.projection';
import { BlogPostsRepository } from './resources/blog-posts.repository';
import { BlogPost } from './resources/entities/blog-post.entity';
import { ResourcePreviewsController, ResourcesController } from './resources/resources.controller';
import { PublishedPostsCache } from './resources/published-posts.cache';
import { ResourcesService } from './resources/resources.service';
import { ResourcesSettings } from './resources/resources.settings';
import { ScheduledPublishing } from './resources/scheduled-publishing.service';

/**
 * Resources (blog), contact submissions, what crawlers read (page meta, sitemap, robots) and
 * what the site tells as fact (company, store listings, social profiles: ContentSettings).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ContactSubmission, BlogPost]),
    DomainEventsModule.forFeature({ projections: [ContactSubmissionsProjection, BlogPostsProjection], consumers: [SendContactEmails] }),
  ],
  controllers: [ContactController, ResourcesController, ResourcePreviewsController, SeoController],
  providers: [
    ContentSettings.provider,
    ResourcesSettings.provider,
    ContactService,
    ContactPersonalData,
    SeoService,
    SendContactEmailsJob,
    BlogPostsRepository,
    PublishedPostsCache,
    ResourcesService,
    ScheduledPublishing,
  ],
  // ResourcesService: the back office (libs/admin) manages posts through it.
  exports: [SeoService, ResourcesService],
})
export class ContentModule {}
