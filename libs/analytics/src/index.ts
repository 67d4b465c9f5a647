export * from './analytics.module';
export * from './downloads/downloads.events';
export * from './signups/signups.events';
export { AnalyticsSettings } from './analytics.settings';
export { AnalyticsReportsService, MAX_REPORT_DAYS } from './reports/analytics-reports.service';
export type { FunnelReader, FunnelSums } from './reports/analytics-reports.service';
export { monthsToRead } from './reports/analytics-reports.repository';
export * from './reports/dto/analytics-report.dto';
export { ANALYTICS_MIGRATIONS } from './migrations';
