import { Download, RefreshCw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { labelClasses, TextInput } from '@/components/ui/form-controls';
import { AdminPage, Panel } from '@/features/admin/shell/components/admin-page';
import { formatAdminDay } from '@/features/admin/shell/lib/format';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { exportReportUrl, useAnalyticsReport, type AnalyticsReport, type ReportRange } from '../api/analytics-report';
import { DownloadsChart, SignupsChart } from '../components/report-charts';
import { FunnelSummary } from '../components/report-funnel';
import { ReportTable, type Column, type ReportState } from '../components/report-table';
import { FIRST_DAY, formatCount, LAST_DAY, lastDays, percent, RANGE_PRESETS, rangeProblem } from '../lib/report-range';

// /admin/analytics (the dashboard's User Analytics card): where downloads and
// sign-ups come from over a chosen period, down to each creator code, with every table as CSV.

const PLATFORM_LABELS: Record<string, string> = { ios: 'iOS', android: 'Android', desktop: 'Desktop' };
const CLICK_TYPE_LABELS: Record<string, string> = { badge_click: 'Badge click', page_visit: 'Page visit', store_redirect: 'Store redirect' };

/** The report's tables, for the links that jump between them (on a phone they are a long scroll apart). */
const REPORT_SECTIONS = [
  ['top-sources', 'Top sources'],
  ['downloads', 'Downloads'],
  ['downloads-per-day', 'Downloads per day'],
  ['conversion', 'Conversion'],
  ['signups', 'Sign-ups per day'],
  ['creator-shares', 'Creator codes'],
  ['creator-funnel', 'Creator funnel'],
  ['funnel', 'Waitlist funnel'],
] as const;

type FunnelSteps = AnalyticsReport['funnel']['totals'];
/** The funnel's counts, as each of its tables shows them. */
const FUNNEL_COLUMNS: Column<FunnelSteps>[] = [
  { label: 'Joined', cell: (r) => formatCount(r.joined), numeric: true },
  { label: 'Confirmed', cell: (r) => formatCount(r.confirmed), numeric: true },
  { label: 'Admitted', cell: (r) => formatCount(r.admitted), numeric: true },
  { label: 'Code redeemed', cell: (r) => formatCount(r.redeemed), numeric: true },
];
const SOURCE_LABELS: Record<string, string> = { landing: 'Landing page', home: 'Home page', hbf: 'Event booth (HBF)', shot: 'Shot analysis', import: 'Import' };

/** The downloads tables' empty state: people only, and what the bots did said apart, so it never contradicts a table. */
function noDownloads(botClicks: number) {
  return {
    title: 'No downloads by people in this period',
    hint:
      botClicks > 0
        ? `Known bots made ${formatCount(botClicks)} ${botClicks === 1 ? 'click' : 'clicks'}: they are counted apart and left out of every figure (the downloads CSV lists them).`
        : 'Store-badge clicks and download-page visits show here as they happen.',
  };
}
const NO_SIGNUPS = { title: 'No sign-ups in this period', hint: 'Waitlist sign-ups show here as they happen.' };

function useRange(): [ReportRange, (range: ReportRange) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(30);
  const asked = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  // A period the server would refuse (a link edited by hand) shows the last 30 days instead.
  const range = rangeProblem(asked) ? fallback : asked;
  return [range, (next) => setParams({ from: next.from, to: next.to }, { replace: true })];
}

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Panel className="p-4! sm:p-5!">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-1 font-display text-3xl font-extrabold text-foreground tabular-nums">{value}</p>
      {detail ? <p className="mt-1 text-sm text-muted">{detail}</p> : null}
    </Panel>
  );
}

