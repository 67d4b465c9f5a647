import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { EventMetadata, RequestMeta } from '@swishly/platform';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { CreateCreatorCodeDto, CreatorCodeDto, CreatorCodesService, UpdateCreatorCodeDto } from '@swishly/waitlist';

const uuid = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

@ApiTags('admin')
@Controller('api/admin/creator-codes')
@UseGuards(AdminSessionGuard)
export class CreatorCodesController {
  constructor(private readonly creatorCodes: CreatorCodesService) {}

  @Get()
  @ApiOkResponse({ type: [CreatorCodeDto] })
  list(): Promise<CreatorCodeDto[]> {
    return this.creatorCodes.list();
  }

  @Post()
  @ApiCreatedResponse({ type: CreatorCodeDto })
  create(@Body() body: CreateCreatorCodeDto, @RequestMeta() meta: EventMetadata): Promise<CreatorCodeDto> {
    return this.creatorCodes.create(body, meta);
  }

  @Patch(':id')
  @ApiOkResponse({ type: CreatorCodeDto })
  update(@Param('id', uuid) id: string, @Body() body: UpdateCreatorCodeDto, @RequestMeta() meta: EventMetadata): Promise<CreatorCodeDto> {
    return this.creatorCodes.update(id, body, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@Param('id', uuid) id: string, @RequestMeta() meta: EventMetadata): Promise<void> {
    return this.creatorCodes.delete(id, meta);
  }
}
