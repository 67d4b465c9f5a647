import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { LeaveOutFilters } from '@swishly/waitlist';

/** "true" in a query string, true in a body. */
const asBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** Whom an admission or an announcement leaves out, by staff's choice (query or body). */
export class LeaveOutDto implements LeaveOutFilters {
  @ApiPropertyOptional({ description: 'Leave out members who signed up with a throwaway (disposable) address' })
  @IsOptional()
  @Transform(asBoolean)
  @IsBoolean({ message: 'withoutDisposable is true or false' })
  withoutDisposable?: boolean;

  @ApiPropertyOptional({ description: 'Leave out members whose own referral is held for review' })
  @IsOptional()
  @Transform(asBoolean)
  @IsBoolean({ message: 'withoutHeldReferrals is true or false' })
  withoutHeldReferrals?: boolean;
}
