import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEventsModule } from '@swishly/platform';
import { ContactSubmissionsProjection } from './contact/contact-submissions.projection';
import { ContactController } from './contact/contact.controller';
import { ContactService } from './contact/contact.service';
import { ContactSubmission } from './contact/entities/contact-submission.entity';
import { SeoService } from './seo/seo.service';

/** Resources (blog), contact submissions and what crawlers read (page meta, sitemap, robots). */
@Module({
  imports: [
    TypeOrmModule.forFeature([ContactSubmission]),
    DomainEventsModule.forFeature({ projections: [ContactSubmissionsProjection] }),
  ],
  controllers: [ContactController],
  providers: [ContactService, SeoService],
  exports: [SeoService],
})
export class ContentModule {}
