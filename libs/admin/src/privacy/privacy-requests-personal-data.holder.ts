import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, DataSubject, ErasedRecords, PersonalDataHolder, PersonalDataRegistry } from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { PRIVACY_REQUEST_STREAM, PrivacyRequestCarriedOut, PrivacyRequestMade } from './privacy.events';

/**
 * The privacy requests' part: the requests made on /privacy-request under the person's address
 * (which kind, when, until when its link worked, and whether it was carried out). Their
 * addresses are personal fields of the request events: an erasure deletes them with the
 * person's other fields (erasePersonalData), and the request that remains names nobody.
 */
@Injectable()
export class PrivacyRequestsPersonalData implements PersonalDataHolder {
  constructor(
    registry: PersonalDataRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    registry.register(this);
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const requests: { requestId: string; kind: string; madeAt: Date; carriedOutAt: Date | null }[] = await db.query(
      `SELECT m.stream_id AS "requestId", m.payload->>'kind' AS kind, m.occurred_at AS "madeAt",
         (SELECT min(c.occurred_at) FROM domain_events c WHERE c.stream_type = m.stream_type AND c.stream_id = m.stream_id AND c.type = $3) AS "carriedOutAt"
       FROM personal_data p JOIN domain_events m ON m.id = p.event_id
       WHERE p.subject = ANY($1::varchar[]) AND m.stream_type = $2 AND m.type = $4
       ORDER BY m.position`,
      [person.subjects, PRIVACY_REQUEST_STREAM, PrivacyRequestCarriedOut.type, PrivacyRequestMade.type],
    );
    return {
      privacyRequests: requests.map((r) => ({
        requestId: r.requestId,
        kind: r.kind,
        madeAt: r.madeAt.toISOString(),
        linkExpiresAt: new Date(r.madeAt.getTime() + this.config.PRIVACY_REQUEST_TTL_HOURS * 3_600_000).toISOString(),
        carriedOut: r.carriedOutAt !== null,
        carriedOutAt: r.carriedOutAt?.toISOString() ?? null,
      })),
    };
  }

  async erase(): Promise<ErasedRecords> {
    return { records: 0 };
  }
}
