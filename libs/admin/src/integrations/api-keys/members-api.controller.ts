import { Body, Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta, UuidParam } from '@swishly/platform';
import type { FastifyReply } from 'fastify';
import { MemberQueryDto } from '../../waitlist/dto/members.dto';
import { ApiKeyGuard, ApiKeyRequest } from './api-key.guard';
import { RequiresScope } from './api-key-scopes';
import { AddMemberDto, ApiMemberDto, ApiMemberPageDto } from './dto/members-api.dto';
import { MembersApiService } from './members-api.service';

/** /api/v1/members: the waitlist's members for other systems, with an API key. */
@ApiTags('v1')
@Controller('api/v1/members')
@UseGuards(ApiKeyGuard)
export class MembersApiController {
  constructor(private readonly members: MembersApiService) {}

  @Get()
  @RequiresScope('members:read')
  @ApiDoc('The members in position order, searched and filtered as the staff list is, a page at a time (keyset)', { auth: 'api-key', errors: [400] })
  @ApiOkResponse({ type: ApiMemberPageDto })
  list(@Query() query: MemberQueryDto, @Req() request: ApiKeyRequest, @RequestMeta() meta: EventMetadata): Promise<ApiMemberPageDto> {
    return this.members.list(request.apiKey!.id, query, meta);
  }

  @Get(':id')
  @RequiresScope('members:read')
  @ApiDoc('One member', { auth: 'api-key', errors: [404] })
  @ApiOkResponse({ type: ApiMemberDto })
  one(@Param('id', UuidParam) id: string, @Req() request: ApiKeyRequest, @RequestMeta() meta: EventMetadata): Promise<ApiMemberDto> {
    return this.members.one(request.apiKey!.id, id, meta);
  }

  @Post()
  @RequiresScope('members:write')
  @ApiDoc(
    'Add a member as the sign-up form does (welcome and confirmation email included); an address already on the list answers that member with 200 and changes nothing',
    { auth: 'api-key', errors: [400] },
  )
  @ApiCreatedResponse({ type: ApiMemberDto, description: 'Added' })
  @ApiOkResponse({ type: ApiMemberDto, description: 'Already on the list: nothing changed, nothing sent' })
  async add(
    @Body() body: AddMemberDto,
    @Req() request: ApiKeyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestMeta() meta: EventMetadata,
  ): Promise<ApiMemberDto> {
    const { member, created } = await this.members.add(request.apiKey!.id, body, meta);
    void reply.status(created ? 201 : 200);
    return member;
  }
}
