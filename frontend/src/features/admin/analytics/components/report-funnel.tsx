import { Download, RefreshCw } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { exportUrl, type AnalyticsReport, type ReportRange } from '../api/analytics-report';
import { formatCount, percent } from '../lib/report-range';
import type { ReportState } from './report-table';

const STEPS = [
  ['joined', 'Joined'],
  ['confirmed', 'Confirmed'],
  ['admitted', 'Admitted'],
  ['redeemed', 'Code redeemed'],
] as const;

/**
 * The waitlist funnel of the period's members: each step as a bar against those who joined, its
 * count and share in words (the bars are drawing only), the reminders beside it, and its CSV.
 */
export function FunnelSummary({ id, data, range, state }: { id: string; data: AnalyticsReport | undefined; range: ReportRange; state: ReportState }) {
  const totals = data?.funnel.totals;
  const joined = totals?.joined ?? 0;
  return (
    <Panel aria-labelledby={id} className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-foreground">
            Waitlist funnel
          </h2>
          <p className="mt-1 text-sm text-muted">Members who joined in this period, and how far they have got since. Erased members stay counted, anonymous.</p>
        </div>
        <a href={exportUrl('funnel', range)} download className={buttonClasses('secondary', 'sm')} aria-label="Export Waitlist funnel as CSV">
          <Download className="size-4" aria-hidden="true" />
          CSV
        </a>
      </div>
      {state.isPending ? (
        <p role="status" className="mt-4 text-muted">
          Loading funnel…
        </p>
      ) : state.isError && !state.hasData ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-muted">The report could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={state.retry}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : totals && joined === 0 ? (
        <p className="mt-4 text-muted">Nobody joined in this period.</p>
      ) : totals ? (
        <>
          <ol className="mt-4 space-y-3" aria-label="Funnel steps">
            {STEPS.map(([key, label]) => {
              const count = totals[key];
              const share = joined === 0 ? 0 : count / joined;
              return (
                <li key={key} className="grid grid-cols-[7.5rem_1fr] items-center gap-3 sm:grid-cols-[9rem_1fr_8rem]">
                  <span className="text-sm font-medium text-foreground">{label}</span>
                  <span className="h-3 overflow-hidden rounded-full border border-border bg-surface" aria-hidden="true">
                    <span className="block h-full rounded-full bg-brand-solid" style={{ width: `${Math.round(share * 100)}%` }} />
                  </span>
                  <span className="col-span-2 text-sm text-muted tabular-nums sm:col-span-1 sm:text-right">
                    <strong className="text-foreground">{formatCount(count)}</strong> {key === 'joined' ? '' : `(${percent(share)})`}
                  </span>
                </li>
              );
            })}
          </ol>
          <p className="mt-4 text-sm text-muted">
            Reminded to confirm: <strong className="text-foreground tabular-nums">{formatCount(data.confirmationReminders.reminded)}</strong>, of whom{' '}
            <strong className="text-foreground tabular-nums">{formatCount(data.confirmationReminders.confirmedAfterReminder)}</strong> confirmed after the
            reminder.
          </p>
        </>
      ) : null}
    </Panel>
  );
}
