import { Controller, Get, Param, ParseEnumPipe, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AnalyticsReportDto, AnalyticsReportsService, type FunnelReader, REPORT_TABLES, ReportRangeDto, type ReportTable } from '@swishly/analytics';
import { ApiDoc } from '@swishly/platform';
import { CreatorCodesService } from '@swishly/waitlist';
import type { FastifyReply } from 'fastify';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { ReportFunnelRepository } from './funnel/report-funnel.repository';

/**
 * The marketing reports (owned by the analytics module), for staff; creator codes come from the
 * waitlist, and the funnel (joined → confirmed → admitted → code redeemed) from this module, which
 * sees admissions and early-access codes.
 */
@ApiTags('admin')
@Controller('api/admin/analytics')
@UseGuards(AdminSessionGuard)
@RequiresPermission('report')
export class AnalyticsController {
  constructor(
    private readonly reports: AnalyticsReportsService,
    private readonly creatorCodes: CreatorCodesService,
    private readonly funnel: ReportFunnelRepository,
  ) {}

  private readonly funnelSums: FunnelReader = (from, to) => this.funnel.sums(from, to);

  @Get('report')
  @ApiDoc('Downloads, sign-ups and the waitlist funnel of a period, by source, platform, click type and creator code', { auth: 'staff', errors: [400] })
  @ApiOkResponse({ type: AnalyticsReportDto })
  async report(@Query() range: ReportRangeDto): Promise<AnalyticsReportDto> {
    return this.reports.report(range, await this.codes(), this.funnelSums);
  }

  @Get('export-report')
  @ApiDoc("The whole report of a period in one CSV file: each table under its name ('Download report')", { auth: 'staff', errors: [400] })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'Every table of the report, each under a line with its name, a blank line between them', schema: { type: 'string' } })
  async exportReport(@Query() range: ReportRangeDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const body = await this.reports.reportCsv(range, await this.codes(), this.funnelSums);
    const period = range.from && range.to ? `-${range.from}-to-${range.to}` : '';
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="analytics-report${period}.csv"`);
    return body;
  }

  @Get('export/:table')
  @ApiDoc('One table of the report as CSV', { auth: 'staff', errors: [400] })
  @ApiParam({ name: 'table', enum: REPORT_TABLES })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'A CSV file with a header row', schema: { type: 'string' } })
  async export(
    @Param('table', new ParseEnumPipe(REPORT_TABLES, { errorHttpStatusCode: 404 })) table: ReportTable,
    @Query() range: ReportRangeDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const body = await this.reports.csv(table, range, await this.codes(), this.funnelSums);
    const { from, to } = range;
    const period = from && to ? `-${from}-to-${to}` : '';
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="analytics-${table}${period}.csv"`);
    return body;
  }

  private async codes(): Promise<string[]> {
    return (await this.creatorCodes.list()).map((c) => c.code);
  }
}
