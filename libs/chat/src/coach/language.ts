import type { detectAll } from 'tinyld';

/**
 * The detector's two models, loaded on first use: the larger one takes a second of CPU to load,
 * which an API or a worker that starts should not pay before a player writes to the coach.
 */
let models: { light: typeof detectAll; heavy: typeof detectAll } | null = null;
function detectors() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first needed, synchronously, as languageOf is
  models ??= { light: require('tinyld').detectAll, heavy: require('tinyld/heavy').detectAll };
  return models;
}

/**
 * The language of a player's message (ISO 639-1), by a language detector rather than word lists.
 * The coach's texts are English, so a question in another language is answered in English with a
 * line in the player's own language saying so. Short English with slang reads like Dutch or
 * Afrikaans to any one model: English wins unless the detector's two models agree on another.
 */
export type Language = string;

/** The line that tells a player, in their language, that the answer is in English. */
const IN_ENGLISH: Record<Language, string> = {
  fi: 'Vastaan englanniksi, koska valmennustekstini ovat toistaiseksi englanniksi.',
  sv: 'Jag svarar på engelska, eftersom mina coachningstexter än så länge bara finns på engelska.',
  es: 'Te respondo en inglés, porque por ahora mis textos de entrenamiento solo están en inglés.',
  de: 'Ich antworte auf Englisch, weil es meine Trainingstexte bisher nur auf Englisch gibt.',
  fr: "Je te réponds en anglais, car mes textes d'entraînement n'existent pour l'instant qu'en anglais.",
  it: 'Ti rispondo in inglese, perché per ora i miei testi di allenamento sono solo in inglese.',
  pt: 'Respondo em inglês, porque por enquanto os meus textos de treino só existem em inglês.',
  et: 'Vastan inglise keeles, sest minu treeningtekstid on praegu ainult inglise keeles.',
  ru: 'Я отвечу по-английски: мои тренерские тексты пока есть только на английском.',
};

/** The languages told apart: English, and those our visitors bring (Polish and Dutch are left out: either model takes short English slang for them). */
const LANGUAGES = ['en', ...Object.keys(IN_ENGLISH)];

/** The coach's own English terms, which players keep in any language ("onks mun release ok"): they say nothing of the language around them. */
const BORROWED = /\b(release|follow|through|thru|elbow|arc|balance|drill|drills|ok|okay|shot|rating|coach|swishly|set point)\b/gi;

/** Words of English that other visitors' languages do not use ("so", "bad" and "is" are German or Dutch too). */
const ENGLISH_ONLY =
  /(?<!\p{L})(the|my|you|your|what|whats|how|why|and|it|this|that|kinda|wanna|gonna|tbh|pls|plz|im|dont|can|should|would|wont|cant|lol|hi|hello)(?!\p{L})/giu;

/** Hellos in the languages visitors bring, each with its language: said back in the player's own word. */
const HELLOS: Record<string, Language> = {
  moi: 'fi',
  moikka: 'fi',
  hei: 'fi',
  terve: 'fi',
  moro: 'fi',
  heippa: 'fi',
  hola: 'es',
  hallo: 'de',
  hej: 'sv',
  hejsan: 'sv',
  tere: 'et',
  salut: 'fr',
};

/** A message's first word, in lower case. */
export const firstWord = (message: string) =>
  message
    .trim()
    .split(/[\s!.,?]/)[0]
    .toLowerCase();

/**
 * The language of the hello a message opens with ("tere! 🙂", "Heii"), its repeated last letter
 * taken once: one word is too little for the detector. Null when it opens with no such hello.
 */
export function helloLanguage(message: string): Language | null {
  return HELLOS[firstWord(message).replace(/(\p{L})\1+$/u, '$1')] ?? null;
}

/** A thank-you in a word or two, in the languages visitors bring: too little for the detector, but the word says its language. */
const THANKS_IN: [RegExp, Language][] = [
  [/^(kiitos|kiitti|kiitoksia|kiitti paljon|kiitos paljon)$/, 'fi'],
  [/^(tack|tack så mycket|tusen tack)$/, 'sv'],
  [/^(gracias|muchas gracias)$/, 'es'],
  [/^(danke|danke schön|dankeschön|vielen dank)$/, 'de'],
  [/^(aitäh|tänan)$/, 'et'],
  [/^(merci|merci beaucoup)$/, 'fr'],
];

export function languageOf(message: string): Language {
  const plain = message
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  const thanks = THANKS_IN.find(([said]) => said.test(plain));
  if (thanks) return thanks[1];
  // Two words only English uses ("i kinda wanna quit tbh") settle it, whatever the detector reads into "so bad".
  if (new Set(message.toLowerCase().match(ENGLISH_ONLY) ?? []).size >= 2) return 'en';
  const letters = message
    .replace(BORROWED, ' ')
    .replace(/[\d\s\p{P}\p{S}]+/gu, ' ')
    .trim();
  if (letters.length < 4) return 'en';
  // The detector's two models (trained on more and on less text) must agree on another language:
  // either alone mistakes short slang ("ngl my form kinda mid") for Dutch or Polish.
  const lightFound = detectors().light(letters, { only: LANGUAGES });
  const heavyFound = detectors().heavy(letters, { only: LANGUAGES });
  const [heavy] = heavyFound;
  // Finnish and Estonian share most short words: the larger model sure of one, and the smaller one
  // torn between the two (its second guess close behind its first), is taken as the larger one reads it.
  const torn = lightFound[1] && lightFound[1].lang === heavy?.lang && lightFound[1].accuracy >= 0.7 * lightFound[0].accuracy && heavy.accuracy >= 0.9;
  const light = torn ? lightFound[1] : lightFound[0];
  if (!light || !heavy || light.lang !== heavy.lang || light.lang === 'en') return 'en';
  // Letters English does not use (ä, ñ, é, ß...) make two words enough; plain ASCII needs more to go on.
  const words = letters.split(' ').length;
  // Or, from three words, both models far surer of it than of anything else ("onks mun tasapaino").
  const clearly = (found: { lang: string; accuracy: number }[]) => found[0].accuracy >= 4 * (found[1]?.accuracy ?? 0);
  const enough = /[^ -~]/.test(letters)
    ? words >= 2 && Math.max(light.accuracy, heavy.accuracy) >= 0.1
    : words >= 3 &&
      (Math.max(light.accuracy, heavy.accuracy) >= 0.9 ||
        (words >= 5 && Math.min(light.accuracy, heavy.accuracy) >= 0.15) ||
        (clearly(lightFound) && clearly(heavyFound)));
  return enough ? light.lang : 'en';
}

/** The line to begin an answer with for a player writing in this language (null for English). */
export function inEnglishNote(language: Language): string | null {
  if (language === 'en') return null;
  return IN_ENGLISH[language] ?? "I answer in English: it's the language my coaching texts are written in.";
}
