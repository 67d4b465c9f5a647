import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { trimString, upperCaseString } from '@swishly/platform';

/** Spec §5 "Early access code create": first name, email and code required; code in upper case. */
export class CreateEarlyAccessCodeDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimString)
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100)
  firstName: string;

  @ApiProperty({ maxLength: 254 })
  @Transform(trimString)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email: string;

  @ApiProperty({ example: 'K7MZQ4', description: 'Upper-cased by the server' })
  @Transform(upperCaseString)
  @IsString({ message: 'Code is required' })
  @Matches(/^[A-Z0-9_-]{3,32}$/, { message: 'Code must be 3 to 32 letters or digits' })
  code: string;
}

export class RedeemEarlyAccessCodeDto {
  @ApiProperty({ example: 'K7MZQ4' })
  @Transform(upperCaseString)
  @IsString({ message: 'Code is required' })
  @Matches(/^[A-Z0-9_-]{1,32}$/, { message: 'Code is not valid' })
  code: string;
}

/** What the app needs after a redemption, and nothing about who the code was issued to. */
export class EarlyAccessRedemptionDto {
  @ApiProperty({ example: 'K7MZQ4' }) code: string;
  @ApiProperty({ enum: [true] }) redeemed: true;
  @ApiProperty({ format: 'date-time' }) usedAt: string;
}

export class EarlyAccessSettingsDto {
  @ApiProperty() @IsBoolean({ message: 'isOpen must be true or false' }) isOpen: boolean;
}

export class EarlyAccessSettingsResponseDto {
  @ApiProperty() isOpen: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) updatedAt: string | null;
}

export class EarlyAccessCodeDto {
  @ApiProperty() id: string;
  @ApiProperty() code: string;
  @ApiProperty() firstName: string;
  @ApiProperty() email: string;
  @ApiProperty() isUsed: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) usedAt: string | null;
}
