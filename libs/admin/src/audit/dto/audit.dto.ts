import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { UUID_PATTERN } from '@swishly/platform';

export class AuditQueryDto {
  @ApiPropertyOptional({ description: "A staff member's id, or an API key's: only what they did" })
  @IsOptional()
  @Matches(UUID_PATTERN, { message: 'actor must be a staff id or an API key id' })
  actor?: string;

  @ApiPropertyOptional({ description: 'Only this action (GET /api/admin/audit/actions lists them)' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  action?: string;

  @ApiPropertyOptional({ description: "The previous page's nextCursor" })
  @IsOptional()
  @Matches(/^\d{1,19}$/, { message: 'Invalid cursor' })
  cursor?: string;
}

export class AuditTargetDto {
  @ApiProperty({ description: 'What was acted on: member, staff, invitation, announcement, post, queue...' }) type: string;
  @ApiProperty({ description: 'Its id (a member by id only, never their data)' }) id: string;
}

export class AuditEntryDto {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ enum: ['staff', 'api-key'], description: 'A staff member, or another system through an API key' }) actorType: 'staff' | 'api-key';
  @ApiProperty({ nullable: true, type: String, description: "The staff member's id, or the API key's" }) actorId: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The staff member (null when unknown, or an API key)' }) actorEmail: string | null;
  @ApiProperty({ nullable: true, type: String, description: "Who in words: the staff member's email, or API key ‘Zapier’ (null when unknown)" })
  actorName: string | null;
  @ApiProperty({ description: 'The event type, e.g. admin.waitlist-exported' }) action: string;
  @ApiProperty({ description: 'The action in words' }) label: string;
  @ApiProperty({ type: AuditTargetDto, nullable: true }) target: AuditTargetDto | null;
  @ApiProperty({ nullable: true, type: String, description: "Why, in staff's words, when the action asked for it (a held referral's review)" })
  reason: string | null;
}

export class AuditPageDto {
  @ApiProperty({ type: [AuditEntryDto] }) entries: AuditEntryDto[];
  @ApiProperty({ nullable: true, type: String, description: 'Pass as cursor for the next (older) page; null on the last' }) nextCursor: string | null;
}

export class AuditActionDto {
  @ApiProperty() action: string;
  @ApiProperty() label: string;
}

export class AuditActionsDto {
  @ApiProperty({ type: [AuditActionDto] }) actions: AuditActionDto[];
}
