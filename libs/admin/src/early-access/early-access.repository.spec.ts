import { dataSourceOptions, DomainEvent, EventMetadata, isUniqueViolation, PendingEvent } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityNotFoundError } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { EarlyAccessCodeCreated, EarlyAccessCodeDeleted, EarlyAccessCodeRedeemed, EarlyAccessStateChanged } from './early-access.events';
import { EarlyAccessProjection } from './early-access.projection';
import { EarlyAccessRepository } from './early-access.repository';
import { EarlyAccessCode } from './entities/early-access-code.entity';
import { EarlyAccessSettings } from './entities/early-access-settings.entity';

const row = (code: string, overrides: Partial<EarlyAccessCode> = {}): EarlyAccessCode => ({
  id: randomUUID(),
  code,
  firstName: 'Jordan',
  email: 'jordan@swishly.test',
  emailNormalized: 'jordan@swishly.test',
  isUsed: false,
  createdAt: new Date('2025-03-01T08:00:00.000Z'),
  usedAt: null,
  ...overrides,
});

describe('EarlyAccessRepository (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let repository: EarlyAccessRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = new DataSource({ ...dataSourceOptions(db.url, 2), entities: [EarlyAccessCode, EarlyAccessSettings] });
    await dataSource.initialize();
    repository = new EarlyAccessRepository(dataSource.getRepository(EarlyAccessCode), dataSource.getRepository(EarlyAccessSettings));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE early_access_codes, early_access_settings'));

  it('lists every code, newest first, codes created together in alphabetical order', async () => {
    const later = new Date('2025-03-02T08:00:00.000Z');
    for (const code of [row('OLD111'), row('ZED222', { createdAt: later }), row('ABC222', { createdAt: later })]) {
      await EarlyAccessRepository.insertCode(code, dataSource.manager);
    }
    expect((await repository.list()).map((c) => c.code)).toEqual(['ABC222', 'ZED222', 'OLD111']);
  });

  it('finds a code by its exact text; getById throws for a missing one', async () => {
    const code = row('HOOPS2');
    await EarlyAccessRepository.insertCode(code, dataSource.manager);
    expect(await repository.findByCode('HOOPS2')).toEqual(code);
    expect(await repository.findByCode('hoops2')).toBeNull();
    expect(await repository.getById(code.id)).toEqual(code);
    await expect(repository.getById(randomUUID())).rejects.toBeInstanceOf(EntityNotFoundError);
  });

  it('finds the newest code made out to an address under any spelling of it (normaliseEmail)', async () => {
    const older = row('ILK111', { email: 'İlker@Example.org', emailNormalized: 'i̇lker@example.org' });
    const newer = row('ILK222', { email: 'İlker@Example.org', emailNormalized: 'i̇lker@example.org', createdAt: new Date('2025-03-02T08:00:00.000Z') });
    await EarlyAccessRepository.insertCode(older, dataSource.manager);
    await EarlyAccessRepository.insertCode(newer, dataSource.manager);
    await EarlyAccessRepository.insertCode(row('OTHER1'), dataSource.manager);
    expect((await repository.latestFor(' İLKER@EXAMPLE.ORG'))?.code).toBe('ILK222');
  });

  it("refuses a taken code on the unique index the service's 409 recognises", async () => {
    await EarlyAccessRepository.insertCode(row('TAKEN2'), dataSource.manager);
    const error = await EarlyAccessRepository.insertCode(row('TAKEN2'), dataSource.manager).catch((e: unknown) => e);
    expect(isUniqueViolation(error, '_code_key')).toBe(true);
  });

  it('has no settings row until the switch is first written, then one row that each write replaces', async () => {
    expect(await repository.settings()).toBeNull();
    const adminId = randomUUID();
    await EarlyAccessRepository.saveSettings({ isOpen: false, updatedAt: new Date('2025-03-01T08:00:00.000Z'), updatedBy: adminId }, dataSource.manager);
    await EarlyAccessRepository.saveSettings({ isOpen: true, updatedAt: new Date('2025-03-02T08:00:00.000Z'), updatedBy: null }, dataSource.manager);
    expect(await repository.settings()).toEqual({ id: 1, isOpen: true, updatedAt: new Date('2025-03-02T08:00:00.000Z'), updatedBy: null });
    expect(await dataSource.manager.count(EarlyAccessSettings)).toBe(1);
  });

  it('the projection builds the read model from the events, through the repository', async () => {
    const projection = new EarlyAccessProjection();
    const apply = async (pending: PendingEvent, occurredAt: string, actorId?: string) => {
      const event: DomainEvent = {
        id: randomUUID(),
        position: '1',
        streamType: 'early-access-code',
        streamId: 'test',
        version: 1,
        ...pending,
        metadata: { actorType: 'admin', actorId } as EventMetadata,
        occurredAt,
      };
      await projection.handlers.get(event.type)!([event], dataSource.manager);
    };
    const codeId = randomUUID();
    const other = randomUUID();

    await apply(EarlyAccessCodeCreated({ codeId, code: 'COURT2', firstName: 'Sam', email: 'sam@swishly.test' }), '2025-03-01T08:00:00.000Z');
    await apply(EarlyAccessCodeCreated({ codeId: other, code: 'COURT3', firstName: 'Ana', email: 'ana@swishly.test' }), '2025-03-01T09:00:00.000Z');
    await apply(EarlyAccessCodeRedeemed({ codeId, code: 'COURT2' }), '2025-03-02T08:00:00.000Z');
    expect(await repository.getById(codeId)).toEqual({
      id: codeId,
      code: 'COURT2',
      firstName: 'Sam',
      email: 'sam@swishly.test',
      emailNormalized: 'sam@swishly.test',
      isUsed: true,
      createdAt: new Date('2025-03-01T08:00:00.000Z'),
      usedAt: new Date('2025-03-02T08:00:00.000Z'),
    });
    expect(await repository.getById(other)).toMatchObject({ isUsed: false, usedAt: null });

    await apply(EarlyAccessCodeDeleted({ codeId: other, code: 'COURT3' }), '2025-03-03T08:00:00.000Z');
    expect((await repository.list()).map((c) => c.id)).toEqual([codeId]);

    const adminId = randomUUID();
    await apply(EarlyAccessStateChanged({ isOpen: false, adminName: 'Admin' }), '2025-03-04T08:00:00.000Z', adminId);
    expect(await repository.settings()).toEqual({
      id: 1,
      isOpen: false,
      updatedAt: new Date('2025-03-04T08:00:00.000Z'),
      updatedBy: adminId,
    });
  });
});
