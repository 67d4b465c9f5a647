import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { SettingsOf, WorkerActivity } from '@swishly/platform';
import { ResourcesService } from './resources.service';
import { ResourcesSettings } from './resources.settings';

/**
 * Publishes scheduled posts when their time comes, in the worker only. The schedule lives in
 * Postgres (blog_posts.scheduled_publish_at), not in Redis: a restarted worker finds overdue
 * posts on its first pass, and with several workers the lock in ResourcesService.write lets one
 * publish each post once.
 */
@Injectable()
export class ScheduledPublishing implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ScheduledPublishing.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private failing = false;

  constructor(
    private readonly resources: ResourcesService,
    private readonly moduleRef: ModuleRef,
    @Inject(ResourcesSettings.token) private readonly settings: SettingsOf<typeof ResourcesSettings>,
  ) {}

  /** The platform provides WorkerActivity in the worker process only (not in the API or a CLI). */
  private inWorker(): boolean {
    try {
      this.moduleRef.get(WorkerActivity, { strict: false });
      return true;
    } catch {
      return false;
    }
  }

  onApplicationBootstrap(): void {
    if (!this.inWorker()) return;
    const tick = () => {
      this.running ??= this.pass().finally(() => (this.running = undefined));
    };
    this.timer = setInterval(tick, this.settings.RESOURCES_SCHEDULE_POLL_MS);
    this.timer.unref();
    tick();
  }

  async pass(): Promise<void> {
    try {
      const published = await this.resources.publishDue();
      if (published > 0) this.logger.log(`Published ${published} scheduled resource post(s)`);
      if (this.failing) this.logger.log('Scheduled publishing resumed');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`Scheduled publishing paused, will retry: ${(error as Error).message}`);
      this.failing = true;
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
