import { Body, Controller, Get, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta } from '@swishly/platform';
import { Transform } from 'class-transformer';
import { IsEmail, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { ErasureResult, PersonalDataExport, PrivacyActivity, PrivacyService, SuppressionList } from './privacy.service';

export class PrivacySubjectDto {
  @ApiProperty({ maxLength: 254, description: 'The address the person used with us' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email: string;
}

export class ErasureResultDto implements ErasureResult {
  @ApiProperty({ format: 'uuid', description: 'The audit id of the erasure (the address is never kept with it)' }) requestId: string;
  @ApiProperty({ description: 'Rows removed from the read models and the mail log' }) records: number;
  @ApiProperty({ description: 'Events whose personal fields were deleted' }) personalFields: number;
}

class SuppressionCountsDto {
  @ApiProperty() bounced: number;
  @ApiProperty() complained: number;
  @ApiProperty() unsubscribed: number;
}

class SuppressionDto {
  @ApiProperty({ description: 'The first 12 characters of the keyed hash of the address (the address itself is never kept)' }) addressHash: string;
  @ApiProperty({ enum: ['bounced', 'complained', 'unsubscribed'] }) reason: 'bounced' | 'complained' | 'unsubscribed';
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class SuppressionListDto implements SuppressionList {
  @ApiProperty({ type: SuppressionCountsDto }) counts: SuppressionCountsDto;
  @ApiProperty({ type: [SuppressionDto], description: 'The latest 50' }) recent: SuppressionDto[];
}

export class PrivacyActivityDto implements PrivacyActivity {
  @ApiProperty({ format: 'uuid' }) requestId: string;
  @ApiProperty({ enum: ['erasure', 'export'] }) kind: 'erasure' | 'export';
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ enum: ['staff', 'person'] }) by: 'staff' | 'person';
  @ApiProperty({ type: String, nullable: true }) staffEmail: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Rows an erasure removed' }) records: number | null;
}

/** Staff answer privacy requests: a copy of what we hold about a person, or its erasure. */
@ApiTags('admin')
@Controller('api/admin/privacy')
@UseGuards(AdminSessionGuard)
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Post('export')
  @HttpCode(200)
  @ApiDoc('Everything we hold about a person, as a JSON download', { auth: 'staff-write', errors: [400] })
  @ApiOkResponse({ description: 'subject, waitlist, contactMessages, shots, chatMessages, earlyAccessCodes, emails, consent, privacyRequests, history', schema: { type: 'object' } })
  async export(@Body() body: PrivacySubjectDto, @RequestMeta() meta: EventMetadata, @Res({ passthrough: true }) reply: FastifyReply): Promise<PersonalDataExport> {
    const copy = await this.privacy.export(body.email, meta);
    reply.header('Content-Disposition', `attachment; filename="personal-data-${copy.subject.exportedAt.slice(0, 10)}.json"`);
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
