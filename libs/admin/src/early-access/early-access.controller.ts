import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { EventMetadata, RequestMeta } from '@swishly/platform';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { CreateEarlyAccessCodeDto, EarlyAccessCodeDto, EarlyAccessSettingsDto, EarlyAccessSettingsResponseDto } from './dto/early-access.dto';
import { EarlyAccessService } from './early-access.service';

@ApiTags('admin')
@Controller('api/admin/early-access')
@UseGuards(AdminSessionGuard)
export class EarlyAccessController {
  constructor(private readonly earlyAccess: EarlyAccessService) {}

  @Get('settings')
  @ApiOkResponse({ type: EarlyAccessSettingsResponseDto })
  settings(): Promise<EarlyAccessSettingsResponseDto> {
    return this.earlyAccess.settings();
  }

  @Put('settings')
  @ApiOkResponse({ type: EarlyAccessSettingsResponseDto })
  setOpen(@Body() body: EarlyAccessSettingsDto, @RequestMeta() meta: EventMetadata): Promise<EarlyAccessSettingsResponseDto> {
    return this.earlyAccess.setOpen(body.isOpen, meta);
  }

  @Get('codes')
  @ApiOkResponse({ type: [EarlyAccessCodeDto] })
  list(): Promise<EarlyAccessCodeDto[]> {
    return this.earlyAccess.list();
  }

  @Post('codes')
  @ApiCreatedResponse({ type: EarlyAccessCodeDto })
  create(@Body() body: CreateEarlyAccessCodeDto, @RequestMeta() meta: EventMetadata): Promise<EarlyAccessCodeDto> {
    return this.earlyAccess.create(body, meta);
  }

  @Delete('codes/:id')
  @HttpCode(204)
  delete(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    return this.earlyAccess.delete(id, meta);
  }
}
