import { defineConsumer, defineEvent } from '@swishly/platform';

export const DOWNLOAD_STREAM = 'download-click';

export const PLATFORMS = ['ios', 'android', 'desktop'] as const;
export const CLICK_TYPES = ['badge_click', 'page_visit'] as const;

export interface DownloadTrackedPayload {
  clickId: string;
  sourceTag: string;
  platform: (typeof PLATFORMS)[number];
  clickType: (typeof CLICK_TYPES)[number];
  explicitChoice: boolean | null;
}

export const DownloadTracked = defineEvent<DownloadTrackedPayload>('download.tracked');

/** Keeps the per-day counts the marketing reports read. */
export const RollUpDownloads = defineConsumer('analytics.roll-up-downloads', [DownloadTracked]);
