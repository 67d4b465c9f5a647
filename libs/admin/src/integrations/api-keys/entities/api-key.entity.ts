import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ApiKeyScope } from '../api-key-scopes';

/** An API key for another system (a projection of its stream). Only the SHA-256 of the key is stored. */
@Entity('api_keys')
export class ApiKey {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 100 })
  name: string;

  @Column('text', { array: true })
  scopes: ApiKeyScope[];

  /** The key's first characters, shown to tell keys apart (not enough to use one). */
  @Column('varchar', { length: 32 })
  prefix: string;

  @Column('char', { name: 'key_hash', length: 64 })
  keyHash: string;

  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
