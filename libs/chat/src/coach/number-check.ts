import { analysisNumbers, CoachContext, TARGETS } from './coach-context';
import { KNOWLEDGE_NUMBERS } from './coaching-knowledge';

/** A measurement in an answer: an angle, a time, a share, a score or a release height (drill distances such as "3 metres" and reps are not measurements). */
const MEASUREMENT = /(\d+(?:[.,]\d+)?)\s*(?:°|degrees?|ms\b|milliseconds|%|percent|\/\s*10\b|\/\s*100\b|out of 10\b)|(\d+[.,]\d+)\s*m\b/gi;

const TARGET_NUMBERS = Object.values(TARGETS).flatMap((range) => Object.values(range).map(String));

/**
 * The measurements an answer states that are in neither the player's analysis, the target
 * ranges, what coaches know (coaching-knowledge) nor the player's own question: a model's answer
 * with any of these is not shown.
 */
export function inventedNumbers(answer: string, context: CoachContext, question = ''): string[] {
  const asked = question.match(/\d+(?:[.,]\d+)?/g) ?? [];
  const allowed = new Set([...analysisNumbers(context), ...TARGET_NUMBERS, ...KNOWLEDGE_NUMBERS, ...asked].map((n) => String(Number(n.replace(',', '.')))));
  return [...answer.matchAll(MEASUREMENT)].map((m) => m[1] ?? m[2]).filter((n) => !allowed.has(String(Number(n.replace(',', '.')))));
}
