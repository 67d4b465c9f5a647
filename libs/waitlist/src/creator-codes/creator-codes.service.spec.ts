import { HttpException } from '@nestjs/common';
import { EventMetadata, EventStore, PendingEvent } from '@swishly/platform';
import { QueryFailedError, EntityManager } from 'typeorm';
import { CreatorCodesRepository } from './creator-codes.repository';
import { CreatorCodesService } from './creator-codes.service';
import { CreatorCode } from './entities/creator-code.entity';

const meta = { actorType: 'admin', actorId: '1' } as EventMetadata;

const stored = (overrides: Partial<CreatorCode> = {}): CreatorCode => ({
  id: 'c1',
  code: 'JORDAN25',
  handle: '@jordan',
  influencerName: null,
  platform: 'Instagram',
  campaign: 'Spring',
  status: 'active',
  notes: null,
  usageCount: 3,
  createdAt: new Date('2025-03-01T08:00:00.000Z'),
  updatedAt: new Date('2025-03-01T08:00:00.000Z'),
  ...overrides,
});

/** The service against an in-memory repository and an event store that records what is appended. */
function setUp(rows: CreatorCode[] = [stored()]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const appended: { streamId: string; expected: number | 'any'; events: PendingEvent[]; manager?: EntityManager }[] = [];
  let failWith: unknown = null;
  const append = (manager?: EntityManager) => async (stream: { streamId: string }, expected: number | 'any', events: PendingEvent[]) => {
    if (failWith) throw failWith;
    appended.push({ streamId: stream.streamId, expected, events, manager });
    return [];
  };
  const events = { append: append(), within: (manager: EntityManager) => ({ append: append(manager) }) } as unknown as EventStore;
  const repository = {
    list: async () => [...byId.values()],
    findById: async (id: string) => byId.get(id) ?? null,
    getById: async (id: string) => byId.get(id) ?? stored({ id }),
    findActiveByCode: async (code: string) => [...byId.values()].find((r) => r.code === code && r.status === 'active') ?? null,
    exists: async (id: string) => byId.has(id),
  } as unknown as CreatorCodesRepository;
  return { service: new CreatorCodesService(events, repository), appended, failOnAppend: (error: unknown) => (failWith = error) };
}

describe('CreatorCodesService', () => {
  it('creates a code at version 0 with the defaults, and answers with the stored row', async () => {
    const { service, appended } = setUp([]);
    const dto = await service.create({ code: 'NEW25', handle: '@new' }, meta);
    expect(appended).toHaveLength(1);
    expect(appended[0].expected).toBe(0);
    expect(appended[0].events).toEqual([
      {
        type: 'creator-code.created',
        payload: {
          codeId: appended[0].streamId,
          code: 'NEW25',
          handle: '@new',
          influencerName: null,
          platform: 'Instagram',
          campaign: null,
          notes: null,
        },
      },
    ]);
    expect(dto).toMatchObject({ id: appended[0].streamId, createdAt: '2025-03-01T08:00:00.000Z' });
  });

  it('answers 409 when the code is taken', async () => {
    const { service, failOnAppend } = setUp([]);
    failOnAppend(new QueryFailedError('INSERT', [], Object.assign(new Error('dup'), { code: '23505', constraint: 'creator_codes_code_key' })));
    const error = await service.create({ code: 'TAKEN', handle: '@x' }, meta).catch((e) => e);
    expect(error).toBeInstanceOf(HttpException);
    expect((error as HttpException).getStatus()).toBe(409);
  });

  it('appends only the fields that changed, and the status as its own event', async () => {
    const { service, appended } = setUp();
    // code unchanged, handle null (required: ignored), campaign cleared (optional: a change), platform changed.
    await service.update('c1', { code: 'JORDAN25', handle: null as unknown as string, campaign: null, platform: 'TikTok', status: 'inactive' }, meta);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ streamId: 'c1', expected: 'any' });
    expect(appended[0].events).toEqual([
      { type: 'creator-code.updated', payload: { codeId: 'c1', campaign: null, platform: 'TikTok' } },
      { type: 'creator-code.status-changed', payload: { codeId: 'c1', status: 'inactive' } },
    ]);
  });

  it('appends nothing when nothing changed', async () => {
    const { service, appended } = setUp();
    const dto = await service.update('c1', { code: 'JORDAN25', campaign: 'Spring', status: 'active' }, meta);
    expect(appended).toEqual([]);
    expect(dto).toMatchObject({ id: 'c1', code: 'JORDAN25', usageCount: 3 });
  });

  it('answers 404 for an unknown code on update and delete', async () => {
    const { service, appended } = setUp();
    for (const call of [() => service.update('missing', { campaign: 'x' }, meta), () => service.delete('missing', meta)]) {
      const error = await call().catch((e) => e);
      expect((error as HttpException).getStatus()).toBe(404);
    }
    expect(appended).toEqual([]);
  });

  it('deletes with the code in the event', async () => {
    const { service, appended } = setUp();
    await service.delete('c1', meta);
    expect(appended[0].events).toEqual([{ type: 'creator-code.deleted', payload: { codeId: 'c1', code: 'JORDAN25' } }]);
  });

  it('finds an active code whatever its case and spacing, never an inactive one', async () => {
    const { service } = setUp([stored(), stored({ id: 'c2', code: 'PAUSED', status: 'inactive' })]);
    expect(await service.findActive('  jordan25 ')).toEqual({ id: 'c1', code: 'JORDAN25' });
    expect(await service.findActive('paused')).toBeNull();
  });

  it("counts a usage in the job's transaction, unless the code was deleted meanwhile", async () => {
    const { service, appended } = setUp();
    const manager = {} as EntityManager;
    await service.recordUsage('gone', 'entry-1', manager, meta);
    expect(appended).toEqual([]);
    await service.recordUsage('c1', 'entry-2', manager, meta);
    expect(appended).toEqual([
      {
        streamId: 'c1',
        expected: 'any',
        events: [{ type: 'creator-code.used', payload: { codeId: 'c1', waitlistEntryId: 'entry-2' } }],
        manager,
      },
    ]);
  });
});
