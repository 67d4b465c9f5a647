import { dataSourceOptions } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '../../../../test/utils/database';
import { DownloadsRepository } from './downloads.repository';
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

  beforeEach(() => dataSource.query('TRUNCATE download_events, download_daily_rollups'));

  describe('recount', () => {
    it('counts people and bots apart, total and unique, on the UTC day whatever the session time zone', async () => {
      for (const row of [
        click({ visitorHash: 'a' }),
        click({ visitorHash: 'a', createdAt: new Date('2025-03-01T23:59:59Z') }),
        click({ visitorHash: 'b' }),
        click({ visitorHash: 'bot', isBot: true }),
        click({ visitorHash: 'bot', isBot: true }),
        // 23:30 in New York is already the next day in UTC.
        click({ visitorHash: 'c', createdAt: new Date('2025-03-01T23:30:00-05:00') }),
        click({ platform: 'android' }),
        click({ clickType: 'page_visit' }),
      ]) {
        await DownloadsRepository.insertEvents([row], dataSource.manager);
      }
      const keys = [
        { day: '2025-03-01', sourceTag: 'hero', platform: 'ios', clickType: 'badge_click' },
        { day: '2025-03-02', sourceTag: 'hero', platform: 'ios', clickType: 'badge_click' },
        { day: '2025-03-03', sourceTag: 'hero', platform: 'ios', clickType: 'badge_click' },
      ];
      const counted = await dataSource.transaction(async (manager) => {
        await manager.query(`SET LOCAL TIME ZONE 'America/New_York'`);
        return repository.recount(keys, manager);
      });
      expect(counted).toEqual([
        { ...keys[0], humans: 3, uniqueHumans: 2, bots: 2, uniqueBots: 1 },
        { ...keys[1], humans: 1, uniqueHumans: 1, bots: 0, uniqueBots: 0 },
        { ...keys[2], humans: 0, uniqueHumans: 0, bots: 0, uniqueBots: 0 },
      ]);
    });
  });

  describe('saveRollups', () => {
    it('sets a counter to the values given (the later count wins)', async () => {
      const key = { day: '2025-03-01', sourceTag: 'hero', platform: 'ios', clickType: 'badge_click' };
      await DownloadsRepository.saveRollups([{ ...key, humans: 1, uniqueHumans: 1, bots: 0, uniqueBots: 0 }], dataSource.manager);
      await DownloadsRepository.saveRollups([{ ...key, humans: 4, uniqueHumans: 2, bots: 1, uniqueBots: 1 }], dataSource.manager);
      expect(
        await dataSource.query(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, humans, unique_humans, bots, unique_bots FROM download_daily_rollups`,
        ),
      ).toEqual([{ day: '2025-03-01', humans: 4, unique_humans: 2, bots: 1, unique_bots: 1 }]);
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
