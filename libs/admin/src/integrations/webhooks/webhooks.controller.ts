import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta, UuidParam } from '@swishly/platform';
import { AdminSessionGuard } from '../../auth/admin-session.guard';
import { RequiresPermission } from '../../auth/staff-roles';
import {
  CreateWebhookDto,
  UpdateWebhookDto,
  WebhookCreatedDto,
  WebhookDeliveryPageDto,
  WebhookDeliveryQueryDto,
  WebhookEndpointDto,
  WebhookEndpointListDto,
  WebhookSecretDto,
} from './dto/webhooks.dto';
import { WebhooksService } from './webhooks.service';

/** Outgoing webhooks (/admin/integrations): endpoints, their secrets, their delivery logs. */
@ApiTags('admin')
@Controller('api/admin/webhooks')
@UseGuards(AdminSessionGuard)
@RequiresPermission('integrations')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiDoc('Add an endpoint for some member events; answers its signing secret, shown this once', { auth: 'staff-write', errors: [400] })
  @ApiCreatedResponse({ type: WebhookCreatedDto })
  create(@Body() body: CreateWebhookDto, @RequestMeta() meta: EventMetadata): Promise<WebhookCreatedDto> {
    return this.webhooks.create(body, meta);
  }

  @Get()
  @ApiDoc('The endpoints, with how their deliveries stand', { auth: 'staff' })
  @ApiOkResponse({ type: WebhookEndpointListDto })
  async list(): Promise<WebhookEndpointListDto> {
    return { endpoints: await this.webhooks.list() };
  }

  @Get(':id')
  @ApiDoc('One endpoint', { auth: 'staff', errors: [404] })
  @ApiOkResponse({ type: WebhookEndpointDto })
  get(@Param('id', UuidParam) id: string): Promise<WebhookEndpointDto> {
    return this.webhooks.get(id);
  }

  @Patch(':id')
  @ApiDoc("Change an endpoint's URL, events or description", { auth: 'staff-write', errors: [400, 404] })
  @ApiOkResponse({ type: WebhookEndpointDto })
  update(@Param('id', UuidParam) id: string, @Body() body: UpdateWebhookDto, @RequestMeta() meta: EventMetadata): Promise<WebhookEndpointDto> {
    return this.webhooks.update(id, body, meta);
  }

  @Post(':id/secret')
  @ApiDoc('Rotate the signing secret: the new one is shown this once, the old one also signs for 24 hours', { auth: 'staff-write', errors: [404] })
  @ApiCreatedResponse({ type: WebhookSecretDto })
  rotate(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<WebhookSecretDto> {
    return this.webhooks.rotateSecret(id, meta);
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiDoc('Pause an endpoint: its deliveries wait until it is resumed', { auth: 'staff-write', errors: [404] })
  @ApiOkResponse({ type: WebhookEndpointDto })
  pause(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<WebhookEndpointDto> {
    return this.webhooks.pause(id, meta);
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiDoc('Resume an endpoint: the deliveries that waited go out within seconds', { auth: 'staff-write', errors: [404] })
  @ApiOkResponse({ type: WebhookEndpointDto })
  resume(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<WebhookEndpointDto> {
    return this.webhooks.resume(id, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc('Delete an endpoint and its delivery log', { auth: 'staff-write', errors: [404] })
  @ApiNoContentResponse({ description: 'Deleted' })
  async remove(@Param('id', UuidParam) id: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    await this.webhooks.remove(id, meta);
  }

  @Get(':id/deliveries')
  @ApiDoc("An endpoint's delivery log, newest first, a page at a time", { auth: 'staff', errors: [400, 404] })
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  deliveries(@Param('id', UuidParam) id: string, @Query() query: WebhookDeliveryQueryDto): Promise<WebhookDeliveryPageDto> {
    return this.webhooks.deliveryPage(id, query);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(202)
  @ApiDoc('Send a delivery again, under the same webhook-id, within seconds', { auth: 'staff-write', errors: [404, 409] })
  @ApiAcceptedResponse({ description: 'Queued' })
  async resend(@Param('id', UuidParam) id: string, @Param('deliveryId') deliveryId: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    await this.webhooks.resend(id, deliveryId.slice(0, 40), meta);
  }
}
