import { MODULE_MIGRATIONS } from '@swishly/business-modules';
import { dataSourceOptions } from '@swishly/platform';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './utils/database';

/**
 * Each module owns its migrations (libs/<module>/src/migrations); the platform applies them with
 * its own, in timestamp order. The ones split out of migrations that several modules once
 * shared must leave a database that ran the shared ones as it is: run again on a migrated
 * database, they change nothing.
 */
const SPLIT = ['WaitlistEntries1763700000101', 'ContactSubmissions1763700000102', 'DownloadTracking1763700000103', 'MailLog1763700000201', 'WaitlistReferrals1763700000202', 'CreatorCodes1763700000301'];

describe('migrations', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  const schema = () =>
    dataSource.query(`
      SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public'
      UNION ALL SELECT tablename, indexname, indexdef, '', '' FROM pg_indexes WHERE schemaname = 'public'
      UNION ALL SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), '', '' FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      ORDER BY 1, 2, 3`);

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await new DataSource(dataSourceOptions(db.url, 2, MODULE_MIGRATIONS)).initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('applies the platform and every module in one history, ordered by timestamp', async () => {
    const names = dataSource.migrations.map((m) => m.name);
    expect(names).toEqual(
      expect.arrayContaining(['EventStore1763700000000', 'Admin1763700000300', 'ReliableDelivery1763700000400', 'BatchedJobs1763700000500', ...SPLIT]),
    );
    const applied = (await dataSource.query('SELECT name FROM migrations ORDER BY id')).map((r: { name: string }) => r.name);
    const timestamp = (name: string) => Number(name.slice(-13));
    expect(applied).toEqual([...names].sort((a, b) => timestamp(a!) - timestamp(b!)));
    expect(await dataSource.showMigrations()).toBe(false); // nothing pending
  });

  it('drops the IP addresses old events kept in their metadata, and the log stays append-only', async () => {
    const [old] = await dataSource.query(
      `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
       VALUES (gen_random_uuid(), 'probe', 'old-address', 1, 'probe.happened', '{}', '{"ip":"198.51.100.23","requestId":"r-1","actorType":"visitor"}')
       RETURNING id`,
    );
    const migration = dataSource.migrations.find((m) => m.name === 'EventAddressesDropped1763700001900')!;
    const runner = dataSource.createQueryRunner();
    try {
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const [row] = await dataSource.query('SELECT metadata FROM domain_events WHERE id = $1', [old.id]);
    expect(row.metadata).toEqual({ requestId: 'r-1', actorType: 'visitor' });
    await expect(dataSource.query(`UPDATE domain_events SET type = 'x' WHERE id = $1`, [old.id])).rejects.toThrow(/append-only/);
  });

  it('moves the personal fields of events stored before into personal_data, under their subjects', async () => {
    const migration = dataSource.migrations.find((m) => m.name === 'PersonalData1763700002100')!;
    const run = async (step: 'up' | 'down') => {
      const runner = dataSource.createQueryRunner();
      try {
        await migration[step](runner);
      } finally {
        await runner.release();
      }
    };
    await run('down'); // back to events that kept their fields
    const [joined] = await dataSource.query(
      `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
       VALUES (gen_random_uuid(), 'waitlist-entry', gen_random_uuid()::text, 1, 'waitlist.joined',
               '{"entryId":"e-1","signupNumber":1,"firstName":"Old","email":" Old@Example.com","referralCode":"OLD123"}', '{}')
       RETURNING id`,
    );
    const [chat] = await dataSource.query(
      `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
       VALUES (gen_random_uuid(), 'chat', 'hbf:OLD1', 1, 'chat.message-posted',
               '{"messageId":"m-1","kind":"hbf","shotCode":"OLD1","sender":"user","content":"An old question"}', '{}')
       RETURNING id`,
    );
    await run('up');
    const payloads = await dataSource.query('SELECT id, payload FROM domain_events WHERE id = ANY($1) ORDER BY position', [[joined.id, chat.id]]);
    expect(payloads.map((r: { payload: object }) => r.payload)).toEqual([
      { entryId: 'e-1', signupNumber: 1, referralCode: 'OLD123' },
      { messageId: 'm-1', kind: 'hbf', shotCode: 'OLD1', sender: 'user' },
    ]);
    const kept = await dataSource.query('SELECT event_id, subject, fields FROM personal_data WHERE event_id = ANY($1) ORDER BY subject', [[joined.id, chat.id]]);
    expect(kept).toEqual([
      { event_id: chat.id, subject: 'chat:hbf:OLD1', fields: { content: 'An old question' } },
      { event_id: joined.id, subject: 'email:old@example.com', fields: { firstName: 'Old', email: ' Old@Example.com' } },
    ]);
    await expect(dataSource.query(`UPDATE domain_events SET type = 'x' WHERE id = $1`, [joined.id])).rejects.toThrow(/append-only/);
  });

  it("files a shot's analysis under the shot and gives claimed shots the id of their latest claim", async () => {
    const migration = dataSource.migrations.find((m) => m.name === 'ShotClaims1763700002850')!;
    const run = async (step: 'up' | 'down') => {
      const runner = dataSource.createQueryRunner();
      try {
        await migration[step](runner);
      } finally {
        await runner.release();
      }
    };
    await run('down'); // back to shots whose events kept their analysis, and no claim ids
    const [{ id: recordId }] = await dataSource.query('SELECT gen_random_uuid() AS id');
    const event = async (version: number, type: string, payload: object) =>
      (
        await dataSource.query(
          `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload) VALUES (gen_random_uuid(), 'shot-record', $1, $2, $3, $4) RETURNING id`,
          [recordId, version, type, JSON.stringify(payload)],
        )
      )[0].id as string;
    const recorded = await event(1, 'shot.recorded', { recordId, kind: 'hbf', code: 'OLDSHOT', shotData: 'Old analysis', metrics: { elbowAngleDeg: 99 } });
    await event(2, 'shot.claimed', { recordId });
    const latest = await event(3, 'shot.claimed', { recordId });
    await dataSource.query(
      `INSERT INTO shot_records (id, kind, code, first_name, email, shot_data, metrics, version, created_at, updated_at)
       VALUES ($1, 'hbf', 'OLDSHOT', 'Later', 'later@example.com', '"Old analysis"', '{"elbowAngleDeg":99}', 3, now(), now())`,
      [recordId],
    );
    await run('up');
    expect((await dataSource.query('SELECT payload FROM domain_events WHERE id = $1', [recorded]))[0].payload).toEqual({ recordId, kind: 'hbf', code: 'OLDSHOT' });
    expect(await dataSource.query('SELECT subject, fields FROM personal_data WHERE event_id = $1', [recorded])).toEqual([
      { subject: `shot:${recordId}`, fields: { shotData: 'Old analysis', metrics: { elbowAngleDeg: 99 } } },
    ]);
    expect((await dataSource.query('SELECT claim_id FROM shot_records WHERE id = $1', [recordId]))[0].claim_id).toBe(latest);
  });

  it('the migrations split out of shared ones change nothing when run again', async () => {
    const before = await schema();
    const runner = dataSource.createQueryRunner();
    try {
      for (const migration of dataSource.migrations.filter((m) => SPLIT.includes(m.name!))) await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await schema()).toEqual(before);
  });
});
