import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { DomainEvent, emailSubject } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { ShotKind } from './shot-feedback';
import { ShotRecord } from './entities/shot-record.entity';

/** The events module's queries on shot_records. The projection's writes are static: it is given the transaction. */
@Injectable()
export class ShotRecordsRepository {
  constructor(@InjectEntityManager() private readonly db: EntityManager) {}

  findByCode(kind: ShotKind, code: string): Promise<ShotRecord | null> {
    return this.db.findOneBy(ShotRecord, { kind, code });
  }

  static async insert(row: ShotRecord, db: EntityManager): Promise<void> {
    await db.insert(ShotRecord, row);
  }

  /** The shots claimed with this (normalised) address, oldest first. */
  static claimedBy(emailNormalized: string, db: EntityManager): Promise<ShotRecord[]> {
    return db.createQueryBuilder(ShotRecord, 's').where('s.email_normalized = :email', { email: emailNormalized }).orderBy('s.created_at').getMany();
  }

  /**
   * Every shot this address ever claimed, the current claimer or not (shots claimed twice before
   * a claim became exclusive): found through the claims' personal fields, filed under the address.
   */
  static async everClaimedBy(emailNormalized: string, db: EntityManager): Promise<{ id: string; kind: ShotKind; code: string }[]> {
    return db.query(
      `SELECT DISTINCT s.id, s.kind, s.code FROM personal_data p
       JOIN domain_events e ON e.id = p.event_id AND e.type = 'shot.claimed'
       JOIN shot_records s ON s.id::text = e.stream_id
       WHERE p.subject = $1`,
      [emailSubject(emailNormalized)],
    );
  }

  static async update(id: string, changes: Partial<ShotRecord>, event: DomainEvent, db: EntityManager): Promise<void> {
    await db.update(ShotRecord, { id }, { ...changes, version: event.version, updatedAt: new Date(event.occurredAt) });
  }
}
