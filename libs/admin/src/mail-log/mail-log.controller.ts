import { Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig, ApiDoc, EventMetadata, EventStore, MailLogEntry, MailLogPage, MailLogService, OkDto, RequestMeta } from '@swishly/platform';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { MailDeliveryDto, MailLogEntryDto, MailLogPageDto, MailLogQueryDto, MailTemplatesDto } from './dto/mail-log.dto';
import { EmailResendRequested, MAIL_LOG_STREAM } from './mail-log.events';

/** /admin/emails: every email the system rendered, newest first; a failed one can be sent again. */
@ApiTags('admin')
@Controller('api/admin/emails')
@UseGuards(AdminSessionGuard)
@RequiresPermission('mail-log')
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
    return this.mailLog.list(query.page, query.pageSize, { status: query.status || undefined, template: query.template || undefined, search: query.search });
  }

  @Get('templates')
  @ApiDoc('The kinds of email the mail log holds, for its filter', { auth: 'staff' })
  @ApiOkResponse({ type: MailTemplatesDto })
  async templates(): Promise<MailTemplatesDto> {
    return { templates: await this.mailLog.templates() };
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
