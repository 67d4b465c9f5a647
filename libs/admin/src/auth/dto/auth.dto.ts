import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
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

/** A right password, but the account has a second factor: `POST /api/auth/login/mfa` completes the sign-in. */
export class SecondFactorRequiredDto {
  @ApiProperty({ enum: [true] }) mfaRequired: true;
}

/** A right password, but every account must have a second factor and this one has none: set it up first. */
export class SecondFactorSetupRequiredDto {
  @ApiProperty({ enum: [true] }) mfaSetupRequired: true;
}

export class SecondFactorCodeDto {
  @ApiProperty({ maxLength: 40, description: 'A 6-digit code from the authenticator app, or a recovery code' })
  @Transform(trimString)
  @IsString({ message: 'Please enter the code' })
  @IsNotEmpty({ message: 'Please enter the code' })
  @MaxLength(40, { message: 'That code is not right. Check it and try again.' })
  code: string;
}

export class TotpSetupDto {
  @ApiProperty({ description: 'The secret (Base32), for people who type it into the app' }) secret: string;
  @ApiProperty({ description: 'The otpauth:// address the QR code holds' }) otpauthUrl: string;
  @ApiProperty({ description: 'The QR code of otpauthUrl, as an SVG document' }) qrCodeSvg: string;
}

export class RecoveryCodesDto {
  @ApiProperty({ type: [String], description: 'Ten one-time recovery codes, shown this once (only their hashes are kept)' })
  recoveryCodes: string[];
}

export class TotpConfirmedDto extends RecoveryCodesDto {
  @ApiPropertyOptional({ type: SignedInDto, description: 'The session, when the confirmation completed a sign-in that required the set-up' })
  signedIn?: SignedInDto;
}

export class SecondFactorStatusDto {
  @ApiProperty({ description: 'Whether the account has a second factor on (an authenticator app or a passkey)' }) enabled: boolean;
  @ApiProperty({ description: 'Whether the authenticator app is on' }) authenticatorApp: boolean;
  @ApiProperty({ description: 'How many passkeys the account has' }) passkeys: number;
  @ApiProperty({ description: 'Recovery codes not used yet' }) recoveryCodesLeft: number;
  @ApiProperty({ description: 'Whether every account must have a second factor (then its last one cannot be removed)' }) required: boolean;
}

export class SecuritySettingsDto {
  @ApiProperty({ description: 'Every staff account must sign in with a second factor (accounts without one set it up at sign-in)' })
  @IsBoolean({ message: 'requireSecondFactor must be true or false' })
  requireSecondFactor: boolean;
}

export class PasskeyDto {
  @ApiProperty({ description: "The credential's id (base64url)" }) id: string;
  @ApiProperty({ description: 'What its owner called it' }) name: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastUsedAt: string | null;
}

export class PasskeysDto {
  @ApiProperty({ type: [PasskeyDto] }) passkeys: PasskeyDto[];
}

export class AddPasskeyDto {
  @ApiPropertyOptional({ maxLength: 100, description: 'A name to tell it apart ("Work laptop")' })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Name must be at most 100 characters long' })
  name?: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The browser's RegistrationResponseJSON (@simplewebauthn/browser startRegistration)",
  })
  @IsObject({ message: 'The passkey’s answer is missing' })
  response: Record<string, unknown>;
}

export class PasskeyAddedDto {
  @ApiProperty({ type: PasskeyDto }) passkey: PasskeyDto;
  @ApiProperty({ type: [String], description: "Ten recovery codes when the passkey is the account's first factor (shown once), else none" })
  recoveryCodes: string[];
  @ApiPropertyOptional({ type: SignedInDto, description: 'The session, when the passkey completed a sign-in that required a factor set up' })
  signedIn?: SignedInDto;
}

export class PasskeySignInDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The browser's AuthenticationResponseJSON (@simplewebauthn/browser startAuthentication)",
  })
  @IsObject({ message: 'The passkey’s answer is missing' })
  response: Record<string, unknown>;
}
