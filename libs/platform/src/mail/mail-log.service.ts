import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { apiError } from '../http/api-exception.filter';
import { ConsumerContext } from '../events/domain-event';
import { normaliseEmail } from './email-address';
import { MailDelivery } from './mail-delivery.service';
import { MailSuppressions } from './mail-suppressions.service';
import { MailStatus } from './mail.service';

export interface MailLogItem {
  id: string;
  eventId: string;
  template: string;
  to: string;
  subject: string;
  status: MailStatus;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MailLogEntry extends MailLogItem {
  from: string;
  html: string;
  text: string;
  /** Its links carried a secret that acts for the person (a reset, confirm, status, unsubscribe or privacy link): shown here with the secret hidden. */
  linksHidden: boolean;
}

/**
 * Query parameters of a link whose value is no secret: a referral code is made to be shared, a
 * page's mode says which form it opens, campaign tags are the same for everyone. Every other
 * parameter's value is hidden (a token, a confirm or status link's signed id, whatever a link
 * carries tomorrow): a secret nobody listed stays hidden too.
 */
const PUBLIC_PARAMS = new Set(['ref', 'mode', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']);
/** A link, in the HTML (up to its attribute's quote or the tag's end) or in the text version (html-to-text writes `[url]`). */
const LINK = /https?:\/\/[^\s"'<>\]]+/gi;
/** One parameter of a link's query (or fragment); the HTML writes its `&` as `&amp;`. */
const PARAM = /([?&#](?:amp;)?)([^=&#\s"'<>\]]+)=([^&#\s"'<>\]]*)/g;
/** A signed id (SignedIds: `<id>.<signature>`) anywhere in a link's path. */
const SIGNED_ID = /[0-9A-Za-z-]{16,}\.[\w-]{16,}/g;
/** Pages a bare code in the path opens: a player's shot analysis and its coach chat. */
const KEYED_PATH = /(\/(?:hbf|shot)-feedback\/)[^/?#\s"'<>\]]+/gi;

function hideInLink(link: string): string {
  const pathAt = link.indexOf('/', link.indexOf('//') + 2);
  if (pathAt < 0) return link; // an origin alone carries nothing
  const path = link
    .slice(pathAt)
    .replace(PARAM, (param, separator: string, name: string, value: string) =>
      value === '' || value === 'hidden' || PUBLIC_PARAMS.has(name.toLowerCase()) ? param : `${separator}${name}=hidden`,
    )
    .replace(KEYED_PATH, '$1hidden')
    .replace(SIGNED_ID, 'hidden');
  return link.slice(0, pathAt) + path;
}

/**
 * An email as the mail log shows it to staff: every secret its links carry (a password reset,
 * a privacy request, a waitlist confirm or status link, an unsubscribe link, a signed id in a
 * path, a shot analysis's code) reads `hidden`, in the HTML and the text alike. The stored email
 * keeps its real links: a resend sends what the person was sent.
 */
export const hideSecrets = (body: string) => body.replace(LINK, hideInLink);

export interface MailLogPage {
  items: MailLogItem[];
  total: number;
  page: number;
  pageSize: number;
}

const COLUMNS = `id::text, event_id AS "eventId", template, to_address AS "to", subject, status, error,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const iso = <T extends { createdAt: Date | string; updatedAt: Date | string }>(row: T) => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/**
 * Deletes the logged emails of one template that the events of these streams caused (a
 * retention period ended for what they repeat); returns how many.
 */
export async function forgetEmailsOfStreams(db: EntityManager, template: string, streamType: string, streamIds: string[]): Promise<number> {
  if (streamIds.length === 0) return 0;
  const [, count] = await db.query(
    `DELETE FROM mail_log WHERE template = $1 AND event_id IN (
       SELECT id FROM domain_events WHERE stream_type = $2 AND stream_id = ANY($3::varchar[]))`,
    [template, streamType, streamIds],
  );
  return count;
}

/** What staff narrow the mail log to: a status, a kind of email (its template), and words of its recipient or subject. */
export interface MailLogFilters {
  status?: MailStatus;
  template?: string;
  search?: string;
}

function mailLogWhere({ status, template, search }: MailLogFilters): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (status) clauses.push(`status = $${params.push(status)}`);
  if (template) clauses.push(`template = $${params.push(template)}`);
  const words = search?.trim();
  if (words) {
    const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The recipient in its normalised form (normaliseEmail), the subject lower-cased on both
    // sides; both without accents (unaccent), as the waitlist's search.
    const address = params.push(containing(normaliseEmail(words)));
    const subject = params.push(containing(words));
    clauses.push(`(unaccent(to_address_normalized) LIKE unaccent($${address}) OR lower(unaccent(subject)) LIKE lower(unaccent($${subject})))`);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** Reading the mail log (the admin's /admin/emails) and sending a failed email again. */
@Injectable()
export class MailLogService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly delivery: MailDelivery,
    private readonly suppressions: MailSuppressions,
  ) {}

  async list(page: number, pageSize: number, filters: MailLogFilters = {}): Promise<MailLogPage> {
    const { where, params } = mailLogWhere(filters);
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${COLUMNS} FROM mail_log ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM mail_log ${where}`, params),
    ]);
    return { items: rows.map(iso), total, page, pageSize };
  }

  /** The kinds of email the log holds (its templates), for the list's filter. */
  async templates(): Promise<string[]> {
    const rows: { template: string }[] = await this.dataSource.query('SELECT DISTINCT template FROM mail_log ORDER BY template');
    return rows.map((row) => row.template);
  }

  /** The latest emails to an address (a waitlist member's view), newest first. */
  async sentTo(address: string, limit = 50): Promise<MailLogItem[]> {
    const rows = await this.dataSource.query(`SELECT ${COLUMNS} FROM mail_log WHERE to_address_normalized = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, [
      normaliseEmail(address),
      limit,
    ]);
    return rows.map(iso);
  }

  async get(id: string): Promise<MailLogEntry> {
    if (!/^\d{1,18}$/.test(id)) throw apiError(404, 'Email not found.', 'not_found');
    const [row] = await this.dataSource.query(
      `SELECT ${COLUMNS}, from_address AS "from", html, text, secret_links AS "linksHidden" FROM mail_log WHERE id = $1`,
      [id],
    );
    if (!row) throw apiError(404, 'Email not found.', 'not_found');
    // A live link in the log would let any other staff member act as the person it went to: take
    // over an admin account (a reset), confirm or unsubscribe a member, read their position or
    // their analysis. Every email is shown with its links' secrets hidden, whoever sent it.
    const html = hideSecrets(row.html);
    const text = hideSecrets(row.text);
    return iso({ ...row, html, text, linksHidden: row.linksHidden || html !== row.html || text !== row.text });
  }

  /** Only a failed email can be sent again (a sent one would reach the person twice). */
  async assertResendable(id: string): Promise<MailLogEntry> {
    const entry = await this.get(id);
    if (entry.status !== 'failed') throw apiError(409, 'Only a failed email can be sent again.', 'not_failed');
    if (!entry.html && !entry.text)
      throw apiError(409, 'The body of this email was removed when its retention period ended: it cannot be sent again.', 'body_removed');
    return entry;
  }

  /**
   * Sends the stored email again, from a consumer of the resend request: the row goes back to
   * 'pending' under a new idempotency key (the request's event id), alone (out of any batch it
   * failed in), in the consumer's transaction, and MailDelivery sends it after the commit.
   */
  async requestRedelivery(id: string, requestEventId: string, context: ConsumerContext): Promise<void> {
    const [email] = await context.manager.query(`SELECT to_address, list_unsubscribe FROM mail_log WHERE id = $1`, [id]);
    if (!email) return;
    // An address suppressed since (a bounce, a complaint; an unsubscribe, for marketing) gets nothing, also from staff.
    const reason = (await this.suppressions.suppressedAmong([email.to_address], context.manager)).get(email.to_address);
    const suppressed = MailSuppressions.holdsBack(reason, email.list_unsubscribe !== null);
    const status = suppressed ? 'suppressed' : this.delivery.enabled ? 'pending' : 'logged';
    const [rows] = await context.manager.query(
      `UPDATE mail_log SET status = $3, idempotency_key = $2, batch_key = NULL, attempts = 0, error = NULL, updated_at = now()
       WHERE id = $1 AND status = 'failed' RETURNING id::text`,
      [id, `mail-resend/${requestEventId}`, status],
    );
    if (rows.length > 0 && status === 'pending') context.afterCommit(() => this.delivery.sendNow([id]));
  }
}
