import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { normaliseEmail } from './email-address';

/**
 * Why mail to an address is held back: the provider says it bounces for good, or its owner
 * marked us as spam (nothing is sent); or they unsubscribed (no marketing email is sent, the
 * answers to their own requests still are).
 */
export type SuppressionReason = 'bounced' | 'complained' | 'unsubscribed';

/**
 * The addresses no email goes to. Each is kept as a keyed hash of the normalised address
 * (HMAC-SHA-256 under APP_SECRET), never the address itself, so the list holds after the person
 * is erased and tells nobody who is on it. Every send checks it first (MailService): a suppressed
 * email is recorded as 'suppressed' and never leaves.
 */
@Injectable()
export class MailSuppressions {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  addressHash(email: string): string {
    return this.hashOf(normaliseEmail(email));
  }

  private hashOf(key: string): string {
    return createHmac('sha256', this.config.APP_SECRET).update(`mail-suppression:${key}`).digest('hex');
  }

  /**
   * The hashes a suppression of this address may be filed under: the address's, and for the few
   * addresses whose normalised form NFKC and the sigma fold changed (full-width or decomposed
   * letters, a final ς: never an ASCII one), the former rule's (JavaScript's trim and lower case),
   * under which one recorded before was kept. The list cannot be re-keyed: that needs the
   * addresses, and an erased person's is gone (CaselessAddresses1763700002810).
   */
  private hashesOf(email: string): string[] {
    const current = normaliseEmail(email);
    const former = email.trim().toLowerCase();
    return former === current ? [this.hashOf(current)] : [this.hashOf(current), this.hashOf(former)];
  }

  /** The suppressed ones among these addresses (as given), with why (a bounce or a complaint before an unsubscribe). */
  async suppressedAmong(emails: string[], manager: EntityManager = this.dataSource.manager): Promise<Map<string, SuppressionReason>> {
    if (emails.length === 0) return new Map();
    const hashes = emails.map((email) => this.hashesOf(email));
    const rows: { address_hash: string; reason: SuppressionReason }[] = await manager.query(
      `SELECT address_hash, reason FROM mail_suppressions WHERE address_hash = ANY($1::varchar[])`,
      [[...new Set(hashes.flat())]],
    );
    const reasons = new Map(rows.map((row) => [row.address_hash, row.reason]));
    return new Map(
      emails.flatMap((email, i) => {
        const found = hashes[i].flatMap((hash) => reasons.get(hash) ?? []);
        const reason = found.find((r) => r !== 'unsubscribed') ?? found[0];
        return reason ? [[email, reason] as const] : [];
      }),
    );
  }

  /** Whether an email goes nowhere: never after a bounce or a complaint; a marketing one never after an unsubscribe. */
  static holdsBack(reason: SuppressionReason | undefined, marketing: boolean): boolean {
    return reason === 'bounced' || reason === 'complained' || (reason === 'unsubscribed' && marketing);
  }

  /**
   * Suppresses an address (its first reason stays). Emails already on their way (pending, maybe
   * in a batch whose retries must send the same emails) are left to go; every email written from
   * now on is not sent.
   */
  async suppress(email: string, reason: SuppressionReason, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await this.suppressHash(this.addressHash(email), reason, manager);
  }

  /**
   * A bounce or a complaint outranks an unsubscribe (it stops every email); otherwise the first
   * reason stays. True when this call changed the list (an address already unsubscribed, or
   * unsubscribing twice at once, changes it once).
   */
  async suppressHash(addressHash: string, reason: SuppressionReason, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const written: unknown[] = await manager.query(
      `INSERT INTO mail_suppressions (address_hash, reason) VALUES ($1, $2)
       ON CONFLICT (address_hash) DO UPDATE SET reason = EXCLUDED.reason, created_at = now()
       WHERE mail_suppressions.reason = 'unsubscribed' AND EXCLUDED.reason <> 'unsubscribed'
       RETURNING 1`,
      [addressHash, reason],
    );
    return written.length > 0;
  }

  /** Why mail to this address hash is held back, or null when it is not. Reads only. */
  async reasonOfHash(addressHash: string, manager: EntityManager = this.dataSource.manager): Promise<SuppressionReason | null> {
    const [row]: { reason: SuppressionReason }[] = await manager.query(`SELECT reason FROM mail_suppressions WHERE address_hash = $1`, [addressHash]);
    return row?.reason ?? null;
  }

  /** Undoes an unsubscribe (never a bounce or a complaint). */
  async resubscribeHash(addressHash: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`DELETE FROM mail_suppressions WHERE address_hash = $1 AND reason = 'unsubscribed'`, [addressHash]);
  }
}