function RangePicker({ range, onChange }: { range: ReportRange; onChange: (range: ReportRange) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(range);
  const [applied, setApplied] = useState(range);
  // A preset or the URL changed the period: show it in the fields.
  if (applied.from !== range.from || applied.to !== range.to) {
    setApplied(range);
    setDraft(range);
  }
  const problem = rangeProblem(draft);
  const apply = (next: ReportRange) => {
    setDraft(next);
    if (!rangeProblem(next)) onChange(next);
  };

  return (
    <Panel aria-label="Period">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:flex sm:items-end">
          <div>
            <label htmlFor={`${id}-from`} className={labelClasses}>
              From
            </label>
            <TextInput
              id={`${id}-from`}
              type="date"
              value={draft.from}
              min={FIRST_DAY}
              max={draft.to}
              onChange={(e) => apply({ ...draft, from: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={labelClasses}>
              To
            </label>
            <TextInput id={`${id}-to`} type="date" value={draft.to} min={draft.from} max={LAST_DAY} onChange={(e) => apply({ ...draft, to: e.target.value })} />
          </div>
        </div>
        <div role="group" aria-label="Quick periods" className="flex flex-wrap gap-2">
          {RANGE_PRESETS.map(({ days, label }) => {
            const preset = lastDays(days);
            const active = preset.from === range.from && preset.to === range.to;
            return (
              <Button key={days} size="sm" variant={active ? 'primary' : 'secondary'} aria-pressed={active} onClick={() => apply(preset)}>
                {label}
              </Button>
            );
          })}
        </div>
      </div>
      {problem ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      <p className="mt-3 text-xs text-muted">
        {formatAdminDay(range.from)} – {formatAdminDay(range.to)}. Days are counted in UTC. People only: known bots are counted apart (Bots column).
      </p>
    </Panel>
  );
}

function ChartPanel({ id, title, state, children }: { id: string; title: string; state: ReportState; children: ReactNode }) {
  return (
    <Panel aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-foreground">
        {title}
      </h2>
      <div className="mt-4">
        {state.isPending ? (
          <div role="status" className="flex h-72 items-center justify-center text-muted">
            Loading chart…
          </div>
        ) : state.isError && !state.hasData ? (
          <div className="flex h-72 flex-col items-center justify-center gap-3">
            <p className="text-muted">The report could not be loaded.</p>
            <Button variant="secondary" size="sm" onClick={state.retry}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          children
        )}
      </div>
    </Panel>
  );
}

export function AnalyticsPage() {
  const [range, setRange] = useRange();
  const report = useAnalyticsReport(range);
  useErrorToast('Failed to fetch the report.', report.error, report.errorUpdatedAt);
  const data: AnalyticsReport | undefined = report.data;
  const state: ReportState = {
    isPending: report.isPending,
    isError: report.isError,
    hasData: data !== undefined,
    isFetching: report.isFetching,
    retry: () => void report.refetch(),
  };

  const badgeClicks = data?.daily.reduce((sum, d) => sum + d.badgeClicks, 0) ?? 0;
  // Phones the download page sent straight to their store: store opens, as badge clicks are.
  const storeRedirects = data?.daily.reduce((sum, d) => sum + d.storeRedirects, 0) ?? 0;
  const storeOpens = badgeClicks + storeRedirects;
  const pageVisits = data?.daily.reduce((sum, d) => sum + d.pageVisits, 0) ?? 0;
  const totals = data?.signupTotals;
  // People only in the tables; rows where only bots clicked are in the CSV, and said apart.
  const botClicks = data?.downloads.reduce((sum, row) => sum + row.bots, 0) ?? 0;
  const peopleDownloads = (data?.downloads ?? []).filter((row) => row.total > 0);
  const botOnlyRows = (data?.downloads.length ?? 0) - peopleDownloads.length;
  const NO_DOWNLOADS = noDownloads(botClicks);

  return (
    <AdminPage title="User Analytics" description="Where downloads and waitlist sign-ups come from: by source, platform and creator code.">
      <RangePicker range={range} onChange={setRange} />

      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-live="polite">
        <Stat
          label="Store opens"
          value={data ? formatCount(storeOpens) : '—'}
          detail={data ? `${formatCount(badgeClicks)} badge clicks, ${formatCount(storeRedirects)} store redirects` : null}
        />
        <Stat
          label="Page visits"
          value={data ? formatCount(pageVisits) : '—'}
          detail={data ? (pageVisits ? `${percent(storeOpens / pageVisits)} of visits opened a store` : 'No visits in this period') : null}
        />
        <Stat label="Sign-ups" value={totals ? formatCount(totals.signups) : '—'} />
        <Stat
          label="From referrals"
          value={totals ? percent(totals.referralShare) : '—'}
          detail={totals ? `${percent(totals.creatorShare)} from creator codes` : null}
        />
      </div>

      <nav aria-label="Report tables" className="mt-6 flex flex-wrap items-center gap-2">
        {REPORT_SECTIONS.map(([id, label]) => (
          <a key={id} href={`#${id}`} className={buttonClasses('ghost', 'sm')}>
            {label}
          </a>
        ))}
        <a href={exportReportUrl(range)} download className={buttonClasses('secondary', 'sm', 'sm:ml-auto')}>
          <Download className="size-4" aria-hidden="true" />
          Download report
        </a>
      </nav>

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <ChartPanel id="downloads-chart" title="Downloads over time" state={state}>
          {data ? <DownloadsChart daily={data.daily} /> : null}
        </ChartPanel>
        <ChartPanel id="signups-chart" title="Sign-ups over time" state={state}>
          {data ? <SignupsChart signups={data.signups} /> : null}
        </ChartPanel>
      </div>

      <ReportTable
        id="top-sources"
        title="Top sources"
        description="The ten sources that brought the most badge clicks (then sign-ups)."
        table="top-sources"
        range={range}
        state={state}
        rows={data?.topSources ?? []}
        rowKey={(r) => r.sourceTag}
        columns={[
          { label: 'Source', cell: (r) => <span className="font-mono text-xs">{r.sourceTag}</span> },
          { label: 'Badge clicks', cell: (r) => formatCount(r.badgeClicks), numeric: true },
          { label: 'Store redirects', cell: (r) => formatCount(r.storeRedirects), numeric: true },
          { label: 'Page visits', cell: (r) => formatCount(r.pageVisits), numeric: true },
          { label: 'Sign-ups', cell: (r) => formatCount(r.signups), numeric: true },
        ]}
        empty={NO_DOWNLOADS}
      />

      <ReportTable
        id="downloads"
        title="Downloads by source, platform and click type"
        description={
          botOnlyRows > 0
            ? `${botOnlyRows} ${botOnlyRows === 1 ? 'row' : 'rows'} where only known bots clicked ${botOnlyRows === 1 ? 'is' : 'are'} left out here; the CSV has them.`
            : undefined
        }
        table="downloads"
        range={range}
        state={state}
        rows={peopleDownloads}
        rowKey={(r) => `${r.sourceTag}|${r.platform}|${r.clickType}`}
        columns={[
          { label: 'Source', cell: (r) => <span className="font-mono text-xs">{r.sourceTag}</span> },
          { label: 'Platform', cell: (r) => PLATFORM_LABELS[r.platform] ?? r.platform },
          { label: 'Type', cell: (r) => CLICK_TYPE_LABELS[r.clickType] ?? r.clickType },
          { label: 'Total', cell: (r) => formatCount(r.total), numeric: true },
          { label: 'Unique', cell: (r) => formatCount(r.unique), numeric: true },
          { label: 'Bots', cell: (r) => formatCount(r.bots), numeric: true },
        ]}
        empty={NO_DOWNLOADS}
      />

      <ReportTable
        id="downloads-per-day"
        title="Downloads per day"
        description="The downloads chart's numbers, day by day (people only; bots in their own column)."
        table="daily"
        range={range}
        state={state}
        rows={(data?.daily ?? []).filter((d) => d.pageVisits > 0 || d.badgeClicks > 0 || d.storeRedirects > 0 || d.bots > 0).reverse()}
        rowKey={(r) => r.day}
        columns={[
          { label: 'Day', cell: (r) => <span className="whitespace-nowrap">{formatAdminDay(r.day)}</span> },
          { label: 'Page visits', cell: (r) => formatCount(r.pageVisits), numeric: true },
          { label: 'Badge clicks', cell: (r) => formatCount(r.badgeClicks), numeric: true },
          { label: 'Store redirects', cell: (r) => formatCount(r.storeRedirects), numeric: true },
          { label: 'Unique visitors', cell: (r) => formatCount(r.uniqueVisitors), numeric: true },
          { label: 'Bots', cell: (r) => formatCount(r.bots), numeric: true },
        ]}
        empty={NO_DOWNLOADS}
      />

      <ReportTable
        id="conversion"
        title="Page visit to store open, per source"
        table="conversion"
        range={range}
        state={state}
        rows={(data?.conversion ?? []).filter((row) => row.pageVisits > 0 || row.storeOpens > 0)}
        rowKey={(r) => r.sourceTag}
        columns={[
          { label: 'Source', cell: (r) => <span className="font-mono text-xs">{r.sourceTag}</span> },
          { label: 'Page visits', cell: (r) => formatCount(r.pageVisits), numeric: true },
          { label: 'Unique visitors', cell: (r) => formatCount(r.uniqueVisitors), numeric: true },
          { label: 'Badge clicks', cell: (r) => formatCount(r.badgeClicks), numeric: true },
          { label: 'Store redirects', cell: (r) => formatCount(r.storeRedirects), numeric: true },
          { label: 'Conversion', cell: (r) => percent(r.conversionRate), numeric: true },
        ]}
        empty={NO_DOWNLOADS}
      />

      <ReportTable
        id="signups"
        title="Sign-ups per day"
        description="Own link: someone signed up through their own referral link. Held referral: a referral held for review (a burst from one address). Neither counts as a referral."
        table="signups"
        range={range}
        state={state}
        rows={(data?.signups ?? []).filter((d) => d.signups > 0).reverse()}
        rowKey={(r) => r.day}
        columns={[
          { label: 'Day', cell: (r) => <span className="whitespace-nowrap">{formatAdminDay(r.day)}</span> },
          { label: 'Sign-ups', cell: (r) => formatCount(r.signups), numeric: true },
          { label: 'Referral', cell: (r) => formatCount(r.referral), numeric: true },
          { label: 'Creator code', cell: (r) => formatCount(r.creator), numeric: true },
          { label: 'Direct', cell: (r) => formatCount(r.direct), numeric: true },
          { label: 'Own link', cell: (r) => formatCount(r.selfReferral), numeric: true },
          { label: 'Held referral', cell: (r) => formatCount(r.flaggedReferral), numeric: true },
        ]}
        empty={NO_SIGNUPS}
      />

      <ReportTable
        id="creator-shares"
        title="Sign-ups by creator code"
        table="creator-shares"
        range={range}
        state={state}
        rows={data?.creatorShares ?? []}
        rowKey={(r) => r.code}
        columns={[
          { label: 'Code', cell: (r) => <span className="font-mono text-xs">{r.code}</span> },
          { label: 'Sign-ups', cell: (r) => formatCount(r.signups), numeric: true },
          { label: 'Share', cell: (r) => percent(r.share), numeric: true },
        ]}
        empty={{ title: 'No sign-ups through creator codes', hint: 'Sign-ups with a creator code (?ref=CODE) show here.' }}
      />

      <ReportTable
        id="creator-funnel"
        title="Creator code funnel"
        description="Visits, badge clicks and store redirects on /download/CODE, and sign-ups with the code."
        table="creator-funnel"
        range={range}
        state={state}
        rows={data?.creatorFunnel ?? []}
        rowKey={(r) => r.code}
        columns={[
          { label: 'Code', cell: (r) => <span className="font-mono text-xs">{r.code}</span> },
          { label: 'Visits', cell: (r) => formatCount(r.visits), numeric: true },
          { label: 'Badge clicks', cell: (r) => formatCount(r.badgeClicks), numeric: true },
          { label: 'Store redirects', cell: (r) => formatCount(r.storeRedirects), numeric: true },
          { label: 'Sign-ups', cell: (r) => formatCount(r.signups), numeric: true },
        ]}
        empty={{ title: 'No creator codes yet', hint: 'Create one under Creator Codes to follow its funnel here.' }}
      />

      <FunnelSummary id="funnel" data={data} range={range} state={state} />

      <ReportTable
        id="funnel-by-source"
        title="Waitlist funnel by source"
        description="Where members joined from. The funnel's CSV holds this table, the creator codes' and the days'."
        table={null}
        range={range}
        state={state}
        rows={data?.funnel.bySource ?? []}
        rowKey={(r) => r.source}
        columns={[{ label: 'Source', cell: (r) => SOURCE_LABELS[r.source] ?? r.source }, ...(FUNNEL_COLUMNS as Column<FunnelSteps & { source: string }>[])]}
        empty={NO_SIGNUPS}
      />

      <ReportTable
        id="funnel-by-creator-code"
        title="Waitlist funnel by creator code"
        table={null}
        range={range}
        state={state}
        rows={data?.funnel.byCreatorCode ?? []}
        rowKey={(r) => r.code}
        columns={[
          { label: 'Code', cell: (r) => <span className="font-mono text-xs">{r.code}</span> },
          ...(FUNNEL_COLUMNS as Column<FunnelSteps & { code: string }>[]),
        ]}
        empty={{ title: 'Nobody joined through a creator code', hint: 'Members who join with a creator code (?ref=CODE) show here.' }}
      />

      <ReportTable
        id="funnel-per-day"
        title="Waitlist funnel per day joined"
        table={null}
        range={range}
        state={state}
        rows={(data?.funnel.byDay ?? []).filter((d) => d.joined > 0).reverse()}
        rowKey={(r) => r.day}
        columns={[
          { label: 'Day', cell: (r) => <span className="whitespace-nowrap">{formatAdminDay(r.day)}</span> },
          ...(FUNNEL_COLUMNS as Column<FunnelSteps & { day: string }>[]),
        ]}
        empty={NO_SIGNUPS}
      />
    </AdminPage>
  );
}

export default AnalyticsPage;
