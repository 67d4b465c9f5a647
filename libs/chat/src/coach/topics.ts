import MiniSearch from 'minisearch';
import stem from 'wink-porter2-stemmer';
import { FocusArea } from './coach-context';

/**
 * What a player's question can be about: each measured area, the facts of the analysis
 * (makes, rating, tips), the shot as a whole, and the symptoms players describe in their own
 * words. The built-in coach answers each from the player's analysis.
 */
export type Topic = FocusArea | 'releaseHeight' | 'makes' | 'rating' | 'tips' | Symptom;

/** What players say goes wrong; each maps to the areas that cause it (SYMPTOM_CAUSES). */
export type Symptom = 'short' | 'long' | 'sideways' | 'flat' | 'inconsistent' | 'tired';

/** The areas behind each symptom, the most common cause first. */
export const SYMPTOM_CAUSES: Record<Symptom, FocusArea[]> = {
  short: ['followThrough', 'balance', 'arc'],
  long: ['arc', 'balance', 'followThrough'],
  sideways: ['elbow', 'balance'],
  flat: ['arc', 'followThrough'],
  inconsistent: ['elbow', 'balance', 'release'],
  tired: ['balance', 'followThrough'],
};

export const SYMPTOMS = Object.keys(SYMPTOM_CAUSES) as Symptom[];

/**
 * How players ask about each topic: the matcher's examples. A question is matched to the
 * examples it shares the most (stemmed, typo-tolerant) words with, so a new paraphrase is an
 * example added here, never a rule.
 */
