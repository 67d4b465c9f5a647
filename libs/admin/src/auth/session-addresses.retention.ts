import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, daysBefore, PersonalDataRegistry, RetentionRule } from '@swishly/platform';
import { EntityManager } from 'typeorm';

/** A staff session's address and browser (shown to its admin as a security aid) go after RETENTION_SESSION_ADDRESS_DAYS. */
@Injectable()
export class SessionAddressesRetention implements RetentionRule {
  constructor(
    registry: PersonalDataRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    registry.registerRetention(this);
  }

  async expire(now: Date, db: EntityManager): Promise<Record<string, number>> {
    const [, cleared] = await db.query(
      `UPDATE admin_sessions SET ip = NULL, user_agent = NULL WHERE created_at < $1 AND (ip IS NOT NULL OR user_agent IS NOT NULL)`,
      [daysBefore(now, this.config.RETENTION_SESSION_ADDRESS_DAYS)],
    );
    return { session_addresses: cleared };
  }
}
