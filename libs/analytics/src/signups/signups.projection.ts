import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { SignupsCounted } from './signups.events';
import { SignupsRepository } from './signups.repository';

@Injectable()
export class SignupRollupsProjection implements Projection {
  readonly name = 'signup-rollups';
  readonly tables = ['signup_daily_rollups', 'signup_monthly_rollups', 'signup_daily_totals'];
  readonly handlers = new ProjectionHandlers()
    .on(SignupsCounted, async (event, manager) => {
      await SignupsRepository.addSignups(event.payload.rows, manager);
    })
    .build();
}
