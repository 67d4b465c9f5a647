import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { StaffRole } from '../../auth/staff-roles';

/** An invitation to join the staff with a role. Only the SHA-256 of its link's token is stored. */
@Entity('staff_invitations')
export class StaffInvitation {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 254 })
  email: string;

  /** The address as sign-in compares it (normaliseEmail). */
  @Column('text', { name: 'email_normalized' })
  emailNormalized: string;

  @Column('varchar', { length: 16 })
  role: StaffRole;

  @Column('char', { name: 'token_hash', length: 64 })
  tokenHash: string;

  @Column('uuid', { name: 'invited_by', nullable: true })
  invitedBy: string | null;

  @Column('timestamptz', { name: 'invited_at' })
  invitedAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'accepted_at', nullable: true })
  acceptedAt: Date | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
