import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { EventMetadata, RequestMeta } from '@swishly/platform';
import { JoinWaitlistDto, JoinWaitlistResponseDto } from './dto/join-waitlist.dto';
import { WaitlistService } from './waitlist.service';

@ApiTags('waitlist')
@Controller('api/waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: JoinWaitlistResponseDto })
  @ApiConflictResponse({ description: 'The email is already on the waitlist' })
  join(@Body() body: JoinWaitlistDto, @RequestMeta() meta: EventMetadata): Promise<JoinWaitlistResponseDto> {
    return this.waitlist.join(body, meta);
  }
}
