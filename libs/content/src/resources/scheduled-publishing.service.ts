import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { ScheduledWork, SettingsOf } from '@swishly/platform';
import { ResourcesService } from './resources.service';
import { ResourcesSettings } from './resources.settings';

/**
 * Publishes scheduled posts when their time comes, in the worker only, once per
 * RESOURCES_SCHEDULE_POLL_MS tick across all worker replicas (ScheduledWork). The schedule lives
 * in Postgres (blog_posts.scheduled_publish_at), not in Redis: a restarted worker finds overdue
 * posts on its first pass, and the lock in ResourcesService.write publishes each post once even
 * beside an editor's own Publish.
 */
@Injectable()
export class ScheduledPublishing implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduledPublishing.name);

  constructor(
    private readonly resources: ResourcesService,
    @Inject(ResourcesSettings.token) private readonly settings: SettingsOf<typeof ResourcesSettings>,
    // The platform provides it in the worker process only (not in the API or a CLI).
    @Optional() private readonly scheduledWork?: ScheduledWork,
  ) {}

  onApplicationBootstrap(): void {
    // ScheduledWork says when publishing fails (once) and when it resumes.
    this.scheduledWork?.every('resources.scheduled-publishing', this.settings.RESOURCES_SCHEDULE_POLL_MS, async () => {
      const published = await this.resources.publishDue();
      if (published > 0) this.logger.log(`Published ${published} scheduled resource post(s)`);
    });
  }
}
