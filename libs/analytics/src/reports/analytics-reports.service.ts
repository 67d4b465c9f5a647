import { Injectable } from '@nestjs/common';
import { apiError, csvLine } from '@swishly/platform';
import { STORE_OPENS } from '../downloads/downloads.events';
import { AnalyticsReportsRepository } from './analytics-reports.repository';
import {
  AnalyticsReportDto,
  CreatorFunnelDto,
  DailyDownloadsDto,
  FunnelDto,
  FunnelStepsDto,
  ReportRangeDto,
  REPORT_TABLES,
  ReportTable,
  SignupDayDto,
  SourceConversionDto,
  TopSourceDto,
} from './dto/analytics-report.dto';

const DAY_MS = 24 * 3600 * 1000;
/** The longest period one report covers (two years and a leap day). */
export const MAX_REPORT_DAYS = 731;
const TOP_SOURCES = 10;
/** The years a period may fall in: Postgres has no year 0, and a period ending near 9999 has no month after it. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

/** The period asked for, checked: real dates, `from` not after `to`, at most MAX_REPORT_DAYS days. */
export function reportPeriod(range: ReportRangeDto, now = new Date()): { from: string; to: string; days: string[] } {
  const to = range.to ?? dayOf(now.getTime());
  const toMs = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(toMs) || dayOf(toMs) !== to) throw apiError(400, 'to must be a real date (YYYY-MM-DD)');
  const from = range.from ?? dayOf(toMs - 29 * DAY_MS);
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  if (Number.isNaN(fromMs) || dayOf(fromMs) !== from) throw apiError(400, 'from must be a real date (YYYY-MM-DD)');
  if (fromMs > toMs) throw apiError(400, 'from must not be after to');
  if (Number(from.slice(0, 4)) < FIRST_YEAR || Number(to.slice(0, 4)) > LAST_YEAR) {
    throw apiError(400, `A report covers days from ${FIRST_YEAR} to ${LAST_YEAR}`);
  }
  const count = (toMs - fromMs) / DAY_MS + 1;
  if (count > MAX_REPORT_DAYS) throw apiError(400, `A report covers at most ${MAX_REPORT_DAYS} days`);
  return { from, to, days: Array.from({ length: count }, (_, i) => dayOf(fromMs + i * DAY_MS)) };
}

/** Where members join from (WaitlistSource), in the funnel's order. */
const FUNNEL_SOURCES = ['landing', 'home', 'hbf', 'shot', 'import'];

/** The funnel's counts for a period (kept by the admin module, which sees admissions and codes): the report shapes them. */
export interface FunnelSums {
  totals: FunnelStepsDto & { reminded: number; confirmedAfterReminder: number };
  days: (FunnelStepsDto & { day: string })[];
  sources: (FunnelStepsDto & { source: string })[];
  creatorCodes: (FunnelStepsDto & { creatorCode: string })[];
}
export type FunnelReader = (from: string, to: string) => Promise<FunnelSums>;

const noSteps = (): FunnelStepsDto => ({ joined: 0, confirmed: 0, admitted: 0, redeemed: 0 });
const noFunnel: FunnelReader = async () => ({ totals: { ...noSteps(), reminded: 0, confirmedAfterReminder: 0 }, days: [], sources: [], creatorCodes: [] });

function funnelOf(sums: FunnelSums, days: string[]): FunnelDto {
  const steps = ({ joined, confirmed, admitted, redeemed }: FunnelStepsDto): FunnelStepsDto => ({ joined, confirmed, admitted, redeemed });
  const byDay = new Map(sums.days.map((d) => [d.day, d]));
  const bySource = new Map(sums.sources.map((s) => [s.source, s]));
  const others = sums.sources.filter((s) => !FUNNEL_SOURCES.includes(s.source)).map((s) => s.source);
  return {
    totals: steps(sums.totals),
    byDay: days.map((day) => ({ day, ...steps(byDay.get(day) ?? noSteps()) })),
    bySource: [...FUNNEL_SOURCES, ...others].map((source) => ({ source, ...steps(bySource.get(source) ?? noSteps()) })),
    byCreatorCode: sums.creatorCodes.map((c) => ({ code: c.creatorCode, ...steps(c) })).sort((a, b) => b.joined - a.joined || a.code.localeCompare(b.code)),
  };
}

function csv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map(csvLine).join('');
}

/** The marketing reports (spec: the dashboard's User Analytics), read from the daily rollups. */
@Injectable()
export class AnalyticsReportsService {
  constructor(private readonly reports: AnalyticsReportsRepository) {}

