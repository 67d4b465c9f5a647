import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// GET /api/admin/analytics/report: every table of the marketing report for a period, and
// GET /api/admin/analytics/export/{table}: one of them as CSV (shapes: openapi.json).

export type AnalyticsReport = ApiSchema<'AnalyticsReportDto'>;

/** A period of whole UTC days (YYYY-MM-DD), both ends included. */
export interface ReportRange {
  from: string;
  to: string;
}

export type ReportTableName = 'downloads' | 'daily' | 'conversion' | 'top-sources' | 'signups' | 'creator-shares' | 'creator-funnel' | 'funnel';

const BASE = '/api/admin/analytics';

export function useAnalyticsReport(range: ReportRange) {
  return useQuery({
    queryKey: ['admin', 'analytics', range.from, range.to],
    queryFn: ({ signal }) => api.get<AnalyticsReport>(`${BASE}/report`, { params: { from: range.from, to: range.to }, signal }),
    // The previous period stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Where a table's CSV downloads from (the session cookie goes along: same origin). */
export function exportUrl(table: ReportTableName, range: ReportRange): string {
  return `${BASE}/export/${table}?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;
}

/** Where the whole report downloads from, every table in one CSV ('Download report'). */
export function exportReportUrl(range: ReportRange): string {
  return `${BASE}/export-report?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;
}
