import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CreatorCodeStatus, CreatorPlatform } from '../creator-codes.events';

@Entity('creator_codes')
export class CreatorCode {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 32, unique: true })
  code: string;

  @Column('varchar', { length: 100 })
  handle: string;

  @Column('varchar', { name: 'influencer_name', length: 100, nullable: true })
  influencerName: string | null;

  @Column('varchar', { length: 16 })
  platform: CreatorPlatform;

  @Column('varchar', { length: 100, nullable: true })
  campaign: string | null;

  @Column('varchar', { length: 16 })
  status: CreatorCodeStatus;

  @Column('varchar', { length: 1000, nullable: true })
  notes: string | null;

  @Column('integer', { name: 'usage_count' })
  usageCount: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
