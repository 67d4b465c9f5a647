import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { ApiKey } from './entities/api-key.entity';

/** API keys (api_keys, a projection): read here, written by ApiKeysProjection. */
@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>) {}

  /** Every key, revoked ones too, newest first. */
  all(): Promise<ApiKey[]> {
    return this.keys.find({ order: { createdAt: 'DESC' } });
  }

  findById(id: string, db?: EntityManager): Promise<ApiKey | null> {
    return (db ?? this.keys.manager).findOneBy(ApiKey, { id });
  }

  /** The unrevoked key whose hash this is. */
  findActive(keyHash: string): Promise<ApiKey | null> {
    return this.keys.findOneBy({ keyHash, revokedAt: IsNull() });
  }

  /** The keys' names by id (a revoked key's too), for the audit log. */
  async namesByIds(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: string; name: string }[] = await this.keys.manager.query(`SELECT id, name FROM api_keys WHERE id = ANY($1::uuid[])`, [ids]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  static async insert(key: ApiKey, db: EntityManager): Promise<void> {
    await db.insert(ApiKey, key);
  }

  static async markRevoked(id: string, at: Date, db: EntityManager): Promise<void> {
    await db.update(ApiKey, { id, revokedAt: IsNull() }, { revokedAt: at });
  }

  /** At most one write a minute per key: a busy integration must not rewrite its row on every request. */
  static async markUsed(ids: string[], at: Date, db: EntityManager): Promise<void> {
    await db.query(
      `UPDATE api_keys SET last_used_at = $2 WHERE id = ANY($1::uuid[]) AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
      [ids, at],
    );
  }
}
