import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { trimString } from '@swishly/platform';
import { WEBHOOK_EVENT_TYPES, WebhookEventType } from '../webhooks.events';

const EVENTS_MESSAGE = `Choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}`;
export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'cancelled'] as const;

export class CreateWebhookDto {
  @ApiProperty({ maxLength: 2048, description: 'An https URL whose host resolves to public addresses only' })
  @Transform(trimString)
  @IsString({ message: 'Enter the URL to send to' })
  @MaxLength(2048, { message: 'The URL is too long (2,048 characters at most)' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @ArrayUnique({ message: 'Name each event once' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE })
  events: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: 200, nullable: true, type: String, description: 'What the endpoint is for, for staff' })
  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(200, { message: 'The description is too long (200 characters at most)' })
  description?: string | null;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: 2048 })
  @IsOptional()
  @Transform(trimString)
  @IsString({ message: 'Enter the URL to send to' })
  @MaxLength(2048, { message: 'The URL is too long (2,048 characters at most)' })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsOptional()
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayNotEmpty({ message: EVENTS_MESSAGE })
  @ArrayUnique({ message: 'Name each event once' })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ maxLength: 200, nullable: true, type: String })
  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(200, { message: 'The description is too long (200 characters at most)' })
  description?: string | null;
}

export class WebhookCreatedDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'The signing secret (whsec_...): shown this once' }) secret: string;
}

export class WebhookSecretDto {
  @ApiProperty({ description: 'The new signing secret (whsec_...): shown this once; the previous one also signs for 24 hours' }) secret: string;
}

export class WebhookDeliveryCountsDto {
  @ApiProperty() delivered: number;
  @ApiProperty({ description: 'Waiting for an attempt (or for the endpoint to be resumed)' }) pending: number;
  @ApiProperty({ description: 'Every attempt failed' }) failed: number;
}

export class WebhookEndpointDto {
  @ApiProperty() id: string;
  @ApiProperty() url: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true }) events: WebhookEventType[];
  @ApiProperty({ enum: ['active', 'paused'] }) status: 'active' | 'paused';
  @ApiProperty({ enum: ['staff', 'failing'], nullable: true, type: String }) pausedReason: 'staff' | 'failing' | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) pausedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Every attempt has failed since then' }) failingSince: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastDeliveredAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When the secret was last rotated' }) secretRotatedAt: string | null;
  @ApiProperty({ type: WebhookDeliveryCountsDto }) deliveries: WebhookDeliveryCountsDto;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class WebhookEndpointListDto {
  @ApiProperty({ type: [WebhookEndpointDto] }) endpoints: WebhookEndpointDto[];
}

export class WebhookDeliveryQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES, { message: `Status must be one of: ${DELIVERY_STATUSES.join(', ')}` })
  status?: (typeof DELIVERY_STATUSES)[number];

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  cursor?: string;
}

export class WebhookDeliveryDto {
  @ApiProperty({ description: 'The webhook-id header of every attempt' }) id: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) eventType: WebhookEventType;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status: (typeof DELIVERY_STATUSES)[number];
  @ApiProperty() attempts: number;
  @ApiProperty({ nullable: true, type: Number, description: "The receiver's last HTTP status" }) responseStatus: number | null;
  @ApiProperty({ nullable: true, type: String }) lastError: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastAttemptAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When it is tried next (pending only)' }) nextAttemptAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) deliveredAt: string | null;
  @ApiProperty({ description: 'What was (or will be) sent', type: 'object', additionalProperties: true }) payload: Record<string, unknown>;
}

export class WebhookDeliveryPageDto {
  @ApiProperty({ type: [WebhookDeliveryDto] }) deliveries: WebhookDeliveryDto[];
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
}
