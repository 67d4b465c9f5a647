import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of ContactSubmitted (spec §3 "Contact submission"). */
@Entity('contact_submissions')
export class ContactSubmission {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { name: 'first_name', length: 100 })
  firstName: string;

  @Column('varchar', { name: 'last_name', length: 100, nullable: true })
  lastName: string | null;

  @Column('varchar', { length: 254 })
  email: string;

  /** The sender's address as every lookup compares it (normaliseEmail): a privacy request finds their messages by it. */
  @Column('text', { name: 'email_normalized' })
  emailNormalized: string;

  @Column('varchar', { length: 200, nullable: true })
  subject: string | null;

  @Column('text')
  message: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
