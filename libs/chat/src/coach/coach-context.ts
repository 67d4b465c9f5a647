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

/** The areas a shooting coach works on; every drill and every intent maps to one. */
export type FocusArea = 'release' | 'elbow' | 'followThrough' | 'balance' | 'arc';

/** The ranges coaches teach (the events module's rules engine judges the metrics against the same). */
export const TARGETS = {
  elbowAngleDeg: { min: 80, max: 100 },
  releaseAngleDeg: { min: 45, max: 55 },
  releaseTimeMs: { max: 700 },
  followThroughHoldMs: { min: 500 },
  balanceScore: { min: 75 },
} as const;

/** One thing the analysis says about an area, worst first: a measured number off its range, or what the text says. */
export interface Finding {
  area: FocusArea;
  /** How far off, 0 (fine) to 3; text-only findings count 1. */
  severity: number;
  /** The player's own measurement or analysis text, quoted as stored. */
  evidence: string;
}

export const AREA_WORDS: Record<FocusArea, RegExp> = {
  release: /\b(release|late|slow|quick|timing|dip|catch)\b/i,
  elbow: /\b(elbow|set point|chicken wing|alignment|under the ball)\b/i,
  followThrough: /\b(follow[- ]?through|wrist|snap|hold (the|your) (finish|hand)|gooseneck)\b/i,
  balance: /\b(balance|feet|footwork|base|landing|lean|drift|fade)\b/i,
  arc: /\b(arc|release angle|flat|trajectory|launch|high(er)? (shot|arc))\b/i,
};

/** The measurement behind each area, in the order the coach goes through them. */
export const AREA_METRICS: Record<FocusArea, keyof CoachMetrics> = {
  release: 'releaseTimeMs',
  elbow: 'elbowAngleDeg',
  followThrough: 'followThroughHoldMs',
  balance: 'balanceScore',
  arc: 'releaseAngleDeg',
};

export const FOCUS_AREAS = Object.keys(AREA_METRICS) as FocusArea[];

/** Whether the camera measured an area. */
export const isMeasured = (context: CoachContext, area: FocusArea): boolean => context.metrics?.[AREA_METRICS[area]] !== undefined;

const severity = (off: number, step: number) => Math.min(3, Math.ceil(off / step));

/** The measurements as the analysis judged and wrote them: whole degrees, milliseconds and points. */
export function metricsOf(context: CoachContext): CoachMetrics {
  return Object.fromEntries(Object.entries(context.metrics ?? {}).map(([key, value]) => [key, key === 'releaseHeightM' ? value : Math.round(value)]));
}

