import { Body, Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta } from '@swishly/platform';
import type { FastifyReply } from 'fastify';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { ErasureResultDto, PrivacyActivityDto, PrivacySubjectDto, SuppressionListDto } from './dto/privacy.dto';
import { ErasureResult, exportFileName, PersonalDataExport, PrivacyActivity, PrivacyService, SuppressionList } from './privacy.service';

/** Staff answer privacy requests: a copy of what we hold about a person, or its erasure. */
@ApiTags('admin')
@Controller('api/admin/privacy')
@UseGuards(AdminSessionGuard)
@RequiresPermission('privacy')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Post('export')
  @HttpCode(200)
  @ApiDoc('Everything we hold about a person, as a JSON download', { auth: 'staff-write', errors: [400] })
  @ApiOkResponse({
    description: 'subject, waitlist, contactMessages, shots, chatMessages, earlyAccessCodes, emails, consent, privacyRequests, history',
    schema: { type: 'object' },
  })
  async export(
    @Body() body: PrivacySubjectDto,
    @RequestMeta() meta: EventMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PersonalDataExport> {
    const copy = await this.privacy.export(body.email, meta);
    reply.header('Content-Disposition', `attachment; filename="${exportFileName(copy)}"`);
    return copy;
  }

  @Get('suppressions')
  @ApiDoc('The suppression list: counts per reason and the latest entries (keyed hashes, never addresses)', { auth: 'staff' })
  @ApiOkResponse({ type: SuppressionListDto })
  suppressions(): Promise<SuppressionList> {
    return this.privacy.suppressions();
  }

  @Get('activity')
  @ApiDoc('The latest erasures and exports: when, by whom, never whose', { auth: 'staff' })
  @ApiOkResponse({ type: [PrivacyActivityDto] })
  activity(): Promise<PrivacyActivity[]> {
    return this.privacy.activity();
  }

  @Post('erase')
  @HttpCode(200)
  @ApiDoc('Erase everything we hold about a person (a second request finds nothing more)', { auth: 'staff-write', errors: [400] })
  @ApiOkResponse({ type: ErasureResultDto })
  erase(@Body() body: PrivacySubjectDto, @RequestMeta() meta: EventMetadata): Promise<ErasureResult> {
    return this.privacy.erase(body.email, meta);
  }
}
