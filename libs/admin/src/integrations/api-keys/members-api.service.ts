import { Injectable } from '@nestjs/common';
import { EventMetadata } from '@swishly/platform';
import { MemberQuery, WaitlistMember, WaitlistMembersService, WaitlistService } from '@swishly/waitlist';
import { ApiKeysService } from './api-keys.service';
import { MemberAlreadyListed, MemberRead, MembersListed } from './api-keys.events';
import { AddMemberDto, ApiMemberDto, ApiMemberPageDto } from './dto/members-api.dto';

/**
 * The members, for other systems through an API key: the staff list's reads (its search, filters
 * and keyset pages) and the public form's join, each use recorded on the key's stream. `meta`
 * names the key as the actor (ApiKeyGuard).
 */
@Injectable()
export class MembersApiService {
  constructor(
    private readonly members: WaitlistMembersService,
    private readonly waitlist: WaitlistService,
    private readonly keys: ApiKeysService,
  ) {}

  async list(keyId: string, query: MemberQuery, meta: EventMetadata): Promise<ApiMemberPageDto> {
    const page = await this.members.list(query);
    await this.keys.recordUse(keyId, MembersListed({ keyId, members: page.entries.length }), meta);
    return { members: page.entries.map(apiMember), nextCursor: page.nextCursor };
  }

  async one(keyId: string, entryId: string, meta: EventMetadata): Promise<ApiMemberDto> {
    const { member } = await this.members.detail(entryId);
    await this.keys.recordUse(keyId, MemberRead({ keyId, entryId }), meta);
    return apiMember(member);
  }

  /**
   * Adds a member as the form does (its welcome and confirmation email, its events, the key as
   * the join's actor), or answers the member already there with that address (`created` false).
   */
  async add(keyId: string, body: AddMemberDto, meta: EventMetadata): Promise<{ member: ApiMemberDto; created: boolean }> {
    const { entryId, created } = await this.waitlist.add(
      {
        first_name: body.firstName,
        email: body.email,
        role: body.role ?? null,
        referrerCode: body.referrerCode ?? null,
        source_tag: body.sourceTag ?? null,
        utm_source: body.utmSource ?? null,
        utm_campaign: body.utmCampaign ?? null,
      },
      meta,
    );
    if (!created) await this.keys.recordUse(keyId, MemberAlreadyListed({ keyId, entryId }), meta);
    const { member } = await this.members.detail(entryId);
    return { member: apiMember(member), created };
  }
}

function apiMember(member: WaitlistMember): ApiMemberDto {
  return {
    id: member.id,
    email: member.email,
    firstName: member.firstName,
    position: member.position,
    status: member.status,
    confirmed: member.confirmedAt !== null,
    confirmedAt: member.confirmedAt,
    admitted: member.admittedAt !== null,
    admittedAt: member.admittedAt,
    mail: member.mail,
    referralHeld: member.referralHeld,
    referralCode: member.referralCode,
    referralCredits: member.referralCredits,
    source: member.source,
    creatorCode: member.creatorCode,
    joinedAt: member.createdAt,
  };
}
