import { createBullBoard } from '@bull-board/api';
import type { DateFormats, QueueAdapterOptions, UITheme } from '@bull-board/api/typings/app';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { HttpException, Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { APP_CONFIG, AppConfig, EventMetadata, EventStore, QueueRegistry } from '@swishly/platform';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminRequest, AdminSessionGuard, SAFE_METHODS } from '../auth/admin-session.guard';
import { QUEUE_DASHBOARD_STREAM, QueueDashboardAction, QueueDashboardActed } from './queue-dashboard.events';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** Finished jobs: the only ones staff may retry or clean (a waiting or delayed job cleaned is work thrown away). */
const FINISHED = new Set(['completed', 'failed']);

interface BoardWrite {
  action: QueueDashboardAction;
  /** Whether this request may go ahead: a retry only of failed jobs, a clean only of finished ones. */
  allowed(params: Record<string, string>, queue: (name: string) => Queue | undefined): Promise<boolean> | boolean;
}

async function jobIn(queue: Queue | undefined, jobId: string, states: Set<string>): Promise<boolean> {
  return queue !== undefined && states.has(await queue.getJobState(jobId));
}

/**
 * The writes of Bull Board that staff may make, by the route Fastify matched (Bull Board's own
 * patterns, node_modules/@bull-board/api/dist/routes.js): retry failed jobs, clean finished
 * ones, pause and resume. Every other write (add a job, edit its data, delay or priority, promote,
 * empty, obliterate, concurrency, rate limits, schedulers, ...) answers 403: a job added by hand
 * would be run by the worker as if the system had written it. Each write allowed here is
 * recorded as an event naming the staff member (QueueDashboardActed).
 */
const BOARD_WRITES: Record<string, BoardWrite> = {
  'PUT /api/queues/:queueName/retry/:queueStatus': { action: 'retry', allowed: (p) => p.queueStatus === 'failed' },
  'PUT /api/queues/:queueName/:jobId/retry': { action: 'retry', allowed: (p, queue) => jobIn(queue(p.queueName), p.jobId, new Set(['failed'])) },
  'PUT /api/queues/:queueName/clean/:queueStatus': { action: 'clean', allowed: (p) => FINISHED.has(p.queueStatus) },
  'PUT /api/queues/:queueName/:jobId/clean': { action: 'clean', allowed: (p, queue) => jobIn(queue(p.queueName), p.jobId, FINISHED) },
  'PUT /api/queues/:queueName/pause': { action: 'pause', allowed: () => true },
  'PUT /api/queues/:queueName/resume': { action: 'resume', allowed: () => true },
  'PUT /api/queues/pause': { action: 'pause', allowed: () => true },
  'PUT /api/queues/resume': { action: 'resume', allowed: () => true },
};

/** The board's write a request makes (by the route Fastify matched), or undefined for any other. */
function boardWrite(request: FastifyRequest): BoardWrite | undefined {
  const route = request.routeOptions.url ?? '';
  if (!route.startsWith(QUEUE_DASHBOARD_PATH)) return undefined;
  return BOARD_WRITES[`${request.method} ${route.slice(QUEUE_DASHBOARD_PATH.length)}`];
}

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

/**
 * What each queue does, in words staff read on the board (the names are the consumers' own,
 * for code and logs). Every queue has one: test/admin.spec.ts checks the board's list.
 */
