import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Whether early access is open (one row). */
@Entity('early_access_settings')
export class EarlyAccessSettings {
  @PrimaryColumn('smallint')
  id: number;

  @Column('boolean', { name: 'is_open' })
  isOpen: boolean;

  @Column('timestamptz', { name: 'updated_at', nullable: true })
  updatedAt: Date | null;

  @Column('uuid', { name: 'updated_by', nullable: true })
  updatedBy: string | null;
}
