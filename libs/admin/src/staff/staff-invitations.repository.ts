import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, LessThanOrEqual, MoreThan, Repository } from 'typeorm';
import { StaffInvitation } from './entities/staff-invitation.entity';

/** Invitations to the staff (staff_invitations). A method that takes `db` runs in that transaction. */
@Injectable()
export class StaffInvitationsRepository {
  constructor(@InjectRepository(StaffInvitation) private readonly invitations: Repository<StaffInvitation>) {}

  private db(db?: EntityManager): EntityManager {
    return db ?? this.invitations.manager;
  }

  async insert(invitation: StaffInvitation, db?: EntityManager): Promise<void> {
    await this.db(db).insert(StaffInvitation, invitation);
  }

  findById(id: string, db?: EntityManager): Promise<StaffInvitation | null> {
    return this.db(db).findOneBy(StaffInvitation, { id });
  }

  /** Invitations neither accepted nor revoked (expired ones too: staff can send them again), newest first. */
  open(): Promise<StaffInvitation[]> {
    return this.invitations.find({ where: { acceptedAt: IsNull(), revokedAt: IsNull() }, order: { invitedAt: 'DESC' } });
  }

  /** The open, unexpired invitation whose token hashes to this. */
  findUsable(tokenHash: string): Promise<StaffInvitation | null> {
    return this.invitations.findOneBy({ tokenHash, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  /** The open invitation for this address, expired or not. */
  findOpenFor(emailNormalized: string, db?: EntityManager): Promise<StaffInvitation | null> {
    return this.db(db).findOneBy(StaffInvitation, { emailNormalized, acceptedAt: IsNull(), revokedAt: IsNull() });
  }

  /** An expired invitation is replaced by a new one to the same address: it is revoked first. */
  async revokeExpiredFor(emailNormalized: string, db?: EntityManager): Promise<void> {
    await this.db(db).update(
      StaffInvitation,
      { emailNormalized, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: LessThanOrEqual(new Date()) },
      { revokedAt: new Date() },
    );
  }

  /**
   * Spends the open, unexpired invitation whose token hashes to this. Claiming it in an UPDATE
   * makes two uses of one link race safely: exactly one wins.
   */
  async claim(tokenHash: string, db?: EntityManager): Promise<StaffInvitation | null> {
    const claimed = await this.db(db)
      .createQueryBuilder()
      .update(StaffInvitation)
      .set({ acceptedAt: () => 'now()' })
      .where({ tokenHash, acceptedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) })
      .returning('*')
      .execute();
    const row = (claimed.raw as Record<string, unknown>[])[0];
    return row
      ? this.db(db).create(StaffInvitation, {
          id: row.id as string,
          email: row.email as string,
          emailNormalized: row.email_normalized as string,
          role: row.role as StaffInvitation['role'],
        })
      : null;
  }

  /** Still open: revoked now (true), or it was not open any more (false). */
  async revoke(id: string, db?: EntityManager): Promise<boolean> {
    const result = await this.db(db).update(StaffInvitation, { id, acceptedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  /** Sent again: valid from now for the whole time again. */
  async extend(id: string, expiresAt: Date, db?: EntityManager): Promise<void> {
    await this.db(db).update(StaffInvitation, { id }, { expiresAt });
  }
}
