import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, PublicFormGuard, RequestMeta } from '@swishly/platform';
import { ContactService } from './contact.service';
import { ContactRequestDto, ContactResponseDto } from './dto/contact.dto';

@ApiTags('contact')
@Controller('api/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @ApiDoc('Send a message to the team (contact form)', { errors: [400, 429] })
  @HttpCode(201)
  @UseGuards(PublicFormGuard)
  @ApiCreatedResponse({ type: ContactResponseDto })
  submit(@Body() body: ContactRequestDto, @RequestMeta() meta: EventMetadata): Promise<ContactResponseDto> {
    return this.contact.submit(body, meta);
  }
}
