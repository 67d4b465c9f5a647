import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiDoc } from '../http/api-docs';
import { MailWebhookAnswerDto } from './dto/mail-webhooks.dto';
import { MailWebhooks } from './mail-webhooks.service';

@ApiTags('webhooks')
@Controller('api/webhooks')
export class MailWebhooksController {
  constructor(private readonly webhooks: MailWebhooks) {}

  @Post('resend')
  @HttpCode(200)
  @ApiDoc("Resend's delivery events (bounces, complaints, deliveries), signed with RESEND_WEBHOOK_SECRET over the raw body", { errors: [400, 401] })
  @ApiHeader({ name: 'svix-id', required: true })
  @ApiHeader({ name: 'svix-timestamp', required: true, description: 'Seconds since 1970; more than five minutes away is refused' })
  @ApiHeader({ name: 'svix-signature', required: true })
  @ApiOkResponse({ type: MailWebhookAnswerDto })
  receive(
    @Req() request: FastifyRequest & { rawBody?: string },
    @Headers('svix-id') id?: string,
    @Headers('svix-timestamp') timestamp?: string,
    @Headers('svix-signature') signature?: string,
  ): Promise<MailWebhookAnswerDto> {
    return this.webhooks.receive(request.rawBody, { id, timestamp, signature });
  }
}
