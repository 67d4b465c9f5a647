import { HttpException, Inject, Injectable } from '@nestjs/common';
import {
  addressKey,
  apiError,
  APP_CONFIG,
  AppConfig,
  emailSubject,
  EventMetadata,
  EventStore,
  holdsPersonalData,
  normaliseEmail,
  RateLimiter,
  SettingsOf,
  StreamVersionConflictError,
  SignedIds,
  UUID_PATTERN,
} from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { AdminSettings } from '../admin.settings';
import { PRIVACY_REQUEST_STREAM, PrivacyRequestCarriedOut, PrivacyRequestKind, PrivacyRequestMade } from './privacy.events';
import { UNCONFIRMED_REQUESTS } from './privacy-requests.retention';
import { PersonalDataExport, PrivacyService } from './privacy.service';

export interface PrivacyRequestState {
  kind: PrivacyRequestKind;
  expiresAt: string;
}

export type PrivacyRequestOutcome = { kind: 'export'; copy: PersonalDataExport } | { kind: 'erasure'; erased: true };

/**
 * Self-service privacy requests (/privacy-request): anyone may ask for a copy or the erasure of
 * what we hold under an address; the address is emailed a link (`?token=<request id>.<signature>`)
 * valid PRIVACY_REQUEST_TTL_HOURS, once, which carries it out. The request is a stream of its
 * own; its address is personal data (erased with the rest when the request is an erasure, and
 * forgotten when its link expires unused: PrivacyRequestsRetention). A request nobody confirmed
 * is not data about its address: typing a stranger's address twice emails them nothing.
 */
@Injectable()
export class PrivacyRequestsService {
  private readonly tokens: SignedIds;

  constructor(
    private readonly events: EventStore,
    private readonly privacy: PrivacyService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {
    this.tokens = new SignedIds(config.APP_SECRET, 'privacy-request', UUID_PATTERN, 32);
  }

  async request(email: string, kind: PrivacyRequestKind, meta: EventMetadata): Promise<void> {
    const address = normaliseEmail(email);
    await this.limitAddressesPerClient(address, meta.ip);
    const requestId = randomUUID();
    await this.events.append({ streamType: PRIVACY_REQUEST_STREAM, streamId: requestId }, 0, [PrivacyRequestMade({ requestId, kind, email: address })], meta);
  }

  /**
   * A client may ask about PRIVACY_REQUEST_ADDRESSES_PER_IP_PER_DAY different addresses a day
   * (asking again about one already counted is free); past that, 429 whatever the address, so the
   * answer still tells nothing about who we know. Counted in Redis under keyed hashes (in this
   * process while Redis is away).
   */
  private async limitAddressesPerClient(address: string, ip: string | undefined): Promise<void> {
    const client = `privacy-request:client:${addressKey(ip)}`;
    const counted = `${client}:address:${address}`;
    if ((await this.limiter.count(counted, 'in-process')) > 0) return;
    // Counted before it is let through, so that a burst of addresses at once is refused past the limit too.
    if ((await this.limiter.increment(`${client}:addresses`, DAY_SECONDS, 'in-process')) > this.settings.PRIVACY_REQUEST_ADDRESSES_PER_IP_PER_DAY) {
      throw apiError(
        429,
        'Too many different email addresses from this connection today. Try again tomorrow, or write to us through the contact page.',
        'too_many_addresses',
      );
    }
    await this.limiter.increment(counted, DAY_SECONDS, 'in-process');
  }

  /**
   * Whether we hold anything under the address, the requests nobody confirmed aside: asking
   * about an address is not data about it until its owner follows the link.
   */
  async holdsDataUnder(email: string, db: EntityManager): Promise<boolean> {
    const subject = emailSubject(email);
    const unconfirmed: { event_id: string }[] = await db.query(
      `SELECT p.event_id FROM personal_data p JOIN domain_events e ON e.id = p.event_id WHERE p.subject = $1 AND ${UNCONFIRMED_REQUESTS}`,
      [subject, PrivacyRequestMade.type, PRIVACY_REQUEST_STREAM, PrivacyRequestCarriedOut.type],
    );
    return holdsPersonalData(
      db,
      subject,
      unconfirmed.map((row) => row.event_id),
    );
  }

  link(requestId: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/privacy-request?token=${this.tokens.token(requestId)}`;
  }

  /** What a link will do, for its page; a 4xx when it cannot. */
  async inspect(token: string): Promise<PrivacyRequestState> {
    const { kind, expiresAt } = await this.open(token);
    return { kind, expiresAt };
  }

  /** Carries out the request of a link, once. */
  async confirm(token: string, meta: EventMetadata): Promise<PrivacyRequestOutcome> {
    const { requestId, kind, email, version } = await this.open(token);
    try {
      // Marked used first, at the version read: of two clicks at once, one carries it out.
      await this.events.append({ streamType: PRIVACY_REQUEST_STREAM, streamId: requestId }, version, [PrivacyRequestCarriedOut({ requestId })], meta);
    } catch (error) {
      if (error instanceof StreamVersionConflictError) throw used();
      throw error;
    }
    if (kind === 'export') return { kind, copy: await this.privacy.export(email, meta) };
    await this.privacy.erase(email, meta);
    return { kind, erased: true };
  }

  private async open(token: string): Promise<{ requestId: string; kind: PrivacyRequestKind; email: string; expiresAt: string; version: number }> {
    const requestId = this.verified(token);
    const history = await this.events.transaction((tx) => tx.readStream({ streamType: PRIVACY_REQUEST_STREAM, streamId: requestId }));
    const made = history.find((e) => PrivacyRequestMade.is(e));
    if (!made || !PrivacyRequestMade.is(made)) throw notFound();
    if (history.some((e) => PrivacyRequestCarriedOut.is(e))) throw used();
    if (made.personalDataErased) throw notFound(); // the address was erased since
    const expiresAt = new Date(Date.parse(made.occurredAt) + this.config.PRIVACY_REQUEST_TTL_HOURS * 3_600_000);
    if (expiresAt.getTime() <= Date.now()) {
      throw apiError(410, 'This link has expired. Ask again on the privacy request page: the new link works for a day.', 'link_expired');
    }
    return { requestId, kind: made.payload.kind, email: made.payload.email, expiresAt: expiresAt.toISOString(), version: history.length };
  }

  private verified(token: string): string {
    const requestId = this.tokens.verify(token);
    if (!requestId) throw notFound();
    return requestId;
  }
}

const DAY_SECONDS = 24 * 3600;

/** An address without its plus tag (`pat+x@example.com` is pat@example.com's inbox): what a per-inbox limit counts. */
export function inboxOf(address: string): string {
  return address.replace(/\+[^@]*(?=@[^@]*$)/, '');
}

const notFound = (): HttpException => apiError(404, 'This link is not valid. Use the link in the email we sent you, or ask again.', 'link_invalid');
const used = (): HttpException => apiError(410, 'This link has already been used. Ask again on the privacy request page if you need to.', 'link_used');
