import { Body, Controller, Get, HttpCode, Param, Post, Query, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta, UuidParam } from '@swishly/platform';
import { MemberPage, WaitlistMembersService } from '@swishly/waitlist';
import { Readable } from 'node:stream';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { AdmissionProgress, AdmissionsService } from './admissions.service';
import { AdmissionProgressDto } from './dto/admission.dto';
import {
  LeaderboardDto,
  LeaderboardQueryDto,
  MemberFilterDto,
  MemberPageDto,
  MemberQueryDto,
  MemberStatusCountsDto,
  MemberViewDto,
  ReferralReviewDto,
  ReferralReviewResultDto,
  ReferralsReviewDto,
  ReferralsReviewResultDto,
} from './dto/members.dto';
import { MemberView, MemberViewService } from './member-view.service';
import { WaitlistExportsService } from './waitlist-exports.service';

/** /admin/waitlist: the members in position order, their statuses, and the CSV export. */
@ApiTags('admin')
@Controller('api/admin/waitlist')
@UseGuards(AdminSessionGuard)
@RequiresPermission('waitlist')
export class AdminWaitlistController {
  constructor(
    private readonly members: WaitlistMembersService,
    private readonly memberViews: MemberViewService,
    private readonly admissions: AdmissionsService,
    private readonly exports: WaitlistExportsService,
  ) {}

  @Get()
  @ApiDoc('Waitlist members in position order, searched and filtered, a page at a time (keyset)', { auth: 'staff', errors: [400] })
  @ApiOkResponse({ type: MemberPageDto })
  list(@Query() query: MemberQueryDto): Promise<MemberPage> {
    return this.members.list(query);
  }

  @Get('statuses')
  @ApiDoc('How many members each status filter holds', { auth: 'staff' })
  @ApiOkResponse({ type: MemberStatusCountsDto })
  statuses(): Promise<MemberStatusCountsDto> {
    return this.members.statusCounts();
  }

  // Before ':id', which would take "leaderboard" for a member's id.
  @Get('leaderboard')
  @ApiDoc('The top referrers: most credited referrals first (ties in list order), with their pending and held referrals', { auth: 'staff', errors: [400] })
  @ApiOkResponse({ type: LeaderboardDto })
  async leaderboard(@Query() query: LeaderboardQueryDto): Promise<LeaderboardDto> {
    return { entries: await this.members.topReferrers(query.limit ?? 25) };
  }

  @Post('referrals/review')
  @RequiresPermission('waitlist.manage')
  @HttpCode(200)
  @ApiDoc('Decide several referrals held for review at once, with a reason: what became of each', { auth: 'staff-write', errors: [400] })
  @ApiOkResponse({ type: ReferralsReviewResultDto })
  async reviewReferrals(@Body() body: ReferralsReviewDto, @RequestMeta() meta: EventMetadata): Promise<ReferralsReviewResultDto> {
    return { results: await this.members.reviewReferrals(body.entryIds, body.decision, body.reason, meta) };
  }

  @Get(':id')
  @ApiDoc("A member's view: position, referrals, emails sent, early-access code", { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: MemberViewDto })
  view(@Param('id', UuidParam) id: string): Promise<MemberView> {
    return this.memberViews.view(id);
  }

  @Post(':id/confirmation')
  @RequiresPermission('waitlist.manage')
  @HttpCode(202)
  @ApiDoc("Send the member's confirmation link again (not once they have confirmed)", { auth: 'staff-write', errors: [404, 409] })
  async resendConfirmation(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    await this.members.resendConfirmation(id, meta);
  }

  @Post(':id/admission')
  @RequiresPermission('waitlist.manage')
  @HttpCode(202)
  @ApiDoc('Let this member in now, out of turn: their code and invite (confirmed members only)', { auth: 'staff-write', errors: [404, 409] })
  @ApiAcceptedResponse({ type: AdmissionProgressDto })
  admitNow(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<AdmissionProgress> {
    return this.admissions.admitMember(id, meta);
  }

  @Post(':id/referral')
  @RequiresPermission('waitlist.manage')
  @HttpCode(200)
  @ApiDoc('Decide a referral held for review (status flagged): credit it or reject it', { auth: 'staff-write', errors: [400, 404, 409] })
  @ApiOkResponse({ type: ReferralReviewResultDto })
  reviewReferral(@Param('id', UuidParam) id: string, @Body() body: ReferralReviewDto, @RequestMeta() meta: EventMetadata): Promise<ReferralReviewResultDto> {
    return this.members.reviewReferral(id, body.decision, meta, body.reason);
  }

  @Get('export')
  @RequiresPermission('waitlist.manage')
  @ApiDoc('The members the filters select, as CSV (streamed, in position order)', { auth: 'staff', errors: [400] })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'A CSV file: position,first_name,email,status,mail,... (mail: subscribed, unsubscribed, bounced or complained)',
    schema: { type: 'string' },
  })
  async export(@Query() query: MemberFilterDto, @RequestMeta() meta: EventMetadata): Promise<StreamableFile> {
    await this.exports.record(query, meta);
    return new StreamableFile(Readable.from(this.members.csv({ search: query.search, status: query.status })), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${exportFileName(query)}"`,
    });
  }
}

/** `waitlist-2026-11-27-confirmed-renee.csv`: the day, then the filter and the search it holds, so exports are told apart. */
function exportFileName({ status, search }: MemberFilterDto): string {
  const words = (search ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `waitlist-${[new Date().toISOString().slice(0, 10), status, words].filter(Boolean).join('-')}.csv`;
}
