import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, idempotencyKeyOf, RequestMeta, UuidParam } from '@swishly/platform';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { AdmissionPreview } from '@swishly/waitlist';
import { AdmissionProgress, AdmissionsService } from './admissions.service';
import { AdmissionPreviewDto, AdmissionProgressDto, AdmitDto, RunningAdmissionDto } from './dto/admission.dto';

/** Letting the next members in: an admission, and its progress. */
@ApiTags('admin')
@Controller('api/admin/waitlist/admissions')
@UseGuards(AdminSessionGuard)
@RequiresPermission('waitlist.manage')
export class AdmissionsController {
  constructor(private readonly admissions: AdmissionsService) {}

  @Post()
  @HttpCode(202)
  @ApiDoc('Admit the next N confirmed members, in position order: each gets a code and an invite. One admission at a time', {
    auth: 'staff-write',
    errors: [400, 409],
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key is the same admission, however often it is sent' })
  @ApiAcceptedResponse({ type: AdmissionProgressDto })
  admit(@Body() body: AdmitDto, @Headers('idempotency-key') key: string | undefined, @RequestMeta() meta: EventMetadata): Promise<AdmissionProgress> {
    return this.admissions.admit(body.count, body, idempotencyKeyOf(key), meta);
  }

  @Get('preview')
  @ApiDoc('Who an admission of N would let in now (the first 100 by name), and whom it passes over', { auth: 'staff', errors: [400] })
  @ApiOkResponse({ type: AdmissionPreviewDto })
  preview(@Query() query: AdmitDto): Promise<AdmissionPreview> {
    return this.admissions.preview(query.count, query);
  }

  @Get('running')
  @ApiDoc('The admission still giving out codes and invites, if one is', { auth: 'staff' })
  @ApiOkResponse({ type: RunningAdmissionDto })
  async running(): Promise<RunningAdmissionDto> {
    return { admission: await this.admissions.running() };
  }

  @Get(':id')
  @ApiDoc('How far an admission has got', { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: AdmissionProgressDto })
  progress(@Param('id', UuidParam) id: string): Promise<AdmissionProgress> {
    return this.admissions.progress(id);
  }
}
