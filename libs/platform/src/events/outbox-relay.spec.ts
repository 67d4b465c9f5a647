import { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { bootProbe, CountProbesJob, PROBE_EFFECTS_TABLE, ProbeHappened } from '../../../../test/utils/probe.module';
import { TcpProxy } from '../../../../test/utils/tcp-proxy';
import { eventually, testConfig } from '../../../../test/utils/test-config';
import { AppConfig } from '../config/config';
import { EventStore } from './event-store.service';
import { OutboxRelay } from './outbox-relay.service';

describe('Outbox relay into BullMQ (real Postgres and Redis)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: TcpProxy;
  let config: AppConfig;
  let api: INestApplicationContext;
  let worker: INestApplicationContext;
  let dataSource: DataSource;
  let handler: CountProbesJob;

  const pendingOutbox = async () => (await dataSource.query('SELECT count(*)::int AS n FROM outbox WHERE dispatched_at IS NULL'))[0].n;
  const callsPerEvent = (ids: string[]) => ids.map((id) => handler.calls.filter((c) => c.eventId === id).length);

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new TcpProxy('127.0.0.1', 6379);
    await redis.up();
    config = testConfig(db.url, { REDIS_URL: redis.url });
    // Two contexts, like the two processes: the API writes and relays, the worker consumes.
    api = await bootProbe(config, 'api');
    worker = await bootProbe(config, 'worker');
    dataSource = api.get(DataSource);
    await dataSource.query(PROBE_EFFECTS_TABLE);
    handler = worker.get(CountProbesJob);
  });

  afterAll(async () => {
    await redis.up();
    await worker?.close();
    await api?.close();
    await redis.down();
    await db?.drop();
  });

  it('accepts writes while Redis is unreachable and delivers each event exactly once when it is back', async () => {
    const store = api.get(EventStore);
    const [warmUp] = await store.append({ streamType: 'probe', streamId: 'warm-up' }, 0, [ProbeHappened({ n: 0 })]);
    await eventually(
      async () => callsPerEvent([warmUp.id]),
      ([n]) => n === 1,
    );

    await redis.down();
    const written: string[] = [];
    for (let n = 1; n <= 5; n++) {
      const [event] = await store.append({ streamType: 'probe', streamId: `outage-${n}` }, 0, [ProbeHappened({ n })]);
      written.push(event.id);
    }
    expect(await pendingOutbox()).toBe(5);
    await new Promise((r) => setTimeout(r, 1000)); // the poller tries and fails meanwhile
    expect(callsPerEvent(written)).toEqual([0, 0, 0, 0, 0]);

    await redis.up();
    await eventually(
      async () => callsPerEvent(written),
      (counts) => counts.every((n) => n >= 1),
    );
    await new Promise((r) => setTimeout(r, 1500)); // any duplicate would show up by now
    expect(callsPerEvent(written)).toEqual([1, 1, 1, 1, 1]);
    expect(await pendingOutbox()).toBe(0);
    const [{ n: effects }] = await dataSource.query('SELECT count(*)::int AS n FROM probe_effects WHERE event_id = ANY($1)', [written]);
    expect(effects).toBe(5);
  });

  it('never enqueues an event twice, even when it is relayed again after a crash', async () => {
    const store = api.get(EventStore);
    const [event] = await store.append({ streamType: 'probe', streamId: 'crash-1' }, 0, [ProbeHappened({ n: 1 })]);
    await eventually(
      async () => callsPerEvent([event.id]),
      ([n]) => n === 1,
    );

    // As if the relay died after enqueueing but before marking the row dispatched.
    await dataSource.query('UPDATE outbox SET dispatched_at = NULL WHERE event_position = $1', [event.position]);
    const relay = api.get(OutboxRelay);
    await Promise.all([relay.drain(), relay.drain(), relay.drain()]);
    await new Promise((r) => setTimeout(r, 1000));

    expect(callsPerEvent([event.id])).toEqual([1]);
    expect(await pendingOutbox()).toBe(0);
  });
});
