import { TARGETS } from './feedback-rules';
import { ShotFeedback, ShotMetrics } from './shot-feedback';

/**
 * What an analysis says, read once for everyone: the feedback page shows it and the coach
 * answers from it, so the chat can never judge an area or name a first focus the page does not.
 * The analysis decides in this order: its own words about an area (a label such as "average",
 * then its tone: "late", "flares", "solid"), then its tips (an area a tip asks to work on needs
 * work), and only where it is silent the measured number against the range coaches teach.
 */
export type ShotArea = 'elbow' | 'release' | 'arc' | 'followThrough' | 'balance';
export const SHOT_AREAS: ShotArea[] = ['elbow', 'release', 'arc', 'followThrough', 'balance'];

export type Judgement = 'good' | 'average' | 'needs work';

export interface AreaReading {
  area: ShotArea;
  judgement: Judgement;
  /** 'words' when the analysis's text or tips decided, 'number' when the measurement against its range did. */
  decidedBy: 'words' | 'number';
  /** The analysis's own sentence about the area, when it has one. */
  says: string | null;
}

/** One thing to work on, in the analysis's order: a tip (with the area it is about, if any), or an area its texts or numbers flag. */
export interface Priority {
  area: ShotArea | null;
  text: string;
}

export interface AnalysisReading {
  /** Every area the analysis judges, in SHOT_AREAS order; an area it says nothing about is absent. */
  areas: AreaReading[];
  /** What to fix, the first focus first. Empty when the analysis finds nothing to work on. */
  priorities: Priority[];
}

/** The words that put a sentence on an area. */
export const AREA_WORDS: Record<ShotArea, RegExp> = {
  elbow: /\b(elbow|set point|chicken wing|alignment|under the ball)\b/i,
  release:
    /\b(release (time|timing|speed|comes|takes|is (quick|on time|late|slow))|catch[- ]to[- ]release|from the catch|speed up (your|the) (release|catch)|rhythm|late release|quick release|release)\b(?! angle)/i,
  arc: /\b(arc|release angle|flat|trajectory|launch angle|leaves? your hand at|release at \d+°|push the ball up)\b/i,
  followThrough: /\b(follow[- ]?through|finish|wrist|snap|drop your hand|pull your hand|hand back|gooseneck|fingers pointing)\b/i,
  balance: /\b(balance[ds]?|balanced|feet|footwork|base|land(ing)?|lean|drift|fade|square stance)\b/i,
};

/** The measurement behind each area. */
export const AREA_METRICS: Record<ShotArea, keyof ShotMetrics> = {
  elbow: 'elbowAngleDeg',
  release: 'releaseTimeMs',
  arc: 'releaseAngleDeg',
  followThrough: 'followThroughHoldMs',
  balance: 'balanceScore',
};

/** A measurement as analyses write it, rounded: "112°", "950 ms", "58/100". */
export function measurementText(area: ShotArea, value: number): string {
  const shown = Math.round(value);
  return area === 'elbow' || area === 'arc' ? `${shown}°` : area === 'balance' ? `${shown}/100` : `${shown} ms`;
}

/** How far off an area's measurement is (0 when inside its range), and the distance that counts as one step worse. */
const MEASURE: Record<ShotArea, { off: (value: number) => number; step: number }> = {
  elbow: { off: (v) => Math.max(TARGETS.elbowAngleDeg.min - v, v - TARGETS.elbowAngleDeg.max, 0), step: 8 },
  release: { off: (v) => Math.max(v - TARGETS.releaseTimeMs.max, 0), step: 150 },
  arc: { off: (v) => Math.max(TARGETS.releaseAngleDeg.min - v, v - TARGETS.releaseAngleDeg.max, 0), step: 4 },
  followThrough: { off: (v) => Math.max(TARGETS.followThroughHoldMs.min - v, 0), step: 150 },
  balance: { off: (v) => Math.max(TARGETS.balanceScore.min - v, 0), step: 10 },
};

/** Labels an analysis may give outright, then the tone of its words. The first that matches decides. */
const TONES: [Judgement, RegExp][] = [
  ['needs work', /\bneeds? (some )?work\b/i],
  [
    'average',
    /\b(average|okay|ok|decent|fair|so-so|could be (quicker|faster|better|higher|longer)|room to improve|a (bit|touch) (slow|late|low|flat|wide))\b/i,
  ],
  [
    'needs work',
    /\b(late|slow(er)?|too|flares?|opens? to|wider|tucked|tighter|drifts?|drifting|leans?|leaning|flat|flattens|drops?|pulls?|short|cut off|off line|outside|below|lower than|higher than|costs?|loses?|well before|problem|issue|fad(e|es|ing)|falls? away|rushed|hitch|pushes your shots)\b/i,
  ],
  [
    'good',
    /\b(good|great|solid|quick|clean|on time|inside|compact|balanced|square|repeatable|smooth|strong|excellent|nice|snapped|steady|stable|fine|on target)\b/i,
  ],
];

