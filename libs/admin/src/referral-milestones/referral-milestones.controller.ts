import { Body, Controller, Get, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiDoc, EventMetadata, RequestMeta } from '@swishly/platform';
import { AdminSessionGuard } from '../auth/admin-session.guard';
import { RequiresPermission } from '../auth/staff-roles';
import { CatchUpDto, MilestonesDto, ReplaceMilestonesDto } from './dto/referral-milestones.dto';
import { ReferralMilestonesService } from './referral-milestones.service';

/** Referral milestones: what a member gets for bringing friends who confirm, and the catch-up for those who passed one before it existed. */
@ApiTags('admin')
@Controller('api/admin/referral-milestones')
@UseGuards(AdminSessionGuard)
@RequiresPermission('announcements')
export class ReferralMilestonesController {
  constructor(private readonly milestones: ReferralMilestonesService) {}

  @Get()
  @ApiDoc('The referral milestones, smallest first, with how many members reached each', { auth: 'staff' })
  @ApiOkResponse({ type: MilestonesDto })
  list(): Promise<MilestonesDto> {
    return this.milestones.list();
  }

  @Put()
  @ApiDoc('Replace the referral milestones (each number of friends once); members already past a new one get it from a catch-up', {
    auth: 'staff-write',
    errors: [400],
  })
  @ApiOkResponse({ type: MilestonesDto })
  replace(@Body() body: ReplaceMilestonesDto, @RequestMeta() meta: EventMetadata): Promise<MilestonesDto> {
    return this.milestones.replace(body.milestones, meta);
  }

  @Get('catch-up')
  @ApiDoc('How many members passed a milestone before it existed and have not received it', { auth: 'staff' })
  @ApiOkResponse({ type: CatchUpDto })
  catchUpSize(): Promise<CatchUpDto> {
    return this.milestones.catchUpSize();
  }

  @Post('catch-up')
  @HttpCode(202)
  @ApiDoc('Give the milestones to the members who passed them before they existed: each award once, however often it is asked', { auth: 'staff-write' })
  @ApiAcceptedResponse({ type: CatchUpDto })
  catchUp(@RequestMeta() meta: EventMetadata): Promise<CatchUpDto> {
    return this.milestones.catchUp(meta);
  }
}
