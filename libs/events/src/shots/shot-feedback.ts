import { z } from 'zod';

/** The two shot flows: the Helsinki Basketball Festival booth ('hbf') and the web flow ('shot'). */
export const SHOT_KINDS = ['hbf', 'shot'] as const;
export type ShotKind = (typeof SHOT_KINDS)[number];

/** A code printed on a card or put in a link by the app. */
export const SHOT_CODE = /^[A-Za-z0-9_-]{1,32}$/;

const line = (max: number) => z.string().trim().min(1).max(max);

/** Spec §3 "Shot feedback": a single text, or a rating out of 10 with form, release, follow-through and tips. */
export const structuredShotDataSchema = z.strictObject({
  shotRating: z.number().min(0).max(10),
  form: line(2000),
  release: line(2000),
  followThrough: line(2000),
  tips: z.array(line(500)).max(10),
});
export const shotDataSchema = z.union([line(5000), structuredShotDataSchema]);
export type ShotData = z.infer<typeof shotDataSchema>;

/** The raw numbers the app measured. Every field is optional; the ranges are what a camera can report. */
export const shotMetricsSchema = z
  .strictObject({
    /** Elbow angle at the set point, degrees. */
    elbowAngleDeg: z.number().min(0).max(180),
    /** Launch angle of the ball, degrees above horizontal. */
    releaseAngleDeg: z.number().min(0).max(90),
    /** Height of the ball at release, metres. */
    releaseHeightM: z.number().min(0).max(4),
    /** From the catch (or the dip) to the release, milliseconds. */
    releaseTimeMs: z.number().int().min(0).max(5000),
    /** How long the shooting arm holds the follow-through, milliseconds. */
    followThroughHoldMs: z.number().int().min(0).max(5000),
    /** Balance from 0 (falling away) to 100 (square and still on landing). */
    balanceScore: z.number().min(0).max(100),
    makes: z.number().int().min(0).max(10000),
    misses: z.number().int().min(0).max(10000),
  })
  .partial()
  .refine((m) => Object.keys(m).length > 0, { message: 'metrics must have at least one value' });
export type ShotMetrics = z.infer<typeof shotMetricsSchema>;

/** The one shape pages, emails and the coach read (spec §3), whatever form shot_data was stored in. */
export interface ShotFeedback {
  summary: string | null;
  shotRating: number | null;
  form: string | null;
  release: string | null;
  followThrough: string | null;
  tips: string[];
}

export function toFeedback(data: ShotData): ShotFeedback {
  if (typeof data === 'string') return { summary: data, shotRating: null, form: null, release: null, followThrough: null, tips: [] };
  return { summary: null, shotRating: data.shotRating, form: data.form, release: data.release, followThrough: data.followThrough, tips: data.tips };
}
