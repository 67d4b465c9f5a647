import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { AdmissionProgress } from '../admissions.service';

export class AdmitDto {
  @ApiProperty({ minimum: 1, maximum: 10_000, description: 'How many of the next confirmed members to let in' })
  @Type(() => Number)
  @IsInt({ message: 'Give a whole number of members' })
  @Min(1, { message: 'Admit at least 1 member' })
  @Max(10_000, { message: 'Admit at most 10,000 members at a time' })
  count: number;
}

export class AdmissionProgressDto implements AdmissionProgress {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() requested: number;
  @ApiProperty({ description: 'Members admitted (fewer than requested when fewer were waiting)' }) total: number;
  @ApiProperty({ description: 'Of those, how many have their code and invite' }) invited: number;
  @ApiProperty({ enum: ['running', 'done'] }) status: 'running' | 'done';
}
