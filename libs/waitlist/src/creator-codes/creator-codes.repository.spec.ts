import { dataSourceOptions, DomainEvent, EventMetadata, PendingEvent } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityNotFoundError } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { CreatorCodeCreated, CreatorCodeDeleted, CreatorCodeStatusChanged, CreatorCodeUpdated, CreatorCodeUsed } from './creator-codes.events';
import { CreatorCodesProjection } from './creator-codes.projection';
import { CreatorCodesRepository } from './creator-codes.repository';
import { CreatorCode } from './entities/creator-code.entity';

const row = (code: string, overrides: Partial<CreatorCode> = {}): CreatorCode => ({
  id: randomUUID(),
  code,
  handle: `@${code.toLowerCase()}`,
  influencerName: null,
  platform: 'Instagram',
  campaign: null,
  status: 'active',
  notes: null,
  usageCount: 0,
  createdAt: new Date('2025-03-01T08:00:00.000Z'),
  updatedAt: new Date('2025-03-01T08:00:00.000Z'),
  ...overrides,
});

describe('CreatorCodesRepository (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let codes: CreatorCodesRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = new DataSource({ ...dataSourceOptions(db.url, 2), entities: [CreatorCode] });
    await dataSource.initialize();
    codes = new CreatorCodesRepository(dataSource.getRepository(CreatorCode));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE creator_codes'));

  it('lists every code, newest first, codes created together in alphabetical order', async () => {
    const later = new Date('2025-03-02T08:00:00.000Z');
    for (const code of [row('OLD1'), row('ZED2', { createdAt: later }), row('ABC2', { createdAt: later, status: 'inactive' })]) {
      await CreatorCodesRepository.insert(code, dataSource.manager);
    }
    expect((await codes.list()).map((c) => c.code)).toEqual(['ABC2', 'ZED2', 'OLD1']);
  });

  it('finds a code by id, and getById throws for a missing one', async () => {
    const code = row('JORDAN25', { influencerName: 'Jordan', campaign: 'Spring', notes: 'n', platform: 'TikTok' });
    await CreatorCodesRepository.insert(code, dataSource.manager);
    expect(await codes.findById(code.id)).toEqual(code);
    expect(await codes.getById(code.id)).toEqual(code);
    expect(await codes.findById(randomUUID())).toBeNull();
    await expect(codes.getById(randomUUID())).rejects.toBeInstanceOf(EntityNotFoundError);
  });

  it('finds only an active code, by its exact text', async () => {
    const active = row('HOOPS25');
    await CreatorCodesRepository.insert(active, dataSource.manager);
    await CreatorCodesRepository.insert(row('PAUSED', { status: 'inactive' }), dataSource.manager);
    expect((await codes.findActiveByCode('HOOPS25'))?.id).toBe(active.id);
    expect(await codes.findActiveByCode('PAUSED')).toBeNull();
    expect(await codes.findActiveByCode('NOPE')).toBeNull();
  });

  it("reads in the caller's transaction when given one", async () => {
    const code = row('TXN1');
    await dataSource.transaction(async (manager) => {
      await CreatorCodesRepository.insert(code, manager);
      expect(await codes.exists(code.id, manager)).toBe(true);
      expect((await codes.findById(code.id, manager))?.code).toBe('TXN1');
      // Not committed yet: the pool does not see it.
      expect(await codes.exists(code.id)).toBe(false);
    });
    expect(await codes.exists(code.id)).toBe(true);
  });

  it("updates only the given columns, counts usage and deletes (the projection's writes)", async () => {
    const code = row('EDIT1', { campaign: 'Spring', notes: 'keep' });
    await CreatorCodesRepository.insert(code, dataSource.manager);
    const at = new Date('2025-03-05T08:00:00.000Z');
    await CreatorCodesRepository.update(code.id, { campaign: null, status: 'inactive', updatedAt: at }, dataSource.manager);
    await CreatorCodesRepository.incrementUsage(code.id, dataSource.manager);
    await CreatorCodesRepository.incrementUsage(code.id, dataSource.manager);
    expect(await codes.findById(code.id)).toEqual({ ...code, campaign: null, status: 'inactive', usageCount: 2, updatedAt: at });

    await CreatorCodesRepository.delete(code.id, dataSource.manager);
    expect(await codes.findById(code.id)).toBeNull();
  });

  it('the projection builds the read model from the events, through the repository', async () => {
    const projection = new CreatorCodesProjection();
    const codeId = randomUUID();
    let version = 0;
    const apply = async (pending: PendingEvent, occurredAt: string) => {
      const event: DomainEvent = {
        id: randomUUID(),
        position: String(++version),
        streamType: 'creator-code',
        streamId: codeId,
        version,
        ...pending,
        metadata: {} as EventMetadata,
        occurredAt,
      };
      await projection.handlers.get(event.type)!([event], dataSource.manager);
    };
    const fields = { code: 'LIFE25', handle: '@life', influencerName: null, platform: 'YouTube' as const, campaign: null, notes: null };

    await apply(CreatorCodeCreated({ codeId, ...fields }), '2025-03-01T08:00:00.000Z');
    await apply(CreatorCodeUpdated({ codeId, campaign: 'Summer' }), '2025-03-02T08:00:00.000Z');
    await apply(CreatorCodeStatusChanged({ codeId, status: 'inactive' }), '2025-03-03T08:00:00.000Z');
    await apply(CreatorCodeUsed({ codeId, waitlistEntryId: randomUUID() }), '2025-03-04T08:00:00.000Z');
    expect(await codes.findById(codeId)).toEqual({
      id: codeId,
      ...fields,
      campaign: 'Summer',
      status: 'inactive',
      usageCount: 1,
      createdAt: new Date('2025-03-01T08:00:00.000Z'),
      updatedAt: new Date('2025-03-03T08:00:00.000Z'),
    });

    await apply(CreatorCodeDeleted({ codeId, code: 'LIFE25' }), '2025-03-05T08:00:00.000Z');
    expect(await codes.findById(codeId)).toBeNull();
  });
});
