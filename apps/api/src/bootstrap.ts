import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import {
  AppConfig,
  ApiExceptionFilter,
  createValidationPipe,
  describeSecurity,
  keepPrivateAnswersUncached,
  markPublicOperations,
  MetricsService,
  refuseHostileInput,
  registerMultipart,
  requestIdOf,
} from '@swishly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import { registerQueueDashboard } from '@swishly/admin';
import { ApiModule } from './api.module';

/** Builds the HTTP app (without listening), so tests drive exactly what production runs. */
export async function createApiApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    genReqId: (req: IncomingMessage) => requestIdOf(req),
  });
  // Our JSON parser (depth and character checks) instead of Nest's; no form-encoded bodies: the
  // API speaks JSON only, so a cross-site HTML form can't post to it either.
  const app = await NestFactory.create<NestFastifyApplication>(ApiModule.forRoot(config), adapter, { bufferLogs: true, bodyParser: false });
  refuseHostileInput(app.getHttpAdapter().getInstance());
  keepPrivateAnswersUncached(app.getHttpAdapter().getInstance());
  app.useLogger(app.get(Logger));
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  // helmet's middleware built once: @fastify/helmet rebuilds it (parsing every CSP directive)
  // on each request, a measurable share of a join's CPU.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        // Videos embedded in resource posts: the players the sanitiser lets through (libs/content VIDEO_HOSTS).
        frameSrc: ['https://www.youtube.com', 'https://youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only where the site is served over https: on plain http it would pin a whole domain's
    // subdomains to https for a year.
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });

  await app.register(fastifyCookie);
  await registerMultipart(app);
  await registerQueueDashboard(app);

  const fastify = app.getHttpAdapter().getInstance();
  const metrics = app.get(MetricsService);
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', request.id);
  });
  fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const frontendDist = resolve(config.FRONTEND_DIST);
  if (existsSync(join(frontendDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: frontendDist,
      prefix: '/',
      index: false,
      wildcard: false, // one route per built file; everything else falls through to the app
      decorateReply: false, // the queue dashboard registers its own @fastify/static
      preCompressed: true, // the .br / .gz files the frontend build writes beside each asset
      cacheControl: false, // ours, below
      setHeaders: (reply, path) => {
        const hashed = path.startsWith(join(frontendDist, 'assets'));
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const document = SwaggerModule.createDocument(
    app,
    describeSecurity(
      new DocumentBuilder()
        .setTitle(`${config.BRAND_NAME} API`)
        .setDescription('Public JSON API under /api; admin API under /api/admin (session cookie).')
        .setVersion('1')
        .setLicense('Proprietary', '/terms-of-service')
        .addServer('/', 'This site'),
    ).build(),
  );
  markPublicOperations(document);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });

  return app;
}
