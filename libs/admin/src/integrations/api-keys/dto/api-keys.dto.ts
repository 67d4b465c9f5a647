import { ApiProperty } from '@nestjs/swagger';
import { trimString } from '@swishly/platform';
import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { API_KEY_SCOPES, ApiKeyScope } from '../api-key-scopes';
import { ApiKeyView } from '../api-keys.service';

export class CreateApiKeyDto {
  @ApiProperty({ maxLength: 100, description: 'Who uses it, to tell keys apart: "Zapier", "CRM sync"' })
  @Transform(trimString)
  @IsString({ message: 'Name the key' })
  @IsNotEmpty({ message: 'Name the key' })
  @MaxLength(100, { message: 'The name must be at most 100 characters' })
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, description: 'members:read reads the members; members:write adds them' })
  @IsArray({ message: 'Choose at least one scope' })
  @ArrayNotEmpty({ message: 'Choose at least one scope' })
  @IsIn(API_KEY_SCOPES, { each: true, message: `Scopes must be among: ${API_KEY_SCOPES.join(', ')}` })
  scopes: ApiKeyScope[];
}

export class CreatedApiKeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The key itself, shown this once: only its hash is kept', example: 'swk_live_3q2v...' }) key: string;
}

export class ApiKeyDto implements ApiKeyView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true }) scopes: ApiKeyScope[];
  @ApiProperty({ description: "The key's first characters, to recognise it", example: 'swk_live_3q2vXa' }) prefix: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, description: 'The staff account that made it' }) createdById: string | null;
  @ApiProperty({ type: String, nullable: true, description: "That account's email (null: the account is gone)" }) createdBy: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Its last use (to the minute); null: never used' }) lastUsedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it was revoked; null: it works' }) revokedAt: string | null;
}

export class ApiKeysDto {
  @ApiProperty({ type: [ApiKeyDto], description: 'Every key, revoked ones too, newest first' }) keys: ApiKeyDto[];
}