  /**
   * Every table of the report for a period. `creatorCodes` are the codes whose funnel to show
   * (the admin's list, which the waitlist owns); codes that brought sign-ups are added.
   */
  async report(range: ReportRangeDto, creatorCodes: string[] = [], funnel: FunnelReader = noFunnel): Promise<AnalyticsReportDto> {
    const { from, to, days } = reportPeriod(range);
    const [{ counters, days: downloadDays, signups: signupSums }, funnelSums] = await Promise.all([this.reports.sums(from, to), funnel(from, to)]);

    const downloads = counters
      .map((c) => ({
        sourceTag: c.sourceTag,
        platform: c.platform,
        clickType: c.clickType,
        total: c.humans,
        unique: c.uniqueHumans,
        bots: c.bots,
        uniqueBots: c.uniqueBots,
      }))
      .sort(
        (a, b) => b.total - a.total || a.sourceTag.localeCompare(b.sourceTag) || a.platform.localeCompare(b.platform) || a.clickType.localeCompare(b.clickType),
      );

    const daily = new Map<string, DailyDownloadsDto>(
      days.map((day) => [day, { day, pageVisits: 0, badgeClicks: 0, storeRedirects: 0, uniqueVisitors: 0, bots: 0 }]),
    );
    for (const d of downloadDays) daily.set(d.day, d);

    const bySource = new Map<string, SourceConversionDto>();
    for (const c of counters) {
      const row = bySource.get(c.sourceTag) ?? {
        sourceTag: c.sourceTag,
        pageVisits: 0,
        uniqueVisitors: 0,
        badgeClicks: 0,
        storeRedirects: 0,
        storeOpens: 0,
        conversionRate: null,
      };
      if (c.clickType === 'page_visit') {
        row.pageVisits += c.humans;
        row.uniqueVisitors += c.uniqueHumans;
      } else if (c.clickType === 'store_redirect') {
        row.storeRedirects += c.humans;
      } else {
        row.badgeClicks += c.humans;
      }
      // A phone sent straight to its store reached it as surely as a badge click did.
      if (STORE_OPENS.includes(c.clickType)) row.storeOpens += c.humans;
      bySource.set(c.sourceTag, row);
    }
    const conversion = [...bySource.values()]
      .map((row) => ({ ...row, conversionRate: row.pageVisits === 0 ? null : share(row.storeOpens, row.pageVisits) }))
      .sort((a, b) => b.pageVisits - a.pageVisits || b.storeOpens - a.storeOpens || a.sourceTag.localeCompare(b.sourceTag));

    const signupsBySource = new Map(signupSums.sources.filter((s) => s.source).map((s) => [s.source, s.signups]));
    const signupsByCode = new Map(signupSums.creatorCodes.filter((c) => c.creatorCode).map((c) => [c.creatorCode, c.signups]));
    const signupDays = new Map<string, SignupDayDto>(
      days.map((day) => [day, { day, signups: 0, referral: 0, creator: 0, selfReferral: 0, flaggedReferral: 0, direct: 0 }]),
    );
    for (const d of signupSums.days) signupDays.set(d.day, d);
    const signups = [...signupDays.values()];
    const total = signups.reduce((sum, d) => sum + d.signups, 0);
    const referral = signups.reduce((sum, d) => sum + d.referral, 0);
    const creator = signups.reduce((sum, d) => sum + d.creator, 0);
    const selfReferral = signups.reduce((sum, d) => sum + d.selfReferral, 0);
    const flaggedReferral = signups.reduce((sum, d) => sum + d.flaggedReferral, 0);

    const topSources: TopSourceDto[] = [...new Set([...bySource.keys(), ...signupsBySource.keys()])]
      .map((sourceTag) => ({
        sourceTag,
        badgeClicks: bySource.get(sourceTag)?.badgeClicks ?? 0,
        storeRedirects: bySource.get(sourceTag)?.storeRedirects ?? 0,
        pageVisits: bySource.get(sourceTag)?.pageVisits ?? 0,
        signups: signupsBySource.get(sourceTag) ?? 0,
      }))
      .filter((s) => s.badgeClicks + s.storeRedirects + s.pageVisits + s.signups > 0)
      .sort(
        (a, b) =>
          b.badgeClicks + b.storeRedirects - (a.badgeClicks + a.storeRedirects) ||
          b.signups - a.signups ||
          b.pageVisits - a.pageVisits ||
          a.sourceTag.localeCompare(b.sourceTag),
      )
      .slice(0, TOP_SOURCES);

    // A creator's visitors come through the download page tagged with the code (/download/CODE).
    const byUpperTag = new Map<string, SourceConversionDto>();
    for (const row of bySource.values()) {
      const key = row.sourceTag.toUpperCase();
      const sum = byUpperTag.get(key) ?? { ...row, pageVisits: 0, badgeClicks: 0, storeRedirects: 0, storeOpens: 0 };
      sum.pageVisits += row.pageVisits;
      sum.badgeClicks += row.badgeClicks;
      sum.storeRedirects += row.storeRedirects;
      sum.storeOpens += row.storeOpens;
      byUpperTag.set(key, sum);
    }
    const codes = [...new Set([...creatorCodes.map((c) => c.toUpperCase()), ...signupsByCode.keys()])];
    const creatorFunnel: CreatorFunnelDto[] = codes
      .map((code) => ({
        code,
        visits: byUpperTag.get(code)?.pageVisits ?? 0,
        badgeClicks: byUpperTag.get(code)?.badgeClicks ?? 0,
        storeRedirects: byUpperTag.get(code)?.storeRedirects ?? 0,
        storeOpens: byUpperTag.get(code)?.storeOpens ?? 0,
        signups: signupsByCode.get(code) ?? 0,
      }))
      .sort((a, b) => b.signups - a.signups || b.visits - a.visits || a.code.localeCompare(b.code));

    return {
      from,
      to,
      downloads,
      daily: [...daily.values()],
      conversion,
      topSources,
      signups,
      signupTotals: {
        signups: total,
        referral,
        creator,
        selfReferral,
        flaggedReferral,
        direct: total - referral - creator - selfReferral - flaggedReferral,
        referralShare: share(referral, total),
        creatorShare: share(creator, total),
      },
      creatorShares: [...signupsByCode.entries()]
        .map(([code, count]) => ({ code, signups: count, share: share(count, total) }))
        .sort((a, b) => b.signups - a.signups || a.code.localeCompare(b.code)),
      creatorFunnel,
      funnel: funnelOf(funnelSums, days),
      confirmationReminders: { reminded: funnelSums.totals.reminded, confirmedAfterReminder: funnelSums.totals.confirmedAfterReminder },
    };
  }

