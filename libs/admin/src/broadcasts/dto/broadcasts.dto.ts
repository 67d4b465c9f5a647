import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { BROADCAST_AUDIENCES, BroadcastAudience } from '@swishly/waitlist';
import { IsDateString, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { LeaveOutDto } from '../../waitlist/dto/leave-out.dto';
import { BroadcastProgress, BroadcastStatus, BroadcastSummary } from '../broadcasts.service';

const AUDIENCE_DOC =
  'all: every member who may be mailed; confirmed: everyone who confirmed, admitted or not; waiting: confirmed, not yet admitted; admitted. Never an unconfirmed, unsubscribed or suppressed address.';

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

export class SendBroadcastDto extends IntersectionType(BroadcastDraftDto, LeaveOutDto) {
  @ApiProperty({ enum: BROADCAST_AUDIENCES, description: AUDIENCE_DOC })
  @IsIn(BROADCAST_AUDIENCES, { message: 'Choose who gets the announcement' })
  audience: BroadcastAudience;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Send it then (in the next 90 days) instead of now: the audience is counted at that time, and it can be cancelled until then',
  })
  @IsOptional()
  @IsDateString({ strict: true }, { message: 'Choose a date and time to send it' })
  sendAt?: string;
}

export class AudienceQueryDto extends LeaveOutDto {
  @ApiProperty({ enum: BROADCAST_AUDIENCES })
  @IsIn(BROADCAST_AUDIENCES, { message: 'Choose who gets the announcement' })
  audience: BroadcastAudience;
}

export class AudienceSizeDto {
  @ApiProperty({ enum: BROADCAST_AUDIENCES }) audience: BroadcastAudience;
  @ApiProperty({ description: 'Members the announcement would go to now' }) recipients: number;
  @ApiProperty({ description: 'Members of the audience it would not reach: they unsubscribed, or mail to them bounced or was marked as spam' })
  notMailable: number;
  @ApiProperty({ description: 'Members of the audience the filters leave out' }) leftOut: number;
}

export class BroadcastCreatedDto {
  @ApiProperty({ format: 'uuid' }) id: string;
}

export class BroadcastProgressDto implements BroadcastProgress {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() subject: string;
  @ApiProperty({ enum: BROADCAST_AUDIENCES }) audience: BroadcastAudience;
  @ApiProperty({ enum: ['scheduled', 'cancelled', 'sending', 'sent'] }) status: BroadcastStatus;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When a scheduled announcement goes (or went); null when sent at once' })
  sendAt: string | null;
  @ApiProperty({ description: 'Recipients when it was sent' }) total: number;
  @ApiProperty({ description: 'Emails the provider took' }) sent: number;
  @ApiProperty({ description: 'Recipients not mailed after all (erased, unsubscribed or suppressed since)' }) skipped: number;
  @ApiProperty({ description: 'Emails the provider refused for good' }) failed: number;
  @ApiProperty({ description: 'Recipients erased since it was sent (still counted above; their emails are gone from the mail log)' }) erased: number;
  @ApiProperty({ description: 'Recipients whose email the provider delivered (its signed email.delivered), each once' }) delivered: number;
  @ApiProperty({ description: 'Recipients who opened it (email.opened), each once however often' }) opened: number;
  @ApiProperty({ description: 'Recipients who clicked a link in it (email.clicked), each once' }) clicked: number;
  @ApiProperty({ description: 'Recipients whose email bounced (email.bounced)' }) bounced: number;
  @ApiProperty({ description: 'Recipients who marked it as spam (email.complained)' }) complained: number;
  @ApiProperty({ description: "Recipients who unsubscribed with this email's one-click link" }) unsubscribed: number;
}

export class BroadcastSummaryDto extends BroadcastProgressDto implements BroadcastSummary {
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class BroadcastListDto {
  @ApiProperty({ type: [BroadcastSummaryDto] }) broadcasts: BroadcastSummaryDto[];
}

export class PreviewRecipientDto {
  @ApiProperty() firstName: string;
  @ApiProperty() email: string;
}

export class BroadcastPreviewDto {
  @ApiProperty({ description: 'The whole email as recipients will see it, its personal fields filled in for previewedAs' }) html: string;
  @ApiProperty({
    type: PreviewRecipientDto,
    nullable: true,
    description: "The member whose fields fill the preview: the audience's first; null when it is empty (a sample then)",
  })
  previewedAs: PreviewRecipientDto | null;
}

export class PreviewBroadcastDto extends IntersectionType(BroadcastDraftDto, LeaveOutDto) {
  @ApiPropertyOptional({ enum: BROADCAST_AUDIENCES, description: 'Whose fields fill the preview: this audience’s first member (default all)' })
  @IsOptional()
  @IsIn(BROADCAST_AUDIENCES, { message: 'Choose who gets the announcement' })
  audience?: BroadcastAudience;
}

export class BroadcastTestSentDto {
  @ApiProperty({ description: 'Where the test went: your own address' }) to: string;
}
