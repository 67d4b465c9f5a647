import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

export interface StoredPasskey {
  id: string;
  userId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type PasskeyCeremony = 'register' | 'sign-in';

interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const fromRow = (row: PasskeyRow): StoredPasskey => ({
  id: row.id,
  userId: row.user_id,
  publicKey: new Uint8Array(row.public_key),
  counter: Number(row.counter),
  transports: row.transports,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** Staff passkeys (admin_passkeys) and the challenge of each account's ceremony under way (admin_passkey_challenges). */
@Injectable()
export class PasskeysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(db?: EntityManager): EntityManager {
    return db ?? this.dataSource.manager;
  }

  async forUser(userId: string): Promise<StoredPasskey[]> {
    const rows: PasskeyRow[] = await this.db().query(`SELECT * FROM admin_passkeys WHERE user_id = $1 ORDER BY created_at`, [userId]);
    return rows.map(fromRow);
  }

  async count(userId: string, db?: EntityManager): Promise<number> {
    const [{ count }] = await this.db(db).query(`SELECT count(*)::int AS count FROM admin_passkeys WHERE user_id = $1`, [userId]);
    return count;
  }

  async find(userId: string, id: string): Promise<StoredPasskey | null> {
    const rows: PasskeyRow[] = await this.db().query(`SELECT * FROM admin_passkeys WHERE user_id = $1 AND id = $2`, [userId, id]);
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async insert(passkey: Omit<StoredPasskey, 'lastUsedAt'>, db?: EntityManager): Promise<void> {
    await this.db(db).query(`INSERT INTO admin_passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      passkey.id,
      passkey.userId,
      Buffer.from(passkey.publicKey),
      passkey.counter,
      passkey.transports,
      passkey.name,
      passkey.createdAt,
    ]);
  }

  /**
   * The signature counter moves forward (a cloned authenticator would repeat one), in one UPDATE:
   * two sign-ins with the same signature can't both pass. Counters of 0 (authenticators that keep
   * none, as synced passkeys do) are accepted as they are.
   */
  async recordUse(id: string, previousCounter: number, newCounter: number): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.db().query(
      `UPDATE admin_passkeys SET counter = $3, last_used_at = now() WHERE id = $1 AND counter = $2 AND ($3 = 0 OR $3 > $2)`,
      [id, previousCounter, newCounter],
    );
    return affected > 0;
  }

  async remove(userId: string, id: string, db?: EntityManager): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.db(db).query(`DELETE FROM admin_passkeys WHERE user_id = $1 AND id = $2`, [userId, id]);
    return affected > 0;
  }

  /** The account's ceremony under way: a new one replaces the one before. */
  async saveChallenge(userId: string, purpose: PasskeyCeremony, challenge: string, expiresAt: Date): Promise<void> {
    await this.db().query(
      `INSERT INTO admin_passkey_challenges (user_id, purpose, challenge, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET purpose = EXCLUDED.purpose, challenge = EXCLUDED.challenge, expires_at = EXCLUDED.expires_at`,
      [userId, purpose, challenge, expiresAt],
    );
  }

  /** Takes the account's live challenge for this ceremony (once: it is deleted as it is read). */
  async takeChallenge(userId: string, purpose: PasskeyCeremony): Promise<string | null> {
    const [rows]: [{ challenge: string }[], number] = await this.db().query(
      `DELETE FROM admin_passkey_challenges WHERE user_id = $1 AND purpose = $2 AND expires_at > now() RETURNING challenge`,
      [userId, purpose],
    );
    return rows[0]?.challenge ?? null;
  }
}
