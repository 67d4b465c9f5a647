import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { StaffRole } from '../staff-roles';

/** A staff account. Credentials live here, not in the event log (a log can't forget a hash). */
@Entity('admin_users')
export class AdminUser {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 254 })
  email: string;

  /** The address as sign-in compares it (normaliseEmail). */
  @Column('text', { name: 'email_normalized', unique: true })
  emailNormalized: string;

  /** What the account may do (staff-roles.ts). */
  @Column('varchar', { length: 16 })
  role: StaffRole;

  @Column('text', { name: 'password_hash' })
  passwordHash: string;

  @Column('timestamptz', { name: 'password_changed_at' })
  passwordChangedAt: Date;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
