import { Column, Entity, PrimaryColumn } from 'typeorm';

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
