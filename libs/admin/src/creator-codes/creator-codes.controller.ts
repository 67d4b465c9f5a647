import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta, UuidParam } from '@swishly/platform';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { CreateCreatorCodeDto, CreatorCodeDto, CreatorCodesService, UpdateCreatorCodeDto } from '@swishly/waitlist';

@ApiTags('admin')
@Controller('api/admin/creator-codes')
@UseGuards(AdminSessionGuard)
@RequiresPermission('codes')
export class CreatorCodesController {
  constructor(private readonly creatorCodes: CreatorCodesService) {}

  @Get()
  @ApiDoc('Creator codes with their usage', { auth: 'staff' })
  @ApiOkResponse({ type: [CreatorCodeDto] })
  list(): Promise<CreatorCodeDto[]> {
    return this.creatorCodes.list();
  }

  @Post()
  @ApiDoc('Create a creator code', { auth: 'staff-write', errors: [400, 409] })
  @ApiCreatedResponse({ type: CreatorCodeDto })
  create(@Body() body: CreateCreatorCodeDto, @RequestMeta() meta: EventMetadata): Promise<CreatorCodeDto> {
    return this.creatorCodes.create(body, meta);
  }

  @Patch(':id')
  @ApiDoc('Change a creator code', { auth: 'staff-write', errors: [400, 404, 409] })
  @ApiOkResponse({ type: CreatorCodeDto })
  update(@Param('id', UuidParam) id: string, @Body() body: UpdateCreatorCodeDto, @RequestMeta() meta: EventMetadata): Promise<CreatorCodeDto> {
    return this.creatorCodes.update(id, body, meta);
  }

  @Delete(':id')
  @ApiDoc('Delete a creator code', { auth: 'staff-write', errors: [404] })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  delete(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    return this.creatorCodes.delete(id, meta);
  }
}
