import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PublicFormDto, trimString } from '@swishly/platform';

export class ContactRequestDto extends PublicFormDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trimString)
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  first_name: string;

  @ApiProperty({ maxLength: 254 })
  @Transform(trimString)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email: string;

  @ApiPropertyOptional({ type: String, maxLength: 200, nullable: true })
  @IsOptional()
  @Transform(trimString)
  @IsString()
  @MaxLength(200, { message: 'Subject must be at most 200 characters' })
  subject?: string | null;

  @ApiProperty({ maxLength: 5000 })
  @Transform(trimString)
  @IsString({ message: 'Message is required' })
  @IsNotEmpty({ message: 'Message is required' })
  @MaxLength(5000, { message: 'Message must be at most 5000 characters' })
  message: string;
}

export class ContactResponseDto {
  @ApiProperty()
  id: string;
}
