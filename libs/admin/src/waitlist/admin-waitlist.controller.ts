import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiProduces, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, MAIL_STATUSES, MailStatus, RequestMeta } from '@swishly/platform';
import { MEMBER_STATUSES, MemberPage, MemberStatus, WaitlistMember, WaitlistMembersService } from '@swishly/waitlist';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Readable } from 'node:stream';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { AdmissionProgressDto } from './admissions.controller';
import { AdmissionProgress, AdmissionsService } from './admissions.service';
import { MemberView, MemberViewService } from './member-view.service';

export class MemberFilterDto {
  @ApiPropertyOptional({ maxLength: 254, description: 'A name, an address or a referral code (or part of one)' })
  @IsOptional() @IsString() @MaxLength(254) search?: string;
  @ApiPropertyOptional({ enum: [...MEMBER_STATUSES, ''], description: 'Only members with this status (empty: all)' })
  @IsOptional() @Transform(({ value }) => (value === '' ? undefined : value)) @IsIn(MEMBER_STATUSES) status?: MemberStatus;
}

export class MemberQueryDto extends MemberFilterDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200) limit?: number;
  @ApiPropertyOptional({ description: "The previous page's nextCursor" })
  @IsOptional() @IsString() @MaxLength(100) cursor?: string;
}

export class WaitlistMemberDto implements WaitlistMember {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The place in the whole list' }) position: number;
  @ApiProperty() firstName: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: MEMBER_STATUSES }) status: MemberStatus;
  @ApiProperty() referralCode: string;
  @ApiProperty() referralCredits: number;
  @ApiProperty() source: string;
  @ApiProperty({ type: String, nullable: true }) creatorCode: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) confirmedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) admittedAt: string | null;
  @ApiProperty({ description: 'Signed up with a disposable (throwaway) address: flagged for staff' }) disposableEmail: boolean;
}

export class MemberPageDto implements MemberPage {
  @ApiProperty({ type: [WaitlistMemberDto] }) entries: WaitlistMemberDto[];
  @ApiProperty({ description: 'Members the filters select' }) total: number;
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last' }) nextCursor: string | null;
}

export class ReferralReviewDto {
  @ApiProperty({ enum: ['credit', 'reject'], description: 'credit: the referral counts by the usual rule; reject: it never does' })
  @IsIn(['credit', 'reject'], { message: 'Choose credit or reject' })
  decision: 'credit' | 'reject';
}

export class ReferralReviewResultDto {
  @ApiProperty({ enum: ['pending', 'credited', 'rejected'], description: "The member's referral now: pending until they confirm, credited, or rejected" })
  referralStatus: string;
}

export class MemberStatusCountsDto {
  @ApiProperty() all: number;
  @ApiProperty() unconfirmed: number;
  @ApiProperty() confirmed: number;
  @ApiProperty() admitted: number;
  @ApiProperty() unsubscribed: number;
  @ApiProperty() flagged: number;
}

export class ReferredByDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() referralCode: string;
}

export class ReferredFriendDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty({ enum: ['pending', 'credited', 'flagged', 'rejected'], description: 'pending: counts once they confirm; flagged: held for review' }) referral: 'pending' | 'credited' | 'flagged' | 'rejected';
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class MemberReferralsDto {
  @ApiProperty() credited: number;
  @ApiProperty() pending: number;
  @ApiProperty() flagged: number;
  @ApiProperty() rejected: number;
  @ApiProperty({ type: [ReferredFriendDto], description: 'Whom they referred (the first 200)' }) friends: ReferredFriendDto[];
}

export class MemberEmailDto {
  @ApiProperty() id: string;
  @ApiProperty() template: string;
  @ApiProperty() subject: string;
  @ApiProperty({ enum: MAIL_STATUSES }) status: MailStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class MemberCodeDto {
  @ApiProperty() code: string;
  @ApiProperty() used: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class FirstTouchDto {
  @ApiProperty({ type: String, nullable: true }) utmSource: string | null;
  @ApiProperty({ type: String, nullable: true }) utmCampaign: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The visit's first page (a path)" }) page: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The host of the site that linked to it' }) referrer: string | null;
}

