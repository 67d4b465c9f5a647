import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class UnsubscribeDto {
  @ApiProperty({ description: 'The token of the unsubscribe link' })
  @IsString()
  @MaxLength(200)
  token: string;
}

export class SubscriptionDto {
  @ApiProperty({ description: 'Whether marketing email to the address is now held back' }) unsubscribed: boolean;
}
