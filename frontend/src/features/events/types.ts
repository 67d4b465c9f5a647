import type { ApiSchema } from '@/lib/api-schemas';

/** The two shot flows: the Helsinki Basketball Festival booth ('hbf') and the web flow ('shot'). */
export type ShotKind = 'hbf' | 'shot';

/**
 * A player's analysis (spec §3 "Shot feedback"): either the text form (`summary`) or the
 * structure with a rating out of 10, form, release, follow-through and tips.
 */
export type ShotFeedback = ApiSchema<'ShotFeedbackDto'>;

/**
 * What the analysis says, read once on the server: each area's judgement and what to fix, the
 * first focus first. The coach answers from the same reading, so the page and the chat agree.
 */
export type AnalysisReading = ApiSchema<'AnalysisReadingDto'>;

/** The form page of a flow (spec §2 route table). */
export function formPath(kind: ShotKind, code: string): string {
  return `/${kind}/${encodeURIComponent(code)}`;
}

/** The feedback page of a flow. */
export function feedbackPath(kind: ShotKind, code: string): string {
  return `/${kind}-feedback/${encodeURIComponent(code)}`;
}
