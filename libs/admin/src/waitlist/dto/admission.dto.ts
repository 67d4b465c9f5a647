import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { AdmissionPreview } from '@swishly/waitlist';
import { AdmissionProgress } from '../admissions.service';
import { LeaveOutDto } from './leave-out.dto';

export class AdmitDto extends LeaveOutDto {
  @ApiProperty({ minimum: 1, maximum: 10_000, description: 'How many of the next confirmed members to let in' })
  @Type(() => Number)
  @IsInt({ message: 'Give a whole number of members' })
  @Min(1, { message: 'Admit at least 1 member' })
  @Max(10_000, { message: 'Admit at most 10,000 members at a time' })
  count: number;
}

export class AdmissionCandidateDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Their place in the whole list' }) position: number;
  @ApiProperty() firstName: string;
  @ApiProperty() email: string;
  @ApiProperty({ description: 'Signed up with a throwaway (disposable) address' }) disposableEmail: boolean;
  @ApiProperty({ description: 'Their own referral is held for review' }) referralHeld: boolean;
}

export class AdmissionPreviewDto implements AdmissionPreview {
  @ApiProperty({ type: [AdmissionCandidateDto], description: 'The first of those it would let in (at most 100), in position order' })
  members: AdmissionCandidateDto[];
  @ApiProperty({ description: 'How many it would let in (at most the count asked for)' }) admitting: number;
  @ApiProperty({ description: 'Members waiting to be let in that the filters take (all an admission of any size could)' }) waiting: number;
  @ApiProperty({ description: 'Waiting members whose mail bounced or was marked as spam: never admitted, as their invite could not reach them' })
  heldBack: number;
  @ApiProperty({ description: 'Waiting members the filters leave out' }) leftOut: number;
}

export class RunningAdmissionDto {
  @ApiProperty({ type: () => AdmissionProgressDto, nullable: true, description: 'The admission still giving out codes and invites, or null' })
  admission: AdmissionProgressDto | null;
}

export class AdmissionProgressDto implements AdmissionProgress {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() requested: number;
  @ApiProperty({ description: 'Members admitted (fewer than requested when fewer were waiting)' }) total: number;
  @ApiProperty({ description: 'Of those, how many have their code and invite' }) invited: number;
  @ApiProperty({ enum: ['running', 'done'] }) status: 'running' | 'done';
}
