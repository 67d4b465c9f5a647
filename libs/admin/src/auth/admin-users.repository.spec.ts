import { dataSourceOptions } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityNotFoundError } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUser } from './entities/admin-user.entity';

const account = (email: string): AdminUser => ({
  id: randomUUID(),
  email,
  emailNormalized: email.toLowerCase(),
  role: 'owner',
  passwordHash: 'old-hash',
  passwordChangedAt: new Date('2025-03-01T08:00:00.000Z'),
  createdAt: new Date('2025-03-01T08:00:00.000Z'),
});

describe('AdminUsersRepository (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let users: AdminUsersRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = new DataSource({ ...dataSourceOptions(db.url, 2), entities: [AdminUser] });
    await dataSource.initialize();
    users = new AdminUsersRepository(dataSource.getRepository(AdminUser));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE admin_users CASCADE'));

  it('finds an account by its normalised address and by id; getById throws for a missing one', async () => {
    const user = account('Coach@Swishly.test');
    await users.insert(user);
    expect(await users.findByEmail('coach@swishly.test')).toEqual(user);
    expect(await users.findByEmail('Coach@Swishly.test')).toBeNull();
    expect(await users.findById(user.id)).toEqual(user);
    expect(await users.getById(user.id)).toEqual(user);
    expect(await users.findById(randomUUID())).toBeNull();
    await expect(users.getById(randomUUID())).rejects.toBeInstanceOf(EntityNotFoundError);
  });

  it('refuses a second account with the same normalised address', async () => {
    await users.insert(account('staff@swishly.test'));
    await expect(users.insert(account('STAFF@swishly.test'))).rejects.toThrow(/duplicate key/);
  });

  it("sets one account's password hash and its change time, no one else's", async () => {
    const user = account('one@swishly.test');
    const other = account('two@swishly.test');
    await users.insert(user);
    await users.insert(other);
    const before = Date.now();
    await users.setPasswordHash(user.id, 'new-hash');
    const changed = await users.getById(user.id);
    expect(changed.passwordHash).toBe('new-hash');
    expect(changed.passwordChangedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await users.getById(other.id)).toEqual(other);
  });

  it("works in the caller's transaction: a rolled-back change leaves the account as it was", async () => {
    const user = account('tx@swishly.test');
    await users.insert(user);
    const created = account('new@swishly.test');
    await expect(
      dataSource.transaction(async (tx) => {
        await users.setPasswordHash(user.id, 'new-hash', tx);
        await users.insert(created, tx);
        expect((await users.getById(user.id, tx)).passwordHash).toBe('new-hash');
        expect(await users.findById(created.id, tx)).toEqual(created);
        expect(await users.findById(created.id)).toBeNull();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await users.getById(user.id)).toEqual(user);
    expect(await users.findById(created.id)).toBeNull();
  });
});