const EXAMPLES: Record<Topic, string[]> = {
  release: [
    'nopeutuu',
    'nopeutuis',
    'nopeemmaks',
    'nopeammaksi',
    'rütm',
    'rytmi',
    'rhythmus',
    // Russian, as visitors write it.
    'релиз',
    'выпуск',
    'скорость броска',
    'rytmi',
    'rytmin',
    'release',
    'release time',
    'release speed',
    'quick release',
    'slow release',
    'late release',
    'releasing quickly enough',
    'how fast do I get my shot off',
    'get it off faster',
    'catch to release',
    'too slow from the catch',
    'timing',
    'irrotus',
    'myöhässä',
    'hidas',
    'lanzamiento rápido',
    'vapautus',
    'vapautuksen',
    'vapautusta',
    'vapautukse',
    'hitaampi',
    'nopeempi',
    'laukaisu',
    'nopeus',
    'lanzamiento',
    'lancer',
    'lâcher',
    'abwurf',
    'släpp',
    'släppet',
    'rilascio',
    'quicker shot',
    'dip the ball after the catch',
    'blocked',
    'get my shot blocked',
    'release takes too long',
    'rhythm',
    'speed',
  ],
  elbow: [
    'gomito',
    // Russian, as visitors write it.
    'локоть',
    'локтя',
    'локтем',
    'угол локтя',
    'küünarnukk',
    'küünarnuki',
    'küünarnukki',
    'kyynärpää',
    'kyynärpään',
    'codo',
    'ellbogen',
    'coude',
    'armbåge',
    'elbow',
    'elbow angle',
    'elbow flare',
    'chicken wing',
    'elbow out to the side',
    'set point',
    'alignment',
    'arm lined up',
    'elbow under the ball',
    'arm angle',
  ],
  followThrough: [
    // Russian, as visitors write it.
    'сопровождение',
    'кисть',
    'loppuliike',
    'saattoliike',
    'ranne',
    'muñeca',
    'handgelenk',
    'poignet',
    'follow through',
    'follow thru',
    'how long do I hold',
    'follow',
    'followthrough',
    'finish',
    'hold the finish',
    'wrist',
    'wrist snap',
    'flick',
    'gooseneck',
    'goose neck',
    'hand after the shot',
    'backspin',
    'hold my hand up',
    'drop my hand',
  ],
  balance: [
    'falling over',
    'fall over',
    'off balance',
    'equilibrio',
    // Russian, as visitors write it.
    'баланс',
    'равновесие',
    'balanssi',
    'balanssia',
    'tasakaal',
    'tasakaalu',
    'tasapaino',
    'tasapainoni',
    'equilibrio',
    'gleichgewicht',
    'équilibre',
    'balans',
    'balance',
    'balanced',
    'feet',
    'footwork',
    'stance',
    'landing',
    'land',
    'lean',
    'drift',
    'fade away',
    'base',
    'legs',
    'knees',
    'jump',
    'off balance',
    'stable',
    'foot',
    'one foot or two',
  ],
  arc: [
    // Russian, as visitors write it.
    'дуга',
    'дугу',
    'траектория',
    'kaari',
    'kaaren',
    'lentorata',
    'arco',
    'bogen',
    'arc',
    'release angle',
    'launch angle',
    'trajectory',
    'high arc',
    'higher shot',
    'shot height arc',
    'angle the ball leaves',
    'rainbow',
  ],
  releaseHeight: [
    'height',
    'korkeus',
    'release height',
    'release point',
    'how high do I release',
    'how high',
    'let go of the ball',
    'high release point',
    'metres',
  ],
  makes: [
    'osumat',
    'osumaprosentti',
    'prosentti',
    'sisään',
    'heitin sisään',
    'shooting percentage',
    'percentage',
    'percent',
    'how many did I make',
    'how many went in',
    'makes',
    'made',
    'misses',
    'missed shots count',
    'accuracy',
    'accurate',
    'field goal',
    'hit rate',
    'make rate',
    'shots went in',
    'stats',
  ],
  rating: [
    // Russian, as visitors write it.
    'оценка',
    'оценку',
    'рейтинг',
    'arvosana',
    'pisteet',
    // "paljonko mä sain 10 asteikolla?": a score on a scale of ten.
    '10 asteikolla',
    'kymmenen asteikolla',
    'nota',
    'note',
    'bewertung',
    'rating',
    'score out of 10',
    'grade',
    'what does my rating mean',
    'rated',
    'mark',
    'is my rating good',
    'how good is my rating',
  ],
  tips: ['tips', 'tip', 'advice', 'what did the analysis say', 'analysis say', 'feedback', 'what did it tell me', 'recommendations', 'notes'],
  short: [
    'lyhyeksi',
    'lyhyitä',
    'etureunaan',
    'short',
    'fall short',
    'front rim',
    'not reaching',
    'come up short',
    'airball',
    'not enough power',
    'shots short',
  ],
  long: ['long', 'back rim', 'too far', 'over the rim', 'too much power', 'too strong', 'off the back'],
  sideways: [
    'till vänster',
    'till höger',
    'nach links',
    'nach rechts',
    'à gauche',
    'a la izquierda',
    'vasemmalle',
    'oikealle',
    'sivuun',
    'left',
    'miss left',
    'miss right',
    'go right',
    'goes right',
    'to the right',
    'sideways',
    'off line',
    'to the side',
    'pulls left',
    'drifts right',
    'off target',
  ],
  flat: ['flat', 'flat shot', 'line drive', 'low shot', 'no arc', 'muy plano', 'litteä', 'littee', 'liian litteä', 'liian suora'],
  inconsistent: ['consistent', 'consistency', 'inconsistent', 'streaky', 'same every time', 'repeatable', 'hot and cold', 'random'],
  tired: ['tired', 'tired legs', 'fatigue', 'exhausted', 'late in games', 'end of practice', 'legs die', 'gassed', 'worn out', 'stamina'],
};

/** Words that say nothing about what is asked (and the words every question shares). */
const STOP_WORDS = new Set(
  (
    'a an and are am as be been but by can could did do does for from had has have he her his how i if in into is it its just me my ' +
    'mine of on or our she so than that the their them then there these they this those to too up us was we were what when where which who why ' +
    'will with would you your yours im ive dont cant u ur pls please bro hey ok okay yeah yo lol also really very much many some any about should ' +
    'shot shots shoot shooting shooter ball basketball coach get got my is am like feel think know want need tell guess actually maybe now still even lot kind sort'
  ).split(' '),
);

function processTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/['’]/g, '');
  // Over 24 letters is no word a player means (and fuzzy matching it would be slow).
  if (word.length < 2 || word.length > 24 || STOP_WORDS.has(word) || /^\d+$/.test(word)) return null;
  return stem(word);
}

interface Example {
  id: number;
  topic: Topic;
  text: string;
  /** How many words of it count (after the stop words). */
  words: number;
}

