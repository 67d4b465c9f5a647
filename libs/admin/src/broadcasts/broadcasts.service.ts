import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { hasContent, sanitizePostHtml } from '@swishly/content';
import {
  apiError,
  APP_CONFIG,
  AppConfig,
  causedBy,
  DomainEvent,
  EventMetadata,
  EventTransaction,
  EventStore,
  headerValue,
  isUuid,
  privacyRequestLink,
  renderEmail,
  ScheduledWork,
  SettingsOf,
  StreamVersionConflictError,
  uuidFrom,
} from '@swishly/platform';
import { BroadcastAudience, LeaveOutFilters, WaitlistMembersService, WaitlistService } from '@swishly/waitlist';
import { randomUUID } from 'node:crypto';
import { createElement } from 'react';
import { DataSource } from 'typeorm';
import { AdminSettings } from '../admin.settings';
import { AdminUsersRepository } from '../auth/admin-users.repository';
import { BroadcastEmail } from './emails/broadcast.email';
import { asksForPosition, PersonalFields, personalFieldsOf, personalise } from './personalisation';
import {
  BROADCAST_CHUNK_SIZE,
  BROADCAST_STREAM,
  BroadcastCancelled,
  BroadcastChunkQueued,
  BroadcastRequested,
  BroadcastScheduled,
  BroadcastTestRequested,
} from './broadcasts.events';

/** 'scheduled': waiting for its time; 'cancelled': it never went; then 'sending' until every chunk is written and sent. */
export type BroadcastStatus = 'scheduled' | 'cancelled' | 'sending' | 'sent';

/** How far ahead an announcement may be scheduled. */
const SCHEDULE_AHEAD_DAYS = 90;

export interface BroadcastDraft {
  subject: string;
  html: string;
}

/**
 * An announcement and how far it has got. `sent`: emails the provider took (or the mail log,
 * without one); `skipped`: recipients not mailed after all (erased, unsubscribed or suppressed
 * since the count). The counts are those of when it was sent: `erased` says how many of its
 * recipients have been erased since (their emails are gone from the mail log, not from the counts).
 */
export interface BroadcastProgress {
  id: string;
  subject: string;
  audience: BroadcastAudience;
  status: BroadcastStatus;
  /** When a scheduled one goes (or went); null for one sent at once. */
  sendAt: string | null;
  total: number;
  sent: number;
  skipped: number;
  failed: number;
  erased: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
}

export interface BroadcastSummary extends BroadcastProgress {
  createdAt: string;
}

interface ProgressRow {
  id: string;
  subject: string;
  send_at: Date | null;
  state: 'scheduled' | 'cancelled' | null;
  audience: BroadcastAudience;
  total: number;
  chunks: number;
  chunks_done: number;
  skipped: number;
  created_at: Date;
  sent: number;
  failed: number;
  suppressed: number;
  pending: number;
  erased: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
}

