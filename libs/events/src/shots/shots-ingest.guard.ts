import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { apiError, bearerTokenOf, SettingsOf } from '@swishly/platform';
import { createHash, timingSafeEqual } from 'node:crypto';
import { EventsSettings } from '../events.settings';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** POST /api/shots is for the booth and the app: `Authorization: Bearer $SHOTS_INGEST_TOKEN`. */
@Injectable()
export class ShotsIngestGuard implements CanActivate {
  constructor(@Inject(EventsSettings.token) private readonly settings: SettingsOf<typeof EventsSettings>) {}

  canActivate(context: ExecutionContext): boolean {
    const expected = this.settings.SHOTS_INGEST_TOKEN;
    const given = bearerTokenOf(context.switchToHttp().getRequest().headers.authorization);
    if (!expected || given === null || !timingSafeEqual(digest(given), digest(expected))) {
      throw apiError(401, 'A valid shots ingest token is required.', 'unauthorized');
    }
    return true;
  }
}
