import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A period of whole UTC days, both ends included. */
export class ReportRangeDto {
  @ApiPropertyOptional({ example: '2025-03-01', description: 'First day (UTC), YYYY-MM-DD; defaults to 29 days before `to`' })
  @IsOptional()
  @Matches(DAY, { message: 'from must be a date (YYYY-MM-DD)' })
  from?: string;

  @ApiPropertyOptional({ example: '2025-03-30', description: 'Last day (UTC), YYYY-MM-DD; defaults to today' })
  @IsOptional()
  @Matches(DAY, { message: 'to must be a date (YYYY-MM-DD)' })
  to?: string;
}

export class DownloadCountDto {
  @ApiProperty({ example: 'homepage-hero' }) sourceTag: string;
  @ApiProperty({ enum: ['ios', 'android', 'desktop'] }) platform: string;
  @ApiProperty({ enum: ['badge_click', 'page_visit', 'store_redirect'] }) clickType: string;
  @ApiProperty({ description: "People's clicks or visits" }) total: number;
  @ApiProperty({ description: 'Distinct visitors, counted per day and added up' }) unique: number;
  @ApiProperty({ description: 'Known bots, kept apart from the counts above' }) bots: number;
  @ApiProperty() uniqueBots: number;
}

export class DailyDownloadsDto {
  @ApiProperty({ example: '2025-03-01' }) day: string;
  @ApiProperty() pageVisits: number;
  @ApiProperty() badgeClicks: number;
  @ApiProperty({ description: 'Phones sent straight to their store by the download page' }) storeRedirects: number;
  @ApiProperty({ description: 'Distinct visitors of download pages' }) uniqueVisitors: number;
  @ApiProperty({ description: 'Bot clicks and visits' }) bots: number;
}

export class SourceConversionDto {
  @ApiProperty() sourceTag: string;
  @ApiProperty() pageVisits: number;
  @ApiProperty() uniqueVisitors: number;
  @ApiProperty() badgeClicks: number;
  @ApiProperty({ description: 'Phones sent straight to their store by the download page' }) storeRedirects: number;
  @ApiProperty({ description: 'Badge clicks and store redirects: the times a store was opened' }) storeOpens: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Store opens (badge clicks and store redirects) per page visit (null without visits)' })
  conversionRate: number | null;
}

export class TopSourceDto {
  @ApiProperty() sourceTag: string;
  @ApiProperty() badgeClicks: number;
  @ApiProperty({ description: 'Phones sent straight to their store by the download page' }) storeRedirects: number;
  @ApiProperty() pageVisits: number;
  @ApiProperty({ description: 'Waitlist sign-ups that arrived through this source' }) signups: number;
}

export class SignupDayDto {
  @ApiProperty({ example: '2025-03-01' }) day: string;
  @ApiProperty() signups: number;
  @ApiProperty({ description: "Through a friend's referral link" }) referral: number;
  @ApiProperty({ description: 'Through a creator code' }) creator: number;
  @ApiProperty({ description: "Through the visitor's own referral link (not counted as a referral)" }) selfReferral: number;
  @ApiProperty({ description: 'Through a referral held for review at sign-up (a burst from one address)' }) flaggedReferral: number;
  @ApiProperty() direct: number;
}

export class SignupTotalsDto {
  @ApiProperty() signups: number;
  @ApiProperty() referral: number;
  @ApiProperty() creator: number;
  @ApiProperty() selfReferral: number;
  @ApiProperty() flaggedReferral: number;
  @ApiProperty() direct: number;
  @ApiProperty({ description: 'Share of sign-ups from referrals (0-1), self and held referrals apart' }) referralShare: number;
  @ApiProperty({ description: 'Share of sign-ups from creator codes (0-1)' }) creatorShare: number;
}

export class CreatorShareDto {
  @ApiProperty({ example: 'HOOPS25' }) code: string;
  @ApiProperty() signups: number;
  @ApiProperty({ description: 'Share of all sign-ups of the period (0-1)' }) share: number;
}

