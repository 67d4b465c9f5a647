import { Body, Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Query, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, idempotencyKeyOf, RequestMeta } from '@swishly/platform';
import { BROADCAST_AUDIENCES, BroadcastAudience } from '@swishly/waitlist';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { BroadcastProgress, BroadcastsService, BroadcastSummary } from './broadcasts.service';

const AUDIENCE_DOC = 'all: every member who may be mailed; confirmed: everyone who confirmed, admitted or not; waiting: confirmed, not yet admitted; admitted. Never an unconfirmed, unsubscribed or suppressed address.';

export class BroadcastDraftDto {
  @ApiProperty({ maxLength: 200 })
  @IsString({ message: 'Give the announcement a subject' })
  @MaxLength(200, { message: 'Keep the subject under 200 characters' })
  subject: string;

  @ApiProperty({ maxLength: 200_000, description: 'The body, from the resources editor; sanitised like posts' })
  @IsString({ message: 'Write the announcement' })
  @MaxLength(200_000, { message: 'The announcement is too long' })
  html: string;
}

export class SendBroadcastDto extends BroadcastDraftDto {
  @ApiProperty({ enum: BROADCAST_AUDIENCES, description: AUDIENCE_DOC })
  @IsIn(BROADCAST_AUDIENCES, { message: 'Choose who gets the announcement' })
  audience: BroadcastAudience;
}

export class AudienceQueryDto {
  @ApiProperty({ enum: BROADCAST_AUDIENCES })
  @IsIn(BROADCAST_AUDIENCES, { message: 'Choose who gets the announcement' })
  audience: BroadcastAudience;
}

export class AudienceSizeDto {
  @ApiProperty({ enum: BROADCAST_AUDIENCES }) audience: BroadcastAudience;
  @ApiProperty({ description: 'Members the announcement would go to now' }) recipients: number;
}

export class BroadcastCreatedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
}

export class BroadcastProgressDto implements BroadcastProgress {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() subject: string;
  @ApiProperty({ enum: BROADCAST_AUDIENCES }) audience: BroadcastAudience;
  @ApiProperty({ enum: ['sending', 'sent'] }) status: 'sending' | 'sent';
  @ApiProperty({ description: 'Recipients when it was sent' }) total: number;
  @ApiProperty({ description: 'Emails the provider took' }) sent: number;
  @ApiProperty({ description: 'Recipients not mailed after all (erased, unsubscribed or suppressed since)' }) skipped: number;
  @ApiProperty({ description: 'Emails the provider refused for good' }) failed: number;
}

export class BroadcastSummaryDto extends BroadcastProgressDto implements BroadcastSummary {
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class BroadcastListDto {
  @ApiProperty({ type: [BroadcastSummaryDto] }) broadcasts: BroadcastSummaryDto[];
}

export class BroadcastPreviewDto {
  @ApiProperty({ description: 'The whole email as recipients will see it' }) html: string;
}

export class BroadcastTestSentDto {
  @ApiProperty({ description: 'Where the test went: your own address' }) to: string;
}

/** Launch announcements to the waitlist: the audience's size, a preview, a test to yourself, the send and its progress. */
@ApiTags('admin')
@Controller('api/admin/broadcasts')
@UseGuards(AdminSessionGuard)
export class BroadcastsController {
  constructor(private readonly broadcasts: BroadcastsService) {}

  @Get()
  @ApiDoc('The latest announcements, newest first', { auth: 'staff' })
  @ApiOkResponse({ type: BroadcastListDto })
  async list(): Promise<BroadcastListDto> {
    return { broadcasts: await this.broadcasts.list() };
  }

  @Get('audience')
  @ApiDoc('How many members an announcement to this audience would go to', { auth: 'staff', errors: [400] })
  @ApiOkResponse({ type: AudienceSizeDto })
  async audience(@Query() query: AudienceQueryDto): Promise<AudienceSizeDto> {
    return { audience: query.audience, recipients: await this.broadcasts.recipients(query.audience) };
  }

  @Post('preview')
  @HttpCode(200)
  @ApiDoc('The announcement rendered as the email recipients will get', { auth: 'staff-write', errors: [400] })
  @ApiOkResponse({ type: BroadcastPreviewDto })
  preview(@Body() body: BroadcastDraftDto): BroadcastPreviewDto {
    return this.broadcasts.preview(body);
  }

  @Post('test')
  @HttpCode(202)
  @ApiDoc('Send the announcement to your own address, marked as a test', { auth: 'staff-write', errors: [400] })
  @ApiAcceptedResponse({ type: BroadcastTestSentDto })
  test(@Body() body: BroadcastDraftDto, @RequestMeta() meta: EventMetadata): Promise<BroadcastTestSentDto> {
    return this.broadcasts.sendTest(body, meta);
  }

  @Post()
  @HttpCode(202)
  @ApiDoc('Send an announcement to an audience: every recipient exactly once, with one-click unsubscribe', { auth: 'staff-write', errors: [400, 409] })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key is the same announcement, however often it is sent' })
  @ApiAcceptedResponse({ type: BroadcastCreatedDto })
  send(@Body() body: SendBroadcastDto, @Headers('idempotency-key') key: string | undefined, @RequestMeta() meta: EventMetadata): Promise<BroadcastCreatedDto> {
    return this.broadcasts.send(body, idempotencyKeyOf(key), meta);
  }

  @Get(':id')
  @ApiDoc('How far an announcement has got', { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: BroadcastProgressDto })
  progress(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<BroadcastProgress> {
    return this.broadcasts.progress(id);
  }
}
