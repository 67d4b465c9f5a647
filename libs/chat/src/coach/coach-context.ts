import { AnalysisReading, AREA_METRICS, AREA_WORDS, readAnalysis, SHOT_AREAS, ShotArea, TARGETS } from '@swishly/events';

/**
 * What the coach knows about the player: their analysis as the events module stores it
 * (ShotRecordsService.coachContext, the same shapes as @swishly/events' ShotFeedback and ShotMetrics).
 */
export type ShotKind = 'hbf' | 'shot';

export interface CoachFeedback {
  summary: string | null;
  shotRating: number | null;
  form: string | null;
  release: string | null;
  followThrough: string | null;
  tips: string[];
}

export interface CoachMetrics {
  elbowAngleDeg?: number;
  releaseAngleDeg?: number;
  releaseHeightM?: number;
  releaseTimeMs?: number;
  followThroughHoldMs?: number;
  balanceScore?: number;
  makes?: number;
  misses?: number;
}

export interface CoachContext {
  firstName: string;
  feedback: CoachFeedback;
  metrics: CoachMetrics | null;
}

/** A turn of the conversation so far, oldest first. */
export interface ChatTurn {
  sender: 'user' | 'bot';
  content: string;
}

/** The areas a shooting coach works on; every drill and every question maps to one. */
export type FocusArea = ShotArea;
export const FOCUS_AREAS: FocusArea[] = SHOT_AREAS;
export { AREA_METRICS, AREA_WORDS, TARGETS };

/** What the analysis says, read the way the feedback page reads it: its judgements and what to fix first. */
export function readingOf(context: CoachContext): AnalysisReading {
  return readAnalysis(context.feedback, context.metrics);
}

/** The measurements as the analysis judged and wrote them: whole degrees, milliseconds and points. */
export function metricsOf(context: CoachContext): CoachMetrics {
  return Object.fromEntries(Object.entries(context.metrics ?? {}).map(([key, value]) => [key, key === 'releaseHeightM' ? value : Math.round(value)]));
}

/** A stored text as one sentence-ish quote, without its final full stop, at most 240 characters. */
export function quote(text: string): string {
  const clean = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '');
  // Cut at a word, never inside a number.
  return clean.length > 240 ? `${clean.slice(0, 237).replace(/\s+\S*$/, '')}...` : clean;
}

/** Makes of attempts and the percentage, when the analysis counted them. */
export function shootingRecord(context: CoachContext): { makes: number; attempts: number; percent: number } | null {
  const { makes, misses } = context.metrics ?? {};
  if (makes === undefined || misses === undefined || makes + misses === 0) return null;
  return { makes, attempts: makes + misses, percent: Math.round((100 * makes) / (makes + misses)) };
}

/** Every number the analysis states (the coach may repeat these, the targets and what coaches know, but never invent one). */
export function analysisNumbers(context: CoachContext): string[] {
  const f = context.feedback;
  const fromText = [f.summary, f.form, f.release, f.followThrough, ...f.tips].join(' ').match(/\d+(\.\d+)?/g) ?? [];
  const measured = Object.values(context.metrics ?? {}).map(String);
  const rating = f.shotRating === null ? [] : [String(f.shotRating)];
  const record = shootingRecord(context);
  const counted = record ? [String(record.attempts), String(record.percent)] : [];
  return [...new Set([...fromText, ...measured, ...rating, ...counted])];
}
