import { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { bootProbe, ProbeHappened } from '../../../../test/utils/probe.module';
import { testConfig } from '../../../../test/utils/test-config';
import { StreamVersionConflictError } from './errors';
import { EventStore } from './event-store.service';

describe('EventStore (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: INestApplicationContext;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await bootProbe(testConfig(db.url), 'cli');
    store = app.get(EventStore);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('lets exactly one of two concurrent appends at the same version win', async () => {
    const stream = { streamType: 'probe', streamId: 'race-1' };
    await store.append(stream, 0, [ProbeHappened({ n: 0 })]);

    const results = await Promise.allSettled([store.append(stream, 1, [ProbeHappened({ n: 1 })]), store.append(stream, 1, [ProbeHappened({ n: 2 })])]);

    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(StreamVersionConflictError);

    const events = await store.readStream(stream);
    expect(events.map((e) => e.version)).toEqual([1, 2]);
  });

  it('detects a conflict among many concurrent writers, keeping one event per version', async () => {
    const stream = { streamType: 'probe', streamId: 'race-many' };
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, n) => store.append(stream, 0, [ProbeHappened({ n })])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof StreamVersionConflictError)).toBe(true);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it("appends at the end with 'any', retrying conflicts, so versions stay contiguous", async () => {
    const stream = { streamType: 'probe', streamId: 'any-1' };
    await Promise.all(Array.from({ length: 8 }, (_, n) => store.append(stream, 'any', [ProbeHappened({ n })])));
    const events = await store.readStream(stream);
    expect(events.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('writes the event and its outbox row in one transaction, and rolls both back together', async () => {
    const dataSource = app.get(DataSource);
    const stream = { streamType: 'probe', streamId: 'rollback-1' };
    await expect(
      store.transaction(async (tx) => {
        await tx.append(stream, 0, [ProbeHappened({ n: 1 })]);
        throw new Error('business rule failed after the append');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await store.readStream(stream)).toHaveLength(0);

    const [appended] = await store.append(stream, 0, [ProbeHappened({ n: 1 })]);
    const outbox = await dataSource.query('SELECT * FROM outbox WHERE event_position = $1', [appended.position]);
    expect(outbox).toHaveLength(1);
  });

  it("keeps who acted and through which request, never the caller's IP address", async () => {
    const dataSource = app.get(DataSource);
    const stream = { streamType: 'probe', streamId: 'address-1' };
    const [appended] = await store.append(stream, 0, [ProbeHappened({ n: 1 })], { requestId: 'req-1', ip: '203.0.113.9', actorType: 'visitor', actorId: null });
    expect(appended.metadata).toEqual({ requestId: 'req-1', actorType: 'visitor', actorId: null });
    const [row] = await dataSource.query('SELECT metadata::text AS metadata FROM domain_events WHERE id = $1', [appended.id]);
    expect(row.metadata).not.toContain('203.0.113.9');
  });

  it('refuses to change or delete a stored event', async () => {
    const dataSource = app.get(DataSource);
    await expect(dataSource.query(`UPDATE domain_events SET type = 'x'`)).rejects.toThrow(/append-only/);
    await expect(dataSource.query(`DELETE FROM domain_events`)).rejects.toThrow(/append-only/);
  });
});
