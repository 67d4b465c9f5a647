import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { normaliseEmail } from '@swishly/platform';
import { EntityManager, Repository } from 'typeorm';
import { EarlyAccessCode } from './entities/early-access-code.entity';
import { EarlyAccessSettings } from './entities/early-access-settings.entity';

/**
 * Early access's tables (early_access_codes, early_access_settings), in one place. The service
 * reads them on the pool; writes go through events and the projection.
 *
 * The projection's writes are static: DomainEventsModule.forFeature creates the projection
 * outside this module's providers, so it cannot have the repository injected; it passes the
 * manager it is given (the event store's transaction, or a replay's), which is all they need.
 */
@Injectable()
export class EarlyAccessRepository {
  constructor(
    @InjectRepository(EarlyAccessCode) private readonly codes: Repository<EarlyAccessCode>,
    @InjectRepository(EarlyAccessSettings) private readonly settingsRows: Repository<EarlyAccessSettings>,
  ) {}

  /** The open/closed switch's one row (none until an admin first flips it). */
  settings(): Promise<EarlyAccessSettings | null> {
    return this.settingsRows.findOneBy({ id: 1 });
  }

  /** Every code, newest first (ties by code). */
  list(): Promise<EarlyAccessCode[]> {
    return this.codes.find({ order: { createdAt: 'DESC', code: 'ASC' } });
  }

  /** The code with exactly this text (codes are stored upper-case). */
  findByCode(code: string): Promise<EarlyAccessCode | null> {
    return this.codes.findOneBy({ code });
  }

  /** The newest code made out to an address (in any spelling: normaliseEmail), if any. */
  latestFor(email: string): Promise<EarlyAccessCode | null> {
    return this.codes.findOne({ where: { emailNormalized: normaliseEmail(email) }, order: { createdAt: 'DESC' } });
  }

  /** The newest code made out to an address and not yet used, read in the caller's transaction. */
  static unusedFor(email: string, db: EntityManager): Promise<EarlyAccessCode | null> {
    return db.findOne(EarlyAccessCode, { where: { emailNormalized: normaliseEmail(email), isUsed: false }, order: { createdAt: 'DESC' } });
  }

  /** A code that must be there (just written through the projection): throws when it is not. */
  getById(id: string): Promise<EarlyAccessCode> {
    return this.codes.findOneByOrFail({ id });
  }

  /** The projection's writes (see above). A taken code fails on the unique index. */
  static async insertCode(row: EarlyAccessCode, db: EntityManager): Promise<void> {
    await db.insert(EarlyAccessCode, row);
  }

  static async markUsed(id: string, usedAt: Date, db: EntityManager): Promise<void> {
    await db.update(EarlyAccessCode, { id }, { isUsed: true, usedAt });
  }

  static async deleteCode(id: string, db: EntityManager): Promise<void> {
    await db.delete(EarlyAccessCode, { id });
  }

  /** Writes the switch's one row (id 1), creating it the first time. */
  static async saveSettings(row: Omit<EarlyAccessSettings, 'id'>, db: EntityManager): Promise<void> {
    await db.upsert(EarlyAccessSettings, { id: 1, ...row }, ['id']);
  }
}
