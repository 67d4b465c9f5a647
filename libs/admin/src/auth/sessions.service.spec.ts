import { dataSourceOptions } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminSession } from './entities/admin-session.entity';
import { AdminUser } from './entities/admin-user.entity';
import { sha256Hex } from './reset-tokens';
import { SessionsService } from './sessions.service';

describe('SessionsService (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let service: SessionsService;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = new DataSource({ ...dataSourceOptions(db.url, 2), entities: [AdminUser, AdminSession] });
    await dataSource.initialize();
    const settings = { ADMIN_SESSION_TTL_HOURS: 12 } as ConstructorParameters<typeof SessionsService>[2];
    service = new SessionsService(
      new AdminSessionsRepository(dataSource.getRepository(AdminSession)),
      new AdminUsersRepository(dataSource.getRepository(AdminUser)),
      settings,
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE admin_users CASCADE'));

  const user = async (): Promise<AdminUser> => {
    const now = new Date();
    const id = randomUUID();
    const row: AdminUser = {
      id,
      email: `${id}@x.test`,
      emailNormalized: `${id}@x.test`,
      role: 'owner',
      passwordHash: 'h',
      passwordChangedAt: now,
      createdAt: now,
    };
    await dataSource.manager.insert(AdminUser, row);
    return row;
  };

  it('issues a session stored only by its token hash, with the client trimmed, for the configured time', async () => {
    const owner = await user();
    const issued = await service.issue(owner.id, { ip: '1'.repeat(80), userAgent: 'a'.repeat(400) });
    const row = await dataSource.manager.findOneByOrFail(AdminSession, { id: issued.id });
    expect(row).toMatchObject({ userId: owner.id, tokenHash: sha256Hex(issued.token), csrfToken: issued.csrfToken, revokedAt: null });
    expect(row.ip).toHaveLength(64);
    expect(row.userAgent).toHaveLength(300);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(12 * 3600_000);
    expect(issued.expiresAt).toEqual(row.expiresAt);
  });

  it('finds the live session and its user by the cookie value, and nothing once revoked', async () => {
    const owner = await user();
    const issued = await service.issue(owner.id, {});
    expect(await service.find(issued.token)).toMatchObject({ session: { id: issued.id }, user: owner });
    expect(await service.find(undefined)).toBeNull();
    expect(await service.find('x'.repeat(101))).toBeNull();
    expect(await service.find(issued.csrfToken)).toBeNull();

    await service.revoke(issued.id);
    expect(await service.find(issued.token)).toBeNull();
  });

  it('finds nothing for a session whose account is gone', async () => {
    const owner = await user();
    const issued = await service.issue(owner.id, {});
    // Skip the foreign key's cascade (replica mode fires no triggers) to leave a session without its account.
    await dataSource.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.delete(AdminUser, { id: owner.id });
    });
    expect(await dataSource.manager.existsBy(AdminSession, { id: issued.id })).toBe(true);
    expect(await service.find(issued.token)).toBeNull();
  });

  it('signs an account out everywhere, leaving other accounts signed in', async () => {
    const owner = await user();
    const other = await user();
    const [a, b, c] = [await service.issue(owner.id, {}), await service.issue(owner.id, {}), await service.issue(other.id, {})];
    await service.revokeAllFor(owner.id);
    expect(await service.find(a.token)).toBeNull();
    expect(await service.find(b.token)).toBeNull();
    expect((await service.find(c.token))?.user.id).toBe(other.id);
  });

  it("issues and revokes in the caller's transaction", async () => {
    const owner = await user();
    const kept = await service.issue(owner.id, {});
    let inTx: string | undefined;
    await expect(
      dataSource.transaction(async (tx) => {
        inTx = (await service.issue(owner.id, {}, tx)).token;
        await service.revokeAllFor(owner.id, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await service.find(inTx)).toBeNull();
    expect((await service.find(kept.token))?.session.id).toBe(kept.id);
  });
});
