import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength } from 'class-validator';
import { trimString } from '@swishly/platform';
import { STAFF_PERMISSIONS, STAFF_ROLES, StaffPermission, StaffRole } from '../staff-roles';

export class SignInDto {
  @ApiProperty({ maxLength: 254 })
  @Transform(trimString)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ maxLength: 200 })
  @IsString({ message: 'Password is required' })
  @MaxLength(200, { message: 'Password must be at most 200 characters long' })
  password: string;
}

export class ForgotPasswordDto {
  @ApiProperty({ maxLength: 254 })
  @Transform(trimString)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email: string;
}

export class NewPasswordDto {
  @ApiProperty({ minLength: 6, maxLength: 200 })
  @IsString({ message: 'Password must be at least 6 characters long' })
  @MaxLength(1000)
  password: string;

  @ApiProperty()
  @IsString({ message: 'Passwords do not match' })
  @MaxLength(1000)
  confirmPassword: string;
}

export class ChangePasswordDto extends NewPasswordDto {
  @ApiProperty({ maxLength: 200, description: 'The password the account has now' })
  @IsString({ message: 'Current password is required' })
  @MaxLength(200, { message: 'Current password is incorrect' })
  currentPassword: string;
}

export class ResetPasswordDto extends NewPasswordDto {
  @ApiProperty({ description: 'The token from the emailed link' })
  @IsString({ message: 'Invalid reset token' })
  @MaxLength(200, { message: 'Invalid reset token' })
  token: string;
}

export class AdminUserDto {
  @ApiProperty() id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: STAFF_ROLES }) role: StaffRole;
}

/** What the browser learns about its session: who, what their role opens, and until when; never the token. */
export class SessionDto {
  @ApiProperty({ type: AdminUserDto }) user: AdminUserDto;
  @ApiProperty({ enum: STAFF_PERMISSIONS, isArray: true, description: "The areas the account's role opens (README, Staff roles)" })
  permissions: StaffPermission[];
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}

/** A sign-in's answer: the session, and whether it is the account's first. */
export class SignedInDto extends SessionDto {
  @ApiProperty({ description: "The account's first sign-in ever" }) firstSignIn: boolean;
}
