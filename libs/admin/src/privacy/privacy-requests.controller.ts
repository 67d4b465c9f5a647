import { Body, Controller, Get, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, OkDto, PublicFormGuard, RequestMeta } from '@swishly/platform';
import type { FastifyReply } from 'fastify';
import { PrivacyRequestDto, PrivacyRequestStateDto, PrivacyRequestTokenDto } from './dto/privacy-requests.dto';
import { PrivacyRequestState, PrivacyRequestsService } from './privacy-requests.service';
import { exportFileName, PersonalDataExport } from './privacy.service';

/** /privacy-request: a person asks for a copy or the erasure of their data, and confirms by the emailed link. */
@ApiTags('privacy')
@Controller('api/privacy/requests')
export class PrivacyRequestsController {
  constructor(private readonly requests: PrivacyRequestsService) {}

  @Post()
  @HttpCode(202)
  @UseGuards(PublicFormGuard)
  @ApiDoc('Ask for a copy or the erasure of the data under an address: the address is emailed a link (the same answer whether or not we know it)', {
    errors: [400, 429],
  })
  @ApiAcceptedResponse({ type: OkDto })
  async request(@Body() body: PrivacyRequestDto, @RequestMeta() meta: EventMetadata): Promise<OkDto> {
    await this.requests.request(body.email, body.kind, meta);
    return { ok: true };
  }

  @Get()
  @ApiDoc('What the emailed link will do, and until when', { errors: [404, 410] })
  @ApiOkResponse({ type: PrivacyRequestStateDto })
  inspect(@Query() query: PrivacyRequestTokenDto): Promise<PrivacyRequestState> {
    return this.requests.inspect(query.token);
  }

  @Post('confirm')
  @HttpCode(200)
  @UseGuards(PublicFormGuard)
  @ApiDoc('Carry out the request of an emailed link, once: an export answers the JSON download, an erasure { erased: true }', { errors: [400, 404, 410, 429] })
  @ApiOkResponse({
    description:
      'The export (subject, waitlist, contactMessages, shots, chatMessages, earlyAccessCodes, emails, consent, privacyRequests, history) or { erased: true }',
    schema: { type: 'object' },
  })
  async confirm(
    @Body() body: PrivacyRequestTokenDto,
    @RequestMeta() meta: EventMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PersonalDataExport | { erased: true }> {
    const outcome = await this.requests.confirm(body.token, { ...meta, actorType: 'visitor' });
    if (outcome.kind === 'erasure') return { erased: true };
    reply.header('Content-Disposition', `attachment; filename="${exportFileName(outcome.copy)}"`);
    return outcome.copy;
  }
}
