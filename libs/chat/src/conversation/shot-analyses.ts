import { EntityManager } from 'typeorm';
import { CoachContext, ShotKind } from '../coach/coach-context';

/**
 * Where the coach reads the player's analysis: the events module's ShotRecordsService (bound in
 * ChatModule). Null when the record does not exist or nobody has claimed it yet.
 */
export abstract class ShotAnalyses {
  abstract coachContext(kind: ShotKind, code: string): Promise<CoachContext | null>;
  /** The shots claimed with this (normalised) address: their conversations are that person's. */
  abstract shotsClaimedBy(emailNormalized: string, db: EntityManager): Promise<{ kind: ShotKind; code: string }[]>;
}
