import { ApiProperty } from '@nestjs/swagger';
import { MILESTONE_REWARDS, type MilestoneReward } from '@swishly/waitlist';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';

/** At most this many milestones. */
export const MAX_MILESTONES = 20;
/** The highest number of friends a milestone may ask for. */
export const MAX_MILESTONE_REFERRALS = 1000;

export class MilestoneDto {
  @ApiProperty({
    minimum: 1,
    maximum: MAX_MILESTONE_REFERRALS,
    description: 'Credited referrals (friends who confirmed) the milestone is reached at',
    example: 3,
  })
  @IsInt({ message: 'Give each milestone a whole number of friends' })
  @Min(1, { message: 'A milestone needs at least 1 friend' })
  @Max(MAX_MILESTONE_REFERRALS, { message: `A milestone can ask for at most ${MAX_MILESTONE_REFERRALS} friends` })
  referrals: number;

  @ApiProperty({
    enum: MILESTONE_REWARDS,
    description: "early_access: the member's own early-access code (the email carries it); email: a thank-you email only",
  })
  @IsIn(MILESTONE_REWARDS, { message: 'Choose what each milestone gives' })
  reward: MilestoneReward;

  @ApiProperty({ maxLength: 200, description: "The email's subject" })
  @IsString({ message: 'Give each milestone an email subject' })
  @MinLength(1, { message: 'Give each milestone an email subject' })
  @MaxLength(200, { message: 'Keep each subject under 200 characters' })
  subject: string;

  @ApiProperty({
    maxLength: 100_000,
    description:
      "The email's body, from the resources editor; sanitised like posts; {{first_name}}, {{position}} and {{referral_link}} are filled in per member",
  })
  @IsString({ message: 'Write the email of each milestone' })
  @MinLength(1, { message: 'Write the email of each milestone' })
  @MaxLength(100_000, { message: 'A milestone email is too long' })
  html: string;
}

export class ReplaceMilestonesDto {
  @ApiProperty({ type: [MilestoneDto], maxItems: MAX_MILESTONES, description: 'The whole list (it replaces the one saved); each number of friends once' })
  @IsArray({ message: 'Send the list of milestones' })
  @ArrayMaxSize(MAX_MILESTONES, { message: `At most ${MAX_MILESTONES} milestones` })
  @ValidateNested({ each: true })
  @Type(() => MilestoneDto)
  milestones: MilestoneDto[];
}

export class SavedMilestoneDto extends MilestoneDto {
  @ApiProperty({ description: 'Members who have received it (read-only)' }) reached: number;
  @ApiProperty({ description: 'Confirmed members who have passed it but not received it: added after they passed it (read-only; a catch-up gives it to them)' })
  waiting: number;
}

export class MilestonesDto {
  @ApiProperty({ type: [SavedMilestoneDto], description: 'By number of friends, smallest first' }) milestones: SavedMilestoneDto[];
}

export class CatchUpDto {
  @ApiProperty({ description: 'Members who passed a milestone before it existed and have not received it: those a catch-up rewards' }) members: number;
}