/** Mail-log statuses of an email that reached the provider ('logged': the mail log is the destination, no provider configured). */
const REACHED = `('sent', 'delivered', 'delayed', 'bounced', 'logged')`;
/** What became of the emails after they left (the provider's signed events, the one-click unsubscribe): recipients, each once per kind. */
const ENGAGEMENTS = ['delivered', 'opened', 'clicked', 'bounced', 'complained', 'unsubscribed'] as const;
const ENGAGED_NOW = ENGAGEMENTS.map((kind) => `count(${kind}_at) AS ${kind}`).join(', ');
const ENGAGED_BEFORE = ENGAGEMENTS.map((kind) => `sum(count) FILTER (WHERE status = 'engaged:${kind}') AS ${kind}`).join(', ');
const ENGAGED = ENGAGEMENTS.map((kind) => `(coalesce(m.${kind}, 0) + coalesce(t.${kind}, 0))::int AS ${kind}`).join(', ');
/** Its emails by status: those in the mail log, and those whose records an erasure or retention has deleted since (mail_log_tallies). */
const PROGRESS = `
  SELECT b.id, b.subject, b.audience, b.total, b.chunks, b.chunks_done, b.skipped, b.created_at, b.send_at, b.state,
         (coalesce(m.sent, 0) + coalesce(t.sent, 0))::int AS sent, (coalesce(m.failed, 0) + coalesce(t.failed, 0))::int AS failed,
         (coalesce(m.suppressed, 0) + coalesce(t.suppressed, 0))::int AS suppressed, coalesce(m.pending, 0)::int AS pending, coalesce(t.erased, 0)::int AS erased,
         ${ENGAGED}
  FROM broadcasts b
  LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE status IN ${REACHED}) AS sent, count(*) FILTER (WHERE status = 'failed') AS failed,
           count(*) FILTER (WHERE status = 'suppressed') AS suppressed, count(*) FILTER (WHERE status = 'pending') AS pending,
           ${ENGAGED_NOW}
    FROM mail_log WHERE broadcast_id = b.id
  ) m ON true
  LEFT JOIN LATERAL (
    SELECT sum(count) FILTER (WHERE status IN ${REACHED}) AS sent, sum(count) FILTER (WHERE status = 'failed') AS failed,
           sum(count) FILTER (WHERE status = 'suppressed') AS suppressed,
           sum(count) FILTER (WHERE reason = 'erased' AND status NOT LIKE 'engaged:%') AS erased,
           ${ENGAGED_BEFORE}
    FROM mail_log_tallies WHERE broadcast_id = b.id
  ) t ON true`;

/**
 * Launch announcements (/admin/broadcasts). A request counts the audience and cuts it into chunks
 * of BROADCAST_CHUNK_SIZE members by signup number, all in one transaction with the request's
 * events; the worker sends each chunk in its own job (SendBroadcastChunkJob), one email per
 * member under a key of the broadcast and the member, so a chunk run twice sends nothing twice.
 */
