import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { EventStore, EventTransaction } from '../events/event-store.service';
import { apiError } from '../http/api-exception.filter';
import { SignedIds } from '../http/signed-ids';
import { isUuid } from '../http/uuid.pipe';
import { MailSuppressions } from './mail-suppressions.service';

/**
 * Told, in the unsubscribe's own transaction, that the address under `addressHash` has just
 * unsubscribed: a module that knows whose address it is records that as its own event.
 */
export type UnsubscribeListener = (addressHash: string, tx: EventTransaction) => Promise<void>;

/**
 * One-click unsubscribe (RFC 8058). A marketing email carries a link whose token names the
 * address only as the suppression list's keyed hash, signed: `<address hash>.<signature>`. The
 * link's POST (the mail client's one click, form-encoded) and the page's button put the hash on
 * the suppression list as 'unsubscribed': no marketing email goes to it from then on, while the
 * answers to the person's own requests (a confirmation link, a password reset) still do. Undo
 * takes it off again. Opening the link (a GET, which mail scanners do, running the page too)
 * only reads the state: nothing but a POST changes it. The token never expires: an unsubscribe
 * link must work for as long as the email exists.
 */
@Injectable()
export class MailUnsubscribes {
  /** Its id is the address's suppression hash; a short signature keeps the link short. */
  private readonly tokens: SignedIds;
  private readonly listeners: UnsubscribeListener[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly suppressions: MailSuppressions,
    private readonly events: EventStore,
  ) {
    this.tokens = new SignedIds(config.APP_SECRET, 'unsubscribe', /^[0-9a-f]{64}$/, 32);
  }

  /**
   * The page and the one-click POST share this URL. `fromEmail`, the event id of the email that
   * carries it (an announcement's), lets an unsubscribe be counted for that send.
   */
  url(email: string, fromEmail?: string): string {
    const from = fromEmail ? `&from=${fromEmail}` : '';
    return `${this.config.PUBLIC_URL.replace(/\/$/, '')}/unsubscribe?token=${this.token(email)}${from}`;
  }

  token(email: string): string {
    return this.tokens.token(this.suppressions.addressHash(email));
  }

  /** Whether marketing email to the token's address is held back (an unsubscribe, a bounce, a complaint); changes nothing. */
  async isUnsubscribed(token: string): Promise<boolean> {
    return (await this.suppressions.reasonOfHash(this.verified(token))) !== null;
  }

  /** Modules call this once, from their constructor. */
  onUnsubscribe(listener: UnsubscribeListener): void {
    this.listeners.push(listener);
  }

  /** `fromEmail`: the email whose link was used (its event id, from the URL), when it said. */
  async unsubscribe(token: string, fromEmail?: string): Promise<void> {
    const hash = this.verified(token);
    await this.events.transaction(async (tx) => {
      if (!(await this.suppressions.suppressHash(hash, 'unsubscribed', tx.manager))) return; // already off the list: nothing new to tell
      // Not an email id of ours (the `from` of a URL is not signed): nothing to count.
      if (fromEmail && isUuid(fromEmail)) await this.countFor(fromEmail, hash, tx.manager);
      for (const listener of this.listeners) await listener(hash, tx);
    });
  }

  /**
   * Marks the unsubscribe on the email it came from, when that email went to this very address
   * (the `from` of a URL is not signed: it counts only for its own recipient).
   */
  private async countFor(eventId: string, hash: string, manager: EntityManager): Promise<void> {
    const emails: { id: string; to_address_normalized: string | null }[] = await manager.query(
      `SELECT id::text, to_address_normalized FROM mail_log WHERE event_id = $1 AND unsubscribed_at IS NULL`,
      [eventId],
    );
    const theirs = emails.filter((email) => email.to_address_normalized && this.suppressions.addressHash(email.to_address_normalized) === hash);
    if (theirs.length > 0) await manager.query(`UPDATE mail_log SET unsubscribed_at = now() WHERE id = ANY($1::bigint[])`, [theirs.map((email) => email.id)]);
  }

  async undo(token: string): Promise<void> {
    await this.suppressions.resubscribeHash(this.verified(token));
  }

  /** The address hash of a genuine token; a 400 otherwise. */
  private verified(token: string): string {
    const hash = this.tokens.verify(token);
    if (!hash) throw apiError(400, 'This unsubscribe link is not valid. Use the link in your latest email from us.', 'invalid_token');
    return hash;
  }
}
