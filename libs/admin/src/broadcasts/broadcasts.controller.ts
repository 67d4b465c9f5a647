import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, idempotencyKeyOf, RequestMeta, UuidParam } from '@swishly/platform';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { BroadcastProgress, BroadcastsService } from './broadcasts.service';
import {
  AudienceQueryDto,
  AudienceSizeDto,
  BroadcastCreatedDto,
  BroadcastDraftDto,
  BroadcastListDto,
  BroadcastPreviewDto,
  BroadcastProgressDto,
  BroadcastTestSentDto,
  PreviewBroadcastDto,
  SendBroadcastDto,
} from './dto/broadcasts.dto';

/** Launch announcements to the waitlist: the audience's size, a preview, a test to yourself, the send and its progress. */
@ApiTags('admin')
@Controller('api/admin/broadcasts')
@UseGuards(AdminSessionGuard)
@RequiresPermission('announcements')
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
    return { audience: query.audience, ...(await this.broadcasts.recipients(query.audience, query)) };
  }

  @Post('preview')
  @HttpCode(200)
  @ApiDoc('The announcement rendered as the email recipients will get', { auth: 'staff-write', errors: [400] })
  @ApiOkResponse({ type: BroadcastPreviewDto })
  preview(@Body() body: PreviewBroadcastDto): Promise<BroadcastPreviewDto> {
    return this.broadcasts.preview(body, body.audience, body);
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
  @ApiDoc('Send an announcement to an audience, now or at `sendAt`: every recipient exactly once, with one-click unsubscribe', {
    auth: 'staff-write',
    errors: [400, 409],
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key is the same announcement, however often it is sent' })
  @ApiAcceptedResponse({ type: BroadcastCreatedDto })
  send(@Body() body: SendBroadcastDto, @Headers('idempotency-key') key: string | undefined, @RequestMeta() meta: EventMetadata): Promise<BroadcastCreatedDto> {
    return this.broadcasts.send(body, idempotencyKeyOf(key), meta);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiDoc('Cancel a scheduled announcement before it goes', { auth: 'staff-write', errors: [404, 409] })
  @ApiOkResponse({ type: BroadcastProgressDto })
  cancel(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<BroadcastProgress> {
    return this.broadcasts.cancel(id, meta);
  }

  @Get(':id')
  @ApiDoc('How far an announcement has got', { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: BroadcastProgressDto })
  progress(@Param('id', UuidParam) id: string): Promise<BroadcastProgress> {
    return this.broadcasts.progress(id);
  }
}
