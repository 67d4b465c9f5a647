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

/**
 * Resources (blog), contact submissions, what crawlers read (page meta, sitemap, robots) and
 * what the site tells as fact (company, store listings, social profiles: ContentSettings).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ContactSubmission]),
    DomainEventsModule.forFeature({ projections: [ContactSubmissionsProjection], consumers: [SendContactEmails] }),
  ],
  controllers: [ContactController, SeoController],
  providers: [ContentSettings.provider, ContactService, SeoService, SendContactEmailsJob],
  exports: [SeoService],
})
export class ContentModule {}
