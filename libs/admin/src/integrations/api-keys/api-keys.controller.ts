import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta, UuidParam } from '@swishly/platform';
import { AdminSessionGuard } from '../../auth/admin-session.guard';
import { RequiresPermission } from '../../auth/staff-roles';
import { ApiKeysService } from './api-keys.service';
import { ApiKeysDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-keys.dto';

/** /admin/integrations: API keys for other systems, made, listed and revoked by staff. */
@ApiTags('admin')
@Controller('api/admin/api-keys')
@UseGuards(AdminSessionGuard)
@RequiresPermission('integrations')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiDoc('The API keys (revoked ones too), newest first: name, scopes, prefix, who made it, last use', { auth: 'staff' })
  @ApiOkResponse({ type: ApiKeysDto })
  async list(): Promise<ApiKeysDto> {
    return { keys: await this.keys.list() };
  }

  @Post()
  @ApiDoc('Make an API key with a name and scopes: the key is answered this once, only its hash is kept', { auth: 'staff-write', errors: [400] })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  create(@Body() body: CreateApiKeyDto, @RequestMeta() meta: EventMetadata): Promise<CreatedApiKeyDto> {
    return this.keys.create(body.name, body.scopes, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc('Revoke an API key: it stops working at once (revoking it again changes nothing)', { auth: 'staff-write', errors: [404] })
  @ApiNoContentResponse({ description: 'Revoked' })
  async revoke(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    await this.keys.revoke(id, meta);
  }
}
