import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MailLogEntry, MailLogItem, MailLogPage, MAIL_STATUSES, MailStatus } from '@swishly/platform';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** The statuses the list can be filtered by. */
const FILTER_STATUSES: MailStatus[] = ['logged', 'sent', 'delivered', 'bounced', 'failed', 'suppressed'];

export class MailLogQueryDto {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  page: number = 1;
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 25 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  pageSize: number = 25;
  @ApiPropertyOptional({ enum: [...FILTER_STATUSES, ''], description: 'Only emails with this status (empty: all)' })
  @IsOptional()
  @IsIn([...FILTER_STATUSES, ''])
  status?: MailStatus | '';
  @ApiPropertyOptional({ maxLength: 100, description: 'Only emails of this kind (their template, e.g. waitlist-invite; empty: all)' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  template?: string;
  @ApiPropertyOptional({
    maxLength: 200,
    description: 'Words of the recipient’s address or the subject (case and accents of the address as the log keeps them)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}

export class MailTemplatesDto {
  @ApiProperty({ type: [String], description: 'The kinds of email the log holds, by template' }) templates: string[];
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
  @ApiProperty({
    description:
      'Its links carried a secret that acts for the person (a reset, confirm, status, unsubscribe or privacy link): they are shown with the secret hidden, in the HTML and the text',
  })
  linksHidden: boolean;
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
