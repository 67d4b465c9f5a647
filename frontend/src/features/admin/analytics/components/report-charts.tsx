import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsReport } from '../api/analytics-report';
import { formatAdminDay, formatChartDay } from '@/features/admin/shell/lib/format';
import { formatCount } from '../lib/report-range';

// Colours are the theme's variables, so both charts read well in light and dark.
const AXIS = { stroke: 'var(--border-strong)', tick: { fill: 'var(--muted)', fontSize: 12 }, tickLine: false } as const;
const TOOLTIP = {
  contentStyle: { background: 'var(--elevated)', border: '1px solid var(--border)', borderRadius: 12, color: 'var(--foreground)' },
  labelStyle: { color: 'var(--foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--foreground)' },
  cursor: { fill: 'var(--surface)', stroke: 'var(--border-strong)' },
  labelFormatter: (day: unknown) => formatAdminDay(String(day)),
  formatter: (value: unknown) => formatCount(Number(value)),
} as const;
// Recharts colours each legend label like its series (the 'Direct' grey, the orange): text in
// the foreground colour instead, so every label reads at 4.5:1 beside its coloured mark.
const LEGEND = {
  wrapperStyle: { fontSize: 13 },
  formatter: (value: unknown) => <span style={{ color: 'var(--foreground)' }}>{String(value)}</span>,
} as const;

/** Page visits and badge clicks per day (people only). */
export function DownloadsChart({ daily }: { daily: AnalyticsReport['daily'] }) {
  return (
    <div className="h-72 w-full" role="img" aria-label="Download page visits and store badge clicks per day">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={daily} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis dataKey="day" tickFormatter={formatChartDay} minTickGap={24} {...AXIS} />
          <YAxis allowDecimals={false} width={48} {...AXIS} />
          <Tooltip {...TOOLTIP} />
          <Legend {...LEGEND} />
          <Area type="monotone" dataKey="pageVisits" name="Page visits" stroke="var(--accent)" fill="var(--accent)" fillOpacity={0.15} strokeWidth={2} />
          <Area
            type="monotone"
            dataKey="storeRedirects"
            name="Store redirects"
            stroke="var(--accent)"
            fill="var(--accent)"
            fillOpacity={0.35}
            strokeDasharray="4 3"
            strokeWidth={2}
          />
          <Area
            type="monotone"
            dataKey="badgeClicks"
            name="Badge clicks"
            stroke="var(--brand-solid)"
            fill="var(--brand-solid)"
            fillOpacity={0.25}
            strokeWidth={2}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Sign-ups per day, stacked by how they came. */
export function SignupsChart({ signups }: { signups: AnalyticsReport['signups'] }) {
  return (
    <div className="h-72 w-full" role="img" aria-label="Waitlist sign-ups per day: direct, referral, creator code, and own or held referrals">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={signups} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis dataKey="day" tickFormatter={formatChartDay} minTickGap={24} {...AXIS} />
          <YAxis allowDecimals={false} width={48} {...AXIS} />
          <Tooltip {...TOOLTIP} />
          <Legend {...LEGEND} />
          <Bar dataKey="direct" name="Direct" stackId="signups" fill="var(--border-strong)" />
          <Bar dataKey="referral" name="Referral" stackId="signups" fill="var(--accent)" />
          <Bar dataKey="creator" name="Creator code" stackId="signups" fill="var(--brand-solid)" />
          {/* A visitor's own link, or a referral held for review: sign-ups, but not counted as referrals. */}
          <Bar
            dataKey={(day: AnalyticsReport['signups'][number]) => day.selfReferral + day.flaggedReferral}
            name="Own or held referral"
            stackId="signups"
            fill="var(--muted)"
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
