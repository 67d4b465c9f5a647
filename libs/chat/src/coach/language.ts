import { detectAll } from 'tinyld';

/**
 * The language of a player's message (ISO 639-1), by a language detector rather than word lists.
 * The coach's texts are English, so a question in another language is answered in English with a
 * line in the player's own language saying so. Short English with slang reads like Dutch or
 * Afrikaans to any detector: English wins unless another language is clearly ahead.
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
  pl: 'Odpowiem po angielsku, bo moje teksty treningowe są na razie tylko po angielsku.',
  nl: 'Ik antwoord in het Engels, omdat mijn trainingsteksten voorlopig alleen in het Engels zijn.',
};

const LANGUAGES = ['en', ...Object.keys(IN_ENGLISH)];

/** The coach's own English terms, which players keep in any language ("onks mun release ok"): they say nothing of the language around them. */
const BORROWED = /\b(release|follow|through|thru|elbow|arc|balance|drill|drills|ok|okay|shot|rating|coach|swishly|set point)\b/gi;

export function languageOf(message: string): Language {
  const letters = message.replace(BORROWED, ' ').replace(/[\d\s\p{P}\p{S}]+/gu, ' ').trim();
  if (letters.length < 4) return 'en';
  const [best, ...rest] = detectAll(letters, { only: LANGUAGES });
  if (!best || best.lang === 'en') return 'en';
  const english = rest.find((candidate) => candidate.lang === 'en')?.accuracy ?? 0;
  // Clearly ahead: a sure reading, or, from four words, well ahead of English ("hello coach" reads as Italian at low odds).
  const sure = best.accuracy >= 0.8 || (best.accuracy >= 2 * english && best.accuracy >= 0.04 && letters.split(' ').length >= 4);
  return sure ? best.lang : 'en';
}

/** The line to begin an answer with for a player writing in this language (null for English). */
export function inEnglishNote(language: Language): string | null {
  if (language === 'en') return null;
  return IN_ENGLISH[language] ?? "I answer in English: it's the language my coaching texts are written in.";
}