@Injectable()
export class BroadcastsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(BroadcastsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly members: WaitlistMembersService,
    private readonly waitlist: WaitlistService,
    private readonly admins: AdminUsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
    // The platform provides it in the worker only.
    @Optional() private readonly scheduledWork?: ScheduledWork,
  ) {}

  onApplicationBootstrap(): void {
    // Once per tick across the worker replicas (ScheduledWork); the row lock below makes each announcement go once even beside a late tick.
    this.scheduledWork?.every('broadcasts.scheduled-sending', this.settings.BROADCAST_SCHEDULE_POLL_MS, async () => {
      const sent = await this.sendScheduled();
      if (sent > 0) this.logger.log(`Sent ${sent} scheduled announcement(s)`);
    });
  }

  /** How many members an announcement to `audience` would go to now, and how many of the audience it would not (their mail is suppressed). */
  recipients(audience: BroadcastAudience, leaveOut: LeaveOutFilters): Promise<{ recipients: number; notMailable: number; leftOut: number }> {
    return this.members.audienceSize(audience, leaveOut);
  }

  /**
   * Sends an announcement now, or schedules it for `sendAt` (then the audience is counted when
   * its time comes, and it can be cancelled until then).
   */
  async send(
    draft: BroadcastDraft & { audience: BroadcastAudience; sendAt?: string } & LeaveOutFilters,
    idempotencyKey: string | undefined,
    meta: EventMetadata,
  ): Promise<{ id: string }> {
    const { subject, html } = clean(draft);
    const leaveOut: LeaveOutFilters = { withoutDisposable: draft.withoutDisposable === true, withoutHeldReferrals: draft.withoutHeldReferrals === true };
    const broadcastId = idempotencyKey ? uuidFrom(`broadcast:${idempotencyKey}`) : randomUUID();
    const stream = { streamType: BROADCAST_STREAM, streamId: broadcastId };
    try {
      if (draft.sendAt !== undefined) {
        const sendAt = scheduledTime(draft.sendAt);
        await this.events.append(stream, 0, [BroadcastScheduled({ broadcastId, subject, html, audience: draft.audience, leaveOut, sendAt })], meta);
      } else {
        await this.events.transaction(async (tx) => {
          if (!(await this.request(tx, broadcastId, 0, { subject, html, audience: draft.audience, leaveOut }, meta))) {
            throw apiError(409, 'Nobody in this audience can be emailed yet.', 'empty_audience');
          }
        });
      }
    } catch (error) {
      // The same Idempotency-Key again: that broadcast, as it stands.
      if (!(error instanceof StreamVersionConflictError && error.streamType === BROADCAST_STREAM)) throw error;
    }
    return { id: broadcastId };
  }

  /**
   * Counts the audience now, cuts it into chunks and appends the request with its chunks after
   * `version` of the announcement's stream; false (and nothing appended) when nobody in it can be emailed.
   */
  private async request(
    tx: EventTransaction,
    broadcastId: string,
    version: number,
    draft: BroadcastDraft & { audience: BroadcastAudience; leaveOut: LeaveOutFilters },
    meta: EventMetadata,
  ): Promise<boolean> {
    const { audience, leaveOut } = draft;
    const chunks = await this.members.audienceChunks(audience, leaveOut, BROADCAST_CHUNK_SIZE, tx.manager);
    const total = chunks.reduce((sum, c) => sum + c.planned, 0);
    if (total === 0) return false;
    await tx.append(
      { streamType: BROADCAST_STREAM, streamId: broadcastId },
      version,
      [
        BroadcastRequested({ broadcastId, subject: draft.subject, html: draft.html, audience, leaveOut, total, chunks: chunks.length }),
        ...chunks.map((c, chunk) => BroadcastChunkQueued({ broadcastId, chunk, audience, leaveOut, ...c })),
      ],
      meta,
    );
    return true;
  }

  /**
   * Requests the scheduled announcements whose time has come, one transaction each, its row
   * locked: two replicas' passes never request one twice. How many went.
   */
  async sendScheduled(): Promise<number> {
    let sent = 0;
    for (;;) {
      const went = await this.events.transaction(async (tx) => {
        const [due]: { id: string }[] = await tx.manager.query(
          `SELECT id FROM broadcasts WHERE state = 'scheduled' AND send_at <= now() ORDER BY send_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        if (!due) return false;
        const history = await tx.readStream({ streamType: BROADCAST_STREAM, streamId: due.id });
        const scheduled = history.find((event): event is DomainEvent<ReturnType<typeof BroadcastScheduled>['payload']> => BroadcastScheduled.is(event))!;
        const meta = causedBy(scheduled);
        if (!(await this.request(tx, due.id, history.length, scheduled.payload, meta))) {
          await tx.append(
            { streamType: BROADCAST_STREAM, streamId: due.id },
            history.length,
            [BroadcastCancelled({ broadcastId: due.id, reason: 'empty_audience' })],
            meta,
          );
        }
        return true;
      });
      if (!went) return sent;
      sent++;
    }
  }

  /** Cancels a scheduled announcement before it goes; 409 once it has gone (or was cancelled). */
  async cancel(id: string, meta: EventMetadata): Promise<BroadcastProgress> {
    await this.events.transaction(async (tx) => {
      const [row]: { state: string | null }[] = await tx.manager.query(`SELECT state FROM broadcasts WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) throw apiError(404, 'Announcement not found.', 'not_found');
      if (row.state !== 'scheduled') {
        throw apiError(
          409,
          row.state === 'cancelled' ? 'This announcement was cancelled already.' : 'This announcement has gone out already: it can no longer be cancelled.',
          'not_scheduled',
        );
      }
      await tx.append({ streamType: BROADCAST_STREAM, streamId: id }, 'any', [BroadcastCancelled({ broadcastId: id, reason: 'staff' })], meta);
    });
    return this.progress(id);
  }

  async progress(id: string): Promise<BroadcastProgress> {
    const [row]: ProgressRow[] = isUuid(id) ? await this.dataSource.query(`${PROGRESS} WHERE b.id = $1`, [id]) : [];
    if (!row) throw apiError(404, 'Announcement not found.', 'not_found');
    const { createdAt: _, ...progress } = summary(row);
    return progress;
  }

  /** The latest announcements, newest first. */
  async list(): Promise<BroadcastSummary[]> {
    const rows: ProgressRow[] = await this.dataSource.query(`${PROGRESS} ORDER BY b.created_at DESC LIMIT 50`);
    return rows.map(summary);
  }

  /**
   * The email as recipients will see it (the unsubscribe link without a recipient's token), its
   * personal fields filled in for the audience's first member, or for a sample member when the
   * audience is empty; `previewedAs` says whose.
   */
  async preview(
    draft: BroadcastDraft,
    audience: BroadcastAudience = 'all',
    leaveOut: LeaveOutFilters = {},
  ): Promise<{ html: string; previewedAs: { firstName: string; email: string } | null }> {
    const { subject, html } = clean(draft, false);
    const site = this.config.PUBLIC_URL.replace(/\/$/, '');
    const rendered = renderEmail(
      createElement(BroadcastEmail, {
        brand: this.config.BRAND_NAME,
        subject,
        html,
        unsubscribeLink: `${site}/unsubscribe`,
        privacyLink: privacyRequestLink(site),
      }),
    );
    const member = await this.members.firstOfAudience(audience, leaveOut);
    const [place] = member && asksForPosition(html) ? await this.members.placesOf([member]) : [];
    const referralLink = (code: string) => this.waitlist.links.referral(code);
    const fields = member ? personalFieldsOf(member, place, referralLink) : SAMPLE_FIELDS(referralLink('SAMPLE42'));
    return { html: personalise(rendered, fields).html, previewedAs: member ? { firstName: member.firstName, email: member.email } : null };
  }

  /** Sends the draft to the signed-in staff member's own address (through the worker, like every email). */
  async sendTest(draft: BroadcastDraft, meta: EventMetadata): Promise<{ to: string }> {
    const { subject, html } = clean(draft);
    const admin = meta.actorId ? await this.admins.findById(meta.actorId) : null;
    if (!admin) throw apiError(401, 'Sign in again to send yourself a test.', 'unauthorized');
    const testId = randomUUID();
    await this.events.transaction((tx) =>
      tx.append({ streamType: 'broadcast-test', streamId: testId }, 0, [BroadcastTestRequested({ testId, subject, html })], meta),
    );
    return { to: admin.email };
  }
}

