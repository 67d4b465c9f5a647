import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, erasePersonalDataOfStreams, PersonalDataRegistry, RetentionRule } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { PRIVACY_REQUEST_STREAM, PrivacyRequestCarriedOut, PrivacyRequestMade } from './privacy.events';

/**
 * A `domain_events e` row that is a privacy request nobody confirmed: $2 PrivacyRequestMade's
 * type, $3 the requests' stream type, $4 PrivacyRequestCarriedOut's type.
 */
export const UNCONFIRMED_REQUESTS = `e.type = $2 AND NOT EXISTS (
  SELECT 1 FROM domain_events c WHERE c.stream_type = $3 AND c.stream_id = e.stream_id AND c.type = $4)`;

/** Requests forgotten per pass: a backlog goes in bounded steps. */
const BATCH = 1000;

/**
 * A privacy request nobody confirmed is forgotten when its link expires
 * (PRIVACY_REQUEST_TTL_HOURS): its address leaves personal_data, so the request reads as erased
 * (its link answers 404) and a replay agrees. A confirmed request stays with the person's other
 * data, and goes with it on erasure.
 */
@Injectable()
export class PrivacyRequestsRetention implements RetentionRule {
  constructor(
    registry: PersonalDataRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    registry.registerRetention(this);
  }

  async expire(now: Date, db: EntityManager): Promise<Record<string, number>> {
    const expired: { stream_id: string }[] = await db.query(
      `SELECT e.stream_id FROM domain_events e JOIN personal_data p ON p.event_id = e.id
       WHERE e.occurred_at <= $1 AND ${UNCONFIRMED_REQUESTS} ORDER BY e.occurred_at LIMIT ${BATCH}`,
      [
        new Date(now.getTime() - this.config.PRIVACY_REQUEST_TTL_HOURS * 3_600_000),
        PrivacyRequestMade.type,
        PRIVACY_REQUEST_STREAM,
        PrivacyRequestCarriedOut.type,
      ],
    );
    await erasePersonalDataOfStreams(
      db,
      PRIVACY_REQUEST_STREAM,
      expired.map((row) => row.stream_id),
    );
    return { privacy_requests: expired.length };
  }
}
