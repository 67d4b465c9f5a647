import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta, UuidParam } from '@swishly/platform';
import { AdminRequest, AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { ChangeStaffRoleDto, InviteStaffDto, StaffInvitationDto, StaffMemberDto, StaffTeamDto } from './dto/staff.dto';
import { StaffService } from './staff.service';

/** /admin/staff: the team, their roles, invitations to join. */
@ApiTags('admin')
@Controller('api/admin/staff')
@UseGuards(AdminSessionGuard)
@RequiresPermission('staff')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  @ApiDoc('The staff (role, second factor, last sign-in) and the invitations still open', { auth: 'staff' })
  @ApiOkResponse({ type: StaffTeamDto })
  team(@Req() request: AdminRequest): Promise<StaffTeamDto> {
    return this.staff.team(request.adminUser!);
  }

  @Post('invitations')
  @ApiDoc('Invite someone with a role: they get a link valid for 72 hours', { auth: 'staff-write', errors: [400, 409] })
  @ApiCreatedResponse({ type: StaffInvitationDto })
  invite(@Body() body: InviteStaffDto, @Req() request: AdminRequest, @RequestMeta() meta: EventMetadata): Promise<StaffInvitationDto> {
    return this.staff.invite(request.adminUser!, body.email, body.role, meta);
  }

  @Post('invitations/:id/resend')
  @HttpCode(200)
  @ApiDoc('Send an invitation again (the same link, valid for the whole time from now)', { auth: 'staff-write', errors: [404] })
  @ApiOkResponse({ type: StaffInvitationDto })
  resend(@Param('id', UuidParam) id: string, @Req() request: AdminRequest, @RequestMeta() meta: EventMetadata): Promise<StaffInvitationDto> {
    return this.staff.resendInvitation(request.adminUser!, id, meta);
  }

  @Delete('invitations/:id')
  @HttpCode(204)
  @ApiDoc('Revoke an invitation: its link stops working', { auth: 'staff-write', errors: [404] })
  @ApiNoContentResponse({ description: 'Revoked' })
  async revoke(@Param('id', UuidParam) id: string, @Req() request: AdminRequest, @RequestMeta() meta: EventMetadata): Promise<void> {
    await this.staff.revokeInvitation(request.adminUser!, id, meta);
  }

  @Patch(':id')
  @ApiDoc("Change a staff member's role (not the last owner's)", { auth: 'staff-write', errors: [400, 404, 409] })
  @ApiOkResponse({ type: StaffMemberDto })
  async changeRole(
    @Param('id', UuidParam) id: string,
    @Body() body: ChangeStaffRoleDto,
    @Req() request: AdminRequest,
    @RequestMeta() meta: EventMetadata,
  ): Promise<StaffMemberDto> {
    const user = await this.staff.changeRole(request.adminUser!, id, body.role, meta);
    return (await this.staff.team(request.adminUser!)).staff.find((member) => member.id === user.id)!;
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc('Remove a staff member: signed out everywhere at once (not yourself, not the last owner)', { auth: 'staff-write', errors: [404, 409] })
  @ApiNoContentResponse({ description: 'Removed' })
  async remove(@Param('id', UuidParam) id: string, @Req() request: AdminRequest, @RequestMeta() meta: EventMetadata): Promise<void> {
    await this.staff.remove(request.adminUser!, id, meta);
  }
}
