import { ApiProperty } from '@nestjs/swagger';

export class MailWebhookAnswerDto {
  @ApiProperty({ enum: [true] }) ok: true;
  @ApiProperty({ description: 'The delivery was seen before (the same svix-id): nothing was done again' }) duplicate: boolean;
}