  /** One table of the report as CSV (a header row, then one line per row). */
  async csv(table: ReportTable, range: ReportRangeDto, creatorCodes: string[] = [], funnel: FunnelReader = noFunnel): Promise<string> {
    return tableCsv(await this.report(range, creatorCodes, funnel), table);
  }

  /** The whole report in one CSV file: each table under its name, a blank line between them ('Download report'). */
  async reportCsv(range: ReportRangeDto, creatorCodes: string[] = [], funnel: FunnelReader = noFunnel): Promise<string> {
    const r = await this.report(range, creatorCodes, funnel);
    return REPORT_TABLES.map((table) => `${table}\r\n${tableCsv(r, table)}`).join('\r\n');
  }
}

function tableCsv(r: AnalyticsReportDto, table: ReportTable): string {
  switch (table) {
    case 'downloads':
      return csv(
        ['source_tag', 'platform', 'click_type', 'total', 'unique', 'bots', 'unique_bots'],
        r.downloads.map((d) => [d.sourceTag, d.platform, d.clickType, d.total, d.unique, d.bots, d.uniqueBots]),
      );
    case 'daily':
      return csv(
        ['day', 'page_visits', 'badge_clicks', 'unique_visitors', 'bots', 'store_redirects'],
        r.daily.map((d) => [d.day, d.pageVisits, d.badgeClicks, d.uniqueVisitors, d.bots, d.storeRedirects]),
      );
    case 'conversion':
      return csv(
        ['source_tag', 'page_visits', 'unique_visitors', 'badge_clicks', 'conversion_rate', 'store_redirects', 'store_opens'],
        r.conversion.map((c) => [c.sourceTag, c.pageVisits, c.uniqueVisitors, c.badgeClicks, c.conversionRate, c.storeRedirects, c.storeOpens]),
      );
    case 'top-sources':
      return csv(
        ['source_tag', 'badge_clicks', 'page_visits', 'signups', 'store_redirects'],
        r.topSources.map((s) => [s.sourceTag, s.badgeClicks, s.pageVisits, s.signups, s.storeRedirects]),
      );
    case 'signups':
      return csv(
        ['day', 'signups', 'referral', 'creator', 'direct', 'self_referral', 'flagged_referral'],
        r.signups.map((s) => [s.day, s.signups, s.referral, s.creator, s.direct, s.selfReferral, s.flaggedReferral]),
      );
    case 'creator-shares':
      return csv(
        ['creator_code', 'signups', 'share'],
        r.creatorShares.map((s) => [s.code, s.signups, s.share]),
      );
    case 'creator-funnel':
      return csv(
        ['creator_code', 'visits', 'badge_clicks', 'signups', 'store_redirects', 'store_opens'],
        r.creatorFunnel.map((f) => [f.code, f.visits, f.badgeClicks, f.signups, f.storeRedirects, f.storeOpens]),
      );
    case 'funnel': {
      // One file for the funnel's three views: the totals, then each day, each source and each creator code.
      const line = (by: string, value: string, s: FunnelStepsDto) => [by, value, s.joined, s.confirmed, s.admitted, s.redeemed];
      return csv(
        ['by', 'value', 'joined', 'confirmed', 'admitted', 'redeemed'],
        [
          line('total', '', r.funnel.totals),
          ...r.funnel.byDay.map((d) => line('day', d.day, d)),
          ...r.funnel.bySource.map((s) => line('source', s.source, s)),
          ...r.funnel.byCreatorCode.map((c) => line('creator_code', c.code, c)),
        ],
      );
    }
  }
}
