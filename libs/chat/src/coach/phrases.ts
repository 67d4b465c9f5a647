import { distance } from 'fastest-levenshtein';
import stem from 'wink-porter2-stemmer';

/**
 * A pattern matching any of these words or phrases as whole words (each alternative is itself a
 * regular expression: `shots?`, `follow[- ]?through`). Long lists of words are kept as data,
 * one entry each, rather than as one long expression.
 */
export function anyOf(alternatives: readonly string[], flags = 'i'): RegExp {
  // Whole words in every alphabet: `\b` and `\w` know only ASCII letters, so "sää" or "lätkää"
  // would never be a whole word.
  const body = alternatives.join('|').replace(/\\w/g, '[\\p{L}\\p{N}_]');
  return new RegExp(`(?<![\\p{L}\\p{N}_])(${body})(?![\\p{L}\\p{N}_])`, flags.includes('u') ? flags : `${flags}u`);
}

/**
 * A matcher of example phrases: a phrase is in a message when its words come in its order, each
 * word stemmed ("drills" is "drill"), allowed one typo from six letters ("relase") or cut short
 * from four ("kyynärpää" matches "kyynärpääni"), with at most three other words between two of
 * them ("is my release good" has "is … good"). What a message asks is then data: phrases added to
 * a list, never a rule.
 */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/['’]/g, '')
      .replace(/%/g, ' percent ')
      .match(/[\p{L}\p{N}]+(?:[.,]\d+)?/gu) ?? []
  ).map((word) => (/^[a-z]+$/.test(word) ? stem(word) : word));
}

/** How Finnish words end when inflected: long vowels, case endings, possessive suffixes. */
const FINNISH_ENDING = /(aa|ää|ee|ii|oo|uu|yy|[aeiouyäö]n|ssa|ssä|sta|stä|lla|llä|lta|ltä|lle|ksi|ni|si|nsa|nsä|mme|nne|a|ä|i|ö)$/;

function sameWord(said: string, wanted: string): boolean {
  if (said === wanted) return true;
  if (/^\d/.test(wanted) || /^\d/.test(said)) return false;
  // A longer inflected form ("kyynärpäätä", "drilli") of a word of five letters or more, or of four
  // when what follows ends as Finnish does ("kolm" in "kolmeen"): "plan" is not in "planet".
  if (said.startsWith(wanted) && (wanted.length >= 5 || (wanted.length === 4 && FINNISH_ENDING.test(said)))) return true;
  // One typo from six letters: below that a typo is another word ("score" and "scare"); never in
  // the first letter, where a change makes another word ("järkee", sense, is not "särkee", aches).
  return wanted.length >= 6 && said.length >= 6 && said[0] === wanted[0] && distance(said, wanted) <= 1;
}

export interface PhraseMatch<T> {
  label: T;
  /** Where in the message the phrase starts (in words). */
  at: number;
  /** How many words the phrase has: a longer phrase says more. */
  length: number;
  /** A phrase written with a leading "~" says little on its own ("what is"): it decides only when nothing else does. */
  weak: boolean;
}

export class PhraseMatcher<T extends string> {
  private readonly phrases: { label: T; words: string[]; weak: boolean }[];

  constructor(examples: Record<T, string[]>) {
    this.phrases = (Object.entries(examples) as [T, string[]][]).flatMap(([label, texts]) =>
      texts.map((text) => ({ label, words: wordsOf(text), weak: text.startsWith('~') })),
    );
  }

  /** Every label with a phrase in the message, each by its best phrase: strong before weak, then the longest, then the earliest. */
  matches(message: string): PhraseMatch<T>[] {
    const said = wordsOf(message);
    const best = new Map<T, PhraseMatch<T>>();
    for (const phrase of this.phrases) {
      const at = findIn(said, phrase.words);
      if (at < 0) continue;
      const current = best.get(phrase.label);
      const found = { label: phrase.label, at, length: phrase.words.length, weak: phrase.weak };
      if (!current || better(found, current)) best.set(phrase.label, found);
    }
    return [...best.values()].sort((a, b) => Number(a.weak) - Number(b.weak) || b.length - a.length || a.at - b.at);
  }

  has(message: string, label: T): boolean {
    return this.matches(message).some((m) => m.label === label);
  }
}

/** A strong phrase before a weak one, then the longer, then the earlier. */
function better<T>(a: PhraseMatch<T>, b: PhraseMatch<T>): boolean {
  if (a.weak !== b.weak) return !a.weak;
  return a.length > b.length || (a.length === b.length && a.at < b.at);
}

const MAX_GAP = 3;

/** Where the phrase's words start in the message's, in order with small gaps; -1 when they are not there. */
function findIn(said: string[], wanted: string[]): number {
  for (let start = 0; start < said.length; start++) {
    if (!sameWord(said[start], wanted[0])) continue;
    let at = start;
    let ok = true;
    for (const word of wanted.slice(1)) {
      let next = -1;
      for (let i = at + 1; i <= Math.min(said.length - 1, at + 1 + MAX_GAP); i++) {
        if (sameWord(said[i], word)) {
          next = i;
          break;
        }
      }
      if (next < 0) {
        ok = false;
        break;
      }
      at = next;
    }
    if (ok) return start;
  }
  return -1;
}
