import { DownloadTracking1763700000103 } from './1763700000103-download-tracking';
import { DownloadAttribution1763700001500 } from './1763700001500-download-attribution';
import { DownloadReportRollups1763700001600 } from './1763700001600-download-report-rollups';
import { SignupReportRollups1763700001610 } from './1763700001610-signup-report-rollups';
import { DownloadDailyVisitors1763700001710 } from './1763700001710-download-daily-visitors';
import { DownloadRollupsCountedBackfill1763700002600 } from './1763700002600-download-rollups-counted-backfill';
import { ReferralChannelsApart1763700002605 } from './1763700002605-referral-channels-apart';
import { SignupsCountedBackfill1763700002610 } from './1763700002610-signups-counted-backfill';
import { SourceTagsMerged1763700002620 } from './1763700002620-source-tags-merged';

/** The analytics module's tables, in order (the apps run them with the platform's: prepareDatabase). */
export const ANALYTICS_MIGRATIONS = [
  DownloadTracking1763700000103,
  DownloadAttribution1763700001500,
  DownloadReportRollups1763700001600,
  SignupReportRollups1763700001610,
  DownloadDailyVisitors1763700001710,
  DownloadRollupsCountedBackfill1763700002600,
  ReferralChannelsApart1763700002605,
  SignupsCountedBackfill1763700002610,
  SourceTagsMerged1763700002620,
];