export const QUEUE_LABELS: Record<string, { displayName: string; description: string }> = {
  'admin.award-referral-milestones': {
    displayName: 'Referral milestones',
    description: 'Gives a member the referral milestones their confirmed friends reached: an early-access code or a thank-you email, once each.',
  },
  'admin.catch-up-referral-milestones': {
    displayName: 'Referral milestone catch-up',
    description: 'Gives the milestones to members who passed them before staff added them, when staff ask, one batch of members per job.',
  },
  'admin.invite-admitted-members': {
    displayName: 'Early access invites',
    description: 'Gives each member let in from the waitlist an early-access code and an invite email.',
  },
  'admin.resend-email': { displayName: 'Mail log resends', description: 'Sends a failed email again when staff ask from the mail log.' },
  'admin.send-broadcast-chunk': {
    displayName: 'Announcements',
    description: 'Emails an announcement to the waitlist, one batch of recipients per job.',
  },
  'admin.send-broadcast-test': {
    displayName: 'Announcement tests',
    description: 'Emails a test of an announcement to the staff member who asked for it.',
  },
  'admin.send-password-reset-email': {
    displayName: 'Admin password resets',
    description: 'Emails a staff member the link to reset their admin password.',
  },
  'admin.send-staff-invitation-email': {
    displayName: 'Staff invitations',
    description: 'Emails someone invited to the staff the link to create their account.',
  },
  'admin.deliver-webhooks': {
    displayName: 'Webhook deliveries',
    description:
      'Writes the webhook deliveries of member events (joined, confirmed, referral credited, admitted, unsubscribed, erased) and makes their first attempt; retries are in the delivery log on Integrations.',
  },
  'admin.send-webhook-paused-email': {
    displayName: 'Webhook paused emails',
    description: 'Tells staff that a webhook endpoint was paused after a day of failed deliveries.',
  },
  'admin.send-privacy-request-email': {
    displayName: 'Privacy request emails',
    description: 'Emails the link that confirms a request to download or erase personal data.',
  },
  'analytics.roll-up-downloads': {
    displayName: 'Download counts',
    description: 'Adds store badge clicks and download page visits to the daily counts of User Analytics.',
  },
  'analytics.roll-up-signups': {
    displayName: 'Sign-up counts',
    description: 'Adds waitlist sign-ups to the daily counts of User Analytics, by channel, source and creator code.',
  },
  'content.send-contact-emails': {
    displayName: 'Contact form emails',
    description: 'Sends a contact form message to the team and a confirmation to the sender.',
  },
  'events.send-event-claim-email': {
    displayName: 'Event booth emails',
    description: 'Emails a booth sign-up their early-access code, waitlist position and links.',
  },
  'events.send-shot-link-email': {
    displayName: 'Shot analysis links',
    description: 'Emails a shot’s claimer the link to their analysis when their address is typed on its form again.',
  },
  'mail.deliver': { displayName: 'Email retries', description: 'Tries again emails the mail provider did not take at first.' },
  'waitlist.count-creator-code-usage': {
    displayName: 'Creator code usage',
    description: 'Counts each sign-up through a creator code toward the code’s usage.',
  },
  'waitlist.credit-referrer': {
    displayName: 'Referral credits',
    description: 'Credits the member who referred someone once the new member confirms their email.',
  },
  'waitlist.send-welcome-email': {
    displayName: 'Waitlist welcome emails',
    description: 'Emails new members their welcome, and anyone who asks their confirmation or status link.',
  },
  'waitlist.send-confirmation-reminder': {
    displayName: 'Confirmation reminders',
    description: 'Emails one reminder to members who have not confirmed their address a while after joining.',
  },
  'waitlist.run-import': {
    displayName: 'CSV imports',
    description: 'Adds the members of a list staff imported as CSV, a thousand rows at a time, and reports the rows it skipped.',
  },
  'waitlist.update-positions': {
    displayName: 'Waitlist positions',
    description: 'Moves members up the waitlist after sign-ups and referral credits.',
  },
};

/**
 * Bull Board in the admin's colours (Swishly's palette from frontend/src/index.css): the
 * board picks light or dark itself, THEME_SCRIPT tells it which one the admin uses.
 */
const BOARD_THEME: UITheme = {
  light: {
    background: '#f5f7fa',
    foreground: '#0c1220',
    card: '#ffffff',
    popover: '#ffffff',
    primary: '#b93d0a',
    'primary-foreground': '#ffffff',
    'muted-foreground': '#4b5565',
    border: '#dde2ea',
    sidebar: '#ffffff',
    'sidebar-border': '#dde2ea',
  },
  dark: {
    background: '#0b0f19',
    foreground: '#f3f5f9',
    card: '#151d30',
    popover: '#151d30',
    primary: '#ff8f45',
    'primary-foreground': '#0b0f19',
    'muted-foreground': '#a9b3c6',
    border: '#26314a',
    sidebar: '#10172a',
    'sidebar-border': '#26314a',
  },
};

/** Job times as the rest of the admin writes dates (spec §9: 'Nov 21, 2026'), not '11/21/2026'. */
const TIME = { hour: 'numeric', minute: '2-digit', second: '2-digit' } as const;
const BOARD_DATES: DateFormats = {
  short: TIME,
  common: { month: 'short', day: 'numeric', ...TIME },
  full: { month: 'short', day: 'numeric', year: 'numeric', ...TIME },
};

const THEME_SCRIPT_PATH = `${QUEUE_DASHBOARD_PATH}/admin-theme.js`;

/**
 * Run before the board's own scripts: its theme setting (localStorage 'board-settings', its
 * persisted store) becomes the admin's theme ('<brand>-theme', frontend/src/lib/theme.ts),
 * or the system's when the admin has chosen none, as on the admin pages.
 */
function themeScript(brandName: string): string {
  const adminKey = JSON.stringify(`${brandName.toLowerCase()}-theme`);
  return `(function () {
  try {
    var theme = window.localStorage.getItem(${adminKey});
    var settings = JSON.parse(window.localStorage.getItem('board-settings') || 'null') || { state: {}, version: 2 };
    settings.state = settings.state || {};
    settings.state.theme = theme === 'dark' || theme === 'light' ? theme : 'system';
    window.localStorage.setItem('board-settings', JSON.stringify(settings));
  } catch (e) {
    // No storage (private mode): the board follows the system preference.
  }
})();
`;
}

const ADMIN_BAR_HEIGHT = '3rem';

/**
 * Our header above the board's, with the way back to the admin. The board's fixed header, its
 * menu and its page (placed by its --header-offset) all move down by the bar's height, at any
 * width; the board's dialogs (z-index above 99) still cover the bar.
 */
