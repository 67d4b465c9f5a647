import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_CONFIG, AppConfig, loadConfig } from './config/config';
import { dataSourceOptions } from './database/database';
import { ConsumerHost } from './events/consumer-host.service';
import { DomainEventsModule } from './events/domain-events.module';
import { HealthController } from './health/health.controller';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsService } from './metrics/metrics.service';
import { MailService } from './mail/mail.service';
import { MailLogService } from './mail/mail-log.service';
import { MailDelivery } from './mail/mail-delivery.service';
import { MailDeliveryWorker } from './mail/mail-delivery.worker';
import { OutboxReconciler } from './events/outbox-reconciler.service';
import { WorkerHealthServer } from './health/worker-health.server';
import { ReconcileLoop } from './worker/reconcile-loop.service';
import { WorkerActivity } from './worker/worker-activity';
import { RateLimiter } from './http/rate-limiter';
import { AiSettings } from './ai/ai.settings';
import { CoachModel } from './ai/coach-model';
import { StorageSettings } from './storage/storage.settings';
import { StorageService } from './storage/storage.service';
import { UploadsController } from './storage/uploads.controller';

export type ProcessRole = 'api' | 'worker' | 'cli';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request id: the caller's X-Request-Id when sane, else a new one. Shared by Fastify and pino. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  req.headers['x-request-id'] = id;
  return id;
}

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
    const providers: Provider[] = [configProvider, MetricsService, MailService, MailDelivery, MailLogService, RateLimiter, AiSettings.provider, CoachModel, StorageSettings.provider, StorageService];
    if (options.role === 'worker') {
      providers.push(ConsumerHost, WorkerActivity, MailDeliveryWorker, OutboxReconciler, ReconcileLoop, WorkerHealthServer);
    }

    return {
      module: PlatformModule,
      global: true,
      imports: [
        DiscoveryModule,
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            base: { service: options.role, brand: config.BRAND_NAME },
            genReqId: (req: IncomingMessage, res: ServerResponse) => {
              const id = requestIdOf(req);
              res.setHeader('x-request-id', id);
              return id;
            },
            serializers: {
              req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            autoLogging: { ignore: (req: IncomingMessage) => /^\/(health|metrics)/.test(req.url ?? '') },
            ...developmentLogging(config),
            customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
              err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          },
        }),
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.DATABASE_URL, config.DATABASE_POOL_SIZE), autoLoadEntities: true }),
        DomainEventsModule.forRoot(),
      ],
      controllers: options.role === 'api' ? [HealthController, MetricsController, UploadsController] : [],
      providers,
      exports: [configProvider, MetricsService, MailService, MailLogService, RateLimiter, CoachModel, StorageService],
    };
  }
}

/** Nest's own start-up chatter (one line per module, controller and route): kept out of development logs. */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/**
 * In development (NODE_ENV unset), readable one-line logs without Nest's start-up chatter;
 * elsewhere one JSON object per line, for the log pipeline.
 */
function developmentLogging(config: AppConfig) {
  if (config.NODE_ENV !== 'development') return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: { singleLine: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,service,brand,context,req,res,responseTime', messageFormat: '[{service}] {msg}' },
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void, level: number) {
        const context = (args[0] as { context?: string } | undefined)?.context;
        if (level <= 30 && context && START_UP_CONTEXTS.has(context)) return;
        method.apply(this, args);
      },
    },
  };
}
