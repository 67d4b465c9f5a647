import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { CreatorCode } from './entities/creator-code.entity';

/** What an edit or a status change may set on a code's row. */
export type CreatorCodeChanges = Partial<Omit<CreatorCode, 'id' | 'createdAt' | 'usageCount'>>;

/**
 * The creator codes' table (creator_codes), in one place. A method that takes `db` runs in that
 * transaction (a job's); without it, on the pool.
 *
 * The projection's writes are static: DomainEventsModule.forFeature creates the projection
 * outside this module's providers, so it cannot have the repository injected; it passes the
 * manager it is given (the event store's transaction, or a replay's), which is all they need.
 */
@Injectable()
export class CreatorCodesRepository {
  constructor(@InjectRepository(CreatorCode) private readonly codes: Repository<CreatorCode>) {}

  private db(db?: EntityManager): EntityManager {
    return db ?? this.codes.manager;
  }

  /** Every code, newest first (ties by code). */
  list(): Promise<CreatorCode[]> {
    return this.codes.find({ order: { createdAt: 'DESC', code: 'ASC' } });
  }

  findById(id: string, db?: EntityManager): Promise<CreatorCode | null> {
    return this.db(db).findOneBy(CreatorCode, { id });
  }

  /** A code that must be there (just written through the projection): throws when it is not. */
  getById(id: string): Promise<CreatorCode> {
    return this.codes.findOneByOrFail({ id });
  }

  /** The active code with exactly this text (codes are stored upper-case). */
  findActiveByCode(code: string): Promise<CreatorCode | null> {
    return this.codes.findOneBy({ code, status: 'active' });
  }

  exists(id: string, db?: EntityManager): Promise<boolean> {
    return this.db(db).existsBy(CreatorCode, { id });
  }

  /** The projection's writes (see above). */
  static async insert(row: CreatorCode, db: EntityManager): Promise<void> {
    await db.insert(CreatorCode, row);
  }

  static async update(id: string, changes: CreatorCodeChanges, db: EntityManager): Promise<void> {
    await db.update(CreatorCode, { id }, changes);
  }

  static async incrementUsage(id: string, db: EntityManager): Promise<void> {
    await db.increment(CreatorCode, { id }, 'usageCount', 1);
  }

  static async delete(id: string, db: EntityManager): Promise<void> {
    await db.delete(CreatorCode, { id });
  }
}
