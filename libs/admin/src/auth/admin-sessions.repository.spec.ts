import { dataSourceOptions } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminSession } from './entities/admin-session.entity';
import { AdminUser } from './entities/admin-user.entity';
import { sha256Hex } from './reset-tokens';

const HOUR = 3600_000;

describe('AdminSessionsRepository (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let sessions: AdminSessionsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = new DataSource({ ...dataSourceOptions(db.url, 2), entities: [AdminUser, AdminSession] });
    await dataSource.initialize();
    sessions = new AdminSessionsRepository(dataSource.getRepository(AdminSession));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE admin_users CASCADE'));

  const user = async (): Promise<string> => {
    const id = randomUUID();
    const now = new Date();
    await dataSource.manager.insert(AdminUser, {
      id,
      email: `${id}@x.test`,
      emailNormalized: `${id}@x.test`,
      role: 'owner',
      passwordHash: 'h',
      passwordChangedAt: now,
      createdAt: now,
    });
    return id;
  };

  const session = async (userId: string, overrides: Partial<AdminSession> = {}): Promise<AdminSession> => {
    const id = randomUUID();
    const row: AdminSession = {
      id,
      userId,
      tokenHash: sha256Hex(id),
      csrfToken: 'csrf',
      ip: '203.0.113.7',
      userAgent: 'jest',
      createdAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + HOUR),
      revokedAt: null,
      ...overrides,
    };
    await sessions.insert(row);
    return row;
  };

  const revokedAt = async (id: string) => (await dataSource.manager.findOneByOrFail(AdminSession, { id })).revokedAt;

  it('finds a live session by its token hash, never a revoked, expired or unknown one', async () => {
    const userId = await user();
    const live = await session(userId);
    const revoked = await session(userId, { revokedAt: new Date() });
    const expired = await session(userId, { expiresAt: new Date(Date.now() - 1000) });
    expect(await sessions.findLive(live.tokenHash)).toEqual(live);
    expect(await sessions.findLive(revoked.tokenHash)).toBeNull();
    expect(await sessions.findLive(expired.tokenHash)).toBeNull();
    expect(await sessions.findLive(sha256Hex('unknown'))).toBeNull();
  });

  it('revokes one session; a revoked one keeps its first revocation time', async () => {
    const userId = await user();
    const mine = await session(userId);
    const sibling = await session(userId);
    const earlier = new Date('2025-03-01T08:00:00.000Z');
    const old = await session(userId, { revokedAt: earlier });

    await sessions.revoke(mine.id);
    await sessions.revoke(old.id);
    expect(await sessions.findLive(mine.tokenHash)).toBeNull();
    expect(await revokedAt(mine.id)).toBeInstanceOf(Date);
    expect(await sessions.findLive(sibling.tokenHash)).toEqual(sibling);
    expect(await revokedAt(old.id)).toEqual(earlier);
  });

  it("revokes every open session of one account and no one else's", async () => {
    const userId = await user();
    const otherId = await user();
    const mine = [await session(userId), await session(userId)];
    const earlier = new Date('2025-03-01T08:00:00.000Z');
    const old = await session(userId, { revokedAt: earlier });
    const others = await session(otherId);

    await sessions.revokeAllFor(userId);
    for (const s of mine) expect(await sessions.findLive(s.tokenHash)).toBeNull();
    expect(await revokedAt(old.id)).toEqual(earlier);
    expect(await sessions.findLive(others.tokenHash)).toEqual(others);
  });

  it("works in the caller's transaction: a rolled-back sign-out everywhere signs no one out", async () => {
    const userId = await user();
    const live = await session(userId);
    await expect(
      dataSource.transaction(async (tx) => {
        await sessions.revokeAllFor(userId, tx);
        await sessions.insert({ ...live, id: randomUUID(), tokenHash: sha256Hex('in-tx') }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await sessions.findLive(live.tokenHash)).toEqual(live);
    expect(await sessions.findLive(sha256Hex('in-tx'))).toBeNull();
  });
});