export class CreatorFunnelDto {
  @ApiProperty({ example: 'HOOPS25' }) code: string;
  @ApiProperty({ description: 'Download-page visits tagged with the code' }) visits: number;
  @ApiProperty({ description: 'Store-badge clicks tagged with the code' }) badgeClicks: number;
  @ApiProperty({ description: 'Phones sent straight to their store from /download/CODE' }) storeRedirects: number;
  @ApiProperty({ description: 'Badge clicks and store redirects: the times a store was opened through the code' }) storeOpens: number;
  @ApiProperty({ description: 'Waitlist sign-ups through the code' }) signups: number;
}

/** How many of a group of members reached each step of the way in; each member counts at each step once. */
export class FunnelStepsDto {
  @ApiProperty({ description: 'Members who joined (erased members stay counted, anonymous)' }) joined: number;
  @ApiProperty({ description: 'Of them, members who confirmed their address (an admitted member counts as confirmed)' }) confirmed: number;
  @ApiProperty({ description: 'Of them, members let in to early access (waitlist.admitted)' }) admitted: number;
  @ApiProperty({ description: 'Of them, members whose early-access code was redeemed in the app' }) redeemed: number;
}

export class FunnelDayDto extends FunnelStepsDto {
  @ApiProperty({ example: '2025-03-01', description: 'The day the members joined (UTC; an imported member: their day on the old list)' }) day: string;
}

export class FunnelSourceDto extends FunnelStepsDto {
  @ApiProperty({ enum: ['landing', 'home', 'hbf', 'shot', 'import'] }) source: string;
}

export class FunnelCreatorCodeDto extends FunnelStepsDto {
  @ApiProperty({ example: 'HOOPS25' }) code: string;
}

/** joined → confirmed → admitted → code redeemed, for the members who joined in the period (where they stand now). */
export class FunnelDto {
  @ApiProperty({ type: FunnelStepsDto }) totals: FunnelStepsDto;
  @ApiProperty({ type: [FunnelDayDto], description: 'Every day of the period, in order' }) byDay: FunnelDayDto[];
  @ApiProperty({ type: [FunnelSourceDto], description: 'Every source, in this order: landing, home, hbf, shot, import' }) bySource: FunnelSourceDto[];
  @ApiProperty({ type: [FunnelCreatorCodeDto], description: 'Creator codes members joined through, most joined first' }) byCreatorCode: FunnelCreatorCodeDto[];
}

/** The one reminder to confirm, for the members who joined in the period. */
export class ConfirmationRemindersDto {
  @ApiProperty({ description: 'Members sent the reminder to confirm' }) reminded: number;
  @ApiProperty({ description: 'Of them, members who confirmed after it' }) confirmedAfterReminder: number;
}

/** The marketing report of a period: every table of /admin/analytics. */
export class AnalyticsReportDto {
  @ApiProperty({ example: '2025-03-01' }) from: string;
  @ApiProperty({ example: '2025-03-30' }) to: string;
  @ApiProperty({ type: [DownloadCountDto] }) downloads: DownloadCountDto[];
  @ApiProperty({ type: [DailyDownloadsDto], description: 'Every day of the period, in order' }) daily: DailyDownloadsDto[];
  @ApiProperty({ type: [SourceConversionDto] }) conversion: SourceConversionDto[];
  @ApiProperty({ type: [TopSourceDto], description: 'At most 10, by store opens (badge clicks and store redirects)' }) topSources: TopSourceDto[];
  @ApiProperty({ type: [SignupDayDto], description: 'Every day of the period, in order' }) signups: SignupDayDto[];
  @ApiProperty({ type: SignupTotalsDto }) signupTotals: SignupTotalsDto;
  @ApiProperty({ type: [CreatorShareDto] }) creatorShares: CreatorShareDto[];
  @ApiProperty({ type: [CreatorFunnelDto] }) creatorFunnel: CreatorFunnelDto[];
  @ApiProperty({ type: FunnelDto }) funnel: FunnelDto;
  @ApiProperty({ type: ConfirmationRemindersDto }) confirmationReminders: ConfirmationRemindersDto;
}

/** The report's tables that export as CSV. */
export const REPORT_TABLES = ['downloads', 'daily', 'conversion', 'top-sources', 'signups', 'creator-shares', 'creator-funnel', 'funnel'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
