import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { trimString } from '@swishly/platform';
import { ShotKind } from '../../coach/coach-context';

export const SHOT_KIND_VALUES: ShotKind[] = ['hbf', 'shot'];
/** The events module's code format (printed on cards, put in links by the app). */
export const SHOT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
export const MAX_MESSAGE_LENGTH = 1000;

export class PostChatMessageDto {
  @ApiProperty({ enum: SHOT_KIND_VALUES })
  @IsIn(SHOT_KIND_VALUES, { message: 'kind must be hbf or shot' })
  kind: ShotKind;

  @ApiProperty({ pattern: SHOT_CODE_PATTERN.source, maxLength: 32 })
  @Transform(trimString)
  @IsString({ message: 'shotCode is required' })
  @Matches(SHOT_CODE_PATTERN, { message: 'shotCode is not a valid shot code' })
  shotCode: string;

  @ApiProperty({ minLength: 1, maxLength: MAX_MESSAGE_LENGTH, description: 'Trimmed; empty or whitespace-only is refused' })
  @Transform(trimString)
  @IsString({ message: 'Message is required' })
  @IsNotEmpty({ message: 'Message is required' })
  @MaxLength(MAX_MESSAGE_LENGTH, { message: `Message must be at most ${MAX_MESSAGE_LENGTH} characters` })
  message: string;

  @ApiPropertyOptional({ maxLength: 100, description: "Shown for context only: the coach uses the analysis's first name" })
  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(100)
  userName?: string;
}

export class ChatMessageDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['user', 'bot'] })
  sender: 'user' | 'bot';

  @ApiProperty()
  content: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class ChatMessagesDto {
  @ApiProperty({ type: [ChatMessageDto] })
  messages: ChatMessageDto[];

  @ApiProperty({ type: [String], description: 'Three questions the coach answers well about this analysis, shown as tappable suggestions' })
  suggestions: string[];
}

/** One server-sent event of POST /api/chat (each `data:` line is one of these, as JSON). */
export class ChatStreamEventDto {
  @ApiProperty({ enum: ['delta', 'done', 'error'] })
  type: 'delta' | 'done' | 'error';

  @ApiPropertyOptional({ description: 'delta: the next piece of the reply' })
  text?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'done: the stored reply' })
  messageId?: string;

  @ApiPropertyOptional({ description: 'error: a message to show as it is' })
  error?: string;
}

export class ConversationParams {
  @ApiProperty({ enum: SHOT_KIND_VALUES })
  @IsIn(SHOT_KIND_VALUES, { message: 'kind must be hbf or shot' })
  kind: ShotKind;

  @ApiProperty({ pattern: SHOT_CODE_PATTERN.source })
  @Matches(SHOT_CODE_PATTERN, { message: 'code is not a valid shot code' })
  code: string;
}