/** What is off in this player's shot, worst first (measured numbers before text). */
export function findings(context: CoachContext): Finding[] {
  const found: Finding[] = [];
  const m = metricsOf(context);
  if (m.releaseTimeMs !== undefined && m.releaseTimeMs > TARGETS.releaseTimeMs.max) {
    found.push({ area: 'release', severity: severity(m.releaseTimeMs - TARGETS.releaseTimeMs.max, 100), evidence: `your release takes ${m.releaseTimeMs} ms from the catch` });
  }
  if (m.elbowAngleDeg !== undefined && (m.elbowAngleDeg < TARGETS.elbowAngleDeg.min || m.elbowAngleDeg > TARGETS.elbowAngleDeg.max)) {
    const off = m.elbowAngleDeg < TARGETS.elbowAngleDeg.min ? TARGETS.elbowAngleDeg.min - m.elbowAngleDeg : m.elbowAngleDeg - TARGETS.elbowAngleDeg.max;
    found.push({ area: 'elbow', severity: severity(off, 8), evidence: `your elbow sits at ${m.elbowAngleDeg}° at the set point` });
  }
  if (m.followThroughHoldMs !== undefined && m.followThroughHoldMs < TARGETS.followThroughHoldMs.min) {
    found.push({ area: 'followThrough', severity: severity(TARGETS.followThroughHoldMs.min - m.followThroughHoldMs, 150), evidence: `you hold your follow-through for ${m.followThroughHoldMs} ms` });
  }
  if (m.balanceScore !== undefined && m.balanceScore < TARGETS.balanceScore.min) {
    found.push({ area: 'balance', severity: severity(TARGETS.balanceScore.min - m.balanceScore, 10), evidence: `your balance scored ${m.balanceScore}/100` });
  }
  if (m.releaseAngleDeg !== undefined && (m.releaseAngleDeg < TARGETS.releaseAngleDeg.min || m.releaseAngleDeg > TARGETS.releaseAngleDeg.max)) {
    const off = m.releaseAngleDeg < TARGETS.releaseAngleDeg.min ? TARGETS.releaseAngleDeg.min - m.releaseAngleDeg : m.releaseAngleDeg - TARGETS.releaseAngleDeg.max;
    found.push({ area: 'arc', severity: severity(off, 4), evidence: `your ball leaves your hand at ${m.releaseAngleDeg}°` });
  }
  found.sort((a, b) => b.severity - a.severity);

  // The analysis text: its tips name what to work on; without tips, the sections and summary
  // (whose other sentences are often praise). An area the camera measured is judged by its number only.
  const measured = new Set(FOCUS_AREAS.filter((area) => isMeasured(context, area)));
  const f = context.feedback;
  const texts = (f.tips.length ? f.tips : [f.release, f.form, f.followThrough, f.summary]).filter((t): t is string => !!t);
  for (const text of texts) {
    for (const area of FOCUS_AREAS) {
      if (measured.has(area) || found.some((x) => x.area === area)) continue;
      // The section on the area says what is wrong; a tip says what to do about it.
      if (AREA_WORDS[area].test(text)) found.push({ area, severity: 1, evidence: quote(sectionAbout(f, area) ?? text) });
    }
  }
  return found;
}

/** The analysis's own words about an area: its section, a tip that names it, or a sentence of the summary. */
export function analysisSays(context: CoachContext, area: FocusArea): string | null {
  const f = context.feedback;
  const section = sectionAbout(f, area);
  if (section) return quote(section);
  const tip = f.tips.find((t) => AREA_WORDS[area].test(t));
  if (tip) return quote(tip);
  if (f.summary && AREA_WORDS[area].test(f.summary)) return quote(firstSentenceAbout(f.summary, AREA_WORDS[area]));
  return null;
}

/** The feedback section written about an area: the release and follow-through have their own; the elbow, balance and arc when their section names them. */
function sectionAbout(f: CoachFeedback, area: FocusArea): string | null {
  if (area === 'release' || area === 'followThrough') return f[area];
  const section = area === 'arc' ? f.release : f.form;
  return section && AREA_WORDS[area].test(section) ? section : null;
}

function firstSentenceAbout(text: string, words: RegExp): string {
  return text.split(/(?<=[.!?])\s+/).find((s) => words.test(s)) ?? text;
}

/** A stored text as one sentence-ish quote, without its final full stop, at most 240 characters. */
export function quote(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim().replace(/[.!]+$/, '');
  // Cut at a word, never inside a number.
  return clean.length > 240 ? `${clean.slice(0, 237).replace(/\s+\S*$/, '')}...` : clean;
}

/** Makes of attempts and the percentage, when the analysis counted them. */
export function shootingRecord(context: CoachContext): { makes: number; attempts: number; percent: number } | null {
  const { makes, misses } = context.metrics ?? {};
  if (makes === undefined || misses === undefined || makes + misses === 0) return null;
  return { makes, attempts: makes + misses, percent: Math.round((100 * makes) / (makes + misses)) };
}

/** Every number the analysis states (the coach may repeat these, and the targets, but never invent one). */
export function analysisNumbers(context: CoachContext): string[] {
  const f = context.feedback;
  const fromText = [f.summary, f.form, f.release, f.followThrough, ...f.tips].join(' ').match(/\d+(\.\d+)?/g) ?? [];
  const measured = Object.values(context.metrics ?? {}).map(String);
  const rating = f.shotRating === null ? [] : [String(f.shotRating)];
  const record = shootingRecord(context);
  const counted = record ? [String(record.attempts), String(record.percent)] : [];
  return [...new Set([...fromText, ...measured, ...rating, ...counted])];
}
