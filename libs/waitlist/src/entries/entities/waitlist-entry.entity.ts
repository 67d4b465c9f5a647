import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of a waitlist entry's stream. */
@Entity('waitlist_entries')
export class WaitlistEntry {
  @PrimaryColumn('uuid')
  id: string;

  @Column('integer', { name: 'signup_number', unique: true })
  signupNumber: number;

  @Column('varchar', { name: 'first_name', length: 100 })
  firstName: string;

  @Column('varchar', { length: 254 })
  email: string;

  /** The address as every lookup compares it (normaliseEmail): one entry per address. */
  @Column('text', { name: 'email_normalized', unique: true })
  emailNormalized: string;

  /** The mailbox behind it (canonicalMailbox: `+tags` removed), so that nobody refers themselves. */
  @Column('text', { name: 'email_canonical' })
  emailCanonical: string;

  @Column('varchar', { length: 32, nullable: true })
  role: string | null;

  @Column('varchar', { name: 'referral_code', length: 16, unique: true })
  referralCode: string;

  @Column('varchar', { name: 'referred_by_code', length: 32, nullable: true })
  referredByCode: string | null;

  @Column('varchar', { length: 16 })
  source: string;

  @Column('integer', { name: 'referral_credits', default: 0 })
  referralCredits: number;

  /** Friends who joined with their code and have not confirmed (not held, not rejected): kept by the projection. */
  @Column('integer', { name: 'pending_referrals', default: 0 })
  pendingReferrals: number;

  /** Friends whose referral is held for staff's review and not yet decided: kept by the projection. */
  @Column('integer', { name: 'held_referrals', default: 0 })
  heldReferrals: number;

  /**
   * The list is ordered by (rank_key, signup_number). rank_key starts at 2 × signup_number;
   * each credited referral subtracts 2 × places + 1, so the entry passes exactly `places`
   * people and never ties with someone who has no credits.
   */
  @Column('integer', { name: 'rank_key' })
  rankKey: number;

  @Column('uuid', { name: 'referrer_entry_id', nullable: true })
  referrerEntryId: string | null;

  @Column('varchar', { name: 'creator_code', length: 32, nullable: true })
  creatorCode: string | null;

  @Column('varchar', { name: 'referral_status', length: 16, default: 'none' })
  referralStatus: 'none' | 'pending' | 'credited' | 'self' | 'flagged' | 'unknown' | 'creator';

  /** Staff's decision on a referral held for review ('flagged'): null until reviewed. */
  @Column('varchar', { name: 'referral_review', length: 8, nullable: true })
  referralReview: 'credit' | 'reject' | null;

  @Column('timestamptz', { name: 'confirmed_at', nullable: true })
  confirmedAt: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  /** When their first confirmation link went (null: their join sent none, e.g. an import staff chose not to welcome). */
  @Column('timestamptz', { name: 'confirmation_sent_at', nullable: true })
  confirmationSentAt: Date | null;

  /** Let in to early access (by staff, in position order). */
  @Column('timestamptz', { name: 'admitted_at', nullable: true })
  admittedAt: Date | null;

  /** The suppression list's keyed hash of the address (MailSuppressions.addressHash): null on rows from before it was kept. */
  @Column('varchar', { name: 'address_hash', length: 64, nullable: true })
  addressHash: string | null;
}
