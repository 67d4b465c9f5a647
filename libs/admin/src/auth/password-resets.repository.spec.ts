import { dataSourceOptions } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { AdminPasswordReset } from './entities/admin-password-reset.entity';
import { AdminUser } from './entities/admin-user.entity';
import { PasswordResetsRepository } from './password-resets.repository';
import { sha256Hex } from './reset-tokens';

const HOUR = 3600_000;

describe('PasswordResetsRepository (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let resets: PasswordResetsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Three connections: two racing transactions and one to look.
    dataSource = new DataSource({ ...dataSourceOptions(db.url, 3), entities: [AdminUser, AdminPasswordReset] });
    await dataSource.initialize();
    resets = new PasswordResetsRepository(dataSource.getRepository(AdminPasswordReset));
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
      email: `${id}@swishly.test`,
      emailNormalized: `${id}@swishly.test`,
      role: 'owner',
      passwordHash: 'hash',
      passwordChangedAt: now,
      createdAt: now,
    });
    return id;
  };

  /** A link for this account; its token is its id (the tests only need distinct hashes). */
  const link = async (userId: string, overrides: Partial<AdminPasswordReset> = {}): Promise<AdminPasswordReset & { token: string }> => {
    const token = randomUUID();
    const row: AdminPasswordReset = {
      id: randomUUID(),
      userId,
      tokenHash: sha256Hex(token),
      createdAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + HOUR),
      usedAt: null,
      ...overrides,
    };
    await resets.insert(row);
    return { ...row, token };
  };

  const read = async (id: string): Promise<AdminPasswordReset> => (await resets.findById(id))!;

  it('claims an outstanding link once: its account the first time, null after; the row is marked used', async () => {
    const userId = await user();
    const reset = await link(userId);
    expect(await resets.claim(reset.tokenHash)).toBe(userId);
    expect((await read(reset.id)).usedAt).toBeInstanceOf(Date);
    expect(await resets.claim(reset.tokenHash)).toBeNull();
  });

  it('does not claim an expired, a used or an unknown link, and leaves them as they were', async () => {
    const userId = await user();
    const expired = await link(userId, { expiresAt: new Date(Date.now() - 1000) });
    const used = await link(userId, { usedAt: new Date(Date.now() - 5000) });
    expect(await resets.claim(expired.tokenHash)).toBeNull();
    expect(await resets.claim(used.tokenHash)).toBeNull();
    expect(await resets.claim(sha256Hex('never-issued'))).toBeNull();
    expect(await read(expired.id)).toMatchObject({ usedAt: null, expiresAt: expired.expiresAt });
    expect((await read(used.id)).usedAt).toEqual(used.usedAt);
  });

  it('two uses of one link at the same time: the second waits for the first and loses', async () => {
    const userId = await user();
    const reset = await link(userId);
    let second: Promise<string | null> | undefined;
    let secondDone = false;
    const first = await dataSource.transaction(async (tx1) => {
      const won = await resets.claim(reset.tokenHash, tx1);
      second = dataSource.transaction((tx2) => resets.claim(reset.tokenHash, tx2)).finally(() => (secondDone = true));
      await sleep(300);
      // Still blocked on the first's row lock while the first is open.
      expect(secondDone).toBe(false);
      return won;
    });
    expect(first).toBe(userId);
    expect(await second).toBeNull();
  });

  it('when the first use rolls back, the waiting one wins (a failed reset does not burn the link)', async () => {
    const userId = await user();
    const reset = await link(userId);
    let second: Promise<string | null> | undefined;
    await expect(
      dataSource.transaction(async (tx1) => {
        expect(await resets.claim(reset.tokenHash, tx1)).toBe(userId);
        second = dataSource.transaction((tx2) => resets.claim(reset.tokenHash, tx2));
        await sleep(200);
        throw new Error('the append failed');
      }),
    ).rejects.toThrow('the append failed');
    expect(await second).toBe(userId);
  });

  it("ends only the account's outstanding links: they can't be claimed, used, expired and others' links are left alone", async () => {
    const userId = await user();
    const otherId = await user();
    const outstanding = [await link(userId), await link(userId)];
    const used = await link(userId, { usedAt: new Date(Date.now() - 5000) });
    const expired = await link(userId, { expiresAt: new Date(Date.now() - 5000) });
    const others = await link(otherId);

    const before = Date.now();
    await resets.endResetLinks(userId);
    for (const reset of outstanding) {
      const row = await read(reset.id);
      expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(row.usedAt).toBeNull();
      expect(await resets.claim(reset.tokenHash)).toBeNull();
    }
    expect((await read(used.id)).expiresAt).toEqual(used.expiresAt);
    expect((await read(expired.id)).expiresAt).toEqual(expired.expiresAt);
    expect((await read(others.id)).expiresAt).toEqual(others.expiresAt);
    expect(await resets.claim(others.tokenHash)).toBe(otherId);
  });

  it("works in the caller's transaction: nothing is visible or ended until it commits", async () => {
    const userId = await user();
    const outstanding = await link(userId);
    const id = randomUUID();
    await expect(
      dataSource.transaction(async (tx) => {
        await resets.insert({ id, userId, tokenHash: sha256Hex(id), createdAt: new Date(), expiresAt: new Date(Date.now() + HOUR), usedAt: null }, tx);
        expect((await resets.findById(id, tx))?.userId).toBe(userId);
        expect(await resets.findById(id)).toBeNull();
        await resets.endResetLinks(userId, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await resets.findById(id)).toBeNull();
    expect(await resets.claim(outstanding.tokenHash)).toBe(userId);
  });
});
