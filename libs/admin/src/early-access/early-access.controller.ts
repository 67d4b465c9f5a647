import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta, UuidParam } from '@swishly/platform';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { CreateEarlyAccessCodeDto, EarlyAccessCodeDto, EarlyAccessSettingsDto, EarlyAccessSettingsResponseDto } from './dto/early-access.dto';
import { EarlyAccessService } from './early-access.service';

@ApiTags('admin')
@Controller('api/admin/early-access')
@UseGuards(AdminSessionGuard)
@RequiresPermission('codes')
export class EarlyAccessController {
  constructor(private readonly earlyAccess: EarlyAccessService) {}

  @Get('settings')
  @ApiDoc('Whether early access is open', { auth: 'staff' })
  @ApiOkResponse({ type: EarlyAccessSettingsResponseDto })
  settings(): Promise<EarlyAccessSettingsResponseDto> {
    return this.earlyAccess.settings();
  }

  @Put('settings')
  @ApiDoc('Open or close early access', { auth: 'staff-write', errors: [400] })
  @ApiOkResponse({ type: EarlyAccessSettingsResponseDto })
  setOpen(@Body() body: EarlyAccessSettingsDto, @RequestMeta() meta: EventMetadata): Promise<EarlyAccessSettingsResponseDto> {
    return this.earlyAccess.setOpen(body.isOpen, meta);
  }

  @Get('codes')
  @ApiDoc('Early-access codes, newest first', { auth: 'staff' })
  @ApiOkResponse({ type: [EarlyAccessCodeDto] })
  list(): Promise<EarlyAccessCodeDto[]> {
    return this.earlyAccess.list();
  }

  @Post('codes')
  @ApiDoc('Create an early-access code for a person', { auth: 'staff-write', errors: [400, 409] })
  @ApiCreatedResponse({ type: EarlyAccessCodeDto })
  create(@Body() body: CreateEarlyAccessCodeDto, @RequestMeta() meta: EventMetadata): Promise<EarlyAccessCodeDto> {
    return this.earlyAccess.create(body, meta);
  }

  @Delete('codes/:id')
  @ApiDoc('Delete an early-access code', { auth: 'staff-write', errors: [404] })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  delete(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    return this.earlyAccess.delete(id, meta);
  }
}
