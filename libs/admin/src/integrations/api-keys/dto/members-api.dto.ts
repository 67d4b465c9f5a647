import { ApiProperty } from '@nestjs/swagger';
import { JoinFields, MEMBER_STATES, MemberState } from '@swishly/waitlist';

/** A member as another system reads them. */
export class ApiMemberDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty({ description: 'The place in the whole list' }) position: number;
  @ApiProperty({ enum: MEMBER_STATES, description: 'unconfirmed, confirmed (waiting to be let in) or admitted' }) status: MemberState;
  @ApiProperty({ description: 'They confirmed their address (double opt-in)' }) confirmed: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) confirmedAt: string | null;
  @ApiProperty({ description: 'They were let in (early access)' }) admitted: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) admittedAt: string | null;
  @ApiProperty({ enum: ['subscribed', 'unsubscribed', 'bounced', 'complained'], description: 'Whether mail reaches them' }) mail: string;
  @ApiProperty({ description: 'Their own referral is held for review' }) referralHeld: boolean;
  @ApiProperty() referralCode: string;
  @ApiProperty({ description: 'Referrals credited to them (friends who confirmed)' }) referralCredits: number;
  @ApiProperty({ description: 'How they joined: landing, hbf or shot' }) source: string;
  @ApiProperty({ type: String, nullable: true }) creatorCode: string | null;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
}

export class ApiMemberPageDto {
  @ApiProperty({ type: [ApiMemberDto], description: 'In position order' }) members: ApiMemberDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last' }) nextCursor: string | null;
}

/** A member to add: the public form's fields and rules, named as the rest of this API names them. */
export class AddMemberDto {
  @JoinFields.email()
  email: string;

  @JoinFields.firstName()
  firstName: string;

  @JoinFields.role()
  role?: string | null;

  @JoinFields.referrerCode()
  referrerCode?: string | null;

  @JoinFields.sourceTag('sourceTag')
  sourceTag?: string | null;

  @JoinFields.utm('utmSource', 'utm_source of the campaign they came from')
  utmSource?: string | null;

  @JoinFields.utm('utmCampaign', 'utm_campaign of the campaign they came from')
  utmCampaign?: string | null;
}
