import { Body, Controller, Get, Put, Req, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta } from '@swishly/platform';
import { AdminRequest, AdminSessionGuard } from './admin-session.guard';
import { SecuritySettingsDto } from './dto/auth.dto';
import { SecondFactorService } from './second-factor.service';
import { RequiresPermission } from './staff-roles';

/** Sign-in rules for every staff account (owners only: the `settings` permission). */
@ApiTags('auth')
@Controller('api/admin/settings/security')
@UseGuards(AdminSessionGuard)
@RequiresPermission('settings')
export class SecuritySettingsController {
  constructor(private readonly secondFactor: SecondFactorService) {}

  @Get()
  @ApiDoc('Whether every staff account must sign in with a second factor', { auth: 'staff' })
  @ApiOkResponse({ type: SecuritySettingsDto })
  async get(): Promise<SecuritySettingsDto> {
    return { requireSecondFactor: await this.secondFactor.requireSecondFactor() };
  }

  @Put()
  @ApiDoc('Require (or stop requiring) a second factor of every staff account', { auth: 'staff-write', errors: [400] })
  @ApiOkResponse({ type: SecuritySettingsDto })
  async update(@Body() body: SecuritySettingsDto, @Req() request: AdminRequest, @RequestMeta() meta: EventMetadata): Promise<SecuritySettingsDto> {
    await this.secondFactor.setRequireSecondFactor(body.requireSecondFactor, request.adminUser!.id, meta);
    return { requireSecondFactor: body.requireSecondFactor };
  }
}
