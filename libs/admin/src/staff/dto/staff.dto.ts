import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, MaxLength } from 'class-validator';
import { trimString } from '@swishly/platform';
import { STAFF_ROLES, StaffRole } from '../../auth/staff-roles';

const ROLE_MESSAGE = `Role must be one of: ${STAFF_ROLES.join(', ')}`;

export class InviteStaffDto {
  @ApiProperty({ maxLength: 254 })
  @Transform(trimString)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role: StaffRole;
}

export class ChangeStaffRoleDto {
  @ApiProperty({ enum: STAFF_ROLES })
  @IsIn(STAFF_ROLES, { message: ROLE_MESSAGE })
  role: StaffRole;
}

export class InvitationTokenDto {
  @ApiProperty({ description: 'The token from the emailed link' })
  @IsString({ message: 'Invalid invitation link' })
  @MaxLength(200, { message: 'Invalid invitation link' })
  token: string;
}

export class AcceptInvitationDto extends InvitationTokenDto {
  @ApiProperty({ minLength: 6, maxLength: 200 })
  @IsString({ message: 'Password must be at least 6 characters long' })
  @MaxLength(1000)
  password: string;
}

export class StaffMemberDto {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: STAFF_ROLES }) role: StaffRole;
  @ApiProperty({ description: 'A second factor (authenticator app) is on' }) secondFactor: boolean;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastSignInAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'The signed-in staff member themself' }) you: boolean;
}

export class StaffInvitationDto {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: STAFF_ROLES }) role: StaffRole;
  @ApiProperty({ format: 'date-time' }) invitedAt: string;
  @ApiProperty({ format: 'date-time', description: 'The link stops working then; sending it again extends it' }) expiresAt: string;
  @ApiProperty({ nullable: true, type: String, description: 'Who invited them (null: their account is gone)' }) invitedBy: string | null;
}

export class StaffTeamDto {
  @ApiProperty({ type: [StaffMemberDto] }) staff: StaffMemberDto[];
  @ApiProperty({ type: [StaffInvitationDto], description: 'Invitations neither accepted nor revoked, expired ones too' }) invitations: StaffInvitationDto[];
}

export class InvitationDetailsDto {
  @ApiProperty() email: string;
  @ApiProperty({ enum: STAFF_ROLES }) role: StaffRole;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}
