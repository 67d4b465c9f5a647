import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { normaliseEmail } from './email-address';

/** Why nothing is sent to an address: the provider says it bounces for good, or its owner marked us as spam. */
export type SuppressionReason = 'bounced' | 'complained';

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
    return createHmac('sha256', this.config.APP_SECRET).update(`mail-suppression:${normaliseEmail(email)}`).digest('hex');
  }

  /** The suppressed ones among these addresses (as given). */
  async suppressedAmong(emails: string[], manager: EntityManager = this.dataSource.manager): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const hashes = emails.map((email) => this.addressHash(email));
    const rows: { address_hash: string }[] = await manager.query(`SELECT address_hash FROM mail_suppressions WHERE address_hash = ANY($1::varchar[])`, [[...new Set(hashes)]]);
    const suppressed = new Set(rows.map((row) => row.address_hash));
    return new Set(emails.filter((_, i) => suppressed.has(hashes[i])));
  }

  /**
   * Suppresses an address (its first reason stays). Emails already on their way (pending, maybe
   * in a batch whose retries must send the same emails) are left to go; every email written from
   * now on is not sent.
   */
  async suppress(email: string, reason: SuppressionReason, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`INSERT INTO mail_suppressions (address_hash, reason) VALUES ($1, $2) ON CONFLICT (address_hash) DO NOTHING`, [this.addressHash(email), reason]);
  }
}
