import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiDoc, apiError, BearerToken, EventMetadata, PublicFormGuard, RequestMeta, SECURITY } from '@swishly/platform';
import { ClaimShotDto, ClaimShotResponseDto, RecordShotDto, RecordShotResponseDto, ShotFeedbackResponseDto } from './dto/shots.dto';
import { SHOT_CODE, SHOT_KINDS, ShotKind } from './shot-feedback';
import { ShotRecordsService } from './shot-records.service';
import { ShotsIngestGuard } from './shots-ingest.guard';

/** The route's kind and code, checked before anything reads them. */
function shotRef(kind: string, code: string): { kind: ShotKind; code: string } {
  if (!(SHOT_KINDS as readonly string[]).includes(kind) || !SHOT_CODE.test(code)) {
    throw apiError(404, 'We could not find a shot analysis with this code.', 'shot_not_found');
  }
  return { kind: kind as ShotKind, code };
}

@ApiTags('shots')
@Controller('api')
export class ShotsController {
  constructor(private readonly shots: ShotRecordsService) {}

  @Post('shots')
  @HttpCode(201)
  @ApiSecurity(SECURITY.shotsIngest)
  @ApiDoc('Record a shot analysis under a code (the booth and the app)', { errors: [400, 401, 409] })
  @UseGuards(ShotsIngestGuard)
  @ApiCreatedResponse({ type: RecordShotResponseDto })
  record(@Body() body: RecordShotDto, @RequestMeta() meta: EventMetadata): Promise<RecordShotResponseDto> {
    return this.shots.record(body, { ...meta, actorType: 'system' });
  }

  @Post('shots/:kind/:code/claim')
  @HttpCode(200)
  @ApiParam({ name: 'kind', enum: SHOT_KINDS })
  @ApiDoc(
    "Claim a shot analysis with a first name and email: joins the waitlist as a Player and answers the claim token; the claimer's own email again emails the link; another email is refused (409)",
    { errors: [400, 404, 409, 429] },
  )
  @UseGuards(PublicFormGuard)
  @ApiOkResponse({ type: ClaimShotResponseDto })
  claim(
    @Param('kind') kind: string,
    @Param('code') code: string,
    @Body() body: ClaimShotDto,
    @RequestMeta() meta: EventMetadata,
  ): Promise<ClaimShotResponseDto> {
    const ref = shotRef(kind, code);
    return this.shots.claim(ref.kind, ref.code, body, meta);
  }

  @Get('feedback/:kind/:code')
  @ApiParam({ name: 'kind', enum: SHOT_KINDS })
  @ApiSecurity(SECURITY.claimToken)
  @ApiDoc('A shot analysis, to its claimer (`Authorization: Bearer <claimToken>`); whether it is claimed, to anyone', { errors: [401, 404, 422] })
  @ApiOkResponse({ type: ShotFeedbackResponseDto })
  feedback(@Param('kind') kind: string, @Param('code') code: string, @BearerToken() claimToken: string | null): Promise<ShotFeedbackResponseDto> {
    const ref = shotRef(kind, code);
    return this.shots.feedback(ref.kind, ref.code, claimToken);
  }
}
