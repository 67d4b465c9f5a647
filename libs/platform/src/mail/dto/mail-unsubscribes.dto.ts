import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class UnsubscribeDto {
  @ApiProperty({ description: 'The token of the unsubscribe link' })
  @IsString()
  @MaxLength(200)
  token: string;
}

export class UnsubscribeFromDto extends UnsubscribeDto {
  @ApiPropertyOptional({ format: 'uuid', description: "The link's `from`: the email it came from, so an announcement counts its unsubscribes" })
  @IsOptional()
  @IsString()
  @MaxLength(36)
  from?: string;
}

export class SubscriptionDto {
  @ApiProperty({ description: 'Whether marketing email to the address is now held back' }) unsubscribed: boolean;
}
