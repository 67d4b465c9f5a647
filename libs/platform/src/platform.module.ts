import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig, loadConfig } from './config/config';
import { dataSourceOptions } from './database/database';
import { ConsumerHost } from './events/consumer-host.service';
import { DomainEventsModule } from './events/domain-events.module';
import { loggingOptions } from './logging/logging';
import { HealthController } from './health/health.controller';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsService } from './metrics/metrics.service';
import { MailService } from './mail/mail.service';
import { MailLogService } from './mail/mail-log.service';
import { MailDelivery } from './mail/mail-delivery.service';
import { MailDeliveryWorker } from './mail/mail-delivery.worker';
import { MailSuppressions } from './mail/mail-suppressions.service';
import { MailWebhooks } from './mail/mail-webhooks.service';
import { MailWebhooksController } from './mail/mail-webhooks.controller';
import { MailPersonalData } from './privacy/mail-personal-data.holder';
import { PersonalHistory } from './privacy/personal-history.holder';
import { RetentionJob } from './privacy/retention.job';
import { MailUnsubscribes } from './mail/mail-unsubscribes.service';
import { MailUnsubscribesController } from './mail/mail-unsubscribes.controller';
import { OutboxReconciler } from './events/outbox-reconciler.service';
import { WorkerHealthServer } from './health/worker-health.server';
import { ReconcileLoop } from './worker/reconcile-loop.service';
import { WorkerActivity } from './worker/worker-activity.service';
import { ScheduledWork } from './worker/scheduled-work.service';
import { RateLimiter } from './http/rate-limiter.service';
import { AiSettings } from './ai/ai.settings';
import { CoachModel } from './ai/coach-model.service';
import { StorageSettings } from './storage/storage.settings';
import { StorageService } from './storage/storage.service';
import { UploadsController } from './storage/uploads.controller';

export type ProcessRole = 'api' | 'worker' | 'cli';

@Global()
@Module({})
export class PlatformModule {
  /**
   * Config, database, logging, the event store and its relay. The API also gets health and
   * metrics endpoints; the worker also runs the consumers.
   */
  static forRoot(options: { role: ProcessRole; config?: AppConfig }): DynamicModule {
    const config = options.config ?? loadConfig();
    const configProvider: Provider = { provide: APP_CONFIG, useValue: config };
    const providers: Provider[] = [
      configProvider,
      MetricsService,
      MailService,
      MailDelivery,
      MailLogService,
      MailSuppressions,
      MailWebhooks,
      MailPersonalData,
      PersonalHistory,
      MailUnsubscribes,
      RateLimiter,
      AiSettings.provider,
      CoachModel,
      StorageSettings.provider,
      StorageService,
    ];
    if (options.role === 'worker') {
      providers.push(ConsumerHost, WorkerActivity, MailDeliveryWorker, OutboxReconciler, ReconcileLoop, ScheduledWork, RetentionJob, WorkerHealthServer);
    }

    return {
      module: PlatformModule,
      global: true,
      imports: [
        DiscoveryModule,
        LoggerModule.forRoot({ pinoHttp: loggingOptions(config, options.role) }),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.DATABASE_URL, config.DATABASE_POOL_SIZE), autoLoadEntities: true }),
        DomainEventsModule.forRoot(),
      ],
      controllers: options.role === 'api' ? [HealthController, MetricsController, UploadsController, MailWebhooksController, MailUnsubscribesController] : [],
      providers,
      // ScheduledWork in the worker only: a module's clock-driven work runs there (it asks for it @Optional()).
      exports: [
        configProvider,
        MetricsService,
        MailService,
        MailLogService,
        MailSuppressions,
        MailUnsubscribes,
        RateLimiter,
        CoachModel,
        StorageService,
        ...(options.role === 'worker' ? [ScheduledWork] : []),
      ],
    };
  }
}