export class MemberAttributionDto {
  @ApiProperty({ type: String, nullable: true, description: "The download page's source tag the join came with" }) sourceTag: string | null;
  @ApiProperty({ type: String, nullable: true }) utmSource: string | null;
  @ApiProperty({ type: String, nullable: true }) utmCampaign: string | null;
  @ApiPropertyOptional({ type: FirstTouchDto, nullable: true, description: "The visit's first page (joins since first touch was kept)" })
  firstTouch?: FirstTouchDto | null;
}

export class MemberViewDto implements MemberView {
  @ApiProperty({ type: WaitlistMemberDto }) member: WaitlistMemberDto;
  @ApiProperty({ type: MemberAttributionDto, nullable: true, description: 'Where they came from: the join\'s own source and first touch' })
  attribution: MemberAttributionDto | null;
  @ApiProperty({ type: ReferredByDto, nullable: true }) referredBy: ReferredByDto | null;
  @ApiProperty({ type: MemberReferralsDto }) referrals: MemberReferralsDto;
  @ApiProperty({ type: [MemberEmailDto], description: 'Emails to their address, newest first (the last 50)' }) emails: MemberEmailDto[];
  @ApiProperty({ type: MemberCodeDto, nullable: true }) earlyAccessCode: MemberCodeDto | null;
}

/** /admin/waitlist: the members in position order, their statuses, and the CSV export. */
@ApiTags('admin')
@Controller('api/admin/waitlist')
@UseGuards(AdminSessionGuard)
export class AdminWaitlistController {
  constructor(
    private readonly members: WaitlistMembersService,
    private readonly memberViews: MemberViewService,
    private readonly admissions: AdmissionsService,
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

  @Get(':id')
  @ApiDoc("A member's view: position, referrals, emails sent, early-access code", { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: MemberViewDto })
  view(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<MemberView> {
    return this.memberViews.view(id);
  }

  @Post(':id/confirmation')
  @HttpCode(202)
  @ApiDoc("Send the member's confirmation link again (not once they have confirmed)", { auth: 'staff-write', errors: [404, 409] })
  async resendConfirmation(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    await this.members.resendConfirmation(id, meta);
  }

  @Post(':id/admission')
  @HttpCode(202)
  @ApiDoc('Let this member in now, out of turn: their code and invite (confirmed members only)', { auth: 'staff-write', errors: [404, 409] })
  @ApiAcceptedResponse({ type: AdmissionProgressDto })
  admitNow(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string, @RequestMeta() meta: EventMetadata): Promise<AdmissionProgress> {
    return this.admissions.admitMember(id, meta);
  }

  @Post(':id/referral')
  @HttpCode(200)
  @ApiDoc('Decide a referral held for review (status flagged): credit it or reject it', { auth: 'staff-write', errors: [400, 404, 409] })
  @ApiOkResponse({ type: ReferralReviewResultDto })
  reviewReferral(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string, @Body() body: ReferralReviewDto, @RequestMeta() meta: EventMetadata): Promise<ReferralReviewResultDto> {
    return this.members.reviewReferral(id, body.decision, meta);
  }

  @Get('export')
  @ApiDoc('The members the filters select, as CSV (streamed, in position order)', { auth: 'staff', errors: [400] })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'A CSV file: position,first_name,email,status,mail,... (mail: subscribed, unsubscribed, bounced or complained)', schema: { type: 'string' } })
  export(@Query() query: MemberFilterDto): StreamableFile {
    return new StreamableFile(Readable.from(this.members.csv({ search: query.search, status: query.status })), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="waitlist-${new Date().toISOString().slice(0, 10)}${query.status ? `-${query.status}` : ''}.csv"`,
    });
  }
}