/** The subject on one line, the body sanitised like posts; both required (unless only previewing). */
function clean(draft: BroadcastDraft, required = true): BroadcastDraft {
  const subject = headerValue(draft.subject ?? '');
  const html = sanitizePostHtml(draft.html ?? '');
  if (required && !subject) throw apiError(400, 'Give the announcement a subject.', 'validation_failed');
  if (required && !hasContent(html)) throw apiError(400, 'Write the announcement before sending it.', 'validation_failed');
  return { subject, html };
}

/** A member's fields where no real one is at hand (an empty audience, a test to staff). */
export const SAMPLE_FIELDS = (referralLink: string): PersonalFields => ({ first_name: 'Alex', position: '#42', referral_link: referralLink });

/** A scheduled send's time, as ISO: in the future, at most SCHEDULE_AHEAD_DAYS ahead; 400 otherwise. */
function scheduledTime(sendAt: string): string {
  const at = Date.parse(sendAt);
  if (Number.isNaN(at)) throw apiError(400, 'Choose a date and time to send it.', 'invalid_send_at');
  if (at <= Date.now()) throw apiError(400, 'Choose a time in the future, or send it now.', 'invalid_send_at');
  if (at > Date.now() + SCHEDULE_AHEAD_DAYS * 86_400_000) throw apiError(400, `Schedule it at most ${SCHEDULE_AHEAD_DAYS} days ahead.`, 'invalid_send_at');
  return new Date(at).toISOString();
}

function summary(row: ProgressRow): BroadcastSummary {
  const done = row.chunks_done >= row.chunks && row.pending === 0;
  return {
    id: row.id,
    subject: row.subject,
    audience: row.audience,
    status: row.state ?? (done ? 'sent' : 'sending'),
    sendAt: row.send_at?.toISOString() ?? null,
    total: row.total,
    sent: row.sent,
    skipped: row.skipped + row.suppressed,
    failed: row.failed,
    erased: row.erased,
    delivered: row.delivered,
    opened: row.opened,
    clicked: row.clicked,
    bounced: row.bounced,
    complained: row.complained,
    unsubscribed: row.unsubscribed,
    createdAt: row.created_at.toISOString(),
  };
}
