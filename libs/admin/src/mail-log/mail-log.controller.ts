import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EventMetadata, EventStore, MailLogEntry, MailLogPage, MailLogService, MailStatus, RequestMeta } from '@swishly/platform';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { EmailResendRequested, MAIL_LOG_STREAM } from './mail-log.events';

export class MailLogQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page: number = 1;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) pageSize: number = 25;
  @IsOptional() @IsIn(['logged', 'sent', 'failed', '']) status?: MailStatus | '';
}

/** /admin/emails: every email the system rendered, newest first; a failed one can be sent again. */
@ApiTags('admin')
@Controller('api/admin/emails')
@UseGuards(AdminSessionGuard)
export class MailLogController {
  constructor(
    private readonly mailLog: MailLogService,
    private readonly events: EventStore,
  ) {}

  @Get()
  list(@Query() query: MailLogQueryDto): Promise<MailLogPage> {
    return this.mailLog.list(query.page, query.pageSize, query.status || undefined);
  }

  @Get(':id')
  get(@Param('id') id: string): Promise<MailLogEntry> {
    return this.mailLog.get(id);
  }

  @Post(':id/resend')
  @HttpCode(202)
  async resend(@Param('id') id: string, @RequestMeta() meta: EventMetadata): Promise<{ ok: true }> {
    const entry = await this.mailLog.assertResendable(id);
    await this.events.append({ streamType: MAIL_LOG_STREAM, streamId: entry.id }, 'any', [EmailResendRequested({ mailLogId: entry.id })], meta);
    return { ok: true };
  }
}
