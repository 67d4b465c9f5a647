import { Controller, Get, Headers, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiConsumes, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, apiError, EventMetadata, idempotencyKeyOf, RequestMeta, UuidParam } from '@swishly/platform';
import { IMPORT_MAX_BYTES, importFlag, ImportProgress, WaitlistImportsService } from '@swishly/waitlist';
import type { FastifyRequest } from 'fastify';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { ImportOptionsDto, ImportProgressDto, RunningImportDto } from './dto/import.dto';

const tooLarge = () => apiError(413, `The file is too large (at most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB).`, 'payload_too_large');

/** Bringing a list from another waitlist tool: a CSV import, and its progress and report. */
@ApiTags('admin')
@Controller('api/admin/waitlist/import')
@UseGuards(AdminSessionGuard)
@RequiresPermission('waitlist.manage')
export class WaitlistImportsController {
  constructor(private readonly imports: WaitlistImportsService) {}

  @Post()
  @HttpCode(202)
  @ApiDoc(
    'Import members from a CSV (columns email, first_name; optional joined_at, confirmed, referred_by), as a text/csv body or a multipart upload (field "file"): they join after the list, in the file\'s order (or by joined_at when every row has one); addresses already on the list are skipped. The worker imports it: follow its progress',
    { auth: 'staff-write', errors: [400, 413] },
  )
  @ApiConsumes('text/csv', 'multipart/form-data')
  @ApiBody({
    schema: {
      oneOf: [
        { type: 'string', description: 'The CSV (text/csv)' },
        {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', format: 'binary' }, welcome: { type: 'boolean' }, doubleOptIn: { type: 'boolean' } },
        },
      ],
    },
  })
  @ApiAcceptedResponse({ type: ImportProgressDto })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key is the same import, however often the request comes' })
  async import(
    @Req() request: FastifyRequest,
    @Query() query: ImportOptionsDto,
    @Headers('idempotency-key') key: string | undefined,
    @RequestMeta() meta: EventMetadata,
  ): Promise<ImportProgress> {
    const { csv, fields } = await this.csvOf(request);
    const option = (name: 'welcome' | 'doubleOptIn') => {
      if (query[name] !== undefined) return query[name];
      const value = importFlag(fields[name]);
      if (value === null) throw apiError(400, `${name} must be true or false`, 'validation_failed');
      return value;
    };
    return this.imports.request(csv, { welcome: option('welcome'), doubleOptIn: option('doubleOptIn') }, meta, idempotencyKeyOf(key));
  }

  @Get('running')
  @ApiDoc('The import still running, if one is', { auth: 'staff' })
  @ApiOkResponse({ type: RunningImportDto })
  async running(): Promise<RunningImportDto> {
    return { import: await this.imports.running() };
  }

  @Get(':id')
  @ApiDoc("An import's progress and, once done, its report: lines skipped and invalid, with why", { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: ImportProgressDto })
  progress(@Param('id', UuidParam) id: string): Promise<ImportProgress> {
    return this.imports.progress(id);
  }

  /** The CSV of a text/csv body or of a multipart upload's `file`, with the upload's form fields. */
  private async csvOf(request: FastifyRequest): Promise<{ csv: string; fields: Record<string, unknown> }> {
    if (!request.isMultipart()) {
      if (typeof request.body !== 'string') throw apiError(400, 'Send the CSV as a text/csv body, or as multipart/form-data in the field "file".', 'no_file');
      return { csv: request.body, fields: {} };
    }
    const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
    if (!file || file.fieldname !== 'file') throw apiError(400, 'Send the CSV as multipart/form-data in the field "file".', 'no_file');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
    const fields = Object.fromEntries(
      Object.entries(file.fields).flatMap(([name, part]) => (part && !Array.isArray(part) && part.type === 'field' ? [[name, part.value]] : [])),
    );
    return { csv: bytes.toString('utf8'), fields };
  }
}
