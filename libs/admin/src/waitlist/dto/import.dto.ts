import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { importFlag, ImportProgress } from '@swishly/waitlist';

const flag = ({ value }: { value: unknown }) => importFlag(value) ?? value;

/** The import's options, as query parameters (a multipart upload may send them as form fields instead). */
export class ImportOptionsDto {
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'Send the welcome email to each imported member' })
  @IsOptional()
  @Transform(flag)
  @IsBoolean({ message: 'welcome must be true or false' })
  welcome?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'The old list was double opt-in: rows marked confirmed join confirmed (else every row joins unconfirmed)',
  })
  @IsOptional()
  @Transform(flag)
  @IsBoolean({ message: 'doubleOptIn must be true or false' })
  doubleOptIn?: boolean;
}

export class ImportLineDto {
  @ApiProperty({ description: "The row's line in the file" }) line: number;
  @ApiProperty({ example: 'Already on the list' }) reason: string;
}

export class ImportProgressDto implements ImportProgress {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: ['queued', 'running', 'done', 'failed'] }) status: 'queued' | 'running' | 'done' | 'failed';
  @ApiProperty({ type: Number, nullable: true, description: 'Rows in the file (null until the worker has read it)' }) total: number | null;
  @ApiProperty({ description: 'Rows done so far' }) processed: number;
  @ApiProperty({ description: 'Members added to the list' }) imported: number;
  @ApiProperty({ description: 'Rows skipped: the address is already on the list, or repeats an earlier row' }) skipped: number;
  @ApiProperty({ description: 'Rows not imported because something in them is wrong' }) invalid: number;
  @ApiProperty() welcome: boolean;
  @ApiProperty() doubleOptIn: boolean;
  @ApiProperty({
    enum: ['file', 'joined_at'],
    nullable: true,
    description: "The order members joined in: the file's, or their joined_at dates' (when every row has one)",
  })
  order: 'file' | 'joined_at' | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the file could not be read (status failed)' }) error: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finishedAt: string | null;
  @ApiProperty({ type: [ImportLineDto], description: 'Lines skipped, with why (the first 1,000)' }) skippedLines: ImportLineDto[];
  @ApiProperty({ type: [ImportLineDto], description: 'Invalid lines, with why (the first 1,000)' }) invalidLines: ImportLineDto[];
}

export class RunningImportDto {
  @ApiProperty({ type: () => ImportProgressDto, nullable: true, description: 'The import still running, or null' })
  import: ImportProgressDto | null;
}
