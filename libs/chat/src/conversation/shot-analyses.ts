import { CoachContext, ShotKind } from '../coach/coach-context';

/**
 * Where the coach reads the player's analysis: the events module's ShotRecordsService (bound in
 * ChatModule). Null when the record does not exist or nobody has claimed it yet.
 */
export abstract class ShotAnalyses {
  abstract coachContext(kind: ShotKind, code: string): Promise<CoachContext | null>;
}
