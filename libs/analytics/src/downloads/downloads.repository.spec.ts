import { dataSourceOptions, DomainEvent, EventMetadata, PayloadOf } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { DownloadEventsProjection } from './download-events.projection';
import { DownloadsRepository } from './downloads.repository';
import { DownloadTracked } from './downloads.events';
import { DownloadEvent } from './entities/download-event.entity';
import { RollUpDownloadsJob } from './jobs/roll-up-downloads.job';

type Tracked = PayloadOf<typeof DownloadTracked>;

const tracked = (payload: Partial<Tracked>, occurredAt: string): DomainEvent<Tracked> => {
  const clickId = payload.clickId ?? randomUUID();
  return {
    id: randomUUID(),
    position: '1',
    streamType: 'download-click',
    streamId: clickId,
    version: 1,
    type: DownloadTracked.type,
    payload: { clickId, sourceTag: 'hero', platform: 'ios', clickType: 'badge_click', explicitChoice: null, ...payload },
    metadata: {} as EventMetadata,
    occurredAt,
  };
};

describe('DownloadsRepository (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  const repository = new DownloadsRepository();

  const rollups = (): Promise<{ day: string; source_tag: string; platform: string; click_type: string; clicks: number }[]> =>
    dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, source_tag, platform, click_type, clicks::int AS clicks
       FROM download_daily_rollups ORDER BY day, source_tag, platform, click_type`,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = new DataSource({ ...dataSourceOptions(db.url, 2), entities: [DownloadEvent] });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE download_events, download_daily_rollups'));

  describe('countClick', () => {
    it('keeps one counter per UTC day, source tag, platform and click type', async () => {
      const click = { sourceTag: 'hero', platform: 'ios', clickType: 'badge_click' };
      await repository.countClick({ ...click, occurredAt: '2025-03-01T08:00:00.000Z' }, dataSource.manager);
      await repository.countClick({ ...click, occurredAt: '2025-03-01T23:59:59.000Z' }, dataSource.manager);
      // 23:30 in New York is already the next day in UTC.
      await repository.countClick({ ...click, occurredAt: '2025-03-01T23:30:00.000-05:00' }, dataSource.manager);
      await repository.countClick({ ...click, platform: 'android', occurredAt: '2025-03-01T09:00:00.000Z' }, dataSource.manager);
      await repository.countClick({ ...click, clickType: 'page_visit', occurredAt: '2025-03-01T09:00:00.000Z' }, dataSource.manager);

      expect(await rollups()).toEqual([
        { day: '2025-03-01', source_tag: 'hero', platform: 'android', click_type: 'badge_click', clicks: 1 },
        { day: '2025-03-01', source_tag: 'hero', platform: 'ios', click_type: 'badge_click', clicks: 2 },
        { day: '2025-03-01', source_tag: 'hero', platform: 'ios', click_type: 'page_visit', clicks: 1 },
        { day: '2025-03-02', source_tag: 'hero', platform: 'ios', click_type: 'badge_click', clicks: 1 },
      ]);
    });

    it("counts on the UTC day whatever the session's time zone", async () => {
      await dataSource.transaction(async (manager) => {
        await manager.query(`SET LOCAL TIME ZONE 'America/New_York'`);
        // 02:00 UTC on 2 March is still 1 March in New York.
        await repository.countClick(
          { sourceTag: 'hero', platform: 'ios', clickType: 'badge_click', occurredAt: '2025-03-02T02:00:00.000Z' },
          manager,
        );
      });
      expect(await rollups()).toEqual([{ day: '2025-03-02', source_tag: 'hero', platform: 'ios', click_type: 'badge_click', clicks: 1 }]);
    });

    it("runs in the caller's transaction: a rolled-back job counts nothing", async () => {
      const failed = dataSource.transaction(async (manager) => {
        await repository.countClick(
          { sourceTag: 'hero', platform: 'ios', clickType: 'badge_click', occurredAt: '2025-03-01T08:00:00Z' },
          manager,
        );
        throw new Error('the job failed after counting');
      });
      await expect(failed).rejects.toThrow('the job failed');
      expect(await rollups()).toEqual([]);
    });
  });

  describe('insertEvent', () => {
    it('writes the read model row, and refuses the same click twice', async () => {
      const row = {
        id: randomUUID(),
        sourceTag: 'footer',
        platform: 'desktop',
        clickType: 'page_visit',
        explicitChoice: true,
        createdAt: new Date('2025-03-01T08:00:00Z'),
      };
      await DownloadsRepository.insertEvent(row, dataSource.manager);
      expect(await dataSource.manager.findBy(DownloadEvent, {})).toEqual([row]);
      await expect(DownloadsRepository.insertEvent(row, dataSource.manager)).rejects.toThrow(/duplicate key/);
    });
  });

  describe('its callers', () => {
    it('the projection stores a DownloadTracked as a download_events row', async () => {
      const event = tracked(
        { sourceTag: 'tiktok', platform: 'android', clickType: 'page_visit', explicitChoice: false },
        '2025-03-01T10:00:00.000Z',
      );
      await new DownloadEventsProjection().handlers.get(DownloadTracked.type)!([event], dataSource.manager);
      expect(await dataSource.manager.findBy(DownloadEvent, {})).toEqual([
        {
          id: event.payload.clickId,
          sourceTag: 'tiktok',
          platform: 'android',
          clickType: 'page_visit',
          explicitChoice: false,
          createdAt: new Date('2025-03-01T10:00:00.000Z'),
        },
      ]);
    });

    it("the roll-up job counts the event on its day, in the job's transaction", async () => {
      const job = new RollUpDownloadsJob(repository);
      await dataSource.transaction((manager) =>
        job.handle(tracked({ sourceTag: 'hero' }, '2025-03-01T10:00:00.000Z'), { manager } as Parameters<RollUpDownloadsJob['handle']>[1]),
      );
      expect(await rollups()).toEqual([{ day: '2025-03-01', source_tag: 'hero', platform: 'ios', click_type: 'badge_click', clicks: 1 }]);
    });
  });
});
