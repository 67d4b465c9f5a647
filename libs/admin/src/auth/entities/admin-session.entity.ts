import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A signed-in browser. Only the SHA-256 of the cookie's token is stored. */
@Entity('admin_sessions')
export class AdminSession {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('char', { name: 'token_hash', length: 64, unique: true })
  tokenHash: string;

  @Column('varchar', { name: 'csrf_token', length: 64 })
  csrfToken: string;

  @Column('varchar', { length: 64, nullable: true })
  ip: string | null;

  @Column('varchar', { name: 'user_agent', length: 300, nullable: true })
  userAgent: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