const ADMIN_BAR =
  `<style>
.admin-bar { position: fixed; top: 0; left: 0; right: 0; z-index: 99; box-sizing: border-box; height: ${ADMIN_BAR_HEIGHT};
  display: flex; align-items: center; padding: 0 1rem; background: var(--card); border-bottom: 1px solid var(--border);
  font: 500 0.875rem/1.25 var(--font-sans); }
.admin-bar a { color: var(--primary); text-decoration: none; padding: 0.5rem 0.25rem; border-radius: var(--radius); }
.admin-bar a:hover { text-decoration: underline; }
.admin-bar a:focus-visible { outline: 2px solid var(--ring); outline-offset: 2px; }
#root header:has(~ main) { top: ${ADMIN_BAR_HEIGHT}; }
#root aside { top: calc(var(--header-offset) + ${ADMIN_BAR_HEIGHT}); }
#root header ~ main { padding-top: calc(var(--header-offset) + ${ADMIN_BAR_HEIGHT}); }
</style>` + '<header class="admin-bar" aria-label="Admin"><a href="/admin">&larr; Back to admin</a></header>';

/**
 * The board's page, as our site serves it: without the web font Bull Board loads from Google
 * (our CSP allows fonts from this site only, so the browser blocked it and said so), in the
 * admin's theme, and with our header leading back to the admin dashboard.
 */
export function adaptBoardPage(html: string): string {
  return html
    .replace(/<link[^>]+fonts\.googleapis\.com[^>]*>\s*/g, '')
    .replace('<head>', `<head>\n<script src="${THEME_SCRIPT_PATH}"></script>`)
    .replace(/<body([^>]*)>/, `<body$1>\n${ADMIN_BAR}`);
}

/**
 * Ops' queue dashboard at /admin/queues: every consumer's queue, behind the admin session. Staff
 * may retry failed jobs, clean finished ones, pause and resume (BOARD_WRITES), each recorded as
 * an event with their id; the server refuses every other write of the board.
 */
export async function registerQueueDashboard(app: NestFastifyApplication): Promise<void> {
  const config = app.get<AppConfig>(APP_CONFIG);
  const guard = app.get(AdminSessionGuard);
  const events = app.get(EventStore);
  const queues = app.get(QueueRegistry).all();
  const queueNamed = (name: string) => queues.find((queue) => queue.name === name);
  const logger = new Logger('QueueDashboard');
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    // Retries of completed jobs are off (the adapter reads the option, its type does not list it): a retry is for a job that failed.
    queues: queues.map((queue) => new BullMQAdapter(queue, { ...QUEUE_LABELS[queue.name], allowCompletedRetries: false } as Partial<QueueAdapterOptions>)),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: `${config.BRAND_NAME} queues`,
        hideDocsLink: true,
        theme: BOARD_THEME,
        locale: { lng: 'en-US' },
        dateFormats: BOARD_DATES,
      },
    },
  });

  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request: AdminRequest, reply: FastifyReply) => {
      try {
        await guard.authenticate(request);
      } catch (error) {
        const body = error instanceof HttpException ? (error.getResponse() as { message: string; code: string }) : null;
        return refuse(request, reply, 401, body?.message ?? 'Please sign in to continue.', body?.code ?? 'unauthenticated');
      }
      try {
        guard.assertPermission(request.adminUser!, 'queues');
      } catch (error) {
        const body = (error as HttpException).getResponse() as { message: string; code: string };
        return refuse(request, reply, 403, body.message, body.code);
      }
      if (SAFE_METHODS.has(request.method)) return;
      if (!fromOwnOrigin(request)) {
        return refuse(request, reply, 403, 'Cross-site requests are not allowed.', 'csrf');
      }
      const write = boardWrite(request);
      if (!write || !(await write.allowed(request.params as Record<string, string>, queueNamed))) {
        return refuse(
          request,
          reply,
          403,
          'The queue dashboard retries failed jobs, cleans finished ones, and pauses and resumes queues; nothing else.',
          'forbidden',
        );
      }
    });
    scope.addHook('onSend', async (request: AdminRequest, reply: FastifyReply, payload: unknown) => {
      const write = SAFE_METHODS.has(request.method) || reply.statusCode >= 400 ? undefined : boardWrite(request);
      if (write) {
        // Recorded before the answer leaves: an action staff see done is in the log.
        const params = request.params as Record<string, string>;
        const metadata: EventMetadata = {
          requestId: String(request.id),
          correlationId: String(request.id),
          actorType: 'admin',
          actorId: request.adminUser?.id ?? null,
        };
        const queue = params.queueName ?? '*';
        await events
          .append(
            { streamType: QUEUE_DASHBOARD_STREAM, streamId: queue },
            'any',
            [QueueDashboardActed({ action: write.action, queue, jobId: params.jobId ?? null, status: params.queueStatus ?? null })],
            metadata,
          )
          .catch((error: Error) => {
            logger.error({ err: error.message, action: write.action, queue }, 'Could not record a queue dashboard action');
            throw error;
          });
      }
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html') && typeof payload === 'string';
      return html ? adaptBoardPage(payload) : payload;
    });
    const script = themeScript(config.BRAND_NAME);
    scope.get(THEME_SCRIPT_PATH, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script));
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: QUEUE_DASHBOARD_PATH });
  });
}
