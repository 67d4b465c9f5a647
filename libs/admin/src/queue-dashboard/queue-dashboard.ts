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

/** A browser opening the board signed out goes to the sign-in, and comes back here after it. */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, error: string, code: string) {
  if (status === 401 && request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
    return reply.redirect(`/admin/login?next=${encodeURIComponent(QUEUE_DASHBOARD_PATH)}`, 303);
  }
  return reply.code(status).send({ error, code });
}

const BACK_TO_ADMIN =
  '<a href="/admin" style="position:fixed;left:12px;bottom:12px;z-index:1000;padding:8px 14px;border-radius:999px;' +
  'background:#f25c0a;color:#fff;font:600 14px/1.2 system-ui,sans-serif;text-decoration:none">&larr; Back to admin</a>';

/**
 * The board's page, as our site serves it: without the web font Bull Board loads from Google
 * (our CSP allows fonts from this site only, so the browser blocked it and said so), and with a
 * way back to the admin dashboard.
 */
export function adaptBoardPage(html: string): string {
  return html.replace(/<link[^>]+fonts\.googleapis\.com[^>]*>\s*/g, '').replace('</body>', `${BACK_TO_ADMIN}</body>`);
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
    scope.addHook('onSend', async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html') && typeof payload === 'string';
      return html ? adaptBoardPage(payload) : payload;
    });
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: QUEUE_DASHBOARD_PATH });
  });
}
