import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('early_access_codes')
export class EarlyAccessCode {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 32, unique: true })
  code: string;

  @Column('varchar', { name: 'first_name', length: 100 })
  firstName: string;

  @Column('varchar', { length: 254 })
  email: string;

  /** The address as every lookup compares it (normaliseEmail): a member's view and a privacy request find their codes by it. */
  @Column('text', { name: 'email_normalized' })
  emailNormalized: string;

  @Column('boolean', { name: 'is_used' })
  isUsed: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;
}
