import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc } from '@swishly/platform';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { AuditService } from './audit.service';
import { AuditActionsDto, AuditPageDto, AuditQueryDto } from './dto/audit.dto';

/** /admin/audit: what staff did, who and when, newest first. */
@ApiTags('admin')
@Controller('api/admin/audit')
@UseGuards(AdminSessionGuard)
@RequiresPermission('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiDoc('What staff did, newest first, 50 a page (filter by staff member and action)', { auth: 'staff', errors: [400] })
  @ApiOkResponse({ type: AuditPageDto })
  list(@Query() query: AuditQueryDto): Promise<AuditPageDto> {
    return this.audit.list(query);
  }

  @Get('actions')
  @ApiDoc('The actions the audit log names, for its filter', { auth: 'staff' })
  @ApiOkResponse({ type: AuditActionsDto })
  actions(): AuditActionsDto {
    return { actions: this.audit.actions() };
  }
}
