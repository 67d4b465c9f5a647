import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ShotData, ShotKind, ShotMetrics } from '../shot-feedback';

/** Read model of a shot record's stream (spec §3 "Shot record": hbf_shots and the shots waitlist, one table with a kind). */
@Entity('shot_records')
export class ShotRecord {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 8 })
  kind: ShotKind;

  @Column('varchar', { length: 32 })
  code: string;

  @Column('varchar', { name: 'first_name', length: 100, nullable: true })
  firstName: string | null;

  @Column('varchar', { length: 254, nullable: true })
  email: string | null;

  /** The claimer's address as every lookup compares it (normaliseEmail): a privacy request finds their shots by it. */
  @Column('text', { name: 'email_normalized', nullable: true })
  emailNormalized: string | null;

  /** The claim that made the shot its claimer's: what their claim token signs. Null until claimed. */
  @Column('uuid', { name: 'claim_id', nullable: true })
  claimId: string | null;

  @Column('jsonb', { name: 'shot_data', nullable: true })
  shotData: ShotData | null;

  @Column('jsonb', { nullable: true })
  metrics: ShotMetrics | null;

  /** 'rules' or 'model' when shot_data was generated from the metrics; null when it came with the record. */
  @Column('varchar', { name: 'feedback_generator', length: 8, nullable: true })
  feedbackGenerator: 'rules' | 'model' | null;

  @Column('varchar', { name: 'access_code', length: 32, nullable: true })
  accessCode: string | null;

  @Column('uuid', { name: 'waitlist_entry_id', nullable: true })
  waitlistEntryId: string | null;

  /** The stream's version, so a generated feedback is appended once even when two readers race. */
  @Column('int')
  version: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
