import { HttpException, Inject, Injectable } from '@nestjs/common';
import { apiError, APP_CONFIG, AppConfig, EventMetadata, EventStore, normaliseEmail, SettingsOf, StreamVersionConflictError, SignedIds, UUID_PATTERN } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { AdminSettings } from '../admin.settings';
import { PRIVACY_REQUEST_STREAM, PrivacyRequestCarriedOut, PrivacyRequestKind, PrivacyRequestMade } from './privacy.events';
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
 * own; its address is personal data (erased with the rest when the request is an erasure).
 */
@Injectable()
export class PrivacyRequestsService {
  private readonly tokens: SignedIds;

  constructor(
    private readonly events: EventStore,
    private readonly privacy: PrivacyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {
    this.tokens = new SignedIds(config.APP_SECRET, 'privacy-request', UUID_PATTERN, 32);
  }

  async request(email: string, kind: PrivacyRequestKind, meta: EventMetadata): Promise<void> {
    const requestId = randomUUID();
    await this.events.append({ streamType: PRIVACY_REQUEST_STREAM, streamId: requestId }, 0, [PrivacyRequestMade({ requestId, kind, email: normaliseEmail(email) })], meta);
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
    const expiresAt = new Date(Date.parse(made.occurredAt) + this.settings.PRIVACY_REQUEST_TTL_HOURS * 3_600_000);
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

const notFound = (): HttpException => apiError(404, 'This link is not valid. Use the link in the email we sent you, or ask again.', 'link_invalid');
const used = (): HttpException => apiError(410, 'This link has already been used. Ask again on the privacy request page if you need to.', 'link_used');
