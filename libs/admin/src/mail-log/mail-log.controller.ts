import { Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig, ApiDoc, EventMetadata, EventStore, MailLogEntry, MailLogItem, MailLogPage, MAIL_STATUSES, MailLogService, MailStatus, OkDto, RequestMeta } from '@swishly/platform';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { EmailResendRequested, MAIL_LOG_STREAM } from './mail-log.events';

/** The statuses the list can be filtered by. */
const FILTER_STATUSES: MailStatus[] = ['logged', 'sent', 'delivered', 'bounced', 'failed', 'suppressed'];

export class MailLogQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1_000_000) page: number = 1;
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) pageSize: number = 25;
  @ApiPropertyOptional({ enum: [...FILTER_STATUSES, ''], description: 'Only emails with this status (empty: all)' })
  @IsOptional() @IsIn([...FILTER_STATUSES, '']) status?: MailStatus | '';
}

export class MailLogItemDto implements MailLogItem {
  @ApiProperty({ description: 'The mail log row (a number, as a string)' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'The event the email came from' }) eventId: string;
  @ApiProperty({ example: 'waitlist-welcome' }) template: string;
  @ApiProperty() to: string;
  @ApiProperty() subject: string;
  @ApiProperty({ enum: MAIL_STATUSES }) status: MailStatus;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class MailLogEntryDto extends MailLogItemDto implements MailLogEntry {
  @ApiProperty() from: string;
  @ApiProperty() html: string;
  @ApiProperty() text: string;
  @ApiProperty({ description: "Its links carried a secret that acts for the person (a reset, confirm, status, unsubscribe or privacy link): they are shown with the secret hidden, in the HTML and the text" }) linksHidden: boolean;
}

export class MailLogPageDto implements MailLogPage {
  @ApiProperty({ type: [MailLogItemDto] }) items: MailLogItemDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}

/** Whether this instance sends email, for the mail log's and the dashboard's banner. */
export class MailDeliveryDto {
  @ApiProperty({ description: "Emails go to the provider (Resend); false: they are only written to the mail log as 'logged'" })
  enabled: boolean;

  @ApiProperty({ example: 'RESEND_API_KEY', description: 'The setting that turns delivery on' })
  setting: string;
}

/** /admin/emails: every email the system rendered, newest first; a failed one can be sent again. */
@ApiTags('admin')
@Controller('api/admin/emails')
@UseGuards(AdminSessionGuard)
export class MailLogController {
  constructor(
    private readonly mailLog: MailLogService,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('delivery')
  @ApiDoc('Whether this instance sends email (RESEND_API_KEY set) or only writes it to the mail log', { auth: 'staff' })
  @ApiOkResponse({ type: MailDeliveryDto })
  delivery(): MailDeliveryDto {
    return { enabled: Boolean(this.config.RESEND_API_KEY), setting: 'RESEND_API_KEY' };
  }

  @Get()
  @ApiDoc('The mail log, newest first, filtered and paged', { auth: 'staff', errors: [400] })
  @ApiOkResponse({ type: MailLogPageDto })
  list(@Query() query: MailLogQueryDto): Promise<MailLogPage> {
    return this.mailLog.list(query.page, query.pageSize, query.status || undefined);
  }

  @Get(':id')
  @ApiDoc('One email of the mail log, with its HTML and text', { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: MailLogEntryDto })
  get(@Param('id') id: string): Promise<MailLogEntry> {
    return this.mailLog.get(id);
  }

  @Post(':id/resend')
  @ApiDoc('Send a failed email again', { auth: 'staff-write', errors: [404, 409] })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: OkDto, description: 'The email is queued to be sent again' })
  async resend(@Param('id') id: string, @RequestMeta() meta: EventMetadata): Promise<{ ok: true }> {
    const entry = await this.mailLog.assertResendable(id);
    await this.events.append({ streamType: MAIL_LOG_STREAM, streamId: entry.id }, 'any', [EmailResendRequested({ mailLogId: entry.id })], meta);
    return { ok: true };
  }
}
