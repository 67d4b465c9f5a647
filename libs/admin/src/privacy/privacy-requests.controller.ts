import { Body, Controller, Get, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, OkDto, PublicFormDto, PublicFormGuard, RequestMeta } from '@swishly/platform';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { PrivacyRequestKind } from './privacy.events';
import { PrivacyRequestState, PrivacyRequestsService } from './privacy-requests.service';
import { PersonalDataExport } from './privacy.service';

const KINDS: PrivacyRequestKind[] = ['export', 'erasure'];

export class PrivacyRequestDto extends PublicFormDto {
  @ApiProperty({ maxLength: 254 })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email: string;

  @ApiProperty({ enum: KINDS, description: 'export: a copy of the data; erasure: delete it' })
  @IsIn(KINDS, { message: 'Choose a copy or an erasure' })
  kind: PrivacyRequestKind;
}

export class PrivacyRequestTokenDto {
  @ApiProperty({ description: 'The token of the emailed link' })
  @IsString()
  @MaxLength(200)
  token: string;
}

export class PrivacyRequestStateDto implements PrivacyRequestState {
  @ApiProperty({ enum: KINDS }) kind: PrivacyRequestKind;
  @ApiProperty({ format: 'date-time', description: 'The link works until then, once' }) expiresAt: string;
}

/** /privacy-request: a person asks for a copy or the erasure of their data, and confirms by the emailed link. */
@ApiTags('privacy')
@Controller('api/privacy/requests')
export class PrivacyRequestsController {
  constructor(private readonly requests: PrivacyRequestsService) {}

  @Post()
  @HttpCode(202)
  @UseGuards(PublicFormGuard)
  @ApiDoc('Ask for a copy or the erasure of the data under an address: the address is emailed a link (the same answer whether or not we know it)', { errors: [400, 429] })
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
  @ApiOkResponse({ description: 'The export (subject, waitlist, contactMessages, shots, chatMessages, earlyAccessCodes, emails, consent, privacyRequests, history) or { erased: true }', schema: { type: 'object' } })
  async confirm(
    @Body() body: PrivacyRequestTokenDto,
    @RequestMeta() meta: EventMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PersonalDataExport | { erased: true }> {
    const outcome = await this.requests.confirm(body.token, { ...meta, actorType: 'visitor' });
    if (outcome.kind === 'erasure') return { erased: true };
    reply.header('Content-Disposition', `attachment; filename="personal-data-${outcome.copy.subject.exportedAt.slice(0, 10)}.json"`);
    return outcome.copy;
  }
}
