import { EntityManager } from 'typeorm';
import { CoachContext, ShotKind } from '../coach/coach-context';

/**
 * Where the coach reads the player's analysis: the events module's ShotRecordsService (bound in
 * ChatModule). Null when the record does not exist or nobody has claimed it yet; a 401 when the
 * claim token is not the claimer's (a shot and its chat answer only to who claimed it).
 */
export abstract class ShotAnalyses {
  abstract coachContext(kind: ShotKind, code: string, claimToken: string | null): Promise<CoachContext | null>;
  /** Every shot this (normalised) address ever claimed: the conversations about them are (also) that person's. */
  abstract shotsClaimedBy(emailNormalized: string, db: EntityManager): Promise<{ kind: ShotKind; code: string }[]>;
}
