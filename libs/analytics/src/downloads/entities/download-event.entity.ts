import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Read model of DownloadTracked (spec §3 "Download tracking event"). */
@Entity('download_events')
export class DownloadEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { name: 'source_tag', length: 64 })
  sourceTag: string;

  @Column('varchar', { length: 16 })
  platform: string;

  @Column('varchar', { name: 'click_type', length: 16 })
  clickType: string;

  @Column('boolean', { name: 'explicit_choice', nullable: true })
  explicitChoice: boolean | null;

  /** The visitor of that day (a salted hash; never the address or user agent). */
  @Column('varchar', { name: 'visitor_hash', length: 64, nullable: true })
  visitorHash: string | null;

  @Column('boolean', { name: 'is_bot', default: false })
  isBot: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
