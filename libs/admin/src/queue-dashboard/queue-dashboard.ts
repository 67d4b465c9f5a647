import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { HttpException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { APP_CONFIG, AppConfig, QueueRegistry } from '@swishly/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminRequest, AdminSessionGuard, SAFE_METHODS } from '../auth/admin-session.guard';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board's UI can't send our CSRF header, so its writes (retry, clean, pause) must come
 * from our own pages: the browser's Origin / Sec-Fetch-Site say where a request started.
 */
function fromOwnOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }
  return true;
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, error: string, code: string) {
  if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><meta charset="utf-8"><title>Sign in required</title><p>${error} <a href="/admin/login">Sign in</a></p>`);
  }
  return reply.code(status).send({ error, code });
}

/** Ops' queue dashboard at /admin/queues: every consumer's queue, behind the admin session. */
export async function registerQueueDashboard(app: NestFastifyApplication): Promise<void> {
  const config = app.get<AppConfig>(APP_CONFIG);
  const guard = app.get(AdminSessionGuard);
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: app.get(QueueRegistry).all().map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: `${config.BRAND_NAME} queues`, hideDocsLink: true, miscLinks: [{ text: 'Admin', url: '/admin' }] } },
  });

  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request: AdminRequest, reply: FastifyReply) => {
      try {
        await guard.authenticate(request);
      } catch (error) {
        const body = error instanceof HttpException ? (error.getResponse() as { message: string; code: string }) : null;
        return refuse(request, reply, 401, body?.message ?? 'Please sign in to continue.', body?.code ?? 'unauthenticated');
      }
      if (!SAFE_METHODS.has(request.method) && !fromOwnOrigin(request)) {
        return refuse(request, reply, 403, 'Cross-site requests are not allowed.', 'csrf');
      }
    });
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: QUEUE_DASHBOARD_PATH });
  });
}
