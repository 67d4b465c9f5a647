import { defineConsumer, defineEvent } from '@swishly/platform';

export const DOWNLOAD_STREAM = 'download-click';
/** The worker's counts of one UTC day's download counters (stream id: the day). */
export const DOWNLOAD_ROLLUP_STREAM = 'download-rollup';

export const PLATFORMS = ['ios', 'android', 'desktop'] as const;
/**
 * badge_click: a store badge clicked; page_visit: a download page viewed; store_redirect: a phone
 * sent straight from the download page to its store (a store open, as a badge click is).
 */
export const CLICK_TYPES = ['badge_click', 'page_visit', 'store_redirect'] as const;
/** The click types that open a store: what the conversion and the creator funnel count as reaching it. */
export const STORE_OPENS: readonly string[] = ['badge_click', 'store_redirect'];

export interface DownloadTrackedPayload {
  clickId: string;
  sourceTag: string;
  platform: (typeof PLATFORMS)[number];
  clickType: (typeof CLICK_TYPES)[number];
  explicitChoice: boolean | null;
  /**
   * HMAC of the address and user agent under that day's random salt (see visitor-salts.service.ts): the same
   * visitor on the same day, never the raw values. Absent on events from before it was recorded.
   */
  visitorHash?: string | null;
  /** A known crawler or tool by its user agent: counted apart from people. */
  isBot?: boolean;
}

export const DownloadTracked = defineEvent<DownloadTrackedPayload>('download.tracked');

/** One counter of a day, as the worker counted it. */
export interface DownloadRollupRow {
  day: string;
  sourceTag: string;
  platform: string;
  clickType: string;
  humans: number;
  uniqueHumans: number;
  bots: number;
  uniqueBots: number;
}

/**
 * Appended by the roll-up job: the counters it changed (whole values, not increments, so
 * re-applying them in order in a replay gives the same table).
 */
export const DownloadRollupsCounted = defineEvent<{ rows: DownloadRollupRow[] }>('analytics.download-rollups-counted');

/**
 * Source tags that differed only by case were merged into their lower-case tag (migration
 * SourceTagsMerged1763700002620 appends it where it ran in the log). Counters recorded before
 * then keep the tag as it was sent, and DownloadRollupsCounted sets whole values per tag: the
 * projection cannot add HOOPS25's value to hoops25's while applying them, so a replay merges the
 * rollups here, at the point where the migration merged the tables.
 */
export const DownloadSourceTagsMerged = defineEvent<Record<string, never>>('analytics.download-source-tags-merged');
export const SOURCE_TAGS_MERGED_STREAM = 'download-source-tags';

/**
 * The clicks recorded before `before` (download_events rows, all of them counted in the daily
 * counters by then) were deleted at the end of their retention period (RETENTION_DOWNLOAD_CLICK_DAYS):
 * in the log, so that a replay deletes them at the same point. Stream: DOWNLOAD_RETENTION_STREAM.
 */
export const DownloadClicksExpired = defineEvent<{ before: string }>('analytics.download-clicks-expired');
export const DOWNLOAD_RETENTION_STREAM = 'download-retention';

/** Keeps the per-day counts the marketing reports read. */
export const RollUpDownloads = defineConsumer('analytics.roll-up-downloads', [DownloadTracked]);
