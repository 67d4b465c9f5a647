import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { OutboxReconciler } from '../events/outbox-reconciler.service';
import { MailDelivery } from '../mail/mail-delivery.service';

/**
 * Runs the two reconcilers in the worker every RECONCILE_INTERVAL_MS: events a consumer never
 * got, and emails never sent. Each pass finishes before the next one starts.
 */
@Injectable()
export class ReconcileLoop implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ReconcileLoop.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private failing = false;

  constructor(
    private readonly outbox: OutboxReconciler,
    private readonly mail: MailDelivery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.pass().finally(() => (this.running = undefined));
    }, this.config.RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  async pass(): Promise<void> {
    try {
      const events = await this.outbox.reconcile();
      const emails = this.mail.enabled ? await this.mail.reconcile() : 0;
      if (events + emails > 0) this.logger.warn(`Queued again what was lost: ${events} event jobs, ${emails} emails`);
      if (this.failing) this.logger.log('Reconciler resumed');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`Reconciler paused, will retry: ${(error as Error).message}`);
      this.failing = true;
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
