import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A staff account. Credentials live here, not in the event log (a log can't forget a hash). */
@Entity('admin_users')
export class AdminUser {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 254 })
  email: string;

  @Column('varchar', { name: 'email_normalized', length: 254, unique: true })
  emailNormalized: string;

  @Column('text', { name: 'password_hash' })
  passwordHash: string;

  @Column('timestamptz', { name: 'password_changed_at' })
  passwordChangedAt: Date;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}

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

/** A password reset link sent by email: stored hashed, single-use, expiring. */
@Entity('admin_password_resets')
export class AdminPasswordReset {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('char', { name: 'token_hash', length: 64, unique: true })
  tokenHash: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;
}