const splitWords = MiniSearch.getDefault('tokenize') as (text: string) => string[];
/** Words, with "%" read as "percent" ("fg%?", "my shooting %"). */
const tokenize = (text: string) => splitWords(text.replace(/%/g, ' percent '));
const examples: Example[] = Object.entries(EXAMPLES)
  .flatMap(([topic, texts]) => texts.map((text) => ({ topic: topic as Topic, text })))
  .map((e, id) => ({ id, ...e, words: Math.max(1, tokenize(e.text).filter((t) => processTerm(t)).length) }));

const index = new MiniSearch<Example>({ fields: ['text'], processTerm, tokenize });
index.addAll(examples);

/** A topic is asked when the message has at least this share of one of its examples' words. */
const ENOUGH = 0.6;
/** A word matched with a typo or as a prefix counts for this much of an exact one. */
const INEXACT = 0.75;

/** What a message asks about, and how many of its words the coach knows (for telling another subject apart). */
export interface Reading {
  topics: Topic[];
  known: number;
  unknown: number;
  /** The words the coach did not place, stemmed. */
  unknownWords: string[];
}

/**
 * The topics a message asks about, the best match first (none when nothing matches). Every
 * word is stemmed and may carry a typo (one edit from five letters, two from eight) or be cut
 * short (from four letters: "elbo"). A topic scores as its best example: the share of that
 * example's words the message has, then how many words that is ("release angle" is the arc
 * before "release" is the release time). The best topic is asked; others too when the message
 * has one of their examples whole, on a word no better topic took ("my elbow or my balance?").
 */
export function readQuestion(message: string): Reading {
  // "high school" is a level, not how high the ball is released.
  message = message.replace(/\bhigh[- ]?school\b/gi, 'highschool');
  // "the analysis is too short": the page's length, not short misses.
  message = message.replace(
    /\b(analysis|page|report|answer|feedback|text|video)\s+(is|was|seems|feels|looks)\s+((too|so|kinda|really|pretty)\s+)?short\b/gi,
    '$1',
  );
  const asked = new Set(contentWords(message));
  const results = index.search(message, { fuzzy: (term) => (term.length >= 5 ? 0.2 : false), prefix: (term) => term.length >= 4 });
  const best = new Map<Topic, { share: number; words: number; score: number; terms: string[] }>();
  for (const result of results) {
    const example = examples[result.id as number];
    const matched = result.terms.reduce((sum, term) => sum + (asked.has(term) ? 1 : INEXACT), 0);
    const candidate = { share: Math.min(1, matched / example.words), words: matched, score: result.score, terms: result.queryTerms };
    const current = best.get(example.topic);
    // A topic holds every word its good matches used ("how long do I hold my follow thru" is the
    // follow-through's, both through "follow thru" and "how long do I hold": not long misses).
    const terms = [...new Set([...(current?.terms ?? []), ...(candidate.share >= ENOUGH ? candidate.terms : [])])];
    if (!current || rank(candidate, current) < 0) best.set(example.topic, { ...candidate, terms });
    else current.terms = terms;
  }
  const ranked = [...best.entries()].filter(([, m]) => m.share >= ENOUGH).sort((a, b) => rank(a[1], b[1]));
  const topics: Topic[] = [];
  const used = new Set<string>();
  for (const [topic, match] of ranked) {
    if (topics.length > 0 && (match.share < 1 || match.terms.every((term) => used.has(term)))) continue;
    topics.push(topic);
    match.terms.forEach((term) => used.add(term));
  }
  // The words the question was placed with are the ones the coach knows.
  const unknownWords = [...asked].filter((word) => !used.has(word));
  return { topics, known: used.size, unknown: unknownWords.length, unknownWords };
}

function rank(a: { share: number; words: number; score: number }, b: { share: number; words: number; score: number }): number {
  return b.share - a.share || b.words - a.words || b.score - a.score;
}

/** The words of a message that could carry a meaning (no stop words), stemmed. */
export function contentWords(message: string): string[] {
  return tokenize(message)
    .map((t) => processTerm(t))
    .filter((t): t is string => !!t);
}

/** The words of every topic's examples, stemmed: words the coach knows a question about the shot by. */
export const TOPIC_WORDS: ReadonlySet<string> = new Set(examples.flatMap((e) => contentWords(e.text)));

export const isSymptom = (topic: Topic): topic is Symptom => (SYMPTOMS as string[]).includes(topic);