function toneOf(clause: string): Judgement | null {
  return TONES.find(([, words]) => words.test(clause))?.[0] ?? null;
}

/** A text in clauses: sentences, and "X and your Y" split in two. */
function clausesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|;\s+|,?\s+and\s+(?=(?:your|you|the)\b)/i)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

/** Whether a clause is about an area: its words, or the area's own measurement as the analysis writes it. */
function isAbout(clause: string, area: ShotArea, metrics: ShotMetrics | null): boolean {
  if (AREA_WORDS[area].test(clause)) {
    // "release" alone in a clause about the release angle is the arc's.
    return !(area === 'release' && /\brelease (angle|at \d)/i.test(clause) && !/\b(ms|catch|rhythm|late|quick|slow)\b/i.test(clause));
  }
  const value = metrics?.[AREA_METRICS[area]];
  if (value === undefined) return false;
  return clause.includes(measurementText(area, value)) && !(area === 'followThrough' && /\b(catch|release)\b/i.test(clause));
}

/** The clauses of the analysis's sections about an area: its own section first (release, follow-through), then the form and summary. */
function clausesAbout(feedback: ShotFeedback, area: ShotArea, metrics: ShotMetrics | null): string[] {
  const own = area === 'release' ? feedback.release : area === 'followThrough' ? feedback.followThrough : null;
  const found: string[] = [];
  for (const section of [feedback.form, feedback.release, feedback.followThrough, feedback.summary]) {
    if (!section) continue;
    for (const clause of clausesOf(section)) {
      // A section's clause without any area's words is about the section's own area ("Solid finish.", "Good.").
      const aboutNone = SHOT_AREAS.every((other) => !isAbout(clause, other, metrics));
      if (isAbout(clause, area, metrics) || (section === own && aboutNone)) found.push(clause);
    }
  }
  return found;
}

const withoutStop = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '');

/** The area a tip asks to work on, if any. */
export function areaOfTip(tip: string): ShotArea | null {
  const named = SHOT_AREAS.map((area) => ({ area, at: tip.search(AREA_WORDS[area]) })).filter((x) => x.at >= 0);
  named.sort((a, b) => a.at - b.at);
  return named[0]?.area ?? null;
}

export function readAnalysis(feedback: ShotFeedback, metrics: ShotMetrics | null): AnalysisReading {
  const tipAreas = feedback.tips.map(areaOfTip);
  const areas: AreaReading[] = [];
  for (const area of SHOT_AREAS) {
    const clauses = clausesAbout(feedback, area, metrics);
    // A sentence may only mention the area ("your balance scored 58/100"): the first with a tone decides.
    const judged = clauses.map((clause) => ({ clause, tone: toneOf(clause) })).find((x) => x.tone !== null);
    const says = judged?.clause ?? clauses[0] ?? null;
    if (judged) {
      areas.push({ area, judgement: judged.tone!, decidedBy: 'words', says: withoutStop(judged.clause) });
      continue;
    }
    const value = metrics?.[AREA_METRICS[area]];
    if (value !== undefined) {
      areas.push({ area, judgement: MEASURE[area].off(value) > 0 ? 'needs work' : 'good', decidedBy: 'number', says: says && withoutStop(says) });
    } else if (tipAreas.includes(area)) {
      areas.push({ area, judgement: 'needs work', decidedBy: 'words', says: says && withoutStop(says) });
    }
  }

  // The tips in their order come first (the page numbers them); then what the texts and numbers flag, worst first.
  const priorities: Priority[] = [];
  feedback.tips.forEach((tip, i) => {
    const area = tipAreas[i];
    if (area === null ? !priorities.some((p) => p.area === null) : !priorities.some((p) => p.area === area)) priorities.push({ area, text: withoutStop(tip) });
  });
  const rest = areas
    .filter((a) => a.judgement !== 'good' && !priorities.some((p) => p.area === a.area))
    .sort((a, b) => weight(b, metrics) - weight(a, metrics));
  for (const a of rest) priorities.push({ area: a.area, text: a.says ?? '' });
  return { areas, priorities };
}

/** How much an area holds the shot back, for ordering what the tips do not: needs work before average, then how far off its number is. */
function weight(reading: AreaReading, metrics: ShotMetrics | null): number {
  const value = metrics?.[AREA_METRICS[reading.area]];
  const off = value === undefined ? 0 : Math.min(3, Math.ceil(MEASURE[reading.area].off(value) / MEASURE[reading.area].step));
  return (reading.judgement === 'needs work' ? 10 : 0) + off;
}
