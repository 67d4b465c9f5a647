import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SignupRollupRow } from './signups.events';

/** The sign-ups slice's table (signup_daily_rollups). Static: the projection is built outside the module's providers. */
@Injectable()
export class SignupsRepository {
  /** Adds sign-ups to their counters (the projection of SignupsCounted). */
  static async addSignups(rows: SignupRollupRow[], db: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO signup_daily_rollups (day, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
       SELECT * FROM unnest($1::date[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::int[])
       ON CONFLICT (day, channel, creator_code, source_tag, utm_source, utm_campaign)
       DO UPDATE SET signups = signup_daily_rollups.signups + EXCLUDED.signups`,
      [
        rows.map((r) => r.day),
        rows.map((r) => r.channel),
        rows.map((r) => r.creatorCode),
        rows.map((r) => r.sourceTag),
        rows.map((r) => r.utmSource),
        rows.map((r) => r.utmCampaign),
        rows.map((r) => r.signups),
      ],
    );
  }
}
