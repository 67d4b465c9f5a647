import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '../http/api-docs';
import { SubscriptionDto, UnsubscribeDto, UnsubscribeFromDto } from './dto/mail-unsubscribes.dto';
import { MailUnsubscribes } from './mail-unsubscribes.service';

/** The unsubscribe link's POST (RFC 8058), the page's state (a GET that changes nothing) and its two buttons. */
@ApiTags('email')
@Controller()
export class MailUnsubscribesController {
  constructor(private readonly unsubscribes: MailUnsubscribes) {}

  /**
   * The URL in List-Unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click`, form-encoded
   * (the one form-encoded body the API takes), and gets its 200 at once. (A GET of the same URL
   * is the site's page, which asks the API below.)
   */
  @Post('unsubscribe')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async oneClick(@Query('token') token: string, @Query('from') from?: string): Promise<{ unsubscribed: true }> {
    await this.unsubscribes.unsubscribe(token, typeof from === 'string' ? from : undefined);
    return { unsubscribed: true };
  }

  @Get('api/email/subscription')
  @ApiDoc("Whether the address of an unsubscribe link gets marketing email now; reads only (the page's first request)", { errors: [400] })
  @ApiOkResponse({ type: SubscriptionDto })
  @Header('Cache-Control', 'no-store')
  async subscription(@Query() query: UnsubscribeDto): Promise<SubscriptionDto> {
    return { unsubscribed: await this.unsubscribes.isUnsubscribed(query.token) };
  }

  @Post('api/email/unsubscribe')
  @HttpCode(200)
  @ApiDoc('Stop marketing email to the address of an unsubscribe link', { errors: [400] })
  @ApiOkResponse({ type: SubscriptionDto })
  async unsubscribe(@Body() body: UnsubscribeFromDto): Promise<SubscriptionDto> {
    await this.unsubscribes.unsubscribe(body.token, body.from);
    return { unsubscribed: true };
  }

  @Post('api/email/resubscribe')
  @HttpCode(200)
  @ApiDoc('Undo an unsubscribe (never a bounce or a complaint)', { errors: [400] })
  @ApiOkResponse({ type: SubscriptionDto })
  async resubscribe(@Body() body: UnsubscribeDto): Promise<SubscriptionDto> {
    await this.unsubscribes.undo(body.token);
    return { unsubscribed: false };
  }
}
