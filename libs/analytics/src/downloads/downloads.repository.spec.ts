import { dataSourceOptions } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { DownloadClick, DownloadsRepository } from './downloads.repository';
import { DownloadEvent } from './entities/download-event.entity';

const click = (fields: Partial<DownloadEvent>): DownloadEvent => ({
  id: randomUUID(),
  sourceTag: 'hero',
  platform: 'ios',
  clickType: 'badge_click',
  explicitChoice: null,
  visitorHash: 'a',
  isBot: false,
  createdAt: new Date('2025-03-01T08:00:00Z'),
  ...fields,
});

describe('DownloadsRepository (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  const repository = new DownloadsRepository();

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = new DataSource({ ...dataSourceOptions(db.url, 2), entities: [DownloadEvent] });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE download_events, download_daily_rollups, download_daily_visitors'));

  describe('addClicks', () => {
    const key = { day: '2025-03-01', sourceTag: 'hero', platform: 'ios', clickType: 'badge_click' };
    /** A roll-up job's writes: the clicks added, the new values stored. */
    const add = (clicks: DownloadClick[]) =>
      dataSource.transaction(async (manager) => {
        const rows = await repository.addClicks(clicks, manager);
        await DownloadsRepository.saveRollups(rows, manager);
        return rows;
      });
    const person = (visitorHash: string | null, fields: Partial<DownloadClick> = {}) => ({ ...key, isBot: false, visitorHash, ...fields });
    const bot = (visitorHash: string) => ({ ...key, isBot: true, visitorHash });

    it('counts people and bots apart, a visitor unique once per counter and day', async () => {
      const android = { ...key, platform: 'android' };
      expect(await add([person('a'), person('a'), bot('g'), person(null), person('a', { platform: 'android' })])).toEqual([
        { ...android, humans: 1, uniqueHumans: 1, bots: 0, uniqueBots: 0 },
        // 'a' twice in one job is one visitor; a click without a user agent is no visitor.
        { ...key, humans: 3, uniqueHumans: 1, bots: 1, uniqueBots: 1 },
      ]);
      // A later job adds to the stored values: 'a' and 'g' were seen already, 'b' is new.
      expect(await add([person('a'), person('b'), bot('g')])).toEqual([{ ...key, humans: 5, uniqueHumans: 2, bots: 2, uniqueBots: 1 }]);
      // Another day starts afresh.
      expect(await add([person('a', { day: '2025-03-02' })])).toEqual([{ ...key, day: '2025-03-02', humans: 1, uniqueHumans: 1, bots: 0, uniqueBots: 0 }]);
    });

    it('adds nothing when its transaction rolls back (a job that dies mid-way)', async () => {
      await add([person('a')]);
      await expect(
        dataSource.transaction(async (manager) => {
          await DownloadsRepository.saveRollups(await repository.addClicks([person('b'), person('c')], manager), manager);
          throw new Error('killed mid-batch');
        }),
      ).rejects.toThrow('killed mid-batch');
      expect(await add([person('b')])).toEqual([{ ...key, humans: 2, uniqueHumans: 2, bots: 0, uniqueBots: 0 }]);
    });
  });

  describe('saveRollups', () => {
    it('sets a counter to the values given (the later count wins)', async () => {
      const key = { day: '2025-03-01', sourceTag: 'hero', platform: 'ios', clickType: 'badge_click' };
      await DownloadsRepository.saveRollups([{ ...key, humans: 1, uniqueHumans: 1, bots: 0, uniqueBots: 0 }], dataSource.manager);
      await DownloadsRepository.saveRollups([{ ...key, humans: 4, uniqueHumans: 2, bots: 1, uniqueBots: 1 }], dataSource.manager);
      expect(await dataSource.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, humans, unique_humans, bots, unique_bots FROM download_daily_rollups`)).toEqual([
        { day: '2025-03-01', humans: 4, unique_humans: 2, bots: 1, unique_bots: 1 },
      ]);
    });
  });

  describe('insertEvents', () => {
    it('writes the read model rows, and refuses the same click twice', async () => {
      const row = click({ sourceTag: 'footer', platform: 'desktop', clickType: 'page_visit', explicitChoice: true });
      const other = click({ visitorHash: null, isBot: true });
      await DownloadsRepository.insertEvents([row, other], dataSource.manager);
      expect(await dataSource.manager.find(DownloadEvent, { order: { sourceTag: 'ASC' } })).toEqual([row, other]);
      await expect(DownloadsRepository.insertEvents([row], dataSource.manager)).rejects.toThrow(/duplicate key/);
    });
  });
});
