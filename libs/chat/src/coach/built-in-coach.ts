import { AreaReading, areaOfTip, measurementText, Priority } from '@swishly/events';
import { Act, actsOf, aboutLife, AMOUNT, FIRST, isActWord, isCompareWord, NUMBER_WORDS, TIMES_A_WEEK, unfamiliarWords } from './acts';
import { anyOf, PhraseMatcher } from './phrases';
import {
  AREA_METRICS,
  AREA_WORDS,
  ChatTurn,
  CoachContext,
  FOCUS_AREAS,
  FocusArea,
  metricsOf,
  quote,
  readingOf,
  shootingRecord,
  TARGETS,
} from './coach-context';
import {
  CAUSE,
  CUE,
  EFFECT,
  Level,
  LEVEL_NAMES,
  MEANING,
  NBA_PERCENT,
  PLAYERS,
  RELEASE_MS_BY_LEVEL,
  TRAINING_ANSWERS,
  TrainingQuestion,
  WEEKS_TO_FIX,
} from './coaching-knowledge';
import { Drill, drillsFor } from './drills';
import {
  ABUSE,
  aboutSomethingElse,
  aboutTheShot,
  classify,
  firstStated,
  MAKING_UP,
  mentionsTheGame,
  namesTheShotElsewhere,
  namesTheShotInAnotherLanguage,
  NumberKind,
  ordersAnotherNumber,
  claimsAnotherNumber,
  passesOffAnotherNumber,
} from './intents';
import { CONFIDENT_OVER_AN_ACT, CONFIDENT_OVER_FEELINGS, learnedGuard } from './guard-classifier';
import { firstWord, helloLanguage, inEnglishNote, languageOf } from './language';
import { contentWords, isSymptom, readQuestion, Symptom, SYMPTOM_CAUSES, Topic } from './topics';

/**
 * The coach without a language model: it works out what kind of answer a message asks for (its
 * act: is it good, why, what first, a drill, how long, a comparison...) and what it is about
 * (an area, the rating, the makes), resolving follow-ups against the conversation, then answers
 * that first, in the player's own numbers, judged and ordered exactly as the analysis page shows
 * them (readAnalysis). Answers are short; nothing already said in the conversation is said again.
 */
export function builtInAnswer(brand: string, context: CoachContext, history: ChatTurn[], message: string): string {
  const coach = new Conversation(brand, context, history);
  return coach.answer(message);
}

/** Three questions the coach answers well for this analysis: shown as tappable suggestions, and offered when a question cannot be placed. */
export function suggestionsFor(context: CoachContext): string[] {
  const reading = readingOf(context);
  const first = reading.priorities[0];
  if (first?.area) {
    const value = valueOf(context, first.area);
    return [
      'What should I fix first?',
      value ? `Is my ${NAME[first.area]} of ${value} good?` : `Is my ${NAME[first.area]} good?`,
      `Give me a 15-minute drill for my ${NAME[first.area]}`,
    ];
  }
  return ['What should I fix first?', 'How do I compare to college shooters?', 'Give me a 15-minute drill'];
}

/** How the coach names each area to a player. */
/** A part's judgement as the answer says it: "is good", "is average", "needs work". */
const standing = (judgement: AreaReading['judgement']) => (judgement === 'good' ? 'is good' : judgement === 'average' ? 'is average' : 'needs work');
const NAME: Record<FocusArea, string> = { elbow: 'elbow', release: 'release', arc: 'arc', followThrough: 'follow-through', balance: 'balance' };

/** A measurement as the analysis writes it, e.g. "112°" or "950 ms". */
function valueOf(context: CoachContext, area: FocusArea): string | null {
  const value = context.metrics?.[AREA_METRICS[area]];
  return value === undefined ? null : measurementText(area, value);
}

/** The range each area is judged against, in words. */
const RANGE: Record<FocusArea, string> = {
  elbow: `${TARGETS.elbowAngleDeg.min}-${TARGETS.elbowAngleDeg.max}°`,
  release: `under ${TARGETS.releaseTimeMs.max} ms`,
  arc: `${TARGETS.releaseAngleDeg.min}-${TARGETS.releaseAngleDeg.max}°`,
  followThrough: `at least ${TARGETS.followThroughHoldMs.min} ms`,
  balance: `${TARGETS.balanceScore.min}/100 or more`,
};

/** What a measured value is, e.g. "112° at the set point". */
const MEASURED_AS: Record<FocusArea, (value: string) => string> = {
  elbow: (v) => `${v} at the set point`,
  release: (v) => `${v} from the catch to the release`,
  arc: (v) => `${v} as the ball leaves your hand`,
  followThrough: (v) => `${v} of follow-through hold`,
  balance: (v) => `${v} for balance`,
};

interface Understanding {
  act: Act | null;
  also: Act | null;
  feeling: boolean;
  /** The act came from a weak phrase only ("what are", "good?"). */
  weak: boolean;
  /** The act was the classifier's guess from the nearest labelled questions. */
  guessed: boolean;
  topics: Topic[];
  /** The topics the player's own numbers in the message name ("is 950 slow"). */
  numbered: Topic[];
  /** The topics came from the conversation, not the message ("why?", "how do I fix it"). */
  inherited: boolean;
}

/** What the player's message says about how they can practise. */
interface Constraints {
  minutes: number | null;
  alone: boolean;
  noHoop: boolean;
  /** Home in particular (no hoop there either): what the answer says it works at. */
  atHome: boolean;
  noBall: boolean;
  /** Someone or something to pass and rebound: a brother, a friend, a rebounder machine. */
  partner: boolean;
}

/** Whether a drill suits what the player has; the drills without a ball are for when there is no ball or no hoop. */
const fits = (d: Drill, c: Constraints) => (!c.noHoop || !d.hoop) && (!c.alone || !d.partner) && (c.noBall ? d.ball === false : d.ball !== false || c.noHoop);

const NONE: Constraints = { minutes: null, alone: false, noHoop: false, atHome: false, noBall: false, partner: false };
const hasConstraint = (c: Constraints) => c.minutes !== null || c.alone || c.noHoop || c.noBall || c.partner;
/** Limits on how the player can practise (time, a hoop, a ball): a friend who "says I should shoot more" is none. */
const practiceLimits = (c: Constraints) => c.minutes !== null || c.noHoop || c.noBall;

/** When and where the player can practise, in their words: "after practice", "only a wall", "in the garage". */
function settingOf(message: string): string | null {
  const said =
    /\b(?:(?:right |just )?(?:after|before) (?:practice|training|school|games?|work)|only (?:have )?(?:a|one) wall(?: and a ball)?|only (?:on )?weekends|inside(?: the house)?|(?:at|the) outdoor hoop|on my own|(?:in|at) (?:the |my )?(?:garage|driveway|backyard|yard))\b/i.exec(
      message,
    );
  return said ? said[0].toLowerCase().replace(/^only have /, 'only ') : null;
}

function constraintsOf(message: string): Constraints {
  const minutes = message.match(
    /(\d{1,3})[\s-]*(?:min|mins|minute|minutes|minuuttia|minuutin|minuuttii|minsaa|minutos|minuten|minuter|minutter|minutit)(?!\p{L})/iu,
  );
  const hours = /\b(an|one|1|a half|half an?) hour\b|\b(\d) hours\b|\b1 ?hr\b|\btunnin\b|\bpuol(i|ikkaa)? tuntia\b/i.exec(message);
  return {
    minutes: minutes ? Number(minutes[1]) : hours ? (hours[2] ? Number(hours[2]) * 60 : /half|puol/i.test(hours[0]) ? 30 : 60) : null,
    alone: /\b(alone|by myself|on my own|no partner|without a partner|solo|yksin|ilman kaveria|allein|seul|sola?)\b/i.test(message),
    noHoop: anyOf([
      'no (hoop|basket|court|rim)',
      'without a (hoop|basket|court)',
      'at home',
      'in my room',
      'indoors at home',
      'only (have |got |has )?a wall',
      '(vaan|vain|pelkkä|pelkästään) (pallo ja )?(seinä|seinää)',
      '(only|just) (have |got )?a ball and a wall',
      'seinä ja pallo',
      'bara en vägg',
      'nur eine wand',
      'solo una pared',
      'ei koria',
      'eikä koria',
      'ei oo koria',
      'ei ole koria',
      'kotona',
      'ilman koria',
      'sin canasta',
      'ohne korb',
      'sans panier',
    ]).test(message),
    atHome: /\b(at home|kotona|zu hause|zuhause|en casa|hemma|à la maison|kodus|a casa)\b/i.test(message),
    // ("neighbors downstairs complain about bouncing": no ball on the floor.)
    noBall:
      /\b(no ball|without a ball|don'?t (even )?have a ball|no bouncing|can'?t bounce|complain\w* about (the )?bouncing|ei palloa|ei palloo|ilman palloa|ilman palloo|sin balón|ohne ball|sans ballon)\b/i.test(
        message,
      ),
    partner:
      /\b(with|and|me and|w|w\/) (my )?(\d+ |two |three )?(big |little )?(brother|sister|friend|dad|mom|teammate|partner)s?\b|\b(brother|sister|friend|dad|mom|teammate)\b.{0,15}\b(can |will |could )?(rebound\w*|pass\w*|feeds?)\b|\b(rebounder|shooting machine|ball machine|partner)\b|\b(veljen|siskon|kaverin|isän|iskän|faijan) kanssa\b|\b(kaveri|veli|sisko|isä|iskä|faija|valmentaja) (syöttää|syöttelee|pompottaa|hakee pallo\p{L}*)/iu.test(
        message,
      ) && !/\b(alone|by myself|no partner)\b/i.test(message),
  };
}

/** Sentences compared without case, spacing or quotes. */
const norm = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[“”"']/g, '')
    .replace(/\s+/g, ' ')
    .trim();
/** The sentences of a text, as the coach and its eval split them. */
export const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}0-9"“])/u)
    .map((s) => s.trim())
    .filter(Boolean);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** How many words a text has. */
export const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/** Direct answers stay about this long: a phone screen. "Tell me more" gives the rest. */
const MAX_WORDS = 60;

class Conversation {
  private readonly reading;
  private readonly areas: Map<FocusArea, AreaReading>;
  private readonly first: Priority | null;
  /** The analysis's numbers by kind: what a number the player states is held against. */
  private readonly ownNumbers: Record<NumberKind, number[]>;
  /** The player's first name as a whole word, when it is long enough to tell (a coach or a parent naming them). */
  private readonly playerNamed: RegExp | null;
  /** The player's name as a possessive, in English ("Leo's shot") and in Finnish ("Leon analyysi"): their own analysis. */
  private readonly playersOwn: RegExp;
  private readonly playersOwnInFinnish: RegExp;
  /** Every sentence the coach said so far, normalised. */
  private readonly said = new Set<string>();
  /** The drills the coach already gave, by name. */
  private readonly drillsGiven = new Set<string>();
  /** What each earlier message of the player asked, oldest first. */
  private readonly earlier: Understanding[] = [];
  /** The player's earlier messages, as written. */
  private readonly earlierMessages: string[] = [];

  constructor(
    private readonly brand: string,
    private readonly context: CoachContext,
    history: ChatTurn[],
  ) {
    this.reading = readingOf(context);
    this.areas = new Map(this.reading.areas.map((a) => [a.area, a]));
    this.first = this.reading.priorities[0] ?? null;
    this.ownNumbers = numbersOf(context);
    const name = context.firstName.replace(/[^\p{L}-]/gu, '');
    this.playerNamed = name.length > 1 ? new RegExp(`(?<!\\p{L})${name}(?!\\p{L})`, 'iu') : null;
    this.playersOwn = new RegExp(`\\b${name}'s\\b`, 'giu');
    // In Finnish the name is in the genitive: "Veetin analyysi", "Mikon tulos" (the first letters of the name, then its ending).
    this.playersOwnInFinnish = new RegExp(`(?<!\\p{L})${name.slice(0, 3)}\\p{L}{0,4}n(?!\\p{L})`, 'giu');
    for (const turn of history) {
      if (turn.sender === 'bot') {
        sentencesOf(turn.content).forEach((s) => this.said.add(norm(s)));
        for (const area of FOCUS_AREAS)
          for (const d of drillsFor(area)) if (turn.content.toLowerCase().includes(d.name.toLowerCase())) this.drillsGiven.add(d.name);
      } else {
        this.earlier.push(this.understand(turn.content));
        this.earlierMessages.push(turn.content);
      }
    }
  }

  /** The message being answered, and the language it is in (read once: the detector runs two models). */
  private message = '';
  private language = 'en';

  answer(message: string): string {
    this.message = message;
    this.language = languageOf(message);
    const language = this.language;
    // A parent writing for the player: the answer is what the coach would tell the player, said so.
    const parent = PARENT.test(message);
    const worry = parent && /\b(worr\w*|concern\w*|huolissaan|huolestua)\b/i.test(message) ? 'No need to worry: here' : 'Here';
    this.guarded = false;
    const name = this.context.firstName;
    // "i'm Veeti's dad" and nothing more: hello to the parent, and what they can ask about the player.
    if (parent && wordCount(message.replace(PARENT, ' ').replace(/[^\p{L}\s]/gu, ' ')) <= 1) {
      const focus = this.first?.area ? `${name}'s first focus is the ${NAME[this.first.area]}` : `${name}'s analysis is here`;
      return this.say([`Hi! ${focus}.`, `Ask me anything about ${name}'s shot: what to fix first, a drill, or how long it takes.`]);
    }
    const told = parent
      ? lowerFirst(
          this.reply(message.replace(PARENT, ' ').replace(/\b(worr\w*|concern\w*|huolissaan|huolestu\w*|huolestutta\w*)\b/gi, ' ')).replace(
            /^(Hi|Hello|Hey|Moi|Hei|Hej) [^!,]*[!,] /,
            '',
          ),
        )
      : this.reply(message);
    // A decline or a refusal is said to the parent as it is: it is not something to tell the player.
    const body = !parent
      ? told
      : this.guarded
        ? capital(told)
        : told.startsWith('in short: ')
          ? `${name}'s analysis in short: ${told.slice(10)}`
          : // A hello to the parent opens the same sentence ("Moi, here is what I'd tell Onni: …").
            `${HELLO.test(message) ? `${helloWord(message)}, ${lowerFirst(worry)}` : worry} is what I'd tell ${name}: ${told}`;
    const note = inEnglishNote(language);
    const parts = [body, this.guarded ? null : this.ageLine(message, body), note && !this.said.has(norm(note)) && !body.includes(note) ? note : null];
    return parts.filter((part): part is string => !!part).join(' ');
  }

  /** Whether the message being answered was declined or refused (its answer is about nothing the player said). */
  private guarded = false;

  /**
   * The age a player (or their parent or coach) gives, answered when the answer has not: the
   * ranges are the same at every age, and saying so is what "im 15" asks to hear.
   */
  private ageLine(message: string, body: string): string | null {
    const years = yearsOf(message);
    if (years === null || new RegExp(`\\b${years}(?!\\d)`).test(body)) return null;
    const line = `At ${years}, the same ranges apply.`;
    return this.said.has(norm(line)) ? null : line;
  }

  private reply(message: string): string {
    const name = this.context.firstName;
    // "a", "?": nothing to read.
    if (message.replace(/[^\p{L}]/gu, '').length <= 1 && !/\d|\p{Extended_Pictographic}/u.test(message) && !/^\s*y\s*\?/i.test(message)) return this.unplaced();
    const asked = this.understand(message);
    // "a summary of Leo's shot", from Leo's coach or parent, asks for this player's own analysis.
    const classified = classify(message.replace(this.playersOwn, 'my').replace(this.playersOwnInFinnish, 'mun'));
    // "ok drill for that" starts like small talk but asks for something.
    // "hey coach! just got my analysis" is a greeting too: a hello with nothing asked.
    // "moi! mitä mun analyysi sano", "yo coach, just got my analysis": hello, then what follows is answered.
    const rest = message.replace(HELLO, '').replace(/^[\s!.,]+/, '');
    const firstVisit =
      (/\b(first time (using|here|trying)|new here|just (started|joined|signed up)|just (did|tried|finished) (the|my) (booth|analysis|test|scan|video)\w*|at the (event|booth))\b/i.test(
        rest,
      ) &&
        !ASKS_SOMETHING.test(rest)) ||
      // "tere treener! 🏀": the coach greeted by name, and nothing asked.
      /^(coach|treener|trainer|tränare|valmentaja|valkku|entrenador|entraîneur)[\s!.,]*\P{L}*$/iu.test(rest.trim()) ||
      // "moi! mä oon sara, 16v": who they are, and nothing asked.
      (/^((i'?m|im|i am|my name is|olen|oon|mä oon|mä olen|ma oon|jag är|ich bin|soy|je suis|ma olen)\s+\p{L}+)?(,?\s*(and\s+|ja\s+)?\d{1,2}\s*(v|yo|y\/o|years?( old)?|vuotta|vee|år|jahre|años|ans|aastane)?)?\s*[!.🙂😊👋]*$/iu.test(
        rest.trim(),
      ) &&
        /\p{L}{2,}.*\d|\b(i'?m|im|olen|oon|jag är|ich bin|soy|je suis)\b/iu.test(rest)) ||
      /^(i'?m|im|i am|olen|oon) \w+,? (can|could) (u|you) help( me)?( with my shot)?\??$|^(can|could) (u|you) help( me)?( with my shot)?\??$|^kiitti\b|^kiitos\b/i.test(
        rest.trim(),
      );
    if (
      HELLO.test(message) &&
      classified.kind !== 'injection' &&
      classified.kind !== 'off-topic' &&
      !firstVisit &&
      !asked.feeling &&
      wordCount(rest.replace(/^(coach|valmentaja)\b[\s,!]*/i, '')) >= 3 &&
      !HELLO.test(rest)
    ) {
      const word = helloWord(message);
      const body = this.reply(
        rest.replace(/^(coach|valmentaja)\b[\s,!]*/i, '').replace(/^just (got|saw|received) (my|the) (analysis|results)\b[\s!.,]*$/i, 'summary'),
      );
      // "Hi Sara, one thing: ..." answers in its first sentence; a hello in the player's own language stands alone, in it.
      // An answer that names the player already (one that cannot place the question) is greeted without the name.
      return body.includes(name) ? `${word}! ${body}` : `${word} ${name}, ${lowerFirst(body)}`;
    }
    const hello =
      classified.kind === 'question' &&
      HELLO.test(message) &&
      (firstVisit || asked.topics.length === 0) &&
      (firstVisit || asked.act === null || asked.guessed || (asked.weak && wordCount(rest) < 3)) &&
      (!asked.feeling || CHEERING.test(message));
    const guard =
      ordersAnotherNumber(message, this.ownNumbers) ||
      passesOffAnotherNumber(message, this.ownNumbers) ||
      claimsAnotherNumber(message, this.ownNumbers) ||
      this.ordersAPartsValue(message)
        ? ({ kind: 'injection' } as const)
        : hello
          ? ({ kind: 'greeting' } as const)
          : (classified.kind === 'greeting' || classified.kind === 'thanks') &&
              !firstVisit &&
              asked.act !== null &&
              (!asked.guessed || AGREES_THEN_ASKS.test(message)) &&
              // "thx 🙏 gonna try tmrw" says what comes next; "thanks, and my balance?" asks.
              !(
                classified.kind === 'thanks' &&
                !/\?/.test(message) &&
                !AGREES_THEN_ASKS.test(message) &&
                (wordCount(message) <= 3 || (/\b(thanks?|thx|ty|kiit\w*|gracias|tack|danke|aitäh|merci)\b/i.test(message) && !ASKS_SOMETHING.test(message)))
              )
            ? ({ kind: 'question' } as const)
            : classified;
    // "nice at least something lol": relief that something is good, met as such (no "you're welcome", no repeat of the verdict).
    const relieved = guard.kind !== 'injection' && guard.kind !== 'off-topic' && RELIEF.test(message) && !/\?/.test(message) && wordCount(message) <= 8;
    const strengths = relieved ? this.strengthsLine() : null;
    if (strengths) return this.say([`Exactly, ${name}: that's a real strength to build on.`, strengths, this.nextStep()]);
    switch (guard.kind) {
      case 'injection':
        return this.refuse(message);
      case 'off-topic':
        if (asked.feeling && aboutLife(message)) return this.feelings(message, asked);
        return this.decline(guard.otherSport);
      case 'greeting': {
        const hello = `${helloWord(message)} ${name}!`;
        const note = inEnglishNote(helloLanguage(message) ?? 'en');
        return this.say([hello, this.focusLine(), 'Ask me anything about it, or tap one of the questions below.', note]);
      }
      case 'thanks': {
        // "ok" agrees to go on; "thanks" is thanked back. Either way, the next step.
        const agrees = /^\s*(ok(ay)?|k|sure|got it|alright)\b/i.test(message) && !/\b(thanks?|thx|ty|kiit\w*)\b/i.test(message);
        const welcomes = [`You're welcome, ${name}!`, `Anytime, ${name}!`, `Glad it helped, ${name}!`, `Happy to help, ${name}!`];
        const welcome = welcomes.find((line) => !this.said.has(norm(line))) ?? welcomes[0];
        return this.say([agrees ? `Good, ${name}.` : welcome, this.nextStep(), 'Ask me anything else about your shot whenever you like.']);
      }
      case 'question':
        break;
    }
    if (aboutLife(message)) return this.feelings(message, asked);
    const feltInWords = this.feltInWords(message, asked);
    const settled =
      this.aboutTheVideo(message, asked) ?? this.worthAtAge(message, asked) ?? this.powerWithoutTheDip(message) ?? this.againstADefender(message, asked);
    if (settled) return this.say(settled);
    const learned = this.learnedGuard(message, asked, feltInWords);
    if (learned === 'injection') return this.refuse(message);
    if (learned === 'off-topic') return this.declineByWords(message);
    // Only an English message of some length can be clearly about something else by its words
    // ("hmm?" is not, and every Finnish word is unknown to the matcher); the player's own numbers
    // put it on their shot; players and levels count as known words ("compare me to Steph Curry").
    const followUp = this.earlier.length > 0 && wordCount(message) <= 5;
    // "is that a big deal tho": a message pointing back at what was just said is about it.
    const pointsBack = this.earlier.length > 0 && PRONOUN.test(message);
    // A player talking about themselves ("I", "my") is not refused on word counts: the named other subjects above still are.
    const aboutThemselves = /\b(i|i'm|im|me|my|mine|myself)\b/i.test(message) || this.namesThePlayer(message);
    if (
      !asked.inherited &&
      !feltInWords &&
      !followUp &&
      !pointsBack &&
      !aboutThemselves &&
      wordCount(message) >= 4 &&
      this.language === 'en' &&
      asked.numbered.length === 0 &&
      !namesTheShotInAnotherLanguage(message) &&
      // "We only have a hoop in the driveway and she has 15 minutes": how the player can practise is the shot's.
      !hasConstraint(constraintsOf(message))
    ) {
      const reading = readQuestion(message);
      // A message that asks for something ("what should I work on first") is off the subject only when most of its words are unknown.
      const asking = asked.act !== null && asked.act !== 'feelings' && !asked.weak;
      const known = reading.unknownWords.filter(asking ? isActWord : isCompareWord).length;
      const words = { ...reading, known: reading.known + known, unknown: reading.unknown - known };
      const off = asking
        ? words.unknown >= 4 && words.known / (words.known + words.unknown) <= 0.25 && aboutSomethingElse(message, words)
        : aboutSomethingElse(message, words);
      if (off) return this.declineByWords(message);
    }
    // No word of the shot, and words never seen in a question about one ("how do I fix my bike
    // chain", "what's the best way to learn guitar"): about something else, whatever topic a loose
    // word suggested. A phrase that could ask anything ("what is", a guess) needs two such words, an
    // act's own phrase three. In Finnish only with a loose phrase; in the languages the vocabulary
    // barely knows, the coach says what it can answer instead of declining a question it cannot read.
    // A face alone ("how do volcanoes erupt 😭") asks for nothing: it is read as loosely as no act.
    const loosely = asked.act === null || (asked.act === 'feelings' && !feltInWords) || asked.weak || !!asked.guessed;
    if (
      (this.language === 'en' ? wordCount(message) >= 3 : loosely) &&
      !feltInWords &&
      !followUp &&
      !pointsBack &&
      asked.numbered.length === 0 &&
      !aboutTheShot(message) &&
      !hasConstraint(constraintsOf(message)) &&
      !TRAINING.matches(message).length &&
      !this.namesThePlayer(message) &&
      this.unfamiliar(message).length >= (loosely ? (this.language === 'en' ? 2 : 3) : 3)
    ) {
      return this.declineByWords(message);
    }
    // "Mida tähendab, et mu vise on lame?": a meaning asked in a language the vocabulary barely knows, read no better than a guess.
    if (this.language !== 'en' && this.language !== 'fi' && (asked.act === null || asked.guessed || asked.weak) && !namesAnArea(asked.topics)) {
      const explained = this.meaningInAnotherLanguage(message);
      if (explained) return explained;
    }
    // In another language, a message that names nothing of the shot and whose words are mostly
    // ones no question about a shot has used ("mikä on ruotsin pääkaupunki", a Swedish essay) is
    // not guessed at: the coach says it only coaches shooting and what it can answer, which
    // declines another subject without refusing a fair question it failed to read.
    // A coaching request read outright (three things, how long, a drill), an amount or a number is the shot's.
    // ("milloin Suomi itsenäistyi" asks when, of nothing of the shot: not how long.)
    const coachingAsk =
      !asked.weak &&
      !asked.guessed &&
      ['top-three', 'how-long', 'drill', 'another-drill'].includes(asked.act ?? '') &&
      !(asked.act === 'how-long' && asked.topics.length === 0 && /(?<!\p{L})milloin(?!\p{L})/iu.test(message));
    if (
      this.language !== 'en' &&
      !feltInWords &&
      !followUp &&
      !pointsBack &&
      !coachingAsk &&
      !/\d/.test(message) &&
      // "mul on peli lauantaina, mitä mä ehin vielä tehä": a game days away is about practice.
      !deadlineOf(message) &&
      !hasConstraint(constraintsOf(message)) &&
      !namesTheShotElsewhere(message) &&
      // "Was heißt 'Push the ball up, not out'?": the analysis's own words, quoted in any language.
      (wordsOfAnalysis(this.context, this.reading.priorities, message)?.shared ?? 0) < 3
    ) {
      const unfamiliar = this.unfamiliar(message).length;
      // Finnish the vocabulary knows well; in the languages it barely knows, fewer unknown words tell.
      const share = unfamiliar / Math.max(1, contentWords(message).filter((word) => word.length >= 3).length);
      if (unfamiliar >= 2 && share >= (this.language === 'fi' ? 0.4 : 0.25)) return this.meaningInAnotherLanguage(message) ?? this.unreadable();
    }
    // "game tmrw!! what do i even think about when i shoot": one cue, the first focus's, and nothing else.
    if (
      /\bwhat (do|should|can) i (even )?(think (about|of)|tell myself)\b|(?<!\p{L})mitä (mun|mä) (pitäis|pitää|kannattaa) (ajatella|miettiä)(?!\p{L})/iu.test(
        message,
      ) &&
      this.first
    ) {
      const when = deadlineOf(message);
      return this.say([
        NERVES.test(message.replace(/\bwhat (do|should|can) i (even )?think (about|of)\b/i, ' '))
          ? `Nerves are normal, ${name}: even the pros feel them.`
          : null,
        `One thing: ${this.first.area ? CUE[this.first.area] : 'your normal rhythm, catch, rise and release'}, and nothing else${when ? ` ${/^(on|in|at|this|next|tomorrow|tmrw|tonight)\b/i.test(untilWhen(when)) ? '' : 'at '}${untilWhen(when).replace(/\btmrw\b/i, 'tomorrow')}` : ''}.`,
        this.first.area
          ? `It's your first focus, ${this.focusWithNumber()}; trust the rest of your shot.`
          : 'Everything your analysis measured is on target: trust it.',
      ]);
    }
    // Warming up, pain, food, strength, how often, sleep: what a coach says, then back to the shot.
    // "paineen alla" is under pressure, not pain: the Finnish word begins as the English one does.
    const trainingFound = TRAINING.matches(message)[0]?.label;
    const training = trainingFound === 'pain' && UNDER_PRESSURE.test(message) && !HURTING.test(message) ? undefined : trainingFound;
    // ("how long if i do 30 min every day" asks for weeks, with the time a day given.)
    const sessionLength =
      /\bhow long\b.{0,25}\b(each|a|per|every) (day|session|practice|workout)\b|\bhow long (should|do) (i|we) (practi[cs]e|train|shoot)\b/i.test(message) &&
      !/\bif (i|we|he|she)\b/i.test(message);
    const healed = training === 'pain' && HEALED.test(message);
    // "why is 117 too much" is about a measurement of the analysis, not how much to practise.
    // Pain and being tired today come before any drill: whether to practise at all is answered first.
    const careFirst = training === 'pain' || training === 'tired';
    if (
      training &&
      !healed &&
      !(asked.feeling && training !== 'tired') &&
      asked.numbered.length === 0 &&
      !['compare', 'top-three', 'summary', 'feelings'].includes(asked.act ?? '') &&
      !(asked.act === 'drill' && !careFirst && !(training === 'progress' && !hasConstraint(constraintsOf(message)))) &&
      !(asked.act === 'how-long' && !sessionLength && training !== 'progress')
    ) {
      if (training === 'progress') return this.say(this.progress());
      // "drill pls, i got a sprained ankle rn tho": care for the injury first, then a drill that spares the hurt part.
      const asksIfOk =
        /\b(ok|okay|fine|safe) to\b|\bcan i (still )?(do|shoot|practi[cs]e|train|work on)\b|(?<!\p{L})(voinks|voinko|saanko|saako)(?!\p{L})/iu.test(message);
      const spared =
        training === 'pain' && (asked.act === 'drill' || asksIfOk) ? this.drillAroundInjury(message, asksIfOk, asked.topics.filter(isFocusArea)) : null;
      if (spared) return this.say(spared);
      return this.say([TRAINING_ANSWERS[training].answer, training === 'pain' || training === 'gameDay' ? null : this.focusLine()]);
    }
    if (asked.act === null && asked.topics.length === 0) {
      if (asked.feeling) return this.feelings(message, asked);
      // Five English words and none about basketball or training: not a question about the shot.
      if (wordCount(message) >= 5 && this.language === 'en' && !mentionsTheGame(message) && !/\b(i|i'm|im|me|my|mine|myself)\b/i.test(message))
        return this.declineByWords(message);
      // In another language the coach cannot tell a question it failed to read from another
      // subject ("Wie hoch ist der Eiffelturm?"): it says what it coaches and what it can answer.
      return this.language === 'en' ? this.unplaced() : (this.meaningInAnotherLanguage(message) ?? this.unreadable());
    }
    // "is 950ms actually slow?? i feel like i shoot fast": a yes or no asked of a measured part, beside how the shot
    // feels from the inside, gets the verdict first and the word for the feeling after it.
    const verdictFirst =
      FEELS_FROM_INSIDE.test(message) &&
      /\?/.test(message) &&
      namesAnArea(asked.topics) &&
      !DESPAIR.test(message) &&
      (asked.act === 'is-it-good' || [null, 'is-it-good'].includes(actsOf(message.replace(FEELS_FROM_INSIDE, ' ')).act)) &&
      /^\s*(is|are|onks|onko|ist|är)\b/i.test(message);
    // How they feel comes first: the feeling's own answer, or an acknowledgement before the answer asked for.
    const feelingFirst =
      asked.feeling &&
      !verdictFirst &&
      !this.claimed(message, asked) &&
      (asked.act === 'feelings' || asked.act === 'strengths' || asked.act === null || MACHINE.test(message) || NERVES.test(message) || DESPAIR.test(message));
    // "tryouts are on saturday and im freaking out. what do i even think about when i shoot": nerves, with nothing else read for sure.
    // (With nothing to fix, "freeze in games... whats wrong w me" is the nerves too.)
    const nervesOnly = NERVES.test(message) && (asked.act === null || asked.weak || !!asked.guessed || !this.first?.area) && !namesAnArea(asked.topics);
    if (
      (feelingFirst && (!namesAnArea(asked.topics) || MACHINE.test(message) || NERVES.test(message) || DESPAIR.test(message))) ||
      PROGRESS.test(message) ||
      nervesOnly
    )
      return this.feelings(message, asked);
    // A face beside a comparison ("she got 8.5 😤 how") is answered by comparing; words of feeling are acknowledged first.
    // ("rhythm is good right? 😎" asks the verdict: a face beside it is no feeling to answer first.)
    const faceOnly = (asked.act === 'compare' || (asked.act === 'is-it-good' && PROUD.test(message) && !this.mentionsRating(message))) && !feltInWords;
    // "my coach says it's fine, who do I believe": two opinions of one shot are confusing, and that is said first.
    // ("who is right" alone asks for the reason, and gets it first.)
    const claimed = this.claimed(message, asked);
    const disputed = claimed && (DISPUTE.test(message) || (asked.feeling && /\bwho\b/i.test(message)));
    const lead =
      asked.feeling && !faceOnly && (!claimed || MACHINE.test(message))
        ? [this.acknowledge(message)]
        : disputed
          ? [`I get it, ${name}: two opinions of one shot are confusing.`]
          : [];
    // "what could she work on at home? we don't have a hoop": the first focus, as a drill that fits how they can practise.
    const act = verdictFirst
      ? 'is-it-good'
      : asked.act === 'feelings' || (asked.feeling && asked.act === 'strengths')
        ? null
        : asked.act === 'fix-first' && practiceLimits(constraintsOf(message))
          ? 'drill'
          : asked.act;
    const part = HEALED.test(message)
      ? /\b(ankle|wrist|shoulder|knee|back|finger|thumb|elbow|hip|nilkka|ranne|olkapää|polvi)(?!\p{L})/iu.exec(message)?.[0]
      : undefined;
    const careful = part ? [`Good that your ${part.toLowerCase()} has healed: start light, and stop if it hurts.`] : [];
    const performed = this.perform({ ...asked, act }, message).filter((p): p is string => !!p);
    // A feeling with nothing asked ("kinda embarrassed, the team saw my elbow number") is not answered "No, ...": there was no question.
    if (asked.feeling && lead.length > 0 && !/\?/.test(message) && /^(Yes|No), /.test(performed[0] ?? ''))
      performed[0] = capital(performed[0].replace(/^(Yes|No), /, ''));
    // "who do I trust": "Both can be true, because…" answers it, and the word for the confusion joins it in one sentence.
    if (disputed && lead.length > 0 && /^Both can be/.test(performed[0] ?? '')) {
      lead.length = 0;
      performed[0] = `I get it, ${name}, and ${lowerFirst(performed[0])}`;
    }
    // "ugh ok. how long to get to 45": the word for the feeling and the time asked for are one sentence.
    // So are the feeling and the one thing asked for ("4/10 wtf 😭 mistä aloitan").
    if (act === 'fix-first' && lead.length > 0 && /^To get your /.test(performed[0] ?? '') && /^One thing: /.test(performed[1] ?? '')) performed.shift();
    if (
      ((act === 'how-long' && /^Honestly, /.test(performed[0] ?? '')) ||
        (act === 'fix-first' && /^One thing: /.test(performed[0] ?? '') && !PROUD.test(message))) &&
      lead.length > 0 &&
      !DESPAIR.test(message) &&
      !NERVES.test(message) &&
      !this.parentSpeaking()
    ) {
      lead.length = 0;
      performed[0] = `I hear you, ${name}, and ${lowerFirst(performed[0])}`;
    }
    // "why do all my shots go left 😭": the word for the feeling and the reason asked for are one sentence
    // ("I hear you, Onni, and it's mostly because of your elbow"); quitting and nerves keep their own words first.
    if (act === 'why' && lead.length > 0 && performed.length > 0 && !DESPAIR.test(message) && !NERVES.test(message) && !this.parentSpeaking()) {
      lead.length = 0;
      const reason = performed[0].replace(/^(Most likely|Mostly|Probably)? ?because\b/i, (opening) => `it's ${opening.toLowerCase()}`);
      performed[0] = `${MACHINE.test(message) ? 'I get it' : 'I hear you'}, ${name}, and ${lowerFirst(reason)}`;
    }
    // A parent asking how long it takes or the three things to work on gets that first, the word for how
    // the player feels after it; a parent writing how the player feels ("she cried") gets that word first,
    // and "what can I tell him?" asks for it.
    const answersFirst =
      PARENT.test(this.message) &&
      (act === 'how-long' || act === 'top-three') &&
      !/\bwhat (can|should|do) (i|we) (tell|say)\b/i.test(message) &&
      performed.length > 0;
    // Pride beside a question ("8.5/10 nice 😎 so what do i work on now") needs no comfort first: the answer, then the praise.
    // ("is that good?? im so proud" is met with the praise first: it is part of the answer.)
    const proudAsking =
      (PROUD.test(message) && ['fix-first', 'top-three', 'drill', 'how-long'].includes(act ?? '') && performed.length > 0 && !PARENT.test(this.message)) ||
      (verdictFirst && performed.length > 0);
    const answer = (
      answersFirst
        ? [performed[0], ...lead.map(capital), ...careful, ...performed.slice(1)]
        : proudAsking
          ? [...careful, ...performed, ...lead.map(capital)]
          : [...lead, ...careful, ...performed]
    ).flatMap(sentencesOf);
    // What the player said of their situation (a deadline, a level, a routine, an old injury) is
    // taken up right after the answer's first sentence, in their words, when the answer has not.
    // "is my shot good enough for 1st division men": the comparison is with their level, said in the first sentence.
    const level = (act === 'compare' || act === 'is-it-good') && (this.language === 'en' || this.language === 'fi') ? levelInTheirWords(message) : null;
    const head = lead.length > 0 || answersFirst || proudAsking ? -1 : 0;
    if (level && head === 0 && answer[0] && !LEVEL_NAMED.test(answer[0])) answer[0] = `For your level ("${level}"): ${lowerFirst(answer[0])}`;
    const noted = act === null ? null : situationNoted(message, answer.join(' '), this.language);
    if (noted && !this.said.has(norm(noted))) answer.splice(1, 0, noted);
    // "moro, miks mä osun vaa 3/10 😩": hello back first, whatever comes after.
    if (HELLO.test(message) && answer[0] && !HELLO.test(answer[0]))
      answer[0] = `${helloWord(message)} ${name}, ${lowerFirst(answer[0].replace(`, ${name}:`, ':').replace(`, ${name}.`, '.'))}`;
    return this.say(answer);
  }

  /** The act and topics of a message, a follow-up ("why?", "and my arc?") read against the player's earlier messages. */
  private understand(message: string): Understanding {
    // "english is not my first language" says nothing of what comes first.
    const acts = actsOf(message.replace(LANGUAGE_ASIDE, ' '));
    // Idioms are not topics: "what's holding me back" is not the follow-through's hold.
    // Amounts are not topics either: "4 times a week" is no release time.
    const reading = readQuestion(message.replace(IDIOMS, ' ').replace(TAG_QUESTION, '$1').replace(AMOUNT, ' '));
    // The analysis's own words in the question place it first when they say much ("push the ball up not out", "game speed shots"), else after the matcher's topics.
    const quoted = wordsOfAnalysis(this.context, this.reading.priorities, message);
    const quotedFirst = quoted && (quoted.shared >= 3 || quoted.topic === 'tips' || acts.act === 'meaning');
    const numbered = ownTopics(this.context, message);
    let topics = [...new Set([...numbered, ...(quotedFirst ? [quoted.topic] : []), ...reading.topics, ...(quoted && !quotedFirst ? [quoted.topic] : [])])];
    // "how long" is a time, not long misses; "why is my rating so low" is about the rating, not low shots.
    if (acts.act === 'how-long') topics = topics.filter((t) => t !== 'long');
    // "I hold the ball too long before shooting" is the release's time, not the follow-through's hold.
    if (
      anyOf([
        'before (shooting|i shoot|the shot|releasing|i release|i let go)',
        'after the catch',
        'too long to (shoot|get it off)',
        'takes? (me )?(so |too )?long to (shoot|get it off)',
      ]).test(message)
    ) {
      topics = ['release', ...topics.filter((t) => t !== 'release' && t !== 'followThrough')];
    }
    // "what do I fix to get higher": the rating, unless an area is named.
    // ("should i go higher than 49°" is the arc's: its number or its name said.)
    if (
      /\b(get|go|be|score)\s+(it\s+)?higher\b/i.test(message) &&
      !reading.topics.some((t) => isFocusArea(t) && t !== 'arc') &&
      !numbered.includes('arc') &&
      !/\barc\b|°|\bdegrees?\b/i.test(message)
    )
      topics = ['rating', ...topics.filter((t) => t !== 'arc' && !isSymptom(t) && t !== 'rating')];
    if (topics.includes('rating') || topics.includes('makes')) topics = topics.filter((t) => !isSymptom(t));
    if (/\b\d+(?:[.,]\d+)?\s*m\b/i.test(message) && !topics.includes('releaseHeight')) topics.unshift('releaseHeight');
    // A follow-up is short, or points back ("how do I do that with 15 min before school").
    const short = contentWords(message).length <= 4 || wordCount(message) <= 6 || (PRONOUN.test(message) && fewWords(message));
    const previous = [...this.earlier].reverse().find((u) => u.topics.length > 0 || u.act !== null);
    let act = acts.act;
    const own = topics.length > 0 && !(PRONOUN.test(message) && numbered.length === 0 && fewWords(message) && this.earlier.some((u) => u.topics.length > 0));
    if (short && previous) {
      // "what should I fix first" or "how do I compare to other 15-year-olds" starts afresh; "how do I fix it" is about what was just said.
      const afresh =
        (act === 'fix-first' && !PRONOUN.test(message) && (FIRST.test(message) || wordCount(message) > 4)) ||
        (act === 'compare' && !PRONOUN.test(message) && wordCount(message) >= 5) ||
        act === 'top-three' ||
        act === 'summary' ||
        (act === 'is-it-good' && /\bmy (whole )?(shot|shooting|form)\b/i.test(message) && !reading.topics.some(isFocusArea)) ||
        act === 'strengths';
      // "how do I get it higher" after the rating: "it" is what was just discussed, not the arc.
      const namesArea = reading.topics.some(isFocusArea);
      const pointsBack =
        PRONOUN.test(message) && !namesArea && numbered.length === 0 && previous.topics.length > 0 && !(act === 'why' && /\bnot\b/i.test(message));
      if ((topics.length === 0 || pointsBack) && !afresh) topics = previous.topics.length ? previous.topics : this.lastArea() ? [this.lastArea()!] : [];
      // "and my arc?" asks what the last question asked, about something else.
      if (act === null && topics.length > 0 && previous.act && !['more', 'another-drill', 'feelings', 'summary', 'top-three'].includes(previous.act))
        act = previous.act;
    }
    // "how high should it be tho" after the arc: how high the ball flies (the arc's range), not the release point.
    if (
      short &&
      previous &&
      (previous.topics.includes('arc') || (previous.topics.length === 0 && this.lastArea() === 'arc')) &&
      (topics[0] === 'releaseHeight' || topics[0] === 'arc') &&
      (PRONOUN.test(message) || /\bthe ball\b/i.test(message)) &&
      /\bhow high\b/i.test(message)
    ) {
      topics = ['arc'];
      act = 'meaning';
    }
    // "why that and not my elbow": "that" is the first focus just named; the elbow is the other one.
    if (act === 'why' && WHY_THAT.test(message) && this.reading.priorities[0]?.area && previous)
      topics = [this.reading.priorities[0].area, ...topics.filter((t) => t !== this.reading.priorities[0].area)];
    // "my sister got 7, is hers better?": a comparison with someone, whatever else the words left open.
    if (
      (act === null || act === 'meaning' || act === 'summary' || act === 'feelings') &&
      OTHER_SHOOTER.test(message) &&
      (COMPARED.test(message) || toldResult(message))
    )
      act = 'compare';
    // "ok and whats bad" alone: what needs work, whatever was just discussed.
    if (/^\W*(ok(ay)?\s+)?(and\s+|so\s+)?(what'?s|whats|what is|what are) (bad|wrong|the bad \w+)\W*$/i.test(message)) {
      act = 'fix-first';
      topics = [];
    }
    // "my misses always hit the front rim, is that the arc thing?": whether that part is the cause.
    if ((act === null || act === 'meaning') && IS_THAT_WHY.test(message) && topics.some(isFocusArea)) act = 'why';
    // "lauantaina turnaus, kannattaako mun nyt alkaa muuttaa heittoa?": a question beside a deadline, with nothing else read, asks what to do until then.
    if (
      act === null &&
      topics.length === 0 &&
      deadlineOf(message) &&
      /(?<!\p{L})(mitä|kannattaako|kannattaaks|pitäiskö|ska (vi|jag))(?!\p{L})|\bwhat (can|should|do) i\b|\bshould i\b/iu.test(message)
    )
      act = 'drill';
    // "He's 13 and honestly most kids I see flare like that, is it a big deal?": set against others of an age, a comparison.
    if (
      (act === null || act === 'is-it-good' || act === 'summary') &&
      /\b(most|all|lots of|many|every|other) (kids|players|girls|boys|teens|teenagers)\b/i.test(message)
    )
      act = 'compare';
    // "how many a day?" asks for the dose of a drill.
    // "how many a day?" asks for the dose; "how long to fix it if I shoot 100 shots a day" for weeks.
    if (DOSE.test(message) && !(acts.act === 'how-long' && /\b(fix|fixed|take|takes|till|until|before)\b/i.test(message))) act = 'drill';
    // "how do I do that, 15 min a day": what fits the time and place they have is a drill.
    if ((acts.act === null || (acts.guessed && acts.act === 'summary') || acts.weak) && hasConstraint(constraintsOf(message))) act = 'drill';
    // "we have an hour on sundays, what should we do for my follow-through": one area named, with the time they have, is a drill.
    if (act === 'fix-first' && hasConstraint(constraintsOf(message)) && !FIRST.test(message) && reading.topics.filter(isFocusArea).length === 1) act = 'drill';
    // "how do I fix it alone, I only have 20 min", "miten korjaan sen yksin": how, with what they have, is a drill for what was meant.
    if (
      act === 'fix-first' &&
      hasConstraint(constraintsOf(message)) &&
      !FIRST.test(message) &&
      HOW_TO.test(message) &&
      reading.topics.filter(isFocusArea).length === 0
    )
      act = 'drill';
    // "kauanko kestää et saan sen alle 700 ms": a value aimed at names its area by the range it is the edge of.
    const aimed = act === 'how-long' && !reading.topics.some(isFocusArea) ? areaOfRangeEdge(message) : null;
    if (aimed) topics = [aimed, ...topics.filter((t) => !isFocusArea(t))];
    return {
      act,
      also: acts.also,
      feeling: acts.feeling,
      weak: acts.weak && act === acts.act,
      guessed: !!acts.guessed && act === acts.act,
      topics,
      numbered,
      inherited: !own && topics.length > 0,
    };
  }

  private perform(asked: Understanding, message: string): string[] {
    // A question on the analysis's tip about the shot as a whole is about no one area; "so what do I
    // do now" after a good area is about the first focus, not more of what already works.
    const carriedGood = asked.inherited && ['drill', 'fix-first'].includes(asked.act ?? '') && !PRONOUN.test(message);
    const area =
      asked.topics[0] === 'tips' ? null : carriedGood && this.areas.get(this.areaOf(asked.topics)!)?.judgement === 'good' ? null : this.areaOf(asked.topics);
    // The part meant: the one named, else the one just talked about, else the first focus.
    const meant = area ?? this.lastArea() ?? this.first?.area ?? null;
    // "how many degrees is it" about something the analysis judged from the video only.
    const asksNumber = ASKS_NUMBER.test(message) || (/\bexactly\b/i.test(message) && !/\bmean/i.test(message));
    if (area && asksNumber && [null, 'is-it-good', 'meaning'].includes(asked.act) && !valueOf(this.context, area) && this.areas.has(area)) {
      const judged = this.areas.get(area)!.judgement;
      return [
        `${judged === 'good' ? 'Yes, your analysis judges it good' : `Your analysis judges it ${judged}`}, but there is no number for your ${NAME[area]}, only its words: "${quote(this.areas.get(area)!.says ?? '')}".`,
        this.placeOf(area)!,
      ];
    }
    const supposed = this.supposedValue(message, asked);
    if (supposed) return supposed;
    // "but isn't my elbow worse?": why the analysis puts another area first.
    const worse = asked.topics.find((t): t is FocusArea => isFocusArea(t) && t !== this.first?.area);
    if (
      worse &&
      this.first?.area &&
      /\b(isn'?t|is not|isnt|aren'?t)\b.{0,25}\b(worse|bigger|more important|the problem)\b|(?<!\p{L})(eiks|eikö|eiksä|ettei)(?!\p{L}).{0,30}(?<!\p{L})(pahempi|isompi|tärkeämpi)(?!\p{L})/iu.test(
        message,
      )
    )
      return this.whyNotFirst(worse);
    // "the video was filmed from the front, can it even see my elbow lol": what a front view shows, and how to film it.
    if (
      /\b(from the front|front view|head-?on|edestä|framifrån|von vorne)\b/i.test(message) &&
      /\b(see|tell|measure|read|judge|know|nähdä|näkee|näkyy)\b/i.test(message)
    ) {
      const measured = this.measuredAny;
      return [
        measured
          ? 'Partly: from the front the camera still measured what your analysis shows, but the elbow and the arc read best from the side.'
          : 'Not well: the elbow and the arc are side-on measurements, which is why your analysis judged your shot in words, without numbers.',
        'Film from the side next time, your whole body and the ball in the frame, and you get the numbers.',
        this.focusLine(),
      ];
    }
    // "will fixing the elbow make me worse for a while? we have games every weekend": honest about the dip, and where to change it.
    if (area && this.areas.get(area)?.judgement !== 'good' && this.areas.has(area) && WORSE_FIRST.test(message)) {
      const value = valueOf(this.context, area);
      return [
        `${/\bfeel (weird|strange|awkward|odd|different)\b/i.test(message) ? "Yes, and that's normal" : 'A little, at first'}: a new ${NAME[area]}${value ? ` (yours is ${value})` : ''} feels strange for a week or two before it feels natural, and about ${WEEKS_TO_FIX[area]} in all.`,
        `So change it in practice, and in your games${GAMES_WHEN.exec(message) ? ` ${GAMES_WHEN.exec(message)![0].toLowerCase()}` : ''} just shoot and trust it: the makes come back first in practice, then in games.`,
      ];
    }
    // "wont i miss more if i rush it tho": quicker is the catch, not a hurried shot.
    const rushed =
      meant === 'release' &&
      this.areas.get('release')?.judgement !== 'good' &&
      /\b(rush|rushing|rushed|hurry|hurrying)\b|\bmiss more\b.{0,20}\b(faster|quicker)\b/i.test(message);
    if (rushed && this.areas.has('release')) {
      return [
        'Not if you cut the pause, not the shot, because quicker here means no extra dip between the catch and your set point; the motion itself stays smooth.',
        `You may miss a few more for a week or two while ${valueOf(this.context, 'release') ? `your ${valueOf(this.context, 'release')} comes down` : 'it feels new'}, then the makes come back.`,
      ];
    }
    // "is the 6/10 rating the same thing as making 6 of 10?": two numbers, two things.
    const record = shootingRecord(this.context);
    const rated = this.context.feedback.shotRating;
    if (
      record &&
      rated !== null &&
      /\b(same( thing)?( as)?|the same|sama (asia|juttu|ku|kuin)|samaa)\b/i.test(message) &&
      (asked.topics.includes('rating') || /\brating|arvosan/i.test(message)) &&
      (asked.topics.includes('makes') || /\b(making|made|makes|osu\p{L}*|sisään)\b/iu.test(message))
    ) {
      return [
        `No: your ${rated}/10 rating scores your form against the ranges, while ${record.makes} of ${record.attempts} is how many went in on the video.`,
        record.makes === rated
          ? 'They happen to be the same number this time.'
          : "The two don't always match: good form can have an off day of makes, and the other way round.",
      ];
    }
    // "tryouts in 3 days, should i even try to change my elbow now?": a form change takes weeks, so days before, the normal shot.
    const soon = deadlineOf(message);
    const weeksAway = soon ? weeksUntil(soon) : null;
    const near = soon !== null && (weeksAway !== null ? weeksAway < 1 : !/\b(next|ensi)\b/i.test(soon));
    const changeAsked =
      /\bshould (i|we)\b.{0,25}\b(change|fix|work on|try)\b|(?<!\p{L})(kannattaako|kannattaaks|pitäiskö|pitäisikö|ska (vi|jag) ändra|sollen wir|sollte ich)(?!\p{L})/iu.test(
        message,
      );
    // ("should i change my whole shot" is not about the first focus alone.)
    const changing = area ?? (/\b(whole|entire|all of)\b/i.test(message) ? null : (this.first?.area ?? null));
    if (near && changeAsked && changing && this.areas.has(changing) && this.areas.get(changing)!.judgement !== 'good') {
      const area = changing;
      const value = valueOf(this.context, area);
      return [
        `Not a big change now: your ${NAME[area]}${value ? ` (${value})` : ''} takes about ${WEEKS_TO_FIX[area]} to change and feel natural, and with ${untilWhen(soon!)} it's too soon to test a new form.`,
        `Until then, shoot your normal shot with short, easy reps, and start the ${NAME[area]} work right after.`,
      ];
    }
    // "which is worse, my follow-through or my balance?": the analysis's order.
    if (asked.topics.filter(isFocusArea).length > 1 && /\b(which|what)\b.{0,30}\b(worse|better|bigger|more important|first|weaker)\b/i.test(message))
      return this.fixFirst(asked.topics, message);
    // "my friend got 8.5, am I worse?": a rating is no level between players.
    // ("he said his elbow was 112" tells the other's number: no claim about this shot.)
    if (
      OTHER_SHOOTER.test(message) &&
      (COMPARED.test(message) ||
        /\b(vs|versus|who'?s (worse|better))\b/i.test(message) ||
        (toldResult(message) && (asked.act !== 'is-it-good' || OTHERS_PART.test(message)))) &&
      (!CLAIM.test(message) || OTHERS_PART.test(message))
    )
      return this.versusSomeone(asked, message);
    // "kevin durant shoots with his elbow kinda out too right? so why is 112 bad for me": a pro's exception, and the player's own reason.
    const named = area ?? this.lastArea();
    if (
      named &&
      this.areas.get(named)?.judgement !== 'good' &&
      valueOf(this.context, named) &&
      /\b(pros?|nba|durant|kd|lebron|giannis|kawhi|harden|curry|steph|klay|jokic|doncic|tatum|booker|markkanen)\b/i.test(message) &&
      /\b(too|also|as well|and he|and she)\b/i.test(message) &&
      /\bwhy\b.{0,20}\b(bad|wrong|a problem|an issue|needs work|matter)\b/i.test(message)
    ) {
      return [
        `Some pros do, after years of reps that make an unusual ${NAME[named]} repeat; for you, at ${valueOf(this.context, named)}, outside ${RANGE[named]}, ${this.effect(named)}.`,
        `${capital(CUE[named])}.`,
      ];
    }
    // "and the follow thru tip, if its good why do i need it": why() already says a tip on a good part keeps it there.
    const tipped = asked.topics.find(isFocusArea);
    if (
      tipped &&
      this.areas.get(tipped)?.judgement === 'good' &&
      /\btips?\b/i.test(message) &&
      /\b(why|which|if (it'?s|its) good|but)\b/i.test(message) &&
      this.context.feedback.tips.some((tip) => AREA_WORDS[tipped].test(tip))
    )
      return this.why([tipped]);
    // "ok entä mun kyynärpää ja tasapaino": two parts asked at once, both answered.
    // (Each named by its own word: "hold" beside a number is no second part asked.)
    const both = FOCUS_AREAS.filter((a) => this.areas.has(a) && AREA_WORDS_NAMED[a].test(message));
    if (asked.act === 'is-it-good' && both.length >= 2 && !/\b(which|or|vai|eller|oder|o)\b/i.test(message)) {
      const verdicts = both.map((a) => {
        const judged = this.areas.get(a)!.judgement;
        const value = valueOf(this.context, a);
        return `your ${NAME[a]}${value ? ` (${value})` : ''} ${standing(judged)}`;
      });
      return [`${capital(joinAnd(verdicts))}.`, this.focusLine()];
    }
    // "12 degrees over doesnt sound like that much tbh": why a small-sounding gap matters.
    if (
      meant &&
      this.areas.get(meant)?.judgement !== 'good' &&
      /\b(doesn'?t|does not|dont|don'?t) (sound|seem|look) (like )?(that |so |very )?(much|a lot|big|bad)\b|\bnot (that|so) (much|big|bad)\b|\bonly \d+ (degrees?|ms|points?)\b/i.test(
        message,
      )
    ) {
      return [
        `It matters more than it sounds, because ${this.effect(meant)}: a small change at the start of the shot grows by the time the ball reaches the rim.`,
        valueOf(this.context, meant) ? `Yours is ${valueOf(this.context, meant)}, against ${RANGE[meant]}: ${CUE[meant]}.` : `${capital(CUE[meant])}.`,
      ];
    }
    // "do pros actually do that?": what the best shooters do with that part of the shot.
    if (
      /\b(do|does)\s+(the\s+)?(pros?|nba( players| guys)?|the best|curry|good shooters)\b.{0,25}\b(do (that|it|this)|hold|that too|too)\b/i.test(message) &&
      meant
    ) {
      return [
        `${/^\s*(how|what|when)\b/i.test(message) ? 'The pros and the best shooters' : 'Yes: the pros and the best shooters'} ${PRO_HABIT[meant]} on nearly every shot.`,
        `Your ${NAME[meant]}: ${valueOf(this.context, meant) ?? 'judged from the video'}, ${this.areas.get(meant)?.judgement ?? 'not measured'}.`,
      ];
    }
    // "is my arc flat bc im small? im 12 and the ball is heavy for me": size and strength as the cause, answered as such.
    if (area && this.areas.get(area)?.judgement !== 'good' && this.areas.has(area) && SMALL_OR_HEAVY.test(message)) {
      const value = valueOf(this.context, area);
      const age = /\b(\d{1,2}) ?(yo|y\/o|years? old|v)?\b/i.exec(message.replace(/\d+(?:[.,]\d+)?\s*(?:°|ms|\/\s*10+)/g, ' '));
      const years = age && Number(age[1]) >= 8 && Number(age[1]) <= 18 ? ` at ${age[1]}` : '';
      const heavy = /heavy|painava/i.test(message);
      const short = /\b(short|height)\b|lyhyt/i.test(message);
      if (short && !heavy)
        return [
          `Not much, because height doesn't set your ${NAME[area]}${value ? ` (${value}, range ${RANGE[area]})` : ''}: how you push the ball does.`,
          'Shorter shooters need more arc over taller defenders, not less, so push the ball up, not out.',
        ];
      return [
        `Partly, it can be, because ${heavy ? 'a heavy ball' : 'being smaller'} makes many players${years} push the ball out instead of up, and that shows in your ${NAME[area]}${value ? ` (${value}, range ${RANGE[area]})` : ''}.`,
        'Shoot closer to the rim, or with a size 6 ball, until the right form feels easy.',
      ];
    }
    // "what does 'extra dip' mean?? i dont get it": the words of the tip, explained.
    if (
      /\bdip\w*\b/i.test(message) &&
      /\b(mean\w*|what is|what'?s|whats|don'?t get|dont get|tarkoit\w*|tarkot\w*|meinaa|tajuu|bedeutet|significa)\b/i.test(message)
    ) {
      const release = valueOf(this.context, 'release');
      return [
        'An extra dip means lowering the ball again after you catch it, before you go up: one smooth dip as part of the catch is fine, a second one or a pause costs time.',
        release ? `That time shows in your release, ${release} from the catch; catch and go up in one move.` : 'Catch and go up in one move.',
      ];
    }
    // "is a dip ok?": one smooth dip is, an extra one is not.
    if (/\bdip\w*\b/i.test(message) && /\b(ok|okay|fine|good|bad|allowed|or not|coach|who|listen|rhythm)\b/i.test(message)) {
      return [
        `${CLAIM.test(message) || /\b(who|listen)\b/i.test(message) ? 'Both can be right, because o' : asked.act === 'why' ? 'Because o' : 'O'}ne smooth dip as part of the catch is fine; an extra dip or a pause after it is what slows your release.`,
        this.areas.get('release') ? `Yours takes ${valueOf(this.context, 'release') ?? 'too long'} from the catch, so cut the extra one.` : this.focusLine(),
      ];
    }
    // "whats dragging it down": why the rating is what it is ("the one thing holding me back" asks for one thing).
    if (
      /\b(dragging|drags|bringing|brings|pulling|pulls|holding|holds|keeping|keeps|pitää)(?!\p{L}).{0,12}\b(down|back|low|alhaalla|pois)\b/iu.test(message) &&
      !namesAnArea(asked.topics) &&
      asked.act !== 'fix-first'
    )
      return this.context.feedback.shotRating !== null ? this.ratingWhy() : this.fixFirst([], message);
    // "after elbow?", "and after elbow is good, then what?": what comes next in the analysis's order.
    const afterArea =
      /\b(after|jälkeen)\b/i.test(message) && (wordCount(message) <= 6 || /\b(then what|what then|what next|what'?s next|whats next)\b/i.test(message))
        ? asked.topics.find(isFocusArea)
        : undefined;
    if (afterArea && this.reading.priorities.some((p) => p.area === afterArea)) {
      const next = this.reading.priorities[rankOf(this.reading.priorities, afterArea) + 1];
      if (next?.area)
        return [
          `After your ${NAME[afterArea]}, your ${NAME[next.area]}${valueOf(this.context, next.area) ? ` (${valueOf(this.context, next.area)})` : ''}: ${CUE[next.area]}.`,
          this.areas.get(next.area)?.says ? `Your analysis says: "${quote(this.areas.get(next.area)!.says!)}".` : null,
        ].filter((x): x is string => !!x);
      return [`Nothing after your ${NAME[afterArea]}: it's the last thing your analysis asks you to fix.`, this.strengthsLine() ?? this.focusLine()];
    }
    // "can you say it simpler": the last area in plain words.
    if (/\bhow (does|do|would)\b.{0,50}\b(make|makes|cause|causes)\b/i.test(message)) return this.whyItMatters(meant);
    if (SIMPLER.test(message)) return /\b(whole|all of it|everything|analysis)\b/i.test(message) ? this.summary() : this.simpler();
    // "should I do both at once?"
    if (/\b(both|all|everything) at once\b|\bat the same time\b|\bsamaan aikaan\b/i.test(message)) return this.oneAtATime();
    // "what do I aim for?": the range.
    if (/\bwhat (do|should) i aim for\b|\bwhat('s| is) (the |my )?(target|goal)\b/i.test(message) && (area ?? this.first?.area)) {
      const target = (area ?? this.first!.area)!;
      return [
        `Aim for ${RANGE[target]} on your ${NAME[target]}: yours is ${valueOf(this.context, target) ?? 'judged from the video'}${this.areas.get(target)?.judgement === 'good' ? ', already there' : ''}.`,
        `${capital(CUE[target])}.`,
      ];
    }
    // "then how do you know it's bad?": what the camera saw.
    if (/\bhow (do|does|did) (u|you|it|the app|the analysis) know\b/i.test(message) && (area ?? this.lastArea())) {
      const target = (area ?? this.lastArea())!;
      const read = this.areas.get(target);
      if (read)
        return [
          `Because the camera saw your ${NAME[target]} on the video: ${read.says ? `"${quote(read.says)}"` : `your ${NAME[target]} ${read.judgement}`}${valueOf(this.context, target) ? `, and measured ${valueOf(this.context, target)}` : ''}.`,
          'Film again from the side and you can check it yourself.',
        ];
    }
    // "ok so how do I find out": how to see it for themselves, on the area just talked about.
    if (
      /\bhow (do|can|could|would|should) (i|we) (find out|check|know|tell|measure|see|test)\b/i.test(message) &&
      meant &&
      !/\b(working|better|improv\w*)\b/i.test(message)
    )
      return [
        `Film it: from the side, at hip height, 3-4 metres away, ten shots in a row, and look at your ${NAME[meant]} frame by frame.`,
        `Aim for ${RANGE[meant]}${this.areas.has(meant) ? `; your analysis has ${valueOf(this.context, meant) ?? 'judged it from the video'}` : ', and a new analysis will measure it'}.`,
      ];
    // "my dad says I should dip more, who is right?": the claim against what the analysis measured.
    if (this.claimed(message, asked)) return this.claim(asked.topics, message);
    // "why does it matter if it goes in sometimes": what it costs, not what causes it.
    if (WHY_MATTER.test(message)) return this.whyItMatters(meant);
    // "why don't I get any numbers?"
    const measured = this.measuredAny;
    if (NO_RATING.test(message) && this.context.feedback.shotRating === null && measured) return this.noRating();
    if ((NO_NUMBERS.test(message) || NO_RATING.test(message)) && !measured) return this.noNumbers();
    const parts: string[] = (() => {
      switch (asked.act) {
        case 'is-it-good':
          return this.isItGood(asked.topics);
        case 'meaning':
          return this.meaning(asked.topics, message);
        case 'why': {
          // "why that and not my elbow": the reason for the last claim, and where the other area stands.
          if (WHY_THAT.test(message) && this.earlier.length > 0) {
            const other = asked.topics.find((t): t is FocusArea => isFocusArea(t) && t !== this.first?.area);
            if (other && this.first?.area && /\b(not|instead|before|rather)\b/i.test(message)) return this.whyNotFirst(other);
            const rest = other
              ? [
                  `Your ${NAME[other]}${valueOf(this.context, other) ? ` (${valueOf(this.context, other)})` : ''} comes ${rankOf(this.reading.priorities, other) === 1 ? 'right after it' : 'later'}.`,
                ]
              : [];
            return [...this.whyLast(this.earlier.at(-1)), ...rest];
          }
          // "why is release the thing to fix first?": the reason for the order.
          if (FIRST.test(message) || /\b(the thing to fix|priority)\b/i.test(message)) {
            const other = asked.topics.find((t): t is FocusArea => isFocusArea(t) && t !== this.first?.area);
            if (this.first?.area && asked.topics.includes(this.first.area) && !/\b(worse|bigger|more|instead|not|rather)\b/i.test(message))
              return this.whyThisFirst(message);
            if (other && this.first?.area) return this.whyNotFirst(other);
            if (this.first?.area) return this.whyThisFirst(message);
          }
          const named = asked.topics.includes('rating') ? null : ((asked.topics.find(isFocusArea) as FocusArea | undefined) ?? null);
          // "why not my elbow?": why the analysis puts another area first.
          if (named && !asked.inherited && /\b(not|instead|ei|eikä)(?!\p{L})/iu.test(message) && this.first?.area && named !== this.first.area)
            return this.whyNotFirst(named);
          // "is that why I miss?": yes or no first, then the cause.
          if (IS_THAT_WHY.test(message) && named && !asked.inherited) return this.isThatWhy(named);
          return asked.inherited || asked.topics.length === 0 ? this.whyLast(this.earlier.at(-1)) : this.why(asked.topics);
        }
        case 'fix-first':
          return this.fixFirst(asked.topics, message);
        case 'top-three':
          return this.topThree();
        case 'drill':
          return this.drill(area, this.constraintsSoFar(message));
        case 'another-drill':
          return this.drill(area ?? this.lastArea(), this.constraintsSoFar(message), true);
        case 'how-long': {
          const answer = this.howLong(area, message);
          // "is it too late at 16": the answer to that first, then the time it takes.
          return TOO_LATE.test(message) && answer[0]
            ? [`No, it's not too late: ${lowerFirst(answer[0].replace(/^Honestly, /, ''))}`, ...answer.slice(1)]
            : answer;
        }
        case 'compare':
          return this.compare(asked.topics, message);
        case 'summary':
          return this.summary();
        case 'strengths':
          return this.strengths();
        case 'more':
          return this.more();
        case 'feelings':
          return [];
        case null:
          // A fact asked without a verdict word ("shooting percentage?"): the fact.
          return asked.topics[0] === 'makes' ? this.makesFacts() : this.isItGood(asked.topics);
      }
    })();
    // A second question in the same message gets its first sentence too.
    if (asked.also && asked.also !== asked.act && ['drill', 'why', 'how-long', 'fix-first'].includes(asked.also) && parts.length > 0) {
      // "is my balance ok and how do I fix it": the fix after the verdict.
      if (asked.also === 'fix-first' && asked.act === 'is-it-good' && area && this.areas.get(area)?.judgement !== 'good' && this.areas.has(area))
        return [
          parts[0],
          `To fix it: ${CUE[area]}.`,
          this.pickDrill(area, constraintsOf(message)) ? this.describe(this.pickDrill(area, constraintsOf(message))!) : null,
        ].filter((x): x is string => !!x);
      if (asked.also === 'fix-first') return parts;
      // The drill is for what the answer named: after "what should I train first", the first focus, not a topic carried over.
      const drillArea = (asked.act === 'fix-first' ? this.first?.area : undefined) ?? area ?? this.first?.area ?? null;
      const drill = asked.also === 'drill' && drillArea ? this.pickDrill(drillArea, constraintsOf(message)) : null;
      const extra =
        asked.also === 'drill'
          ? drill
            ? [this.describe(drill)]
            : this.drill(drillArea, this.constraintsSoFar(message))
          : asked.also === 'why'
            ? this.why(asked.topics)
            : this.howLong(area, message);
      // A first answer that already runs to three sentences (one thing, its tip, what comes after) leaves the drill to "tell me more".
      if (parts.length < 3) parts.push(...extra.slice(0, 1));
    }
    return parts;
  }

  // ---- the acts ----

  /** Yes or no with the analysis's judgement, then what it means for the shot and where it stands in the priorities. */
  private isItGood(topics: Topic[]): string[] {
    // "is my arc too flat", "he made 3 of 10, is his release the problem": the part named is judged, not the miss or the makes.
    const named = topics.find(isFocusArea);
    const topic = named && (isSymptom(topics[0]) || topics[0] === 'makes') ? named : topics[0];
    if (topic === undefined) return this.overall();
    if (topic === 'rating') return this.ratingFacts(false);
    if (topic === 'makes') {
      const record = shootingRecord(this.context);
      if (!record) return this.makesFacts();
      const verdict = record.percent >= 50 ? 'Yes, that is good shooting' : record.percent >= 35 ? "It's average" : 'Not yet';
      return [
        `${verdict}: you made ${record.makes} of ${record.attempts} (${record.percent} %) and missed ${record.attempts - record.makes}.`,
        smallSample(record.attempts),
        this.focusLine(),
      ];
    }
    if (topic === 'releaseHeight') {
      const height = this.context.metrics?.releaseHeightM;
      return height === undefined ? this.heightFacts() : [`Yes, ${height} m is a good release point.`, ...this.heightFacts().slice(1)];
    }
    if (topic === 'tips') return this.tipsFacts();
    if (isSymptom(topic)) return this.symptom(topic);
    const area = topic as FocusArea;
    const read = this.areas.get(area);
    if (!read) return this.notMeasured(area);
    const value = valueOf(this.context, area);
    const evidence = value ? `${MEASURED_AS[area](value)}, and the range is ${RANGE[area]}` : `your analysis says "${quote(read.says ?? '')}"`;
    // "Is it too slow?" asks the other way round: yes means it needs work.
    const negative = NEGATIVE_ASK.test(this.message) && !EITHER_OR.test(this.message);
    const lead =
      read.judgement === 'good'
        ? `${negative ? 'No, it' : `Yes, your ${NAME[area]}`} is good: ${evidence}.`
        : read.judgement === 'average'
          ? `${negative ? 'A little' : "It's average"}: your ${NAME[area]} is ${value ? MEASURED_AS[area](value) : 'okay'}, and your analysis calls it average.`
          : `${negative ? 'Yes' : 'No'}, your ${NAME[area]} needs work: ${evidence}.`;
    // The page's own words on what it costs ("so the ball drifts off line", "you drift to your left"), else what coaches know.
    // (Without a number the evidence is that sentence already.)
    const clause = value && read.says ? consequenceOf(read.says) : null;
    const effect =
      read.judgement === 'good' || !value ? null : clause ? `That's why, as your analysis says, ${clause}.` : `That matters because ${this.effect(area)}.`;
    return [lead, effect, this.placeOf(area)].filter((x): x is string => !!x);
  }

  /** Where an area stands among what to fix: the first focus, a later one, or fine. */
  private placeOf(area: FocusArea): string | null {
    const index = this.reading.priorities.findIndex((p) => p.area === area);
    if (index === 0) return `It's the first thing your analysis asks you to fix.`;
    if (!this.first) return 'Nothing in your analysis needs fixing, so keep it that way.';
    const first = this.first.area
      ? `your ${NAME[this.first.area]}${valueOf(this.context, this.first.area) ? ` (${valueOf(this.context, this.first.area)})` : ''}`
      : `"${quote(this.first.text)}"`;
    return index > 0 ? `It comes after your first focus, ${first}.` : `Your first focus stays ${first}.`;
  }

  private notMeasured(area: FocusArea): string[] {
    const measured = this.reading.areas.map((a) => `${NAME[a.area]}${valueOf(this.context, a.area) ? ` (${valueOf(this.context, a.area)})` : ''}`);
    // "is my elbow ok? and my balance?": every part asked that was not measured, named together.
    const at = (a: FocusArea) => (AREA_CUES[a].test(this.message) ? this.message.search(AREA_CUES[a]) : -1);
    const missing = [area, ...FOCUS_AREAS.filter((a) => a !== area && !this.areas.has(a) && at(a) >= 0)].sort((a, b) => at(a) - at(b));
    const them = missing.map((a) => NAME[a]).join(' or your ');
    return [
      measured.length && measured.length <= 2
        ? `I can't judge your ${them}: your analysis didn't measure ${missing.length > 1 ? 'them' : 'it'}, only your ${joinAnd(measured)} this time.`
        : `Your analysis didn't measure your ${NAME[area]} or say anything about it, so I can't judge it honestly.`,
      `Film from the side next time so it's in the frame.`,
      this.focusLine(),
    ];
  }

  private meaning(topics: Topic[], message = ''): string[] {
    const topic = topics[0] ?? (this.earlier.length > 0 ? (this.lastArea() ?? undefined) : undefined);
    // The analysis's own words quoted back ("it flattens my misses") are about its sentence, before any glossary word in them.
    const quotedArea = wordsOfAnalysis(this.context, this.reading.priorities, message)?.topic;
    const term = TERMS.matches(message)[0]?.label;
    // (The term's own number in the quote, "leaving your hand at 49°", settles which part it is.)
    const termsNumber = term && TERM_AREAS[term] ? valueOf(this.context, TERM_AREAS[term]!) : null;
    if (term && (!(quotedArea && isFocusArea(quotedArea) && quotedArea !== TERM_AREAS[term]) || (termsNumber && message.includes(termsNumber)))) {
      const area = TERM_AREAS[term];
      const read = area ? this.areas.get(area) : undefined;
      const value = area ? valueOf(this.context, area) : null;
      return [
        `${TERM_MEANINGS[term]}.`,
        read && area ? `Yours${value ? ` is ${value}` : ''}: ${read.judgement}${read.judgement === 'good' ? '' : `, so ${this.effect(area)}`}.` : null,
        area && read ? this.placeOf(area) : null,
      ].filter((x): x is string => !!x);
    }
    const quoted = wordsOfAnalysis(this.context, this.reading.priorities, message)?.topic;
    if (quoted && isFocusArea(quoted)) {
      const area = quoted as FocusArea;
      const value = valueOf(this.context, area);
      // "it says good rhythm, is my release good then?": the words of a good area mean it is good.
      if (this.areas.get(area)?.judgement === 'good') {
        const noNumber =
          !value && /\b(how (fast|quick|long|many|much|high)|what number|exactly)\b/i.test(message)
            ? `There's no number for it in your analysis, only those words.`
            : null;
        const yes = /\b(does (that|it|this) mean|is (it|that|my))\b/i.test(message) ? 'Yes: "' : '"';
        return [
          `${yes}${quote(this.areas.get(area)!.says ?? '')}" means your ${NAME[area]} is good${value ? ` (${value})` : ''}.`,
          noNumber,
          this.placeOf(area),
        ].filter((x): x is string => !!x);
      }
      return [`${LOOKS_LIKE[area]}.`, value ? `Yours is ${value}, against ${RANGE[area]}.` : null, `The fix: ${CUE[area]}.`].filter((x): x is string => !!x);
    }
    if (topic === undefined) return this.summary();
    if (topic === 'rating') return this.ratingFacts(true);
    // "what was my shooting percentage" asks for the number, not a definition.
    if (topic === 'makes') return /\b(mean|explain|define|tarkoit)/i.test(message) ? [`${MEANING.makes}.`, ...this.makesFacts()] : this.makesFacts();
    if (topic === 'releaseHeight') return [`${MEANING.releaseHeight}.`, ...this.heightFacts().slice(0, 1)];
    if (topic === 'tips') return this.tipsFacts();
    if (isSymptom(topic)) return this.symptom(topic);
    const area = topic as FocusArea;
    const read = this.areas.get(area);
    if (!read) return this.notMeasured(area);
    const value = valueOf(this.context, area);
    const yours = read
      ? `Yours ${value ? `is ${value}` : 'was judged from the video'}: ${read.judgement === 'good' ? 'good' : read.judgement}${read.judgement === 'good' ? '' : `, so ${this.effect(area)}`}.`
      : `Your analysis didn't measure it.`;
    return [`${MEANING[area]}.`, yours, ...(read ? [this.placeOf(area)!] : [])];
  }

  /** The cause in this player's numbers; "why?" alone explains the coach's last claim. */
  private why(topics: Topic[]): string[] {
    const topic = topics[0];
    if (topic === undefined) return this.whyLast(this.earlier.at(-1));
    if (topic === 'rating' || (topics.includes('rating') && /\b(rating|score)\b/i.test(this.message))) return this.ratingWhy();
    if (topic === 'makes') return this.missesWhy();
    if (isSymptom(topic)) return this.symptom(topic);
    if (topic === 'tips' && !this.first?.area && this.first)
      return [
        `Because your form already holds when you're set: the next test is game speed, off the dribble, where most game shots come from.`,
        'A form that holds there holds everywhere.',
      ];
    if (topic === 'releaseHeight' || topic === 'tips') return this.isItGood(topics);
    const area = topic as FocusArea;
    const read = this.areas.get(area);
    if (!read) return this.notMeasured(area);
    const value = valueOf(this.context, area);
    if (read.judgement === 'good') {
      // "It says solid finish, but tip 2 says hold your follow-through: which one?": both, the tip keeps it.
      const tipIndex = this.context.feedback.tips.findIndex((t) => areaOfTip(t) === area);
      if (tipIndex >= 0) {
        return [
          `Because tip ${tipIndex + 1} asks you to keep it that way: "${quote(this.context.feedback.tips[tipIndex])}", and your ${NAME[area]} is good${value ? ` (${value})` : ''}.`,
          this.placeOf(area)!,
        ];
      }
      return [
        `Because your ${NAME[area]}${value ? ` at ${value} is on target (${RANGE[area]})` : ` is good: your analysis says "${quote(read.says ?? '')}"`}, so that part of your shot already works.`,
        this.placeOf(area)!,
      ];
    }
    // The cause first; then the analysis's own words on it, what it costs, and the fix.
    const says = read.says && !value ? `Your analysis says: "${quote(read.says)}".` : null;
    const clause = value && read.says ? consequenceOf(read.says) : null;
    return [
      `Most likely because ${CAUSE[area]}.`,
      value ? `That's what puts your ${NAME[area]} at ${value}, outside its range (${RANGE[area]})${clause ? `, and ${clause}` : ''}.` : says,
      `The fix: ${CUE[area]}.`,
    ].filter((x): x is string => !!x);
  }

  /** "Why?" after a claim: the reason for that claim, not the claim again. */
  private whyLast(last: Understanding | undefined): string[] {
    const area = this.lastArea();
    switch (last?.act) {
      case 'fix-first':
      case 'top-three':
      case 'summary': {
        if (!this.first) return ['Because nothing in your analysis is off its range: the gains now come from game-speed reps.'];
        if (!this.first.area)
          return [
            `Because it's the one tip your analysis gives: "${quote(this.first.text)}".`,
            'Everything it measured is already on target, so testing your form at game speed is the next step.',
          ];
        const read = this.areas.get(this.first.area);
        const value = valueOf(this.context, this.first.area);
        const tip = this.context.feedback.tips[0];
        const because = `Because your analysis puts it first: ${tip ? `its first tip is "${quote(tip)}"` : `it says "${quote(this.first.text)}"`}.`;
        // A first focus that is good already is about keeping it ("keep your set point when tired").
        if (read?.judgement === 'good')
          return [because, `Your ${NAME[this.first.area]} is good now${value ? ` (${value})` : ''}: the tip is about keeping it that way when it counts.`];
        return [
          value
            ? `Because at ${value} your ${NAME[this.first.area]} is outside its range (${RANGE[this.first.area]}), and ${this.effect(this.first.area)}.`
            : because,
          `It usually happens because ${CAUSE[this.first.area]}.`,
          value ? `That's why your analysis puts it first.` : `${capital(this.effect(this.first.area))} when it's off.`,
        ];
      }
      case 'drill':
      case 'another-drill':
        return area
          ? [`Because that drill trains exactly what your ${NAME[area]} needs: ${CUE[area]}.`, `Grooved with short daily reps, it carries into games.`]
          : this.whyFirst();
      case 'how-long':
        return [
          `Because you're replacing a habit: your body has done your ${area ? NAME[area] : 'shot'} the old way thousands of times.`,
          'Short daily sessions rewire it faster than one long session a week.',
        ];
      case 'compare':
        return ['Because speed and repeatable form are what separate levels: the best shooters do the same thing, quickly, every time.'];
      case 'is-it-good':
      case 'meaning':
      case null:
      case undefined:
        if (last?.topics.includes('rating')) return this.ratingWhy();
        if (area) return this.why([area]);
        return this.whyFirst();
      default:
        return this.whyFirst();
    }
  }

  /** Whether the message asks about what someone else said (and not, above all, for the one thing to fix or whether it is fixable). */
  private claimed(message: string, asked: Understanding): boolean {
    return CLAIM.test(message) && CLAIM_QUESTION.test(message) && !FIRST.test(message) && !(asked.feeling && /\b(fixable|broken|hopeless)\b/i.test(message));
  }

  /** What someone told the player, set against what the analysis measured. */
  private claim(topics: Topic[], message: string): string[] {
    const named = topics.find(isFocusArea);
    // "my coach says fix the elbow first": an order dispute between two areas that both need work.
    if (named && this.first?.area && named !== this.first.area && FIRST.test(message) && this.areas.get(named)?.judgement !== 'good') {
      return [
        `Both need work: your analysis puts your ${NAME[this.first.area]}${valueOf(this.context, this.first.area) ? ` (${valueOf(this.context, this.first.area)})` : ''} first and your ${NAME[named]}${valueOf(this.context, named) ? ` (${valueOf(this.context, named)})` : ''} ${rankOf(this.reading.priorities, named) === 1 ? 'right after' : 'later'}.`,
        'Your coach sees you every week, so agree on one with them: one at a time is what matters.',
      ];
    }
    // "my brother says my shot is fine": the shot as a whole.
    if (!named && /\b(my shot|shot is|mun heitto)\b/i.test(message)) {
      const good = this.reading.areas.filter((a) => a.judgement === 'good').map((a) => NAME[a.area]);
      const off = this.reading.priorities
        .filter((p) => p.area && this.areas.get(p.area)?.judgement !== 'good')
        .slice(0, 3)
        .map((p) => `your ${NAME[p.area!]}${valueOf(this.context, p.area!) ? ` (${valueOf(this.context, p.area!)})` : ''}`);
      if (off.length)
        return [
          `Partly: ${good.length ? `your ${joinAnd(good)} ${good.length > 1 ? 'are' : 'is'} good, but ` : ''}${joinAnd(off)} need${off.length > 1 ? '' : 's'} work.`,
          `Start with ${off[0]}: ${CUE[this.first?.area ?? this.reading.priorities[0].area!]}.`,
        ];
    }
    const area = this.areaOf(topics) ?? this.first?.area ?? null;
    const power = /\b(power|strength|further|farther|range|voima\w*)\b/i.test(message)
      ? 'Power comes from your legs, not from a bigger dip or a harder push.'
      : null;
    if (area && !this.areas.has(area))
      return [
        `I can't tell from your analysis: it didn't measure your ${NAME[area]}.`,
        'Film again from the side so it is in the frame, and look at it together with the person who told you.',
        this.focusLine(),
      ];
    if (!area) return [`Go with what can be measured: film again from the side, and look at it together with the person who told you.`, this.focusLine()];
    const read = this.areas.get(area)!;
    const value = valueOf(this.context, area);
    const tip = this.context.feedback.tips.find((t) => areaOfTip(t) === area);
    const measured = `${value ? `it measured your ${NAME[area]} at ${value}` : `it judged your ${NAME[area]} from the video`} (${read.judgement})${tip ? `, and its tip is "${quote(tip)}"` : ''}.`;
    const saysFine = /\b(fine|ok|okay|good|great|nothing wrong|ihan ok)\b|\bhyvä(?![a-zäöå])/i.test(message);
    const saysWrong = NEGATIVE_ASK.test(message.replace(/\b(app|analysis|tip)\b.*$/i, ''));
    const never = /\bnever (said|told|mentioned)\b|\bei (oo )?(ikinä |koskaan )?sano\w*/i.test(message);
    const lead =
      never && read.judgement !== 'good'
        ? `Coaches watch the whole player; the camera measures one thing closely: ${measured}`
        : read.judgement === 'good'
          ? `${saysWrong ? `No, your analysis disagrees: ${measured.replace(/\.$/, '')}, and ${this.effect(area).replace(/^./, (c) => c.toLowerCase())} when it's lower.` : `They agree: ${measured}`}`
          : saysFine
            ? `Both can be true, because your shot works and your analysis still sees something to fix: ${measured}`
            : saysWrong
              ? `Yes, that's right, and your analysis agrees: ${measured}`
              : `On this one, go with your analysis: ${measured}`;
    return [lead, power, read.judgement === 'good' ? null : 'Film again from the side in two weeks and look at it together.'].filter((x): x is string => !!x);
  }

  /** What an area costs when it is off, said in full once per conversation and briefly after. */
  private effect(area: FocusArea): string {
    return [...this.said].some((sentence) => sentence.includes(norm(EFFECT[area]))) ? EFFECT_AGAIN[area] : EFFECT[area];
  }

  /** How to tell the work is working: the first focus's number moving, filmed again. */
  private progress(): string[] {
    const area = this.lastArea() ?? this.first?.area ?? null;
    const value = area ? valueOf(this.context, area) : null;
    return [
      area
        ? `Film again from the side in two weeks and check your ${NAME[area]}${value ? ` moves from ${value} towards ${RANGE[area]}` : ': the analysis should no longer flag it'}.`
        : 'Film your game-speed shots from the side in two weeks: if every number stays in its range off the dribble, your form holds.',
      TRAINING_ANSWERS.progress.answer,
    ];
  }

  /** The last area in plain words. */
  private simpler(): string[] {
    const area = this.lastArea() ?? this.first?.area ?? null;
    if (!area) return ['In plain words: your shot is in good shape; now practise it at game speed.'];
    return [`In plain words: ${PLAIN[area]}.`];
  }

  /** One area at a time, in the analysis's order. */
  private oneAtATime(): string[] {
    const [first, then] = this.reading.priorities.filter((p) => p.area).map((p) => p.area!);
    if (!first) return ['There is only one thing to work on, so yes: just that, most days.'];
    return [
      `One at a time: your ${NAME[first]} first, for about ${WEEKS_TO_FIX[first]}${then ? `, then your ${NAME[then]}` : ''}.`,
      'Two changes at once muddle both; one that sticks frees your head for the next.',
    ];
  }

  /** Why an area matters at all: what it costs when it is off. */
  private whyItMatters(area: FocusArea | null): string[] {
    if (!area) return ['Because a form that repeats is what makes shots go in under pressure, not only in practice.'];
    const read = this.areas.get(area);
    const value = valueOf(this.context, area);
    const clause = read?.says ? consequenceOf(read.says) : null;
    // "does that even matter?" asks yes or no first; "why does it matter" asks the reason.
    const whether =
      /\b(does|do|will) (it|that|this|\w+) (even |really |much |that much )?matter\b|\b(is|it'?s) (it|that|this)? ?(a )?big deal\b|\b(onks|onko) (se|toi|tää) (iso|paha|vakava) (juttu|asia)\b/i.test(
        this.message,
      ) &&
      !/\b(why|y|how|miks)\b/i.test(this.message) &&
      read?.judgement;
    if (whether) {
      return [
        read.judgement === 'good'
          ? `Yes, it matters, and your ${NAME[area]} is already good${value ? ` (${value})` : ''}.`
          : `Yes, it matters: your ${NAME[area]}${value ? ` (${value}, range ${RANGE[area]})` : ''} ${standing(read.judgement)}.`,
        `When it is off, ${this.effect(area)}${clause && !overlaps(clause, this.effect(area)) ? `, and, as your analysis says, ${clause}` : ''}.`,
      ];
    }
    return [
      `Because when your ${NAME[area]} is off, ${this.effect(area)}${clause && !overlaps(clause, this.effect(area)) ? `, and, as your analysis says, ${clause}` : ''}.`,
      `A shot can go in with it${value ? ` at ${value}` : ''}, but it is harder to repeat when you're tired or guarded${read?.judgement === 'good' ? '; yours is already good' : ''}.`,
    ];
  }

  /** The parts the analysis measured, each with its number: "elbow (92°)". */
  private measuredParts(): string[] {
    return this.reading.areas.filter((a) => valueOf(this.context, a.area)).map((a) => `${NAME[a.area]} (${valueOf(this.context, a.area)})`);
  }

  /** Whether the analysis came with any measurement at all (not only words). */
  private get measuredAny(): boolean {
    return Object.keys(this.context.metrics ?? {}).length > 0;
  }

  /** Why an analysis with numbers came without a rating. */
  private noRating(): string[] {
    const numbers = this.measuredParts();
    return [
      `${/\b(bad|badly|wrong)\b/i.test(this.message) ? "No, it isn't because your shot is bad: " : ''}this analysis came with your ${joinAnd(numbers)} and written feedback, not a rating out of 10.`,
      this.focusLine(),
    ];
  }

  /** Why an analysis came with words only. */
  private noNumbers(): string[] {
    const worried = /\b(bad|badly|wrong|did i|huono|huonosti)\b/i.test(this.message);
    return [
      `${worried ? "No, it isn't because you did badly: the" : 'Because the'} camera couldn't measure your shot from that angle, so your analysis judged it from the video in words only${this.context.feedback.shotRating !== null ? `, and gave it ${this.context.feedback.shotRating}/10` : ''}.`,
      'Film again from the side, your whole body and the ball in the frame, and you get the numbers.',
      this.focusLine(),
    ];
  }

  /** Why the first focus comes first: the analysis's first tip, and the one area furthest off. */
  private whyThisFirst(message: string): string[] {
    const first = this.first!.area!;
    const value = valueOf(this.context, first);
    const tip = this.context.feedback.tips[0];
    const others = this.reading.areas
      .filter((a) => a.area !== first && a.judgement === 'good')
      .map((a) => `${NAME[a.area]}${valueOf(this.context, a.area) ? ` (${valueOf(this.context, a.area)})` : ''}`);
    return [
      `Because it's the one your analysis asks for first${tip ? ` ("${quote(tip)}")` : ''}: your ${NAME[first]}${value ? ` at ${value} is outside its range (${RANGE[first]})` : ' needs work'}, and ${this.effect(first)}.`,
      others.length && /\b(fine|ok|okay|good|right)\b/i.test(message) ? `And yes, your ${joinAnd(others)} ${others.length > 1 ? 'are' : 'is'} fine.` : null,
    ].filter((x): x is string => !!x);
  }

  /** Why another area, not this one, comes first: where each stands. */
  private whyNotFirst(area: FocusArea): string[] {
    const first = this.first!.area!;
    const read = this.areas.get(area);
    const value = valueOf(this.context, area);
    const tip = this.context.feedback.tips[0];
    const lead =
      read?.judgement === 'good'
        ? `Because your ${NAME[area]}${value ? ` (${value})` : ''} is already on target${value ? ` (${RANGE[area]})` : ''}, and your ${NAME[first]}${valueOf(this.context, first) ? ` (${valueOf(this.context, first)})` : ''} is not.`
        : `Because your analysis puts your ${NAME[first]}${valueOf(this.context, first) ? ` (${valueOf(this.context, first)})` : ''} first${tip ? `: its first tip is "${quote(tip)}"` : ''}.`;
    const then =
      read && read.judgement !== 'good'
        ? `Your ${NAME[area]}${value ? ` at ${value}` : ''} matters too: it comes ${rankOf(this.reading.priorities, area) === 1 ? 'right after' : 'later'}, so fix it next.`
        : `Keep it there while you fix your ${NAME[first]}.`;
    return [lead, then];
  }

  /** "Is my balance why I miss?": yes or no by the analysis's judgement, then the cause. */
  private isThatWhy(area: FocusArea): string[] {
    const read = this.areas.get(area);
    if (!read) return this.notMeasured(area);
    const value = valueOf(this.context, area);
    const which = `your ${NAME[area]}${value ? ` (${value})` : ''}`;
    if (read.judgement === 'good') return [`No: ${which} is good, so your misses come mostly from ${this.focusWithNumber()}.`];
    const main = this.first?.area === area;
    return [
      `${main ? 'Yes, mostly' : 'Partly, yes'}: ${main ? 'most' : 'some'} of your misses come from ${which}, which ${standing(read.judgement)}, and ${this.effect(area)}.`,
      main ? `It's the first thing your analysis asks you to fix: ${CUE[area]}.` : `The bigger part is your first focus, ${this.focusWithNumber()}.`,
    ];
  }

  private whyFirst(): string[] {
    if (this.first?.area) return this.why([this.first.area]);
    return ['Because your analysis finds nothing off its range: what is left is doing it at game speed.'];
  }

  /** The one thing to work on; or, asked about an area ("how do I fix my elbow"), how to fix that. */
  private fixFirst(topics: Topic[], message: string): string[] {
    const askedAreas = topics.filter(isFocusArea);
    // "elbow or follow-through first?": the one the analysis puts first.
    if (askedAreas.length > 1) {
      const ranked = [...askedAreas].sort((a, b) => rankOf(this.reading.priorities, a) - rankOf(this.reading.priorities, b));
      const [first, then] = ranked.map((a) => `your ${NAME[a]}${valueOf(this.context, a) ? ` (${valueOf(this.context, a)})` : ''}`);
      if (this.areas.get(ranked[1])?.judgement === 'good' || !this.areas.has(ranked[1])) {
        return [
          `${/\bone thing\b/i.test(message) ? `One thing: ${first}` : `${capital(first)} first`}: it needs work, and ${then} ${this.areas.has(ranked[1]) ? 'is already good' : "wasn't measured"}.`,
          `${capital(CUE[ranked[0]])}.`,
        ];
      }
      return [`${capital(first)} first, then ${then}: that's your analysis's order.`, `${capital(CUE[ranked[0]])}.`];
    }
    // "be honest, anything im doing wrong at all?" of a shot with every part on target: no, first.
    if (
      askedAreas.length === 0 &&
      this.reading.areas.length > 0 &&
      this.reading.areas.every((a) => a.judgement === 'good') &&
      /\b(anything|something)\b[^?]{0,20}\b(wrong|bad)\b/i.test(message) &&
      !FIRST.test(message) &&
      !/\bwork on\b/i.test(message)
    )
      return this.overall();
    const asked = askedAreas.find((a) => this.areas.has(a)) ?? (FIRST.test(message) ? undefined : askedAreas[0]);
    // "what should I fix first, my elbow looks bad": the analysis's first, then the one they named.
    if (asked && FIRST.test(message) && this.first?.area && asked !== this.first.area && this.areas.has(asked)) {
      const read = this.areas.get(asked)!;
      const value = valueOf(this.context, asked);
      return [
        `${/\bone thing\b/i.test(message) ? 'One thing: your' : 'First your'} ${NAME[this.first.area]}${valueOf(this.context, this.first.area) ? ` (${valueOf(this.context, this.first.area)})` : ''}: it's the first thing your analysis asks you to fix.`,
        read.judgement === 'good'
          ? `Your ${NAME[asked]}${value ? ` (${value})` : ''} is already good.`
          : `Your ${NAME[asked]}${value ? ` (${value})` : ''} is right to worry about: it comes ${rankOf(this.reading.priorities, asked) === 1 ? 'right after' : 'later'}.`,
        `${capital(CUE[this.first.area])}.`,
      ];
    }
    const symptom = topics.find(isSymptom);
    if (symptom && !asked) return this.symptom(symptom, true);
    if (asked && this.areas.get(asked)?.judgement !== 'good' && this.areas.has(asked)) {
      const drill = this.pickDrill(asked, constraintsOf(message));
      const value = valueOf(this.context, asked);
      return [`To fix your ${NAME[asked]}${value ? ` (${value})` : ''}: ${CUE[asked]}.`, drill ? this.describe(drill) : null, this.placeOf(asked)].filter(
        (x): x is string => !!x,
      );
    }
    if (asked && !this.areas.has(asked) && !FIRST.test(message)) return this.notMeasured(asked);
    const lead = asked
      ? [`Your ${NAME[asked]} is already good${valueOf(this.context, asked) ? ` (${valueOf(this.context, asked)})` : ''}, so it's not the thing to fix.`]
      : [];
    if (!this.first)
      return [...lead, 'Nothing in your analysis needs fixing: keep your routine with game-speed shots from your favourite spots, 5 sets of 10.'];
    // "whats wrong with my shot, be honest": nothing measured is, and that is said first.
    if (
      !asked &&
      this.reading.areas.length > 0 &&
      this.reading.areas.every((a) => a.judgement === 'good') &&
      /\b(what'?s|whats|what is|anything) (wrong|bad)\b|\bwhat'?s the problem\b|\bmikä (on )?(vialla|pielessä)\b/i.test(message)
    ) {
      const rating = this.context.feedback.shotRating;
      return [
        `Honestly, nothing your analysis measured is wrong: every part is on target${rating !== null ? `, and ${rating}/10 is a good rating` : ''}.`,
        `The one thing it asks: ${lowerFirst(quote(this.first.text))}.`,
      ];
    }
    if (!this.first.area) {
      const named = FOCUS_AREAS.find((a) => this.areas.has(a) && AREA_WORDS_NAMED[a].test(message));
      if (/\bshould i change\b|\bchange anything\b/i.test(message))
        return [
          named
            ? `No: your ${NAME[named]}${valueOf(this.context, named) ? ` (${valueOf(this.context, named)})` : ''} is good, inside ${RANGE[named]}, and nothing in your form needs changing.`
            : `No: nothing in your form needs changing.`,
          `Just start testing it: ${lowerFirst(quote(this.first.text))}.`,
        ];
      return [...lead, `One thing: ${lowerFirst(quote(this.first.text))}.`, 'That is the one tip your analysis gives; everything it measured is on target.'];
    }
    const value = valueOf(this.context, this.first.area);
    // "how do I get it higher" about the rating: the way up is the first focus.
    const rating = this.context.feedback.shotRating;
    if (topics.includes('rating') && rating !== null) lead.push(`To get your ${rating}/10 higher, fix one thing at a time.`);
    const week = WEEK.test(message);
    const drill = week ? this.pickDrill(this.first.area, constraintsOf(message)) : null;
    return [
      ...lead,
      `One thing: your ${NAME[this.first.area]}${value ? `, at ${value}` : ''}.`,
      this.context.feedback.tips.length ? `It's the first tip of your analysis: "${quote(this.first.text)}".` : `The fix: ${CUE[this.first.area]}.`,
      deadlineLine(message),
      drill ? `This week: ${this.describe(drill)}` : null,
      !drill && this.reading.priorities[1]?.area && this.areas.get(this.reading.priorities[1].area)?.judgement !== 'good'
        ? `After that, your ${NAME[this.reading.priorities[1].area]}${this.context.feedback.tips[1] ? `: "${quote(this.context.feedback.tips[1])}"` : ''}.`
        : null,
    ].filter((x): x is string => !!x);
  }

  private topThree(): string[] {
    const items = this.reading.priorities
      .slice(0, 3)
      .map((p) => (p.area ? `your ${NAME[p.area]}${valueOf(this.context, p.area) ? ` (${valueOf(this.context, p.area)})` : ''}` : lowerFirst(quote(p.text))));
    // Fewer than three to fix: keep what works.
    for (const a of this.reading.areas) {
      if (items.length >= 3) break;
      if (a.judgement === 'good' && !this.reading.priorities.some((p) => p.area === a.area))
        items.push(`keep your ${NAME[a.area]}${valueOf(this.context, a.area) ? ` at ${valueOf(this.context, a.area)}` : ''} as it is`);
    }
    if (items.length === 0) return this.summary();
    if (items.length === 1 && this.first?.area) {
      // One area measured: the three steps for it, and why there is only one.
      const drill = this.pickDrill(this.first.area, NONE);
      return [
        `Your analysis measured one thing to fix, so here are three steps for it: 1) ${items[0]}: ${CUE[this.first.area]}, 2) ${drill ? `${drill.name.toLowerCase()}, most days` : 'short daily reps'}, 3) film again from the side in two weeks so the rest gets measured too.`,
      ];
    }
    if (items.length === 1) return [`Just one thing to fix: ${items[0]}.`];
    const listed = items.map((item, i) => `${i + 1}) ${item}`).join(', ');
    const toFix = this.reading.priorities.filter((p) => p.area).length;
    if (toFix === 1 && this.first?.area) return [`Only your ${NAME[this.first.area]} needs work, so: ${listed}.`, `${capital(CUE[this.first.area])}.`];
    return [
      `Your top ${items.length === 3 ? 'three' : items.length}, in your analysis's order: ${listed}.`,
      this.first?.area ? `Start with the first: ${CUE[this.first.area]}.` : null,
    ].filter((x): x is string => !!x);
  }

  /**
   * How the player can practise, from this message and the ones before it in the conversation:
   * "no hoop at home" still holds when they then ask "how long a day?". What this message says wins.
   */
  private constraintsSoFar(message: string): Constraints {
    const now = constraintsOf(message);
    const before = this.earlierMessages.map(constraintsOf);
    const said = (key: 'alone' | 'noHoop' | 'atHome' | 'noBall' | 'partner') => now[key] || before.some((c) => c[key]);
    return {
      minutes: now.minutes ?? [...before].reverse().find((c) => c.minutes !== null)?.minutes ?? null,
      alone: !now.partner && said('alone'),
      noHoop: said('noHoop'),
      atHome: said('atHome'),
      noBall: said('noBall'),
      partner: !now.alone && said('partner'),
    };
  }

  private pickDrill(area: FocusArea, constraints: Constraints, another = false): Drill | null {
    const fitting = drillsFor(area).filter((d) => fits(d, constraints));
    const options = fitting.length ? fitting : drillsFor(area);
    const fresh = options.filter((d) => !this.drillsGiven.has(d.name));
    if (another) return fresh[0] ?? options[0] ?? null;
    return fresh[0] ?? null;
  }

  private describe(drill: Drill): string {
    return `${drill.name}: ${lowerFirst(drill.how)} Cue: ${drill.cue}.`;
  }

  /** A drill for the area asked about, or the first focus, that fits the time, place and company the player has. */
  private drill(area: FocusArea | null, constraints: Constraints, another = false): string[] {
    // "any drill for that" after freezing in games: a drill for pressure, not for form.
    if (PRONOUN.test(this.message) && NERVES.test(this.earlierMessages.at(-1) ?? '') && !namesAnArea(readQuestion(this.message).topics)) {
      return [
        'Pressure free throws: 10 in a row from the line, and a miss sends you back to zero; end every practice with it.',
        'Then 5 game-speed shots where a teammate closes out on you, with the same breath and dip before each.',
      ];
    }
    const target = area ?? this.first?.area ?? null;
    if (!target && constraints.noHoop) {
      // Every measured area on target and no hoop where they are: form shots that keep it, until the tip's game-speed shots can be done.
      const keep = (['elbow', 'followThrough', 'balance'] as FocusArea[])
        .flatMap((a) => drillsFor(a))
        .find((d) => fits(d, constraints) && !this.drillsGiven.has(d.name));
      if (keep) {
        this.drillsGiven.add(keep.name);
        const where = constraints.atHome ? 'At home' : 'Without a hoop';
        return [
          `${where}, keep your form with ${keep.name.toLowerCase()}: ${lowerFirst(keep.how)}`,
          'Save the game-speed shots your tip asks for for when you have a hoop.',
        ];
      }
    }
    if (!target) {
      const tip = this.first ? ` It's what your analysis's tip asks for: "${quote(this.first.text)}".` : '';
      const minutes = constraints.minutes ? `In your ${constraints.minutes === 60 ? 'hour' : `${constraints.minutes} minutes`}: ` : '';
      const alone = constraints.alone
        ? ' It works alone: rebound your own shots.'
        : constraints.partner
          ? ' With teammates: one passes, one closes out with a hand up, one shoots; rotate every 10.'
          : '';
      // "kauanko päivässä et pysyy tää taso": the time a day that keeps a shot on target.
      if (DOSE.test(this.message) && !constraints.minutes)
        return [
          'About 15-20 minutes most days keeps it: game-speed shots, 5 sets of 10 from your favourite spots, half of them off the dribble.',
          'Short and often beats one long session a week.',
        ];
      return [
        `${minutes}${minutes ? 'g' : 'G'}ame-speed shots: 5 sets of 10 from your favourite spots, half of them off the dribble, each at the pace of a game.${alone}${tip}`,
      ];
    }
    const drill = this.pickDrill(target, constraints, another);
    const value = valueOf(this.context, target);

    const forWhat = `for your ${NAME[target]}${value ? ` (${value}, range ${RANGE[target]})` : this.areas.has(target) ? '' : ' (not measured in your analysis)'}`;
    // "how many a day": the dose, for the drill already given or this one.
    if (DOSE.test(this.message)) {
      const given = drillsFor(target).find((d) => this.drillsGiven.has(d.name)) ?? drill ?? drillsFor(target)[0];
      const sets = /\d+ sets of \d+( reps)?/.exec(given.how)?.[0];
      const had = constraints.minutes;
      return [
        had && sets
          ? `Your ${had} minutes a day ${had >= 10 ? 'is enough' : 'helps'}: ${sets} of ${given.name.toLowerCase()} most days for your ${NAME[target]}${had > 20 ? ', and the rest on shots at game speed' : ''}.`
          : sets
            ? `${capital(sets)} of ${given.name.toLowerCase()}${constraints.noHoop && !given.hoop ? ' (no hoop needed)' : ''}, most days: about 10-15 minutes for your ${NAME[target]}.`
            : `Most days, 10-15 minutes of ${given.name.toLowerCase()} for your ${NAME[target]}.`,
        'Short and often beats one long session a week.',
      ];
    }
    if (!drill) {
      const given = drillsFor(target)
        .filter((d) => this.drillsGiven.has(d.name))
        .map((d) => d.name.toLowerCase());
      // "can u make it shorter, only have 20 min on tuesdays": the drills given, fitted to the time.
      const minutes = constraints.minutes;
      if (minutes && given.length > 0) {
        const first = given.length > 1 ? Math.round(minutes / 2) : minutes;
        return [
          given.length > 1
            ? `In your ${minutes} minutes: ${first} minutes of the ${given[0]}, then ${minutes - first} of the ${given[1]}, ${forWhat}.`
            : `In your ${minutes} minutes: the ${given[0]}, ${forWhat}, as many sets as fit.`,
          'Fewer reps done right beat more done tired.',
        ];
      }
      return [
        `You already have the ${given.join(' and the ')} ${forWhat}: stick with ${given.length > 1 ? 'them' : 'it'} for two weeks before adding more.`,
        `Ask for "another drill" if you want a different one.`,
      ];
    }
    const minutes = constraints.minutes;
    const second = minutes && minutes >= drill.minutes + 5 ? this.pickDrillAfter(target, drill, constraints) : null;
    const lead = minutes
      ? `In your ${minutes} minutes ${forWhat}: ${drill.name.toLowerCase()} for about ${second ? Math.min(drill.minutes, minutes - 5) : minutes} minutes${second ? `, then ${second.name.toLowerCase()} for the rest` : ''}.`
      : `${another ? 'Another one' : WEEK.test(this.message) ? 'For this week, one' : 'Here is one'} ${area === null && target === this.first?.area ? `for your first focus, ${NAME[target]}${value ? ` (${value}, range ${RANGE[target]})` : ''}` : forWhat}: ${drill.name.toLowerCase()}.`;
    const worksWhere = [
      constraints.alone && 'alone',
      constraints.atHome && 'at home',
      constraints.noHoop && 'without a hoop',
      constraints.noBall && drill.ball === false && 'without a ball',
    ].filter((x): x is string => !!x);
    const where = worksWhere.length ? ` It works ${joinAnd(worksWhere)}.` : '';
    const helper = constraints.partner
      ? /\b(rebounder|machine)\b/i.test(this.message)
        ? 'Let the rebounder feed you the passes.'
        : 'Together: one shoots, one rebounds, swap every set.'
      : null;
    const perWeek = practiceFrequency(this.message) ? 'Do it at the start of every session, while you are fresh.' : null;
    const soon = /\b(tomorrow|tmrw|tonight|huomenna|this week|tällä viikolla)\b/i.test(this.message);
    // The player's own when and where ("after practice", "only a wall"), said back so they see it was heard.
    const setting = settingOf(this.message);
    return [
      setting ? `${capital(/^only\b/.test(setting) ? `with ${setting}` : setting)}, ${lowerFirst(lead)}` : lead,
      `${capital(drill.how)}${where}`,
      helper,
      perWeek,
      (!soon && deadlineLine(this.message)) || `Cue: ${drill.cue}.`,
    ].filter((x): x is string => !!x);
  }

  private pickDrillAfter(area: FocusArea, first: Drill, constraints: Constraints): Drill | null {
    return drillsFor(area).find((d) => d !== first && !this.drillsGiven.has(d.name) && fits(d, constraints)) ?? null;
  }

  /** An honest range and what it depends on; towards a rating the player names, in months. */
  private howLong(area: FocusArea | null, message: string): string[] {
    // "how long should I hold my follow-through": the hold itself, not the weeks to fix it.
    if (HOLD.test(message) && (area ?? 'followThrough') === 'followThrough') return this.holdTarget();
    const rating = this.context.feedback.shotRating;
    const record = shootingRecord(this.context);
    // "how long until I make 7 of 10": makes, from this video's, not the rating.
    const makesGoal = /\b(\d+)\s*(?:of|out of|\/)\s*10\b/i.exec(message.replace(/\b\d+(?:[.,]\d)?\s*\/\s*10\b(?=.*\b\d+\s*(?:of|out of)\s*10\b)/i, ''));
    if (makesGoal && record && !/\/\s*10/.test(makesGoal[0])) {
      const goalMakes = Number(makesGoal[1]);
      const target = area ?? this.first?.area ?? null;
      return [
        goalMakes > record.makes
          ? `Honestly, going from ${record.makes} of ${record.attempts} to ${goalMakes} of 10 is a few months of work, one area at a time, not a few weeks.`
          : `Honestly, your ${record.makes} of ${record.attempts} in the video shows the form is there; making that many in real games takes a few months of game-speed reps, against defence and on tired legs.`,
        target
          ? `It starts with your ${NAME[target]}${valueOf(this.context, target) ? ` (${valueOf(this.context, target)})` : ''}: about ${WEEKS_TO_FIX[target]} to fix.`
          : 'Add game-speed shots off the dribble, three sessions a week.',
      ];
    }
    // "mehr als 3 von 10": the 10 is what makes are counted out of, not a rating to reach.
    const goal = (
      message
        .replace(AMOUNT, ' ')
        .replace(/\b(of|von|av|de|di|out of|kautta|\/)\s*10\b/gi, ' ')
        .match(/\b(\d+(?:[.,]\d)?)\b/g) ?? []
    )
      .map((n) => Number(n.replace(',', '.')))
      .find((n) => n <= 10 && rating !== null && n > rating && !yearsOf(message));
    const target = area ?? this.first?.area ?? null;
    const minutes = constraintsOf(message).minutes;
    // Twice a week or weekends only: about twice as long as with short sessions most days.
    const often = practiceFrequency(message);
    const seldom =
      (often !== null && often.perWeek <= 2) ||
      anyOf([
        'weekends?',
        'once a week',
        'twice a week',
        '(1|2|one|two) (times|days) a week',
        '(only|just) (\\w+ )?(on )?(saturdays?|sundays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?)',
        'viikonloppu\\w*',
        'kerran viikossa',
      ]).test(message);
    if (seldom && target) {
      const [low, high] = WEEKS_TO_FIX[target].split(/[- ]/).map(Number);
      return [
        `Honestly, about ${low * 2}-${high * 2} weeks for your ${NAME[target]} if you practise only ${/weekend|viikonloppu/i.test(message) ? 'on weekends' : /day/i.test(message) ? 'once a week' : 'once or twice a week'}.`,
        'Add two short 10-minute sessions on weekdays (wall shooting at home works) and it comes about twice as fast.',
      ];
    }
    const depends = minutes
      ? `With ${minutes} minutes a day that's realistic; it depends most on doing them most days and filming again to check.`
      : often
        ? `Practising ${often.words}, that's realistic: keep each session short and focused, and film again to check.`
        : 'It depends on how often you practise (10-15 minutes most days beats one long session a week) and on filming again to check.';
    if (goal !== undefined && rating !== null) {
      return [
        `Honestly, going from ${rating}/10 to ${goal} is months of work, not weeks: one area at a time.`,
        target
          ? `The first step is your ${NAME[target]}${valueOf(this.context, target) ? ` (${valueOf(this.context, target)})` : ''}: about ${WEEKS_TO_FIX[target]} to fix.`
          : null,
        depends,
      ].filter((x): x is string => !!x);
    }
    if (!target) {
      return [
        'Honestly, about 4-8 weeks of game-speed reps before shots off the dribble feel as natural as your catch-and-shoot.',
        'It depends on doing them at full speed, three or more sessions a week, and your form numbers are already on target.',
      ];
    }
    const value = valueOf(this.context, target);
    if (this.areas.get(target)?.judgement === 'good')
      return [`Your ${NAME[target]} needs no time: it's already good${value ? ` (${value}, range ${RANGE[target]})` : ''}.`, this.placeOf(target)!];
    // "can I fix it by then": the date said earlier in the conversation.
    const deadline = deadlineOf(message) ?? [...this.earlierMessages].reverse().map(deadlineOf).find(Boolean) ?? null;
    if (deadline && /\b(by then|in time|fix it by|ready by|can i (fix|change|get))\b/i.test(message)) {
      return [
        `Not fully by then: your ${NAME[target]}${value ? ` (${value})` : ''} takes about ${WEEKS_TO_FIX[target]} to change and feel natural.`,
        `But 10 minutes a day until ${untilWhen(deadline)} will already show, so start now and shoot your normal shot on the day.`,
      ];
    }
    const weeks = deadline ? weeksUntil(deadline) : null;
    const [low] = WEEKS_TO_FIX[target].split(/[- ]/).map(Number);
    if (weeks !== null && weeks >= low) {
      return [
        `Honestly, about ${WEEKS_TO_FIX[target]} for your ${NAME[target]}${valueOf(this.context, target) ? ` (${valueOf(this.context, target)} now)` : ''}, so with 10 minutes most days it should mostly be there ${/^(tryouts?|camp|games?|season|league|finals?|tournament|match)\b/i.test(deadline!) ? `by the ${deadline!.toLowerCase()}` : deadline}.`,
        'Film again a week before to check.',
      ];
    }
    const age = yearsOf(message);
    return [
      `Honestly, ${age ? `at ${age} ` : ''}about ${WEEKS_TO_FIX[target]} for your ${NAME[target]} ${value ? `to move from ${value} into its range (${RANGE[target]}) and feel natural` : 'to feel natural'}.`,
      (deadline && deadlineLine(deadline)) || depends,
    ];
  }

  /** How long the finish is held: until the ball hits the rim, half a second or more. */
  private holdTarget(): string[] {
    const read = this.areas.get('followThrough');
    const value = valueOf(this.context, 'followThrough');
    return [
      `Hold your follow-through until the ball hits the rim: that is about half a second, ${RANGE.followThrough}.`,
      read ? `Yours: ${value ?? `"${quote(read.says ?? '')}"`}, ${read.judgement === 'good' ? 'already good' : read.judgement}.` : this.focusLine(),
    ];
  }

  /** Against a level, an age, or a player: their numbers beside public ranges; form ranges are the same at every level. */
  private compare(topics: Topic[], message: string): string[] {
    const level = levelOf(message);
    const player = Object.keys(PLAYERS).find((key) => new RegExp(`\\b${key}\\b`, 'i').test(message));
    const area = this.areaOf(topics) ?? (player || /\b(quick|fast|speed|release)\b/i.test(message) ? 'release' : null);
    // "compare me to the pros" is about the shot, not the makes, unless makes are named.
    const topic =
      topics[0] === 'makes' && !/\b(made|make|makes|percent\w*|%|hit|went in|fg)\b|\d+\s*(?:\/|of|out of)\s*\d+/i.test(message) ? topics[1] : topics[0];
    if (topic === 'makes') {
      const record = shootingRecord(this.context);
      const verdict = record ? (record.percent >= 50 ? 'Good' : record.percent >= 35 ? 'About average' : 'Not yet where you want it') : '';
      // Against players of their age: their makes and their form, not the NBA's percentages.
      const forAge = (yearsOf(message) !== null || /\b(my age|ikäisekseni)\b/i.test(message)) && level !== 'pro';
      return [
        record
          ? forAge
            ? `${verdict} for ${yearsOf(message) ? `a ${yearsOf(message)}-year-old` : 'your age'}: you made ${record.makes} of ${record.attempts} (${record.percent} %), and ${record.attempts} shots say less than your form numbers do.`
            : `${verdict} for ${level ? LEVEL_NAMES[level] : 'your level'}: you made ${record.makes} of ${record.attempts} (${record.percent} %), and NBA players make about ${NBA_PERCENT.freeThrows}% of free throws and ${NBA_PERCENT.threes}% of threes.`
          : `Your analysis didn't count makes, so there's nothing to put beside the NBA's ${NBA_PERCENT.freeThrows}% from the free-throw line.`,
        forAge ? this.focusLine() : 'Makes depend on distance and defence; your form numbers are the fairer comparison.',
      ];
    }
    if (topic === 'releaseHeight') {
      const height = this.context.metrics?.releaseHeightM;
      if (height === undefined) return this.heightFacts();
      return [
        `${height} m is a good release point at any level: the higher, the harder to block.`,
        'It grows with your jump and a set point above your forehead, more than with your age.',
      ];
    }
    if (topic === 'rating' && this.context.feedback.shotRating !== null) {
      const rating = this.context.feedback.shotRating;
      const target = level ? LEVEL_NAMES[level] : player ? 'the pros' : 'the best shooters';
      return [
        ageOf(message) && !player
          ? `${rating >= 7 ? 'Yes, good' : rating >= 5 ? 'A fair start' : 'Not yet'} for ${ageOf(message)}: ${rating}/10 means ${rating >= 7 ? 'most of your form is on target' : 'part of your form is off its range'}, and the ranges are the same for every age.`
          : `${rating >= 8 ? `Not ${levelSaid(message) ?? (target === 'the pros' ? 'pro level' : `at the level of ${target}`)} yet, but close in form: every range of yours is on target, and ${target} hit them on every shot, in games and under pressure.` : `At ${rating}/10 you're not yet at ${levelSaid(message) ?? `the level of ${target}`}: ratings aren't published by level, but ${target} hit every range on every shot.`}`,
        `${this.first?.area ? `For you that starts with ${this.focusWithNumber()}` : 'Yours are already on target'}.`,
      ];
    }
    if (area === 'release' && this.areas.has('release')) {
      const value = metricsOf(this.context).releaseTimeMs;
      const lvl = level ?? (player ? 'pro' : 'college');
      const range = RELEASE_MS_BY_LEVEL[lvl];
      if (value === undefined) {
        const read = this.areas.get('release')!;
        return [
          `Your analysis judged your release ${read.judgement} without timing it; ${LEVEL_NAMES[lvl]} get catch-and-shoot shots off in about ${range.min}-${range.max} ms.`,
          this.placeOf('release')!,
        ];
      }
      const judged = this.areas.get('release')!.judgement;
      const relation = value < range.min ? 'quicker than' : value <= range.max ? 'right in the range of' : value <= range.max + 50 ? 'close to' : 'slower than';
      // "is my release slow for my age?", "fast enough for college?": the yes or no first.
      const slowAsked = /\b(is|am|are|onks|onko|onkse)\b.{0,30}\b(slow|hidas)/i.test(message);
      const enoughAsked = /\b(fast|quick|nopee|nopea)\w* enough\b|\bnopee\w* tarpeeks\b/i.test(message);
      const behind = relation === 'slower than' || judged === 'needs work';
      const verdict = slowAsked ? (behind ? 'Yes, for now: y' : 'No: y') : enoughAsked ? (behind ? 'Not yet: y' : 'Yes: y') : 'Y';
      return [
        `${verdict}our release, ${value} ms, ${standing(judged)}, and it is ${relation} ${LEVEL_NAMES[lvl]}: they get the ball off in about ${range.min}-${range.max} ms.${player ? ` ${PLAYERS[player]}.` : ''}`,
        value > range.max ? `Getting under ${TARGETS.releaseTimeMs.max} ms is the first step: ${CUE.release}.` : this.placeOf('release')!,
      ];
    }
    if (area && this.areas.has(area)) {
      const read = this.areas.get(area)!;
      const value = valueOf(this.context, area);
      const said = standing(read.judgement);
      // What the player says about themselves ("im 14", "im only 155cm") is answered for them.
      const years = yearsOf(message) ?? heightOf(message);
      return [
        years
          ? `At ${years} too: your ${NAME[area]}${value ? ` (${value})` : ''} ${said}, and the ${RANGE[area]} range is the same for every level and age.`
          : `Your ${NAME[area]}${value ? `, ${value},` : ''} ${said} at any level: the ${RANGE[area]} range is the same for ${level ? LEVEL_NAMES[level] : player ? 'the pros' : 'every level'} and for you.`,
        `What separates levels is hitting it every shot.`,
        this.placeOf(area)!,
      ];
    }
    // The shot as a whole: a verdict, then the gap, which is the first focus.
    const onTarget = this.reading.areas.every((a) => a.judgement === 'good');
    const target = level ? LEVEL_NAMES[level] : player ? 'the pros' : 'better shooters';
    const off = this.reading.priorities
      // A tip on a part already good keeps it there: it is not one of the parts that need work.
      .filter((p) => p.area && this.areas.get(p.area)?.judgement !== 'good')
      .slice(0, 2)
      .map((p) => `your ${NAME[p.area!]}${valueOf(this.context, p.area!) ? ` (${valueOf(this.context, p.area!)})` : ''}`);
    const stand = onTarget
      ? 'everything your analysis measured is on target'
      : off.length > 1
        ? `${joinAnd(off)} need work`
        : `${this.focusWithNumber()} needs work`;
    const years = yearsOf(message);
    const who = years
      ? `At ${years}, you're ${onTarget ? 'close to' : 'not yet at the level of'} ${target}: ${stand}`
      : `${onTarget ? `Close to ${levelSaid(message) ?? target}` : `Not yet at ${levelSaid(message) ?? `the level of ${target}`}`}: ${stand}`;
    const rating = this.context.feedback.shotRating;
    const release = metricsOf(this.context).releaseTimeMs;
    const lvl = level ?? (player ? 'pro' : 'college');
    const benchmark =
      release !== undefined
        ? ` Your release takes ${release} ms; ${LEVEL_NAMES[lvl]} take about ${RELEASE_MS_BY_LEVEL[lvl].min}-${RELEASE_MS_BY_LEVEL[lvl].max} ms.`
        : '';
    const they = `${player ? `${PLAYERS[player]}, and the best` : 'The best'} repeat the same form every shot, inside every range.${benchmark}`;
    return [`${who}.`, they, rating !== null ? `Your rating is ${rating}/10.` : null].filter((x): x is string => !!x);
  }

  /** Against a teammate or a sibling: a rating compares one video's form with the ranges, not shooters with each other. */
  private versusSomeone(asked: Understanding, message: string): string[] {
    const said = OTHER_SHOOTER.exec(message)?.[0].toLowerCase().replace(/^my /, '') ?? 'teammate';
    const who =
      (
        {
          joukkuekaveri: 'teammate',
          veli: 'brother',
          sisko: 'sister',
          amigo: 'friend',
          amiga: 'friend',
          freund: 'friend',
          freundin: 'friend',
          kompis: 'friend',
          ami: 'friend',
          amie: 'friend',
        } as Record<string, string>
      )[said] ?? (/^(kaveri|sõber)/.test(said) ? 'friend' : said);
    // A number in the message is the other shooter's: the area the player names comes before one their number happens to match.
    // "my friend aino got 6/10, why am i so much higher": a rating told, with no part named, is the ratings compared.
    const ratingsOnly = /\d\s*\/\s*10\b/.test(message) && !FOCUS_AREAS.some((a) => AREA_WORDS_NAMED[a].test(message));
    const areas = ratingsOnly ? [] : asked.topics.filter(isFocusArea);
    const area = areas.find((t) => !asked.numbered.includes(t)) ?? areas[0];
    if (area && this.areas.has(area)) {
      const read = this.areas.get(area)!;
      const value = valueOf(this.context, area);
      // "my friend shoots like 55° arc, should i go higher than 49?": their number, told, set against the same range.
      const kind = AREAS_OF_UNIT.find(([, kindAreas]) => kindAreas.includes(area))?.[0];
      // With its unit ("55°"), or bare after the part's name ("his elbow was 112").
      const bare = new RegExp(`${AREA_CUES[area].source}\\p{L}*\\s+(?:was|is|=|at|on|oli)?\\s*(\\d+(?:[.,]\\d+)?)(?![\\d.,]*\\s*(?:%|\\/))`, 'iu').exec(
        message,
      );
      // Or bare before it ("he has 104 at the elbow").
      const before = new RegExp(`(?<![\\d.,])(\\d+(?:[.,]\\d+)?)\\s+(?:at|on|for|in)?\\s*(?:the|his|her|their)?\\s*${AREA_CUES[area].source}`, 'iu').exec(
        message,
      );
      const told = bare ?? before;
      const theirs = kind ? (firstStated(message, kind) ?? (told ? Number(told[bare ? told.length - 1 : 1].replace(',', '.')) : null)) : null;
      if (theirs !== null && value && theirs !== this.context.metrics?.[AREA_METRICS[area]]) {
        const inRange = distanceFromRange(area, theirs) === 0;
        const mine = `your ${NAME[area]} at ${value}`;
        const yours =
          read.judgement === 'good'
            ? `${mine} is good, inside the ${RANGE[area]} range`
            : `${mine} ${read.judgement === 'needs work' ? 'needs work' : `is ${read.judgement}`}, against the ${RANGE[area]} range`;
        const them = `your ${who}'s ${measurementText(area, theirs)}`;
        const lead =
          read.judgement === 'good'
            ? `${inRange ? 'No need' : 'No'}: ${yours}, and ${them} is ${inRange ? 'inside it too' : 'outside it'}.`
            : inRange
              ? `${COMPARED.test(message) || /\b(vs|versus|who)\b/i.test(message) ? 'On this part, yes, for now: y' : 'Y'}${yours.slice(1)}, and ${them} is inside it.`
              : `Neither is there yet: ${yours}, and ${them} is outside it too.`;
        // Both outside: how far each is from the range says whose is closer.
        const ownValue = this.context.metrics?.[AREA_METRICS[area]];
        const closer =
          !inRange && read.judgement !== 'good' && ownValue !== undefined && distanceFromRange(area, theirs) !== distanceFromRange(area, ownValue)
            ? distanceFromRange(area, theirs) < distanceFromRange(area, ownValue)
              ? `Theirs is closer to it than yours, ${value}.`
              : `Yours, ${value}, is closer to it than theirs.`
            : null;
        return [
          lead,
          ...(closer ? [closer] : []),
          read.judgement === 'good' ? `Both work: hitting your ${value} every shot matters more than matching theirs.` : `What moves yours: ${CUE[area]}.`,
        ];
      }
      return [
        `Not necessarily: your ${who}'s ${NAME[area]} isn't measured here, and the level that counts is the ${RANGE[area]} range.`,
        `Yours is ${value ?? 'judged from the video'}: ${read.judgement}${read.judgement === 'good' ? '' : `, so ${this.effect(area)}`}.`,
      ];
    }
    // "my friend made 7 of 10 at the booth and i made 3": makes swing; the form is the fairer comparison.
    const record = shootingRecord(this.context);
    const theirMakes = /\b(made|makes|hit|hits|osui|teki)\s+(\d{1,2})\s*(of|out of|\/)\s*(\d{1,2})\b/i.exec(message);
    if (record && theirMakes) {
      return [
        `Not necessarily: on your video you made ${record.makes} of ${record.attempts}, your ${who} ${theirMakes[2]} of ${theirMakes[4]}, and makes swing from day to day.`,
        this.first?.area ? `Your form is the fairer comparison, and yours starts with ${this.focusWithNumber()}.` : this.focusLine(),
      ];
    }
    const rating = this.context.feedback.shotRating;
    if (rating === null)
      return [
        `Not necessarily: your analysis has no rating to set beside your ${who}'s, and their shot isn't here.`,
        `What yours says: ${this.strengthsLine(2) ? lowerFirst(this.strengthsLine(2)!) : ''} ${this.focusLine()}`.replace(/\s+/g, ' '),
      ];
    // "my amiga tiene 7/10": their rating told, so yours is set beside it.
    const told =
      /\b(?:got|scored|sai|oli|has|had|tiene|fick|bekam)\s+(?:an?\s+|like\s+)?(\d{1,2}(?:[.,]\d)?)(?![\d.,]*\s*(?:%|°|ms|of\b))/i.exec(message) ??
      [...message.matchAll(/(?<![\d.,])(\d{1,2}(?:[.,]\d)?)\s*\/\s*10\b/g)].find((m) => Number(m[1].replace(',', '.')) !== rating);
    const theirRating = told ? Number(told[1].replace(',', '.')) : null;
    // "is 6/10 bad?? my friend got 8": the verdict on their own rating, and what it says beside the other one.
    const verdict = asked.act === 'is-it-good' ? (rating >= 7 ? "No, it's good" : rating >= 5 ? 'Not bad: a good base' : 'Not yet good') : null;
    return [
      verdict
        ? `${verdict}, and not necessarily below your ${who}'s: a rating compares one video's form with the ranges, not your level.`
        : `Not necessarily: a rating compares one video's form with the ranges, not your level with your ${who}'s.`,
      theirRating !== null && theirRating <= 10
        ? `Side by side, yours is ${rating}/10 and theirs ${theirRating}/10: ${this.first?.area ? `yours comes mostly from ${this.focusWithNumber()}` : this.reading.areas.every((a) => a.judgement === 'good') ? 'every part of yours is on target' : 'yours comes from the same ranges'}.`
        : rating !== null && this.first?.area
          ? `Your ${rating}/10 comes mostly from ${this.focusWithNumber()}: fix that and the gap closes.`
          : this.focusLine(),
    ];
  }

  /** "Am I good?": the shot as a whole, judged as the analysis judges its areas. */
  private overall(): string[] {
    const rating = this.context.feedback.shotRating;
    const good = this.reading.areas.filter((a) => a.judgement === 'good').map((a) => NAME[a.area]);
    const toFix = this.reading.areas.filter((a) => a.judgement !== 'good');
    const scored = rating !== null ? ` (${rating}/10)` : '';
    if (toFix.length === 0) {
      // "is there anything actually wrong with my shot??" is answered no, the same verdict.
      const wrongAsked = /\b(anything|something) (actually |really |(i'?m|im|i am) (doing|do) )?(wrong|bad|off)\b|\bwhat'?s wrong\b/i.test(this.message);
      return [
        wrongAsked
          ? `No: your shot is good${scored}, and everything your analysis judged is on target.`
          : `Yes, your shot is good${scored}: everything your analysis judged is on target.`,
        this.first ? `What's left is its tip: ${lowerFirst(quote(this.first.text))}.` : 'Keep it sharp at game speed.',
      ];
    }
    const first = this.first?.area ?? toFix[0].area;
    const value = valueOf(this.context, first);
    return [
      `${(rating ?? 0) >= 6 || good.length >= toFix.length ? "It's a good base" : 'Not yet'}${scored}: ${good.length ? `your ${joinAnd(good)} ${good.length > 1 ? 'are' : 'is'} good, and ` : ''}your ${NAME[first]} needs work${value ? ` (${value})` : ''}.`,
      `Fix that first: ${CUE[first]}.`,
    ];
  }

  private summary(): string[] {
    const rating = this.context.feedback.shotRating;
    const judged = this.reading.areas.map((a) => {
      const value = valueOf(this.context, a.area);
      const words = !value && a.judgement !== 'good' && a.says ? `: "${quote(a.says)}"` : '';
      return `${NAME[a.area]} ${a.judgement}${value ? ` (${value})` : words}`;
    });
    const record = shootingRecord(this.context);
    const lead = `In short: ${[rating !== null ? `rating ${rating}/10` : null, record ? `${record.makes} of ${record.attempts} made` : null, ...judged].filter(Boolean).join(', ')}.`;
    const first = this.first
      ? this.first.area
        ? `First focus: your ${NAME[this.first.area]}.`
        : `First focus: ${lowerFirst(quote(this.first.text))}.`
      : 'Nothing needs fixing: keep it sharp at game speed.';
    const numbers = rating !== null || this.measuredAny;
    if (rating === null && /\b(score|rating|arvosana)\b/i.test(this.message))
      return ['There is no score or rating out of 10 in your analysis this time.', lead.replace(/^In short: /, 'What it has: '), first];
    if (!numbers && this.context.feedback.summary) return [`In short, your analysis says: "${quote(this.context.feedback.summary)}".`, first];
    const answer = judged.length || rating !== null ? [lead, first] : [`In short: your analysis says "${quote(this.context.feedback.summary ?? '')}".`, first];
    // "in one line", "in 2 sentences": the summary in the length asked, said so in the player's words.
    const length = /\b(?:in )?((?:one|1|a single) (?:line|sentence)|(?:two|2|three|3) (?:sentences|lines))\b/i.exec(this.message)?.[1];
    if (!length) return answer;
    const [head, ...rest] = answer.map((sentence) => sentence.replace(/^In short(:|,) /, ''));
    return /^(one|1|a single)/i.test(length)
      ? [`In ${length}: ${head.replace(/\.$/, '')}; ${lowerFirst(rest.join(' '))}`]
      : [`In ${length}: ${lowerFirst(head)}`, ...rest];
  }

  private strengths(): string[] {
    const good = this.reading.areas.filter((a) => a.judgement === 'good');
    // "what's my best thing": one, the first measured one that is good.
    const best = good.find((a) => valueOf(this.context, a.area)) ?? good[0];
    if (best && /\b(best|strongest)\s+(thing|part|area)\b/i.test(this.message) && this.earlier.length > 0) {
      return [
        `Your ${NAME[best.area]}${valueOf(this.context, best.area) ? `: ${valueOf(this.context, best.area)}, right in the ${RANGE[best.area]} range` : ': your analysis calls it good'}.`,
      ];
    }
    if (good.length === 0) return ['Nothing is on target yet, but every area is trainable, and you now know exactly where to start.', this.focusLine()];
    const list = good.map((a) => `your ${NAME[a.area]}${valueOf(this.context, a.area) ? ` (${valueOf(this.context, a.area)})` : ''}`);
    // Asked first thing ("mitä hyvää mun heitossa on?"), what works is set beside the rating it earned.
    const rating = this.context.feedback.shotRating;
    const behind = rating !== null ? ` behind your ${rating}/10 rating` : '';
    // "is anything actually good lol": yes first, then what.
    const yes = /^\W*(is|are)\s+(there\s+)?(anything|something)\b/i.test(this.message);
    return [
      yes
        ? `Yes: ${joinAnd(list)} ${good.length > 1 ? 'are' : 'is'} good${rating !== null ? `, behind your ${rating}/10 rating` : ''}.`
        : `What's working${behind}: ${joinAnd(list)}.`,
      this.first
        ? `Keep ${good.length > 1 ? 'them' : 'it'} while you work on ${this.first.area ? `your ${NAME[this.first.area]}` : 'game-speed shots'}.`
        : 'Keep doing what you do.',
    ];
  }

  /** "Tell me more": the next layer of what the conversation was on. */
  private more(): string[] {
    // "what's next for me" as a first question: the one thing to do next.
    if (this.earlier.length === 0) return this.fixFirst([], this.message);
    const area = this.lastArea() ?? this.first?.area ?? null;
    const last = this.earlier.at(-1)?.act;
    if (area && (last === 'drill' || last === 'another-drill')) return this.drill(area, NONE, true);
    if (area && this.areas.get(area)?.judgement !== 'good') {
      const drill = this.pickDrill(area, NONE);
      return [
        `More on your ${NAME[area]}${valueOf(this.context, area) ? ` (${valueOf(this.context, area)})` : ''}: ${CAUSE[area]}.`,
        `The fix is to ${CUE[area]}.`,
        drill ? this.describe(drill) : `Then ${WEEKS_TO_FIX[area]} of short daily reps.`,
      ];
    }
    const next = this.reading.priorities[1];
    if (next)
      return [
        `After your first focus comes ${next.area ? `your ${NAME[next.area]}` : lowerFirst(quote(next.text))}.`,
        next.area ? `${capital(CUE[next.area])}.` : '',
      ].filter(Boolean);
    return this.strengths();
  }

  // ---- facts about topics other than an area ----

  /** Why there is no rating: what this analysis gave instead (its measurements, if any, and its written feedback). */
  private whyNoRating(): string {
    const measured = this.measuredParts();
    return measured.length
      ? `There is no rating out of 10 in your analysis because it measured only your ${joinAnd(measured)} and gave written feedback, not an overall score.`
      : 'There is no rating out of 10 in your analysis because it came with written feedback only.';
  }

  private ratingFacts(meaning: boolean): string[] {
    const rating = this.context.feedback.shotRating;
    if (rating === null) return [this.whyNoRating(), ...(this.reading.areas.length ? this.overall().slice(0, 1) : [this.focusLine()])];
    const off = this.reading.areas.filter((a) => a.judgement !== 'good');
    const lead = meaning
      ? `${MEANING.rating}: yours is ${rating}/10.`
      : rating >= 8
        ? `${NEGATIVE_ASK.test(this.message) ? 'No' : 'Yes'}, ${rating}/10 is a good rating.`
        : rating >= 6
          ? `It's a good base, not the top yet: ${rating}/10 leaves clear room to grow.`
          : NEGATIVE_ASK.test(this.message) && rating >= 5
            ? `No, ${rating}/10 isn't bad: it's a base with clear room to grow.`
            : NEGATIVE_ASK.test(this.message)
              ? `Yes, honestly, it's low for now: ${rating}/10 means there is a lot to gain, and that's fixable.`
              : `No, not yet: ${rating}/10 means there is a lot to gain, and that's fixable.`;
    return [
      lead,
      off.length
        ? `It's held back by your ${joinAnd(off.map((a) => NAME[a.area]))}, and fixing your first focus moves it most.`
        : 'Every area your analysis measured is on target.',
    ];
  }

  private ratingWhy(): string[] {
    const rating = this.context.feedback.shotRating;
    const off = this.reading.areas.filter((a) => a.judgement !== 'good');
    if (rating === null) return [this.whyNoRating(), this.focusLine()];
    if (off.length === 0) {
      return [
        `Your ${rating}/10 loses little because every area your analysis measured is on target.`,
        this.first ? `What's left is its tip: ${lowerFirst(quote(this.first.text))}.` : 'What is left is doing it at game speed.',
      ];
    }
    const madeToo = /\b(made|make|makes|hit|went in)\b/i.test(this.message) ? 'Your rating judges how you shoot, not how many went in: ' : '';
    return [
      `${madeToo}${madeToo ? 'y' : 'Y'}our rating is ${rating}/10 because ${off.length === 1 ? 'one area is' : `${off.length} areas are`} off: ${joinAnd(off.map((a) => `your ${NAME[a.area]}${valueOf(this.context, a.area) ? ` (${valueOf(this.context, a.area)})` : ''}`))}.`,
      off.length > 1 ? this.focusLine() : `Fix it and the rating follows: ${CUE[off[0].area]}.`,
    ];
  }

  private makesFacts(): string[] {
    const record = shootingRecord(this.context);
    if (!record) return ['There is no count of makes in your analysis: it judged how you shoot, not how many went in.', this.focusLine()];
    return [`You made ${record.makes} of ${record.attempts} shots (${record.percent} %).`, smallSample(record.attempts), this.focusLine()];
  }

  private missesWhy(): string[] {
    const record = shootingRecord(this.context);
    const off = this.reading.priorities
      // A tip on a part already good keeps it there: it is not one of the parts that need work.
      .filter((p) => p.area && this.areas.get(p.area)?.judgement !== 'good')
      .slice(0, 2)
      .map((p) => `your ${NAME[p.area!]}${valueOf(this.context, p.area!) ? ` (${valueOf(this.context, p.area!)})` : ''}`);
    const from = off.length ? `mostly from ${joinAnd(off)}` : 'from small changes shot to shot, since everything your analysis measured is on target';
    const lead = record
      ? `You made ${record.makes} of ${record.attempts}, and the ${record.attempts - record.makes} misses come ${from}.`
      : `Misses come ${from}.`;
    return [
      lead,
      ...(this.first?.area ? this.why([this.first.area]).slice(0, 1) : [this.focusLine()]),
      this.first?.area ? `The fix: ${CUE[this.first.area]}.` : null,
    ].filter((x): x is string => !!x);
  }

  private heightFacts(): string[] {
    const height = this.context.metrics?.releaseHeightM;
    if (height === undefined)
      return [
        "Your analysis didn't measure your release height, so I can't judge a number for it.",
        'A higher release is harder to block, and it grows with your jump and a set point above your forehead.',
      ];
    return [`You release from ${height} m: that's good.`, 'Your analysis has no range for it; it grows with your jump and a set point above your forehead.'];
  }

  private tipsFacts(): string[] {
    const tips = this.context.feedback.tips;
    if (tips.length === 0) return [`Your analysis gave no separate tips; it says: "${quote(this.context.feedback.summary ?? this.first?.text ?? '')}".`];
    return [
      `Your analysis ${tips.length === 1 ? 'gives one tip' : `gives ${tips.length} tips, the first one first`}: ${tips
        .slice(0, 2)
        .map((t) => `"${quote(t)}"`)
        .join(' and ')}.`,
    ];
  }

  /** A miss the player describes ("short", "left"), tied to what in their analysis causes it. */
  private symptom(symptom: Symptom, asFix = false): string[] {
    const causes = SYMPTOM_CAUSES[symptom];
    const off = this.reading.priorities.filter((p) => p.area && causes.includes(p.area)).map((p) => p.area!);
    const flagged = [
      ...off,
      ...this.reading.areas.filter((a) => a.judgement !== 'good' && causes.includes(a.area) && !off.includes(a.area)).map((a) => a.area),
    ];
    if (flagged.length === 0) {
      // Only what the analysis judged is "on target"; a cause it never measured is said to be unmeasured.
      const unmeasured = causes.filter((area) => !this.areas.has(area));
      const onTarget = causes
        .filter((area) => this.areas.has(area))
        .map((area) => `${NAME[area]}${valueOf(this.context, area) ? ` (${valueOf(this.context, area)})` : ''}`);
      if (unmeasured.length)
        return [
          `I can't tell from your analysis: it didn't measure your ${joinAnd(unmeasured.map((area) => NAME[area]))}${onTarget.length ? `, and your ${joinAnd(onTarget)} ${onTarget.length > 1 ? 'are' : 'is'} on target` : ''}.`,
          `${SYMPTOM_LEADS[symptom]} Film from the side next time so it's in the frame.`,
          this.focusLine(),
        ];
      return [`${SYMPTOM_LEADS[symptom]} Your analysis finds those on target, so film the misses again from the side.`, this.focusLine()];
    }
    const main = flagged[0];
    // "why is my arc flat": the part named is the symptom's own cause, so the answer is what causes that part.
    if (!asFix && AREA_WORDS_NAMED[main].test(this.message)) return this.why([main]);
    const value = valueOf(this.context, main);
    const which = `your ${NAME[main]}${value ? ` (${value}, range ${RANGE[main]})` : ''}`;
    // "How do I fix my short shots": the fix first, then why it is that area.
    const says = this.areas.get(main)?.says;
    const own = says ? consequenceOf(says) : null;
    if (asFix) return [`Fix ${which}: ${CUE[main]}.`, `That's mostly what causes it: ${own ?? this.effect(main)}.`];
    const rating = this.context.feedback.shotRating;
    // "then why is my score so low": the rating itself, and what holds it down most.
    if (rating !== null && /\b(score|rating|arvosana|pisteet)\b/i.test(this.message))
      return [`Your ${rating}/10 is low mostly because of ${which}: ${own ?? this.effect(main)}.`, `The fix: ${CUE[main]}.`];
    return [`Mostly because of ${which}: ${own ?? this.effect(main)}.`, `The fix: ${CUE[main]}.`];
  }

  /**
   * "does it matter that the video was kinda blurry", "can i trust the numbers?": a poor video makes
   * the numbers less sure, not wrong, and another video is how to check them.
   */
  private aboutTheVideo(message: string, asked: Understanding): string[] | null {
    const measured = this.measuredAny;
    const named = asked.topics.find(isFocusArea);
    const value = named ? valueOf(this.context, named) : null;
    const about = named && value ? `Your ${NAME[named]} measured ${value}, against ${RANGE[named]}.` : this.focusLine();
    // "so how can it say needs work if it didnt even measure it??", "it says 'not measured', so what is my follow-through time?":
    // judged from the video in words, without a number.
    const judgedArea = named ?? this.lastArea() ?? this.first?.area ?? null;
    const judged = judgedArea ? this.areas.get(judgedArea) : undefined;
    if (
      /\b(didn'?t|did not|doesn'?t|does not|not|wasn'?t|was not|nothing( was)?|never) (even )?measured?\b|(?<!\p{L})ei mitattu(?!\p{L})/iu.test(message) &&
      (named || (/\b(how|why)\b/i.test(message) && !/\b(everywhere|everything|all of it)\b/i.test(message))) &&
      judgedArea &&
      judged &&
      !valueOf(this.context, judgedArea)
    ) {
      return [
        `"Not measured" means no number, not no judgement: the camera saw your ${NAME[judgedArea]} and judged it in words, because it couldn't measure it from this video: ${judged.says ? `"${quote(judged.says)}"` : `it ${judged.judgement}`}.`,
        'Film again from the side, your whole body and the ball in the frame, and you get the number too.',
      ];
    }
    // "why does my page say 'not measured' everywhere, did it even work?": what the words mean.
    if (
      /\bnot measured\b|(?<!\p{L})ei mitattu(?!\p{L})/iu.test(message) &&
      /\?|\b(why|what|how come|miks|mitä)\b/iu.test(message) &&
      !namesAnArea(asked.topics)
    ) {
      const numbers = this.measuredParts();
      return [
        `It worked: "not measured" means the camera couldn't measure that part from this video, so ${numbers.length ? `it measured only your ${joinAnd(numbers)} and judged the rest in words` : 'your analysis judged your shot in words instead'}.`,
        this.focusLine(),
        'Film from the side, your whole body and the ball in the frame, and you get the numbers.',
      ];
    }
    // "how would you check progress without an angle to look at?": how to see it between films.
    if (/\b(check|track|see|measure|know)\b.{0,12}\bprogress\b/i.test(message)) return this.progress();
    // "the camera def got my balance wrong, floor was slippery af": the day's conditions blamed, met as a doubt.
    const conditions = /\b(slippery|wet floor|bad floor|dusty floor|new shoes|wrong shoes)\b/i.exec(message)?.[0];
    if (conditions) {
      const doubted = named ?? this.first?.area ?? null;
      return [
        `I get it, ${this.context.firstName}: a ${/floor|shoes/i.test(conditions) ? conditions.toLowerCase() : `${conditions.toLowerCase()} floor`} can throw a ${doubted === 'balance' ? 'landing' : 'shot'} off, so take ${doubted ? `your ${NAME[doubted]}${valueOf(this.context, doubted) ? ` (${valueOf(this.context, doubted)})` : ''}` : 'it'} as a first read.`,
        'Film again on a good floor and compare: if the number holds, so does the advice.',
      ];
    }
    const poor = POOR_VIDEO.exec(message)?.[0];
    // "the camera was crooked thats why it says i drift left": said as the reason, not asked.
    const blamed =
      /\b(that'?s why|thats why|why it says|so it says|bc|because)\b|(?<!\p{L})(siks|siksi|sen takia)(?!\p{L})/iu.test(message) && !/\?/.test(message);
    if (
      poor &&
      (blamed ||
        /\b(matter|affect|change|problem|trust|accurate|right|wrong|still|ok|okay|count|ruin|mess|haittaa|vaikuttaa|väliä|luottaa|pitää)/iu.test(message))
    ) {
      const lessSure = `${measured ? 'measurements' : 'reading'} less sure, so take ${measured ? 'them' : 'it'} as a first read`;
      return [
        blamed
          ? `I get it, ${this.context.firstName}: a ${poor.toLowerCase()} video can make the ${lessSure}.`
          : `It can a little: a ${poor.toLowerCase()} video makes the ${lessSure}.`,
        about,
        'Film again from the side in good light, phone propped still, whole body in the frame.',
      ];
    }
    // "who do i trust", "is it even accurate??" beside a coach's word are two opinions or a doubt, answered as such.
    const asksOnlyThat = ([null, 'is-it-good', 'meaning', 'summary', 'feelings'].includes(asked.act) || asked.weak || !!asked.guessed) && !asked.also;
    if (
      TRUST_ASKED.test(message) &&
      asksOnlyThat &&
      !this.claimed(message, asked) &&
      !/\b(who|how|even)\b/i.test(message) &&
      !/\b(broken|wrong|trash|useless|rigged|bs|bullshit|fake|scam|lying|sucks|väärin|rikki|paska)\b/iu.test(message)
    ) {
      return [
        measured
          ? 'As a first read, yes: each number is measured from your video, frame by frame, against the ranges on your page.'
          : 'As a first read, yes: your analysis judged your shot from the video in words, as it could not measure numbers this time.',
        about,
        `To check, film again from the side in a couple of weeks: if ${measured ? 'the numbers hold' : 'it reads the same'}, so does the advice.`,
      ];
    }
    return null;
  }

  /** "but wont i lose power without it" after the dip: the power comes from the legs, and one smooth dip stays. */
  private powerWithoutTheDip(message: string): string[] | null {
    const aboutTheDip = /\bdip\w*\b/i.test(message) || [...this.said].some((said) => said.includes('extra dip'));
    if (
      !aboutTheDip ||
      !/\b(lose|losing|less|no|without)\b.{0,20}\b(power|strength|range|distance)\b|\b(power|voima\p{L}*)\b.{0,20}\bwithout\b/iu.test(message)
    )
      return null;
    const value = valueOf(this.context, 'release');
    return [
      'No, because the power comes from your legs and one smooth dip in the catch, which stays; only the second dip or the pause goes.',
      value
        ? `That pause is what puts your release at ${value}; without it the shot stays as strong and gets off sooner.`
        : 'Without the pause the shot stays as strong and gets off sooner.',
    ];
  }

  /** "would a tall defender just eat this shot alive or nah": how much time the release gives a defender. */
  private againstADefender(message: string, asked: Understanding): string[] | null {
    const release = valueOf(this.context, 'release');
    if (
      !/\b(defenders?|get blocked|blocked|contest\w*|swat\w*|eat (this|my|the) shot)\b/i.test(message) ||
      !([null, 'is-it-good', 'compare', 'why'].includes(asked.act) || asked.weak || !!asked.guessed) ||
      /\bmean|\bno defenders?\b/i.test(message) ||
      !release ||
      !this.areas.has('release')
    )
      return null;
    const judged = this.areas.get('release')!.judgement;
    return judged === 'good'
      ? [`No, not easily: your release is quick (${release}, range ${RANGE.release}), so a defender has little time to get a hand up.`, this.focusLine()]
      : [
          `Yes, quite likely for now: your release ${standing(judged)} at ${release} from the catch, against ${RANGE.release}, so a tall defender has time to get a hand up.`,
          `The fix: ${CUE.release}.`,
        ];
  }

  /** "im 42 and play in a rec league, is it even worth working on balance at my age": yes, the ranges do not age. */
  private worthAtAge(message: string, asked: Understanding): string[] | null {
    // An adult's age too ("im 42"), which yearsOf leaves out as no player's age.
    const age = yearsOf(message) ?? (Number(/\b(?:im|i'm|i am|olen|oon)\s+(\d{2})\b/i.exec(message)?.[1]) || null);
    if (age === null || !/\bworth\b.{0,40}\b(my age|at \d+|at my|this age|too old)\b|\btoo old\b/i.test(message)) return null;
    const target = asked.topics.find(isFocusArea) ?? this.first?.area ?? null;
    const value = target ? valueOf(this.context, target) : null;
    return [
      `Yes, at ${age} too: ${target ? `your ${NAME[target]}${value ? ` (${value}, range ${RANGE[target]})` : ''} can still move, and the range is the same at every age` : 'form keeps improving with reps at every age'}.`,
      'Adults who shoot 10-15 focused minutes a few times a week see it in a month or two.',
    ];
  }

  // ---- feelings ----

  /** Whether a parent is the one writing: they said so in this message or earlier in the conversation ("i'm Veeti's dad" … "he's gutted"). */
  private parentSpeaking(): boolean {
    return PARENT.test(this.message) || this.earlierMessages.some((said) => PARENT.test(said));
  }

  private acknowledge(message: string): string {
    const name = this.context.firstName;
    // A parent's message: the player is not the one talking.
    if (this.parentSpeaking()) return "It's normal to take a number hard at first.";
    const rating = this.context.feedback.shotRating;
    // "8.5 lets goo!! is that actually good": the yes they asked for, with the pride.
    if (PROUD.test(message) && /\bis (that|it|this|\d+(?:[.,]\d)?) (actually |really |even )?good\b/i.test(message) && rating !== null && rating >= 7)
      return `Yes, it's really good, ${name}: be proud of ${rating}/10.`;
    if (PROUD.test(message)) return `Nice, ${name}: you should be proud${this.mentionsRating(message) ? ` of ${rating}/10` : ''}.`;
    if (/\b(is it over|am i (cooked|done|finished))\b/i.test(message)) return `I get it, ${name}, but it's far from over: this is fixable.`;
    if (/\b(sad|bummed|gutted|disappointed|surullinen|pettynyt|pettyny|harmittaa)\b/i.test(message)) return `I'm sorry you're disappointed, ${name}.`;
    if (/\bwho cares\b|\bi shoot fine\b/i.test(message)) return `Fair question, ${name}: if it goes in, changing it feels like a risk.`;
    if (/\b((is )?(it|this|that)('?s| is)? fixable|can (it|this) be fixed|(is )?my shot (just )?broken)\b/i.test(message))
      return `Yes, it's fixable, ${name}, and your shot isn't broken.`;
    if (FEELS_FROM_INSIDE.test(message)) return `That can be hard to feel from the inside, ${name}: the camera sees it from the outside.`;
    const numbers = this.context.feedback.shotRating !== null || this.measuredAny;
    if (MACHINE.test(message)) return numbers ? `I get it, ${name}: a number you didn't expect stings.` : `I get it, ${name}: fair to question it.`;
    if (NERVES.test(message) && /\b(app|camera|analysis)\b.{0,15}\b(can'?t|cant|cannot|doesn'?t)\s+see\b/i.test(message))
      return `Right, ${name}: the app only sees the shots you filmed, not game nerves, and those are trainable too.`;
    if (NERVES.test(message)) return `Nerves are normal, ${name}: even the pros feel them.`;
    if (/\b(cut from|dropped from|tiputettiin|pudotettiin)\b/i.test(message))
      return `I'm sorry, ${name}: being dropped stings, and one analysis doesn't decide what kind of player you become.`;
    if (DESPAIR.test(message)) return `Please don't quit over one analysis, ${name}: this is fixable, and now you know exactly what to fix.`;
    if (aboutLife(message)) return `I'm sorry, ${name}, that sounds really hard.`;
    if (/\b(i (like|love) (my|it)|do i (really )?have to)\b/i.test(message)) return `Fair question, ${name}: if it goes in, changing it feels like a risk.`;
    if (/\bi (feel like i|jump|land|shoot|hold)\b.{0,20}\b(straight|fine|up|already)\b/i.test(message))
      return `That can be hard to feel from the inside, ${name}: the camera sees it from the outside.`;
    if (/\b(feel|felt|feeling|made me (feel )?)\s*(kinda |so |really |pretty )?(dumb|stupid|like an idiot|useless)\b/i.test(message))
      return `I'm sorry it made you feel that way, ${name}: a rating is one video's form, not how good or smart you are.`;
    if (/\b(dumb|stupid|weird|silly|laugh\w*|embar+as+\w*|cringe|nolo)\b/i.test(message))
      return `Feeling silly at first is normal, ${name}: every good shooter looks like that, and nobody laughs at makes.`;
    if (/\b(thinks? (i'?m|im|i am) bad|am i bad|(i'?m|im|i am) (so |really )?bad at)\b/i.test(message) && !/\bnot\b/i.test(message))
      return `I hear you, ${name}, but no: it doesn't say you're bad, it shows where your next points are.`;
    const variants = [
      `I hear you, ${name}: one analysis isn't the whole player, and this is fixable.`,
      `That's a fair feeling, ${name}, and it's fixable.`,
      `I get it, ${name}: this part is the hard one.`,
    ];
    return variants.find((v) => !this.said.has(norm(v))) ?? variants[0];
  }

  private feelings(message: string, asked: Understanding): string {
    const lead = this.acknowledge(message);
    if (aboutLife(message)) {
      return this.say([
        lead,
        "I can't help with that part: I only coach shooting, so please talk to someone you trust about it.",
        'If shooting helps clear your head, I am here whenever you want.',
      ]);
    }
    const strengths = this.strengthsLine();
    // "i didn't even get a score 😢": why there is none, then what there is.
    if (this.context.feedback.shotRating === null && /\b(score|rating|arvosana)\b/i.test(message))
      return this.say([lead, this.whyNoRating(), this.focusLine()]);
    // An area the player names ("now this app says my elbow is bad too") is answered with its number.
    const mentioned = asked.topics.find(isFocusArea);
    const mentionedValue = mentioned ? valueOf(this.context, mentioned) : null;
    const say = (parts: (string | null | undefined)[]) =>
      this.say(
        mentioned && mentionedValue && !parts.some((p) => p?.includes(mentionedValue))
          ? [...parts.slice(0, 2), `Your ${NAME[mentioned]} is at ${mentionedValue}, against ${RANGE[mentioned]}.`, ...parts.slice(2)]
          : parts,
      );
    const step = this.first?.area ? `One step at a time: ${CUE[this.first.area]}.` : this.first ? `Next step: ${lowerFirst(quote(this.first.text))}.` : null;
    // "the app is wrong about her shot being flat": the area behind the symptom, as measured.
    const symptom = asked.topics.find(isSymptom);
    const named = asked.topics.find(isFocusArea) ?? (symptom ? SYMPTOM_CAUSES[symptom].find((area) => this.areas.has(area)) : undefined);
    if (MACHINE.test(message) && named && this.areas.get(named)?.judgement === 'good' && this.first?.area) {
      return say([
        lead,
        `They did look: they saw ${lowerFirst(quote(this.areas.get(named)!.says ?? 'what works'))}, and one thing to fix, ${this.focusWithNumber()}: "${quote(this.areas.get(this.first.area)?.says ?? this.first.text)}".`,
      ]);
    }
    if (MACHINE.test(message) && named && this.areas.has(named)) {
      const value = valueOf(this.context, named);
      return say([
        lead,
        `The camera measured your ${NAME[named]}${value ? ` at ${value}, against ${RANGE[named]}` : ` as "${quote(this.areas.get(named)!.says ?? '')}"`}: ${/\bmirror\b/i.test(message) ? 'a mirror shows you from the front, where that is hard to see' : 'that is hard to feel from the inside'}.`,
        'Film again from the side and compare: if the angle was off, the new numbers will show it.',
      ]);
    }
    if (MACHINE.test(message)) {
      const rating = this.context.feedback.shotRating;
      return say([
        lead,
        rating !== null
          ? `The camera measures what it sees: your ${rating}/10 comes from ${this.first?.area ? this.focusWithNumber() : 'your form'}, not from your makes.`
          : `The camera measures what it sees in the frame${this.first?.area ? `: there is no score this time, and the first thing it found is ${this.focusWithNumber()}` : ''}.`,
        strengths,
        'If the angle or light was off, film again from the side and compare.',
      ]);
    }
    if (NERVES.test(message)) {
      // "nervous af, is my shot gonna hold up?": the verdict they asked for, after the word for the nerves.
      const verdict =
        /\b(hold up|good enough|is my shot (good|ok|okay|fine)|onks mun heitto|hyvä|riittää)\b/i.test(message) && !namesAnArea(asked.topics)
          ? this.overall()[0]
          : null;
      const untilThen = this.first?.area
        ? `${deadlineOf(message) ? `Until ${untilWhen(deadlineOf(message)!)}` : 'In practice'}, keep short daily reps on your first focus, ${this.focusWithNumber()}.`
        : deadlineOf(message)
          ? `Until ${untilWhen(deadlineOf(message)!)}, keep your shot as it is and shoot at game speed.`
          : null;
      // "freaking out bc the app says my release is late": the part they worry about comes before the routine.
      const worried = this.first?.area && (asked.topics.includes(this.first.area) || /\bone thing\b/i.test(message));
      return say([
        lead,
        verdict,
        worried ? untilThen : null,
        // With the verdict said, the routine in short, so what they said of their deadline still fits.
        verdict
          ? 'Use the same routine every shot: one breath, the same dip, eyes on the rim.'
          : 'Use the same routine every shot (one breath, the same dip, eyes on the rim), and practise with something at stake: 10 free throws where a miss sends you back to zero.',
        worried ? null : untilThen,
        this.strengthsLine(2) ? `Trust what already works: ${lowerFirst(this.strengthsLine(2)!)}` : 'Trust the routine, not the result.',
      ]);
    }
    // Progress they report is met as progress, and the camera is what confirms it.
    if (PROGRESS.test(message)) {
      const area = asked.topics.find(isFocusArea) ?? this.first?.area;
      return say([
        `That's real progress, ${this.context.firstName}${this.mentionsRating(message) ? `: ${this.context.feedback.shotRating}/10 is worth being proud of` : ', and you should be proud of it'}.`,
        `Film again from the side to see it in your numbers${area && valueOf(this.context, area) ? `: your analysis measured your ${NAME[area]} at ${valueOf(this.context, area)}` : ''}.`,
        area && area !== this.first?.area ? `Next up: ${this.focusWithNumber()}.` : 'Keep the daily reps going until the new film shows it.',
      ]);
    }
    // Pride is met with what went right, never with how far is left.
    if (PROUD.test(message))
      return say([
        lead,
        namesAnArea(asked.topics) ? this.isItGood(asked.topics)[0] : (strengths ?? this.ratingFacts(false)[0]),
        `Next up: ${this.focusWithNumber()}.`,
      ]);
    const rating = this.context.feedback.shotRating;
    const offAreas = this.reading.priorities.filter((p) => p.area);
    const next = offAreas.slice(1).find((p) => this.areas.get(p.area!)?.judgement !== 'good')?.area;
    const where = this.first?.area
      ? `${rating !== null ? `Your ${rating}/10 comes mostly from ${next ? '' : 'one thing: '}` : `Most of it comes from ${next ? '' : 'one thing: '}`}${this.focusWithNumber()}${next ? `, then your ${NAME[next]}${valueOf(this.context, next) ? ` (${valueOf(this.context, next)})` : ''}` : ''}.`
      : null;
    const record = shootingRecord(this.context);
    if (asked.topics.includes('makes') && record && !asked.topics.includes('rating')) {
      return say([
        lead,
        `You made ${record.makes} of ${record.attempts}, and ${record.attempts} shots are a small sample: your form says more, and most of it comes from ${this.focusWithNumber()}.`,
        this.strengthsLine(2),
      ]);
    }
    const until = deadlineOf(message);
    if (until && this.first?.area) {
      return say([
        lead,
        `${capital(until)}: don't rebuild your shot before it; 10 minutes a day on ${this.focusWithNumber()}, then shoot your normal shot on the day.`,
        this.strengthsLine(2),
      ]);
    }
    const area = asked.topics.find(isFocusArea);
    if (area && this.areas.has(area)) {
      const read = this.areas.get(area)!;
      const value = valueOf(this.context, area);
      return say([
        lead,
        `Your ${NAME[area]}${value ? ` (${value})` : ''} ${read.judgement === 'good' ? 'is already good' : `${standing(read.judgement)}, but what you built isn't wasted: this is one change, not a new shot`}.`,
        this.placeOf(area),
      ]);
    }
    return say([lead, where, this.strengthsLine(2), step]);
  }

  /** The next thing to do in this conversation: a drill for the first focus not yet given, else the next priority. */
  private nextStep(): string {
    const area = this.first?.area;
    const drill = area ? this.pickDrill(area, NONE) : null;
    if (drill) return `Next step: ${lowerFirst(this.describe(drill))}`;
    const next = this.reading.priorities[1];
    if (next?.area) return `Next step: your ${NAME[next.area]}, and ${CUE[next.area]}.`;
    return 'Next step: film again in two weeks and compare.';
  }

  /** What already works, with the numbers: "Your release (560 ms) is already good." */
  private strengthsLine(most = 3): string | null {
    const good = this.reading.areas
      .filter((a) => a.judgement === 'good')
      .slice(0, most)
      .map((a) => `${NAME[a.area]}${valueOf(this.context, a.area) ? ` (${valueOf(this.context, a.area)})` : ''}`);
    return good.length ? `Your ${joinAnd(good)} ${good.length > 1 ? 'are' : 'is'} already good.` : null;
  }

  /**
   * A drill asked for beside an injury the player names ("a sprained ankle", "my shoulder is sore"):
   * rest and a doctor's word first, then what keeps them shooting without the hurt part (seated form
   * shots for legs, landings without the ball for the shooting arm); the first focus's own drill waits
   * when it needs that part. Null when no body part is named: then only the care is said.
   */
  private drillAroundInjury(message: string, asksIfOk = false, asked: FocusArea[] = []): string[] | null {
    const said = INJURED_PART.exec(message);
    if (!said) return null;
    const hurt = said[0].toLowerCase().replace(/\s+(my|his|her)\s+/, ' ');
    const part = PART_IN_ENGLISH[hurt] ? `sore ${PART_IN_ENGLISH[hurt]}` : hurt.includes(' ') ? hurt : `sore ${hurt}`;
    const legs = LEG_PART.test(part);
    // The part of the shot the player asks about ("the wrist" is the hurt part here, not the follow-through), or else the first focus.
    // "the landing thing" ("laskeutumis juttua") is the balance work, whatever other part was read.
    const named = /\b(landing|landings)\b|laskeutu\p{L}*/iu.test(message)
      ? 'balance'
      : asked.find(
          (area) =>
            !(area === 'followThrough' && /wrist|ranne|finger|sormi/i.test(hurt)) &&
            !(area === 'balance' && (/jump/i.test(hurt) || /\b(no|without|can'?t) jump/i.test(message))),
        );
    const focus = named ?? this.first?.area ?? null;
    const value = focus ? valueOf(this.context, focus) : null;
    const minutes = constraintsOf(message).minutes;
    // The minutes they have lead the work that is theirs to do; landings beside another part's work are only "meanwhile".
    const meanwhile = minutes ? `In your ${minutes} minutes, ` : 'Meanwhile, ';
    // A hurt shooting hand still lets the elbow learn without a ball.
    const elbowWithoutBall = focus === 'elbow' && /wrist|finger|thumb|ranne|sormi/i.test(hurt);
    const spared = legs
      ? focus === 'balance'
        ? `${meanwhile}balance without jumping: set shots with your feet planted, holding the finish for two seconds, 3 sets of 10 close to the rim.`
        : focus
          ? `${meanwhile}seated form shots keep your ${NAME[focus]}${value ? ` (${value})` : ''} work going: from a chair, shoot to a mark high on a wall, 3 sets of 15.`
          : 'Meanwhile, seated form shots keep your touch: from a chair, shoot to a mark high on a wall, 3 sets of 15.'
      : elbowWithoutBall
        ? `${meanwhile}your elbow can still learn without a ball, if it doesn't hurt: in front of a mirror, rise into your set point with the elbow under your hand, 3 sets of 15.`
        : `${focus === 'balance' || !focus ? meanwhile : 'Meanwhile, '}landings without the ball keep your legs sharp: jump from a line, land on it and hold two seconds, 2 sets of 10.`;
    const waits = focus && !legs && focus !== 'balance' && !elbowWithoutBall;
    return [
      /\b(physio|doctor|doc)\b|lääkäri|fysio/i.test(message)
        ? `Follow your physio: ${legs ? 'no jumping on it' : 'no shooting with that arm'} ${/\bfor (\d+|a|two|three) (days?|weeks?)\b/i.exec(message)?.[0] ?? 'for now'}.`
        : asksIfOk && legs && focus && focus !== 'balance'
          ? `Yes, without jumping: rest your ${part} and see a physio if it swells or lasts.`
          : asksIfOk
            ? `Not while it hurts: rest your ${part}, ${legs ? 'no jumping on it' : 'no shooting with that arm'}, and see a physio if it swells or lasts.`
            : `With your ${part}, rest it first: ${legs ? 'no jumping on it' : 'no shooting with that arm'} while it hurts, and see a physio if it swells or lasts.`,
      spared,
      waits && focus ? `Your ${NAME[focus]}${value ? ` (${value})` : ''} work waits until it stops hurting.` : null,
    ].filter((x): x is string => !!x);
  }

  /** The first focus named with its number: "your elbow (117°)". */
  private focusWithNumber(): string {
    if (!this.first) return 'game-speed shots';
    if (!this.first.area) return lowerFirst(quote(this.first.text));
    const value = valueOf(this.context, this.first.area);
    return `your ${NAME[this.first.area]}${value ? ` (${value})` : ''}`;
  }

  // ---- the edges ----

  private decline(otherSport: boolean): string {
    this.guarded = true;
    const declines = [...this.said].filter(
      (s) => s.includes('outside what i coach') || s.includes('other sports to their coaches') || s.includes("i'll pass on that"),
    ).length;
    const why = otherSport
      ? "I only coach basketball shooting, so I'll leave other sports to their coaches."
      : [
          `That's outside what I coach: I'm ${this.brand}, your basketball shooting coach.`,
          `I'll pass on that one: I stick to basketball shooting.`,
          `That's not my court: I only coach your shot.`,
        ][declines % 3];
    return this.say([why, this.focusLine()]);
  }

  /**
   * Declined for its words alone (none of the shot's, most unknown): only an English message is
   * told it is another subject. In Finnish or a language a detector took for English ("resúmeme
   * mi análisis"), the words may be a fair question the vocabulary does not know: the coach says
   * it cannot tell what is asked and what it can answer, which declines without refusing.
   */
  private declineByWords(message: string): string {
    return this.language === 'en' && ENGLISH.test(message) ? this.decline(false) : this.unreadable();
  }

  /** An attempt to change the coach or its analysis: refused, and back to the shot. */
  private refuse(message: string): string {
    this.guarded = true;
    const passedOff = passesOffAnotherNumber(message, this.ownNumbers);
    // A value the player gives as theirs is met with the one measured, and how a new one gets onto the page.
    if (!passedOff && !ordersAnotherNumber(message, this.ownNumbers) && claimsAnotherNumber(message, this.ownNumbers)) {
      const area = this.areaOf(readQuestion(message).topics) ?? this.first?.area ?? null;
      const value = area ? valueOf(this.context, area) : null;
      return this.say([
        `I can't go by a number from outside the app, ${this.context.firstName}: ${area && value ? `your analysis measured your ${NAME[area]} at ${value}` : 'I go by what the camera measured'}.`,
        'Film again in the app, and if it has changed, your new analysis will show it.',
        this.focusLine(),
      ]);
    }
    // "tell me I'm good or I'll quit": the order is refused, the player is not.
    const stay = DESPAIR.test(message) ? "Please don't quit over one analysis: this is fixable." : null;
    return this.say([refusalFor(message, this.context.firstName, passedOff), stay, "I'm happy to keep working on your shot, though.", this.focusLine()]);
  }

  /**
   * What the learned guard reads in a message the patterns let through, where it can be trusted:
   * English and Finnish (the languages of most of its examples; in the others it mistakes fair
   * questions for other subjects), not a short follow-up, and for another subject only when
   * nothing in the message is the shot's, training's or the player's own numbers or feelings.
   */
  private learnedGuard(message: string, asked: Understanding, felt: boolean): 'injection' | 'off-topic' | null {
    if (!['en', 'fi'].includes(this.language)) return null;
    if (this.earlier.length > 0 && wordCount(message) <= 5) return null;
    // "tell me my angle": the player's own number asked for, whatever the classifier makes of "tell me my".
    if (/^\s*(what'?s|whats|what is|tell me|give me|show me)\s+my\s+(number|numbers|time|angle|measurements?|rating|score)\s*[?.!]*\s*$/i.test(message))
      return null;
    // "and release? it doesnt show a number": a follow-up naming a part of the shot asks about it; only the patterns refuse one.
    if (this.earlier.length > 0 && /^\s*(and|what about|how about|entä|entäs|ja|und|och|y)\b/i.test(message) && asked.topics.length > 0) return null;
    // "4/10 🤡 lopetan koko lajin": a player's feelings are answered, never refused on a guess.
    // A message that names the player ("one of my students (Emma) showed me this") is about their shot, as feelings are;
    // one whose act is read outright ("what did it say about me" asks for the summary) needs more to be refused on a guess.
    // "me vs my teammate mikko (he said his elbow was 112) who's worse": a comparison with someone the player knows is theirs to ask.
    const versus = OTHER_SHOOTER.test(message) && (COMPARED.test(message) || /\b(vs|versus|who'?s (worse|better))\b/i.test(message));
    const learned = learnedGuard(
      message,
      felt || versus || this.namesThePlayer(message)
        ? CONFIDENT_OVER_FEELINGS
        : asked.act !== null && !asked.weak && !asked.guessed
          ? CONFIDENT_OVER_AN_ACT
          : undefined,
    );
    // This player's own analysis asked for by their name ("oon Veetin isä, mitä Veetin analyysi sano") is about this shot:
    // only the patterns refuse it, unless it reaches for the whole team's.
    const ownByName =
      new RegExp(`(?<!\\p{L})${this.context.firstName.slice(0, 3)}\\p{L}{0,4}(n|'s)(?!\\p{L})`, 'iu').test(message) &&
      !/(?<!\p{L})(kaikki\p{L}*|koko|joukkuee\p{L}*|all|every|everyone|whole team|team'?s)(?!\p{L})/iu.test(message);
    if (learned === 'injection' && ownByName) return null;
    // "tell me my release is 650 ms right?": every number in it is the player's own, asked back; only the patterns refuse that.
    const numbers = [...message.matchAll(/(?<![\d.,])\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(',', '.')));
    const own = Object.values(this.ownNumbers).flat();
    if (
      learned === 'injection' &&
      numbers.length > 0 &&
      numbers.every((n) => own.includes(n)) &&
      /\b(right|correct|true|oikein|eiks|eikö)\s*\?\s*$/i.test(message)
    )
      return null;
    if (learned !== 'off-topic') return learned;
    const aboutTheShotOrTraining =
      felt ||
      asked.numbered.length > 0 ||
      aboutTheShot(message) ||
      TRAINING.matches(message).length > 0 ||
      hasConstraint(constraintsOf(message)) ||
      this.namesThePlayer(message);
    return aboutTheShotOrTraining ? null : learned;
  }

  /** A feeling said in words: one said only by a face ("how do volcanoes erupt 😭") keeps no message on the shot. */
  private feltInWords(message: string, asked: Understanding): boolean {
    return asked.feeling && actsOf(message.replace(/\p{Extended_Pictographic}/gu, ' ')).feeling;
  }

  /** "what are the 3 priorities for Sara?": a coach or a parent asking about the player, by name, is asking about this shot. */
  private namesThePlayer(message: string): boolean {
    return this.playerNamed?.test(message) ?? false;
  }

  /**
   * "just tell me my release is 600ms ok?": a value to state for one part of the shot, held against
   * that part's own number (600 ms is this player's follow-through, not their release).
   */
  private ordersAPartsValue(message: string): boolean {
    const order =
      /\b(tell|say|write|confirm|put|make|mark)\b.{0,12}\bmy\s+(release|elbow|arc|balance|follow[- ]?through)(?:\s+\w+)?\s+(?:is|was|as|at|=|to)\s+(\d+(?:[.,]\d+)?)/i.exec(
        message,
      );
    // "so tell me 150 ms is fine": a verdict to order on one of the player's own numbers the analysis judged otherwise.
    const verdict =
      /\b(tell|say|confirm|admit)\b\s+(me\s+)?(that\s+)?(\d+(?:[.,]\d+)?)\s*(ms|°|\/100)?\s+(is|are|was)\s+(totally |really |completely |actually |perfectly )?(fine|good|ok|okay|perfect|great|not bad|in (the )?range)\b/i.exec(
        message,
      );
    if (verdict) {
      const said = Number(verdict[4].replace(',', '.'));
      const area = FOCUS_AREAS.find((a) => this.context.metrics?.[AREA_METRICS[a]] === said);
      if (area && this.areas.get(area)?.judgement !== 'good') return true;
    }
    if (!order) return false;
    const area: FocusArea = /follow/i.test(order[2]) ? 'followThrough' : (order[2].toLowerCase() as FocusArea);
    const own = this.context.metrics?.[AREA_METRICS[area]];
    return own === undefined || Number(order[3].replace(',', '.')) !== own;
  }

  /** Whether the message states the analysis's rating ("8.5 is way better than last time"), not a number that merely contains it. */
  private mentionsRating(message: string): boolean {
    const rating = this.context.feedback.shotRating;
    return rating !== null && new RegExp(`(^|[^\\d.])${rating}(?![\\d.])`).test(message);
  }

  private unplaced(): string {
    this.guarded = true;
    const suggestions = suggestionsFor(this.context);
    if (this.said.has(norm(`I'm not sure what you're asking about your shot, ${this.context.firstName}.`))) {
      return `I still can't place that one, ${this.context.firstName}: try one of the questions below, or ask about your ${this.first?.area ? NAME[this.first.area] : 'shot'}.`;
    }
    return this.say([
      `I'm not sure what you're asking about your shot, ${this.context.firstName}.`,
      `I can answer questions like: ${suggestions.map((s) => `"${s}"`).join(', ')}.`,
    ]);
  }

  /** A message it cannot read as a question about the shot, in a language it barely knows: no guess, and what it can answer. */
  /**
   * "qué significa 'aterriza donde despegaste'?", "mida tähendab, et mu vise on lame?": what a word
   * means, asked in a language the vocabulary barely knows, is most likely about the analysis's own
   * words, so its first focus is explained in plain words rather than the question left unread.
   */
  private meaningInAnotherLanguage(message: string): string | null {
    const area = this.first?.area;
    if (!area || !MEANING_ELSEWHERE.test(message)) return null;
    const value = valueOf(this.context, area);
    return this.say([
      `If you mean your analysis's words on your ${NAME[area]}, in plain words: ${PLAIN[area]}.`,
      value ? `Your ${NAME[area]} is ${value}, against ${RANGE[area]}.` : null,
    ]);
  }

  private unreadable(): string {
    this.guarded = true;
    const suggestions = suggestionsFor(this.context);
    return this.say([
      `I can't tell what you're asking about your shot, ${this.context.firstName}: I only coach shooting.`,
      `I can answer questions like: ${suggestions.map((s) => `"${s}"`).join(', ')}.`,
    ]);
  }

  /** The first focus in one sentence, said differently once it has been said. */
  private focusLine(): string {
    const f = this.first;
    const variants = !f
      ? ['Your analysis finds nothing off its range: keep it sharp with game-speed shots.', 'Everything it measured is on target.']
      : f.area
        ? [
            `Your first focus is your ${NAME[f.area]}${valueOf(this.context, f.area) ? ` (${valueOf(this.context, f.area)})` : ''}.`,
            `Your ${NAME[f.area]} is still the first thing to work on.`,
            `Keep going with your ${NAME[f.area]}.`,
          ]
        : [`Your analysis's tip comes first: ${lowerFirst(quote(f.text))}.`, 'Its tip on game-speed shots is still the thing to do.'];
    return variants.find((v) => !this.said.has(norm(v))) ?? variants[variants.length - 1];
  }

  /** The answer: sentences not said before in this conversation, within the word budget (the first always). */
  private say(parts: (string | null | undefined)[]): string {
    const sentences = this.withTheirNumbers(parts.filter((p): p is string => !!p && !!p.trim()).flatMap(sentencesOf));
    // The answer's first sentence performs what was asked: said before, it is said again as a reminder, not dropped.
    const fresh = sentences.filter((s, i) => !this.said.has(norm(s)) && sentences.findIndex((x) => norm(x) === norm(s)) === i);
    // Everything of it said already: say so in a few words and give the next step instead.
    if (fresh.length === 0) {
      const again = sentences[0] ? `As I said: ${lowerFirst(sentences[0])}` : null;
      const step = this.nextStep();
      const next = again && wordCount(`${again} ${step}`) > MAX_WORDS ? TELL_MORE : step;
      return (
        [again && !this.said.has(norm(again)) ? again : null, this.said.has(norm(next)) ? null : next].filter(Boolean).join(' ') ||
        'Ask me about another part of your shot.'
      );
    }
    // The first sentence answers the question: said before, it comes back as a reminder rather than leaving the rest unanswered.
    const reminder = sentences[0] && this.said.has(norm(sentences[0])) ? `As I said: ${lowerFirst(sentences[0])}` : null;
    if (reminder && !this.said.has(norm(reminder))) fresh.unshift(reminder);
    const kept: string[] = [];
    for (const sentence of fresh) {
      if (kept.length > 0 && wordCount([...kept, sentence].join(' ')) > MAX_WORDS) break;
      kept.push(sentence);
    }
    // A drill named without its description is a fragment: leave both for "tell me more".
    if (kept.length < fresh.length && kept.length > 1 && DRILL_LEAD.test(kept[kept.length - 1])) kept.pop();
    if (kept.length < fresh.length && !this.said.has(norm(TELL_MORE))) kept.push(TELL_MORE);
    return kept.join(' ');
  }

  /** The message's words never seen in a question about a shot, nor in this player's analysis ("flares", "dip"). */
  private unfamiliar(message: string): string[] {
    const f = this.context.feedback;
    const analysis = new Set(contentWords([f.summary, f.form, f.release, f.followThrough, ...f.tips].filter(Boolean).join(' ')));
    return unfamiliarWords(message).filter((word) => !analysis.has(word));
  }

  /** The area topics name: an area named outright first ("how far off is my elbow"), else the cause of a miss described. */
  private areaOf(topics: Topic[]): FocusArea | null {
    const named = topics.find(isFocusArea);
    if (named) return named;
    const symptom = topics.find(isSymptom);
    return symptom ? (this.reading.priorities.find((p) => p.area && SYMPTOM_CAUSES[symptom].includes(p.area))?.area ?? SYMPTOM_CAUSES[symptom][0]) : null;
  }

  /**
   * A value the player supposes ("would 50° be good", "is 650ms fast enough"), not their own:
   * judged against its area's range, then where their own stands. The unit says which areas it
   * can be; the words, the conversation or the nearest range say which one.
   */
  private supposedValue(message: string, asked: Understanding): string[] | null {
    const inRangeAsked = /\b(in|within|inside) (the |its )?range\b/i.test(message);
    if (!inRangeAsked && (![null, 'is-it-good', 'meaning'].includes(asked.act) || !JUDGING.test(message))) return null;
    const stated = AREAS_OF_UNIT.map(([kind, areas]) => ({ value: firstStated(message, kind), areas })).find((s) => s.value !== null);
    if (!stated || stated.value === null) return null;
    const value = stated.value;
    const own = (area: FocusArea) => this.context.metrics?.[AREA_METRICS[area]];
    if (stated.areas.some((area) => own(area) === value)) return null;
    const distance = (area: FocusArea) => distanceFromRange(area, value);
    const area =
      stated.areas.find((a) => AREA_CUES[a].test(message)) ??
      stated.areas.find((a) => !asked.inherited && asked.topics.includes(a)) ??
      stated.areas.find((a) => a === this.lastArea()) ??
      [...stated.areas].sort((a, b) => distance(a) - distance(b))[0];
    const inRange = distance(area) === 0;
    const text = measurementText(area, value);
    const mine = valueOf(this.context, area);
    return [
      `${inRange ? 'Yes' : 'No'}: ${text} is ${inRange ? 'within' : 'outside'} the range for the ${NAME[area]} (${RANGE[area]}).`,
      mine ? `Yours is ${mine}${this.areas.get(area)?.judgement === 'good' ? ', already there' : `: ${CUE[area]}`}.` : null,
    ].filter((x): x is string => !!x);
  }

  /**
   * The player's own result they quoted ("3/10 and a 4 rating", "8 of 10?? no way") is in the answer,
   * right after its first sentence: a coach answering "I made 6 of 10 and still 6/10" names both.
   */
  private withTheirNumbers(sentences: string[]): string[] {
    if (this.guarded || sentences.length === 0) return sentences;
    const text = sentences.join(' ');
    const added: string[] = [];
    const record = shootingRecord(this.context);
    const rating = this.context.feedback.shotRating;
    // "6/10" is how a rating is written: it is the makes only when the rating is another number.
    const makesWords = record && record.makes !== rating ? '/|of|out of|outta|from' : 'of|out of|outta|from';
    const quotedMakes = record && new RegExp(`(^|[^\\d.])${record.makes}\\s*(${makesWords})\\s*${record.attempts}(?![\\d.])`, 'i').test(this.message);
    if (record && quotedMakes && !text.includes(`${record.makes} of ${record.attempts}`))
      added.push(`You made ${record.makes} of ${record.attempts} on the video.`);
    const quotedRating = rating !== null && this.mentionsRating(this.message) && !(quotedMakes && record!.makes === rating);
    if (quotedRating && !text.includes(`${rating}/10`)) added.push(`Your rating is ${rating}/10.`);
    return added.length ? [sentences[0], ...added, ...sentences.slice(1)] : sentences;
  }

  /** The area the conversation was last on. */
  private lastArea(): FocusArea | null {
    for (const u of [...this.earlier].reverse()) {
      const area = this.areaOf(u.topics);
      if (area) return area;
      if (u.act === 'fix-first' || u.act === 'drill' || u.act === 'top-three') return this.first?.area ?? null;
    }
    return null;
  }
}

const TELL_MORE = 'Say "tell me more" for the rest.';
/** "..., right?", "good right", "is that bad no": a tag that asks for agreement, not a miss to the right. */
const TAG_QUESTION =
  /\b(good|bad|ok|okay|fine|slow|fast|quick|low|high|normal|decent|wrong|correct|trash|right)\s*,?\s*(right|no|yeah|yes|true)\s*([?!.]*)\s*$/i;
/** "Is that why I miss?", "is it the reason": a yes or no about a cause. */
const IS_THAT_WHY =
  /\b(is|was|could)\s+(that|it|this|my \w+(?: \d+)?)\s+(why|the reason|what makes|causing)\b|\bonko (se|tää|tämä) syy\b|\b(is|was|could)\s+(that|it|this)\s+(the|my|because of( my)?|from( my)?)\s+(arc|elbow|release|balance|follow[- ]?through)\b/i;
/** What someone else said about the shot, or the player asking whom to believe. */
/** A claim asked about ("who is right?", "is he right?", "...?"), not only told ("my coach says the same thing every practice 😩"). */
const CLAIM_QUESTION = /\?|\b(who|right|correct|trust|believe|true|agree|but|app|analysis|uskoa|uskon|kumpaa|kumpi|oikeessa|totta)\b/i;
/** Asking whom to believe, or whether the app can be: a dispute, not a plain question. */
const DISPUTE = /\b(believe|trust|confus\w*|doubt\w*|accurate|uskoa|uskon|kumpaa|kumpi)\b/i;
const CLAIM = anyOf([
  "who(?:'s| is) right",
  'who do i (trust|believe|listen to)',
  'ketä (mä |mun )?(pitäis )?uskoa',
  'kumpaa uskon',
  'kumpi (on|o) oikee\\w*',
  // "kaveri sano et mun kyynärpää on ihan ok": Finnish says whose without "mun".
  '^(kaveri|valmentaja|valkku|koutsi|isä|iskä|äiti|veli|sisko)\\b.{0,40}\\b(sano\\w*|sanoi|sanoo|väittää)',
  '(my|mun) (big |little |older |younger )?(dad|father|mom|mum|mother|coach|trainer|brother|sister|friend|teammate|valmentaja|isä|iskä|äiti|veli|sisko|kaveri)\\b.{0,40}\\b(says?|said|told|tells|thinks|never said|sano\\w*|sanoi|sanoo|väittää)',
  // The same in the languages visitors bring: "Mein Trainer sagt, mein Ellbogen ist okay. Wer hat recht?"
  '(mein|meine|min|mitt|mi|mon|ma) (trainer\\w*|coach|tränare|entrenador\\w*|entraîneur|vater|mutter|pappa|mamma|padre|madre|père|mère)\\b.{0,40}\\b(sagt|säger|dice|dit)',
  'wer hat recht',
  'vem har rätt',
  'quién tiene razón',
  'qui a raison',
]);
/** What the best shooters do with each part of the shot. */
const PRO_HABIT: Record<FocusArea, string> = {
  elbow: 'keep the elbow under the ball at the set point',
  release: 'catch and shoot in one motion',
  followThrough: 'hold the finish until the ball hits the rim',
  balance: 'land where they took off',
  arc: 'send the ball up on a high arc, about 45-55°',
};
/** Whether two clauses say much the same (half their longer words shared). */
function overlaps(a: string, b: string): boolean {
  const words = (t: string) => new Set(t.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  const [x, y] = [words(a), words(b)];
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared >= Math.min(x.size, y.size) / 2;
}
/** Each area's cost, said briefly once the full sentence has been said. */
const EFFECT_AGAIN: Record<FocusArea, string> = {
  elbow: 'the ball goes off line',
  release: 'defenders get a hand up',
  followThrough: 'the ball comes up short',
  balance: 'your shot starts from a different base each time',
  arc: 'the ball needs a perfect line',
};
/** "Say it simpler", "I don't get it": the same in plain words. */
const SIMPLER = anyOf([
  'simpler',
  'more simply',
  'in simple (words|terms)',
  'plain (words|english)',
  'eli5',
  "like i'?m (5|five|10|12)",
  'dumb it down',
  "i don'?t (get|understand) (it|that)",
  'i dont (get|understand) (it|that)',
  'en (ymmärrä|tajuu)',
  'selkeemmin',
  'yksinkertaisemmin',
]);
/** Each area in a twelve-year-old's words. */
const PLAIN: Record<FocusArea, string> = {
  elbow: 'your elbow sticks out to the side, so the ball goes sideways; keep it right under the ball',
  release: 'you take too long to shoot after you catch; catch and go up in one move',
  followThrough: 'your hand comes down too early; keep it up, like reaching into a jar, until the ball hits the rim',
  balance: 'you land somewhere else than where you jumped; jump and land on the same spot',
  arc: 'the ball flies too flat; shoot it higher so it drops into the rim from above',
};
/** "Why does it matter", "why is that important": what it costs. */
const WHY_MATTER =
  /\b(why|how)\b.{0,40}\b(bad|wrong|a problem)\b.{0,30}\b(goes in|went in|go in|i make|i still make)\b|\b(why|how come)\b.{0,40}\b(matter|matters|important|a big deal)\b|\bdoes (it|that|this) (even |really )?matter\b|\bmiks (sillä|se) on väliä\b|\b(onks|onko) (se|toi|tää) (iso|paha|vakava) (juttu|asia)\b/i;
/** "Why don't I get any numbers?" */
const NO_NUMBERS =
  /\b(why|how come|miks\w*)\b.{0,30}\b(no|not|dont|don't|any|ei|mitään)\b.{0,20}\b(numbers?|ratings?|scores?|angles?|lukuja|numeroita|numeroo|numeroa|arvosanaa)\b/i;
/** "No rating?", "they didn't even rate me". */
const NO_RATING = /\b(no|any|without a) (score|rating|numbers)\b|\bdidn'?t (even )?rate\b/i;
/** "Good or bad", "or not": asked both ways, so no way round. */
const EITHER_OR = /\b(good|ok|okay|fine)\s+or\s+(bad|not)\b|\bor not\b/i;
const isFocusArea = (topic: Topic): topic is FocusArea => (FOCUS_AREAS as string[]).includes(topic);
const namesAnArea = (topics: Topic[]) => topics.some(isFocusArea);
/** The sentence that names a drill before its description. */
const DRILL_LEAD = /^(Here is one|For this week, one|Another one|In your \d+ minutes|This week:)/;

const TRAINING = new PhraseMatcher<TrainingQuestion>(
  Object.fromEntries(Object.entries(TRAINING_ANSWERS).map(([key, { phrases }]) => [key, [...phrases]])) as Record<TrainingQuestion, string[]>,
);

/** "The machine is wrong": doubt in the measurement. */
const MACHINE =
  /\b(machine|camera|app|analysis|ai|it|this|that|rating|score|thing|number|measurement|reading)\s+(is|must be|'s|seems|was)\s+(broken|wrong|trash|useless|rigged|bs|off)\b|\b(broken|rigged|unfair|bullshit|fake|a scam|cant be right|can't be right|no way|how (can|could|would|does) (a|the|my) (phone|app|camera) (even )?know|väärin|rikki|trust (it|this|the app|the analysis)|didn'?t even look|(is|are) (this|the|it) (app|analysis|thing|camera)? ?(even )?(accurate|legit|reliable|right|lying)|(app|analysis|camera|machine|it) (is )?lying|(just )?being nice|(say|says|tell|tells) (everything|everyone|every ?one)\b.{0,20}\b(is )?(good|great|fine)|(don'?t|do not) (think|believe) (the )?(camera|app|analysis|machine|it) (got|read|measured|saw)|i feel like i (jump|shoot|land|hold)|but i (jump|land|hold|shoot) (straight|fine|up)|luottaa|luotan|luottaisin|luotettava|ei (ees |edes )?mitannu\w*|(an? |the |this |some )?app (tells|says|told|said) me)\b/i;
/** "What does it mean" in the languages visitors bring. */
const MEANING_ELSEWHERE =
  /(?<!\p{L})(significa|significado|tähendab|tähendus|bedeutet|betyder|innebär|veut dire|signifie|tarkoittaa|tarkottaa|meinaa)(?!\p{L})/iu;
/** A video of poor quality, in the player's words: "kinda blurry", "dark", "shaky". */
const POOR_VIDEO =
  /\b(blurry|blurred|blurr?y?ish|dark|shaky|crooked|tilted|wonky|grainy|pixelated|low[- ]quality|bad quality|low light|bad light(ing)?|far away|laggy)\b|(?<!\p{L})(vino|vinossa|vinoon|sumea|sumee|epätarkka|epätarkk\p{L}*|pimeä|pimee|tärisevä|heiluva|huonolaatui\p{L}*)(?!\p{L})/iu;
/** Whether the numbers can be trusted, asked as a question rather than said as a doubt. */
const TRUST_ASKED =
  /\b(can|should|do) i (really |actually )?(trust|believe|rely on)\b|\bhow (accurate|reliable|exact|precise|right)\b|\b(is|are) (the|these|my|this|it|its|the app'?s)( \w+)? ?(numbers?|analysis|measurements?|app|camera|rating|results?|it)?( even| really| actually)? (accurate|reliable|correct|legit|exact|precise)\b|(?<!\p{L})(luotettav\p{L}*|(voiko|voinko|voiks|voinks|kannattaako)\s+(\p{L}+\s+){0,2}(luottaa|uskoa)|pitääkö (ne|nää|nämä|noi) paikkansa)(?!\p{L})/iu;
/** How the shot feels to the player from the inside: "i feel like i shoot fast", "but i jump straight". */
const FEELS_FROM_INSIDE =
  /\bi feel like i (jump|land|shoot|hold)\b.{0,20}\b(straight|fine|up|already|fast|quick|high|well|good)\b|\bi (jump|land|shoot|hold)\b.{0,20}\b(straight|fine|up|already)\b/i;
/** Wanting to stop, or dropped from a team: how they feel is answered before anything is coached. */
const DESPAIR =
  /\b(quit|give up|lopetan|lopettaa|(is ?n[o']?t|not) (for me|my sport|meant for me)|no point|pointless|what'?s the point|cut from|dropped from|tiputettiin|pudotettiin|mitään järke\w*)\b/i;
/** Whether a fix makes the shot worse before better: "will fixing the elbow make me worse for a while?". */
const WORSE_FIRST =
  /\b(will|does|gonna) (it|this|that) feel (weird|strange|awkward|odd|different)\b|\b(make|makes|making) me (shoot )?worse\b|\bget worse (before|at first|for a while)\b|\bworse before (it gets )?better\b|(?<!\p{L})(huonomm\p{L}*|heikomm\p{L}*)(?!\p{L}).{0,20}(aluks\p{L}*|ensin|hetke\p{L}*)/iu;
/** When the player's games are, in their words: "every weekend", "each saturday". */
const GAMES_WHEN = /\b(every|each) (weekend|saturday|sunday|week)\b/i;
/** Size or strength offered as the cause: "bc im small", "the ball is heavy for me". */
const SMALL_OR_HEAVY =
  /\b(bc|because|cause|cuz|since|coz)\b.{0,12}\b(i'?m|im|i am)\s+(so\s+|too\s+)?(small|short|little|young|weak|skinny|not strong)\b|\b(does|do|is) (being|me being) (short|small|little)\b|\b(height|being short|being small)\b.{0,15}\bmatter\b|\bball is (too |so |really )?heavy\b|(?<!\p{L})(koska|ku) (mä|oon|olen) (niin |liian )?(pieni|lyhyt|heikko|nuori)(?!\p{L})|pallo on (liian |tosi )?painava/iu;
/** Pressure in Finnish ("paineen alla", "paineessa"), which the matcher's short stems would read as "pain". */
const UNDER_PRESSURE = /(?<!\p{L})paine\p{L}*/iu;
/** Words that do mean it hurts. */
const HURTING = /\b(pain|hurts?|sore|injur\w*|sprain\w*)\b|(?<!\p{L})(kipe\p{L}*|sattuu|särke\p{L}*|nyrjäh\p{L}*)/iu;
/** A hurt body part as the player names it: "sprained ankle", "my shoulder is sore", "olkapää on vähä kipee". */
const INJURED_PART =
  /\bjumper'?s knee\b|\b(sprained|twisted|rolled|tweaked|strained|sore|hurt|injured|bad|broken|broke|jammed)\s+(?:my\s+|his\s+|her\s+)?(ankle|knee|wrist|shoulder|finger|thumb|back|hip|foot)\b|\b(ankle|knee|wrist|shoulder|finger|thumb|back|hip|foot)\b(?=.{0,20}\b(hurts?|sore|sprained|injured|aches?)\b)|(?<!\p{L})(nilkka|polvi|ranne|olkapää|sormi|selkä|jalka)(?=.{0,20}(kipee|kipeä|sattuu|nyrjähtäny\p{L}*|nyrjähti))/iu;
const LEG_PART = /ankle|knee|hip|foot|nilkka|polvi|jalka/i;
/** The Finnish names INJURED_PART knows, as the English answer says them. */
const PART_IN_ENGLISH: Record<string, string> = {
  nilkka: 'ankle',
  polvi: 'knee',
  ranne: 'wrist',
  olkapää: 'shoulder',
  sormi: 'finger',
  selkä: 'back',
  jalka: 'foot',
};
/** An injury that is over: the question is answered, with care, not declined as pain. */
const HEALED = /\b(healed|fine now|ok now|okay now|better now|recovered|doesn'?t hurt (any ?more|now)|its ok now|it's ok now)\b/i;
/** Pride in a number: celebrated, then what is next. */
const PROUD =
  /[\u{1F60E}\u{1F525}\u{1F4AA}\u{1F389}\u{1F973}\u{1F979}]|\b(best (\w+ )?(i'?ve|ive|i have) ever|\d+ (times )?in a row|proud|stoked|hyped|happy|excited|glad|highest (in|on) my team|best (in|on) my team|iloinen|ilonen|tyytyväinen|ylpeä|ylpee|(actually|is|real) progress|improved|better than (before|last)|let'?s go+|yes{3,}|wo{3,})\b/iu;
/** Relief that something is good: "nice at least something", "edes jotain". */
const RELIEF = /\bat ?least (something|one thing|that|smth)\b|(?<!\p{L})(edes jotain|edes joku|edes yks)(?!\p{L})/iu;
/** Progress a player reports from their practice: "20 times in a row", "my misses are way less flat", "am I fixed". */
const PROGRESS =
  /\b(\d+ (times )?in a row|all week|am i fixed|is it fixed( now)?|my \w+( \w+)? (are|is|got|feels?) (way|much|so much) (less|better|fewer)|(way|much|so much) (less|better|fewer)\b.{0,30}\bthan (before|last time|last week))\b/i;
/** Nerves before games and tryouts. */
const NERVES =
  /(?<!\p{L})(nervous|nerves|scared|anxious|anxiety|pressure|confiden\p{L}*|choke|clutch|(?<!(like|do|should|must|and|just) i )(freeze|freezes|froze|freezing)|in my head|overthink|what (do|should) i (even )?think about|(already |im |i'?m )shaking|freaking out|freak out|panicking|panic|stressed|stressing|jännittä\p{L}*|jännit\p{L}*|jännää|nervös)(?!\p{L})/iu;
/** A follow-up that points back ("how do I fix it"). */
/** A question asked the other way round ("is it too slow?", "is my elbow bad?"). */
const NEGATIVE_ASK = anyOf([
  // "do I really need to hold it 2 seconds" asks whether something is off.
  'do i (really )?need to',
  'needs? (some )?work',
  'too (slow|fast|low|high|wide|short|flat|late|steep|long|much|little)',
  'lean(ing)?',
  'drift(ing)?',
  'flar(e|ing)',
  'bad',
  'wrong',
  'off',
  'a problem',
  'the problem',
  'fail\\w*',
  'a lot',
  'too much',
  'big',
  'huge',
  'far off',
  'slow',
  'late',
  'flat',
  'weak',
  'worse',
  'terrible',
  'huono',
  'hidas',
  'liian',
  'zu (lang|kurz|langsam|schnell|flach|hoch|niedrig|spät|weit|viel|wenig)',
  'för (lång|kort|långsam|snabb|platt|låg|hög|sen)',
  'demasiado',
  'trop',
  'malo',
  'schlecht',
  'mauvais',
  'dålig',
]);

/** A message that opens with a hello. */
/** A question in a message: a question mark or a question word. */
/** A first sentence that already speaks of a level or an age. */
const LEVEL_NAMED = /\b(pros?|nba|college|high-school|level|\d+-year-old|at \d+|every age|your age)\b/i;
/** "k so whats the problem", "okei miten korjaan": an ok that goes on to ask, in English or Finnish. */
const AGREES_THEN_ASKS =
  /^\s*(ok(ay|ei|ei+)?|k|kk|alright|joo|jep)\b[\s,.!]*(so\s+|then\s+|no\s+|ja\s+|mut\s+)?(what|whats|how|why|which|where|miten|mitä|mitäs|miks|mikä|kuinka|onks|entä)(?!\p{L})/iu;
const ASKS_SOMETHING = /\?|\b(how|what|why|when|which|where|can|should|is|are|do|does)\b/i;
/** Words that ask for a judgement of a value: "good", "ok", "fast enough", "in range", "hyvä". */
const JUDGING =
  /(?<!\p{L})(good|ok|okay|fine|enough|in range|normal|bad|fast|slow|quick|decent|better|worse|hyvä|hyvin|riittää|riittävä|tarpeeks|nopea|hidas|bra|gut|bueno|hea)(?!\p{L})/iu;
/** The units a supposed value comes in, in the order they are looked for, and the areas each can be. */
const AREAS_OF_UNIT: [NumberKind, FocusArea[]][] = [
  ['ms', ['release', 'followThrough']],
  ['degrees', ['elbow', 'arc']],
  ['outOf100', ['balance']],
];
/** How far a value of an area lies outside that area's range (TARGETS), 0 when inside it. */
function distanceFromRange(area: FocusArea, value: number): number {
  const range: { min?: number; max?: number } = TARGETS[AREA_METRICS[area] as keyof typeof TARGETS] ?? {};
  return Math.max((range.min ?? -Infinity) - value, value - (range.max ?? Infinity), 0);
}
/** The area whose range starts or ends at a value the message states ("under 700 ms" is the release's), or null. */
function areaOfRangeEdge(message: string): FocusArea | null {
  for (const [kind, areas] of AREAS_OF_UNIT) {
    const value = firstStated(message, kind);
    if (value === null) continue;
    const edged = areas.find((area) => {
      const range: { min?: number; max?: number } = TARGETS[AREA_METRICS[area] as keyof typeof TARGETS] ?? {};
      return range.min === value || range.max === value;
    });
    if (edged) return edged;
  }
  return null;
}
/** Words that name each area, for a value whose unit two areas share. */
/** A part of the shot named by its own name, in English or Finnish. */
const AREA_WORDS_NAMED: Record<FocusArea, RegExp> = {
  release: /\b(release|irrotus)/i,
  followThrough: /\b(follow[- ]?thr(ough|u)|saatto)/i,
  elbow: /\b(elbow|kyynär)/i,
  arc: /\b(arc|kaari|kaare)/i,
  balance: /\b(balance|tasapaino)/i,
};
const AREA_CUES: Record<FocusArea, RegExp> = {
  release: /\b(release|fast|quick|slow|nopea|hidas|irrotus)/i,
  followThrough: /\b(follow|hold|finish|pito|saatto)/i,
  elbow: /\b(elbow|kyynär)/i,
  arc: /\b(arc|angle|kaari|kaare|kulma)/i,
  balance: /\b(balance|tasapaino)/i,
};
/** A parent writing for the player: "this is Aino's mum", "my son got 5/10", "jag är Emmas mamma". */
const PARENT =
  /\b(this is|i'?m|i am|as)\s+[a-zäöå]+'?s\s+(mum|mom|dad|father|mother|parent|coach|trainer)\b|\b[a-zäöå]+'s (mum|mom|dad|father|mother) here\b|\b[a-zäöå]+n (äiti|isä) (täällä|tässä)(?!\p{L})|\bmy (son|daughter|kid|child)\b|\bjag är [a-zäöå]+s (mamma|pappa)\b|\b(olen|oon) [a-zäöå]+n (äiti|isä)(?!\p{L})/iu;
/** The player's own hello back to them ("Moikka Leo!", "Tere Emma!"), else "Hi". */
function helloWord(message: string): string {
  return helloLanguage(message) ? capital(firstWord(message)) : 'Hi';
}

/** Cheering in a hello ("heyy just saw my results!! 🥳"): still a greeting. */
const CHEERING = /[\u{1F60E}\u{1F525}\u{1F4AA}\u{1F389}\u{1F973}]|!!/u;
const HELLO =
  /^\s*(hi+|hello+|he+y+|heya|hiya|yo+|moi+|moikka|moro|heippa|hei+|terve|howdy|sup|hola|hallo|salut|hej|hejsan|tere|(good )?(morning|afternoon|evening))\b/i;

/** "How many a day?", "how often?": the dose of practice. */
const DOSE = anyOf([
  'how many (reps |shots |sets )?(a|per|each) day',
  'how long (should|do) i (do|practi[cs]e|train)( it| this| that)? (each|a|per|every) day',
  'how (many|much) should i (do|shoot|take|make)',
  'how many (shots|reps|sets|times|makes)\\b',
  '(shots|reps) (a|per|each) (day|week|session)',
  'how much (a|per|each) day',
  'how often',
  'is \\d+ min\\w* enough',
  // The time a day, when the player has not said how much they have: "How many minutes a day is reasonable",
  // "how long should he practice a day", "kauanko päivässä" (not "paljonko päivässä? mulla on vaan 10 min").
  '(?!.*\\d+\\s*(min|minuutti))(how many (minutes|mins|hours) (a|per|each|every) (day|week|session)|how long (should|do|does|can) (i|he|she|we|they) (do|practi[cs]e|train|shoot)( it| this| that)? (each|a|per|every) day|(kauan|kauanko|kuinka kauan|paljonko|montako minuuttia|monta minuuttia)(?![\\p{L}]).{0,25}(päivässä|päiväs|päivittäin|viikossa|viikos|kerrallaan|kerralla)|wie lange (am|pro) (tag|woche)|hur länge (om|per) (dagen|veckan))',
  // "montako astetta" asks for a number of degrees, not of reps.
  'kuinka (monta|usein)(?! (astetta|millisekunti\\w*|pistettä))',
  'montako(?! (astetta|millisekunti\\w*|pistettä))',
]);

/** The part of an analysis sentence that says what a flaw costs. */
const CONSEQUENCE = /(,|:|;)?\s*(so|which|so that)\b[^.]*|\byou (drift|lean|pull|drop)[^.]*/i;

const LANGUAGE_ASIDE =
  /\b(english|finnish|swedish)?\s*(is\s+)?(not\s+)?my (first|second|native) language\b|\bmein englisch ist (nicht so|nicht sehr) gut\b|\bmun englanti ei (oo|ole) (kovin )?hyvä\b|\bmi inglés no es (muy )?bueno\b|\bmon anglais n'est pas (très )?bon\b|\bmin engelska är inte så bra\b/gi;
const IDIOMS =
  /\b(holding (me|you|us) back|hold on|long story short|short answer|in time|(anything|something) quick|quick (fix|tips?|things?)|what'?s left|what is left|anything left|left to (work on|fix|do|improve)|higher (rating|score)|rain(ing|s|y)?|snow(ing|s|y)?)\b/gi;

const WEEK = /\b(week|viikko|viikolla|semana|woche|semaine)\b/i;
/** "why that", "why this one": the reason for the coach's last claim. */
/** "how long should I hold my follow-through", "kauanko pitää pitää": the hold of the finish, not a time to fix ("how long till holding it is automatic"). */
const HOLD =
  /\bhow long (do|should|must|am|are|to|is|for|can)\b[^?]{0,30}\b(hold|keep (it|my hand) up)\b|\b(kauan(ko)?|miten pitkään)(?!\p{L})(?!\s+kestä).{0,20}\b(pitää|pidä|pitäis\p{L}*)(?!\p{L})/iu;

const WHY_THAT = /\bwhy\b.{0,12}\b(that|this|it)\b/i;
/** A message of twelve words or fewer: short enough to point back at what was just said. */
const fewWords = (message: string) => wordCount(message) <= 12;
const PRONOUN = /\b(it|that|this|them|those|sitä|se|tuota|tota|sen)\b/i;
/** A question that wants a number. */
const ASKS_NUMBER =
  /\b(how many|how much|what number|degrees|montako|kuinka (monta|paljon))\b|\bwhat('?s| is) my \w+ (angle|time|score|number)\b|(?<!\p{L})(paljon|paljonko)(?!\p{L}).{0,30}(?<!\p{L})(asteina|astetta|millisekunteina|millisekuntia|pisteinä)(?!\p{L})/iu;

/** What an area off its range looks like, for "what does it mean" about the analysis's own words. */
const LOOKS_LIKE: Record<FocusArea, string> = {
  elbow: 'It means your elbow points out to the side at the set point instead of at the rim, so the ball is pushed across your body and misses go sideways',
  release: 'It means there is a pause or an extra dip between the catch and the shot, so the defender has time to close out',
  arc: 'It means sending the ball upwards first, for a higher arc, so it drops into the rim from above instead of flying straight at it on a flat line',
  followThrough: 'It means your hand comes down before the ball is gone, so the wrist never finishes the shot and the ball loses its snap and backspin',
  balance: 'It means your body moves sideways or forwards in the air, so you land somewhere other than where you took off',
};

const rankOf = (priorities: Priority[], area: FocusArea) => {
  const index = priorities.findIndex((p) => p.area === area);
  return index < 0 ? priorities.length : index;
};

/**
 * What a question quotes of the analysis ("what does push the ball up not out mean", "drill for
 * game speed shots"): two words shared with one of its sentences or tips place the question on
 * that area, or on its tips when the tip is about the shot as a whole.
 */
function wordsOfAnalysis(context: CoachContext, priorities: Priority[], message: string): { topic: Topic; shared: number } | null {
  const asked = new Set(contentWords(message));
  if (asked.size < 2) return null;
  const f = context.feedback;
  const texts: { text: string; area: FocusArea | null }[] = [
    ...priorities.map((p) => ({ text: p.text, area: p.area })),
    ...f.tips.map((tip) => ({ text: tip, area: areaOfTip(tip) })),
    // A sentence is about the area it names, else the area of the field it stands in ("Your arm path is clean." is the release's).
    ...(
      [
        [f.summary, null],
        [f.form, 'elbow'],
        [f.release, 'release'],
        [f.followThrough, 'followThrough'],
      ] as [string | null, FocusArea | null][]
    ).flatMap(([t, field]) => (t ? sentencesOf(t) : []).map((text) => ({ text, area: FOCUS_AREAS.find((a) => AREA_WORDS[a].test(text)) ?? field }))),
  ];
  let best: { topic: Topic; shared: number } | null = null;
  for (const { text, area } of texts) {
    const sharedWords = [...new Set(contentWords(text).filter((word) => asked.has(word)))];
    if (sharedWords.length < 2 || (best && best.shared >= sharedWords.length)) continue;
    // A sentence about two areas ("good arc, quick release") is about the one the question names.
    const named = FOCUS_AREAS.find((a) => AREA_WORDS[a].test(text) && AREA_WORDS[a].test(message)) ?? area;
    best = { topic: named ?? 'tips', shared: sharedWords.length };
  }
  return best;
}

/** Words players ask the meaning of, and what they mean. */
const TERM_MEANINGS = {
  'set point': 'The set point is where the ball sits just before you push it up: above your forehead, in front of your shooting shoulder, elbow under the ball',
  'catch to release': MEANING.release,
  'release time': MEANING.release,
  'release angle': MEANING.arc,
  arc: MEANING.arc,
  'follow through': MEANING.followThrough,
  'form shot':
    'A form shot is a slow, close shot, a metre or two from the rim, made only to groove the motion: the same set point, release and finish on every rep',
  'laskeutua samaan': 'It means landing on the same spot you jumped from: landing somewhere else means your body drifted in the air',
  'game speed': 'Game speed means shooting the way a game asks: off a pass or the dribble, on the move, with a defender closing, and no extra time to set up',
  'hold the finish':
    'Holding the finish means keeping your shooting hand up after the ball leaves it, wrist relaxed, frozen like that until the ball hits the rim',
  'leaving your hand': MEANING.arc,
  'leaves your hand': MEANING.arc,
  'balance score': MEANING.balance,
  'elbow angle': MEANING.elbow,
  flat: 'A flat shot is one with a low arc: it leaves your hand on a low line, under 45°, so it has to be perfect to drop into the rim',
  'liian suora':
    'A shot that is too straight ("liian suora") is a flat one, with a low arc: it leaves your hand on a low line, under 45°, so it has to be perfect to drop into the rim',
  litteä: 'A flat ("litteä") shot is one with a low arc: it leaves your hand on a low line, under 45°, so it has to be perfect to drop into the rim',
  drift: 'Drifting means your body moves sideways or forwards in the air, so you land somewhere other than where you took off',
  flare: 'A flaring elbow points out to the side at the set point instead of at the rim, so the ball is pushed across your body',
  'chicken wing': 'A chicken wing is an elbow that sticks out to the side at the set point instead of sitting under the ball',
  dip: 'The dip is moving the ball down towards your waist after the catch before shooting; a small one gives rhythm, a big one costs time',
  'guide hand': 'The guide hand is your non-shooting hand: it holds the ball steady on the side and comes off before the shot, without pushing',
  gooseneck: 'The gooseneck is the shape of your shooting hand after the shot: wrist bent down, fingers pointing at the rim',
} as const;
type Term = keyof typeof TERM_MEANINGS;
const TERMS = new PhraseMatcher<Term>(Object.fromEntries(Object.keys(TERM_MEANINGS).map((t) => [t, [t]])) as Record<Term, string[]>);
const TERM_AREAS: Partial<Record<Term, FocusArea>> = {
  'set point': 'elbow',
  'catch to release': 'release',
  'release time': 'release',
  'release angle': 'arc',
  arc: 'arc',
  'follow through': 'followThrough',
  'laskeutua samaan': 'balance',
  dip: 'release',
  'hold the finish': 'followThrough',
  'leaving your hand': 'arc',
  'leaves your hand': 'arc',
  'balance score': 'balance',
  'elbow angle': 'elbow',
  gooseneck: 'followThrough',
  flat: 'arc',
  litteä: 'arc',
  'liian suora': 'arc',
  drift: 'balance',
  flare: 'elbow',
  'chicken wing': 'elbow',
};

const SYMPTOM_LEADS: Record<Symptom, string> = {
  short: 'Short misses usually come from a cut-off follow-through, legs that do not push, or a flat arc.',
  long: 'Long misses usually come from too steep an arc, or leaning forward and pushing the ball out.',
  sideways: 'Misses to the left or right come from an elbow that is not under the ball, or drifting in the air.',
  flat: 'A flat shot comes from a low release angle and a follow-through that stops early.',
  inconsistent: 'Consistency comes from the same base and the same set point every time.',
  tired: 'When the legs tire, shots fall short and balance goes first.',
};

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function joinAnd(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The level a player compares with: named, or from their age. */
function levelOf(message: string): Level | null {
  // A junior national team (U16, U18) plays at about the college level, not the pros'.
  if (/\bu1\d\s+national team\b|\bnational team\s+u1\d\b|\bnuorten maajoukkue\w*/i.test(message)) return 'college';
  if (
    /\b(nba|wnba|pros?|professional|euroleague|curry|steph|klay|lebron|kobe|markkanen|national team|korisliiga|ammattilai\w*|profi|profesional|professionnel)\b/i.test(
      message,
    )
  )
    return 'pro';
  if (/\b(college|d1|ncaa|university|uni|1\. ?divari|ykkösdivari|divari)\b/i.test(message)) return 'college';
  if (/\b(high ?school|varsity|academy|lukio|akatemia)\b/i.test(message)) return 'highSchool';
  const age = message.match(/\b(?:for|im|i'm|i am|olen|age|u)\s*(\d{1,2})\b|\b(\d{1,2})\s*(?:yo|y\/o|years? old|v\b|vuotias|vuotta|ans|años|jahre|år)/i);
  const years = age ? Number(age[1] ?? age[2]) : null;
  if (years !== null && years >= 8 && years <= 25) return years < 15 ? 'youth' : years <= 18 ? 'highSchool' : 'college';
  return null;
}

/** Each measurement and the topic it answers. */
const METRIC_TOPICS: [keyof NonNullable<CoachContext['metrics']>, Topic][] = [
  ...FOCUS_AREAS.map((area): [keyof NonNullable<CoachContext['metrics']>, Topic] => [AREA_METRICS[area], area]),
  ['releaseHeightM', 'releaseHeight'],
];

/**
 * What a question asks about by the player's own analysis: a measurement of it ("why is 950
 * bad"), its rating ("is 5.5 good", "4/10?") or its makes ("only 3 of 10"). Small whole numbers
 * count only as a rating or a count ("my 6 month old" is not a rating of 6).
 */
function ownTopics(context: CoachContext, message: string): Topic[] {
  const numbers = (message.match(/(?<![\d.])\d+(?:\.\d+)?(?![\d.])/g) ?? []).map(Number);
  const m = metricsOf(context);
  const topics: Topic[] = METRIC_TOPICS.filter(
    ([key]) => m[key] !== undefined && (m[key]! >= 20 || !Number.isInteger(m[key])) && numbers.includes(m[key]!),
  ).map(([, topic]) => topic);
  const rating = context.feedback.shotRating;
  const record = shootingRecord(context);
  const madeWords = /\b(made|make|makes|hit|went in|scored|osui|heitin)\b/i.test(message);
  if (record && madeWords && new RegExp(`\\b${record.makes}\\s*(?:makes?|made|shots?|hits?)?\\s*(?:of|\\/|out of|from)\\s*${record.attempts}\\b`).test(message))
    return [...topics, 'makes'];
  // A bare number that is the rating ("proud of the 7", "is 7 good for a 14 yo"), not an age or a count of months.
  if (
    rating !== null &&
    Number.isInteger(rating) &&
    new RegExp(`(?<![\\d.:/])${rating}(?![\\d.%]|\\s*(?:yo|y|years?|months?|weeks?|days?|min|ms|°|/|of|out))`, 'i').test(message)
  )
    topics.push('rating');
  if (rating !== null && (message.match(/\b(\d+(?:\.\d+)?)\s*(?:\/|out of|from|of)\s*10\b|\b(\d+\.\d+)\b/g) ?? []).some((n) => parseFloat(n) === rating))
    topics.push('rating');
  const countNamed = record && record.makes !== rating && new RegExp(`\\b${record.makes}\\s*(?:\\/|out of|of|from)\\s*${record.attempts}\\b`).test(message);
  if (/\b\d+(?:[.,]\d+)?\s*(?:\/|out of|from)\s*10\b/i.test(message) && !topics.includes('rating') && rating !== null && !madeWords && !countNamed)
    topics.push('rating');
  if (record && new RegExp(`\\b${record.makes}\\s*(?:of|\\/|out of|from)\\s*${record.attempts}\\b`).test(message)) topics.push('makes');
  return [...new Set(topics)];
}

/**
 * The date or event the player has in mind, in their own words ("tryouts in 2 weeks", "before the
 * season", "kahdessa viikossa"), so the answer can be honest about what fits before it.
 */
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const group = (alternatives: readonly string[]) => `(?:${alternatives.join('|')})`;
const DEADLINE = new RegExp(
  String.raw`\b(${group(['tryouts?', 'camp', 'games?', 'season', 'league', 'finals?', 'tournament', 'match', 'karsinnat', 'pelit?', 'turnaus'])}\s+(?:is\s+|are\s+|starts?\s+|r\s+)?)?(` +
    [
      String.raw`(?:in|within)\s+(?:a|an|one|two|three|four|five|six|a few|\d+)\s+(?:days?|weeks?|months?)`,
      String.raw`(?:by|before|b4|until|till)\s+(?:the\s+|my\s+|next\s+|this\s+)?(?:\w+\s+)?` +
        group(['tryouts?', 'season', 'game', 'camp', 'league', 'finals?', 'tournament', 'match', ...WEEKDAYS, 'weekend', 'tomorrow', 'summer']),
      String.raw`(?:next|this)\s+` + group(['week', 'weekend', 'month', 'season', ...WEEKDAYS]),
      String.raw`(?:ensi|tässä)\s+kuussa`,
      'tomorrow',
      'tmrw',
      'tonight',
      String.raw`(?:on\s+)?` + group(WEEKDAYS),
      String.raw`(?:kahdessa|kolmessa|neljässä|\d+)\s+(?:viikossa|päivässä|kuukaudessa)`,
      String.raw`ensi\s+viikolla`,
      'huomenna',
    ].join('|') +
    String.raw`)\b`,
  'i',
);

/** Finnish dates the answer (in English) repeats: "kahdessa viikossa" is "in two weeks". */
const FINNISH_WHEN =
  /\b(kahdessa|kolmessa|neljässä|\d+)\s+(viikossa|päivässä|kuukaudessa)(?!\p{L})|\bens(i)?\s+viikolla\b|\bhuomenna\b|(?<!\p{L})(maanantai|tiistai|keskiviikko|torstai|perjantai|lauantai|sunnuntai)(na|n)?(?!\p{L})|(?<!\p{L})(peli|pelit|peliä|turnaus|turnausta|karsinnat|matsi)(?!\p{L})|(?<!\p{L})(på )?(måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag)(?!\p{L})|(?<!\p{L})match(en)?(?= på)/giu;
const SWEDISH_DAYS: Record<string, string> = {
  måndag: 'Monday',
  tisdag: 'Tuesday',
  onsdag: 'Wednesday',
  torsdag: 'Thursday',
  fredag: 'Friday',
  lördag: 'Saturday',
  söndag: 'Sunday',
};
const FINNISH_DAYS: Record<string, string> = {
  maanantai: 'Monday',
  tiistai: 'Tuesday',
  keskiviikko: 'Wednesday',
  torstai: 'Thursday',
  perjantai: 'Friday',
  lauantai: 'Saturday',
  sunnuntai: 'Sunday',
};
function inEnglish(when: string): string {
  const w = when.toLowerCase();
  const day = Object.keys(FINNISH_DAYS).find((d) => w.startsWith(d));
  if (day) return `on ${FINNISH_DAYS[day]}`;
  const dag = Object.keys(SWEDISH_DAYS).find((d) => w.replace(/^på /, '').startsWith(d));
  if (dag) return `on ${SWEDISH_DAYS[dag]}`;
  if (/^match/.test(w)) return 'game';
  if (/^(peli|pelit|peliä|matsi)$/.test(w)) return 'game';
  if (/^turnau/.test(w)) return 'tournament';
  if (w === 'karsinnat') return 'tryouts';
  if (/ens/.test(w)) return 'next week';
  if (/huomenna/.test(w)) return 'tomorrow';
  const [count, unit] = w.split(/\s+/);
  const n = ({ kahdessa: 'two', kolmessa: 'three', neljässä: 'four' } as Record<string, string>)[count] ?? count;
  return `in ${n} ${unit.startsWith('viik') ? 'weeks' : unit.startsWith('päiv') ? 'days' : 'months'}`;
}

/** The deadline as the player put it ("tryouts friday", "in 2 weeks"), or null. */
function deadlineOf(message: string): string | null {
  const found = DEADLINE.exec(message.replace(FINNISH_WHEN, (when) => inEnglish(when)));
  return found
    ? found[0]
        .trim()
        .replace(/\s+(?:is|are|r|starts?)\s+/i, ' ')
        .replace(/^tmrw$/i, 'tomorrow')
        .replace(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi, (day) => capital(day.toLowerCase()))
    : null;
}

/** How many weeks away a deadline is, when it says ("in 3 weeks", "in a month"); null for a weekday or "tomorrow". */
function weeksUntil(deadline: string): number | null {
  const m = /\b(a|an|one|two|three|four|five|six|\d+)\s+(days?|weeks?|months?)\b/i.exec(deadline);
  if (!m) return null;
  const n = ({ a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 } as Record<string, number>)[m[1].toLowerCase()] ?? Number(m[1]);
  return m[2].startsWith('day') ? n / 7 : m[2].startsWith('month') ? n * 4 : n;
}

/** What fits before the player's deadline, said in their words: honest, never "fixed by then". */
/** A deadline as said after "until": "in 3 weeks" → "3 weeks", "tryout next month" → "the tryout next month". */
function untilWhen(deadline: string): string {
  const when = deadline.replace(/^(in|by|before|until|till|b4|on)\s+/i, '');
  return /^(tryouts?|camp|games?|season|league|finals?|tournament|match)\b/i.test(when) ? `the ${when}` : when;
}

function deadlineLine(message: string): string | null {
  const when = deadlineOf(message);
  return when ? `${capital(when)}: not enough time to fully change it, but 10 minutes a day of it will already show.` : null;
}

/**
 * What a player tells of their situation beside the question, by kind: each cue finds it in a
 * clause, and the line takes it up in the player's own words with what it means for practice.
 * English and Finnish only: the cues are words of those languages ("till" is "to" in Swedish).
 */
const SITUATIONS: { kind: string; cue: RegExp; line: (said: string) => string }[] = [
  {
    kind: 'when',
    cue: /\b(before|until|till|b4)\b(?!\s+(it|that|this|then|i|you|we|he|she|\w+ing)\b)|\b(in \d+ (days|weeks|months)|next (week|month|year|season)|this (weekend|summer|season)|starts? in|season|tournament|tryouts?|camp|cup|(in|on|by) (january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b|\b(ennen|karsin\w*|turnau\w*|kausi|kauden|ensi (viikolla|kuussa|vuonna))/i,
    line: (said) => `For "${said}": short daily reps until then, and film again to check.`,
  },
  {
    kind: 'level',
    cue: /\b(u\d{2}|college|academy|varsity|national team|league|division|level|divari|sarja\w*|maajoukkue\w*|akatemia\w*)\b|\b\d{1,2} ?(yo|y\/o|years? olds?|yrs? olds?|-year-olds?)\b/i,
    line: (said) => `For "${said}" the range is the same: what counts is hitting it every shot.`,
  },
  {
    kind: 'goal',
    cue: /\b(shoot|score|make) more\b|\bwants? me to\b/i,
    line: (said) => `For "${said}", this matters even more.`,
  },
  {
    kind: 'routine',
    cue: /\b(\d+ ?x|\d+ times|\d+ days|twice|once) (a|per) week\b|\bevery (day|morning|evening)\b|\bonly (on )?(weekends?|saturdays?|sundays?|mondays?)\b|\bweekends?\b|\b(\d+|kolme|kaks|kaksi) kertaa viikossa\b|\bjoka päivä\b|päivittäin|lauantaisin|sunnuntaisin|viikonlop\w*|arkena/i,
    line: (said) => `With "${said}": do it first in each session you have.`,
  },
  {
    kind: 'place',
    cue: /\b(no|one|1|only one) (gym|ball|court)\b|\bin my room\b|mökill\w*/i,
    line: (said) => `This fits "${said}".`,
  },
  {
    kind: 'partner',
    cue: /\bwith my (friend|dad|mom|mum|brother|sister|teammate|coach|bro|sis)\b|\b(me and|and) my (friend|dad|mom|brother|sister|teammate)\b|\bwe share\b|\b(kaverin|isän|iskän|äidin|veljen|siskon) kanssa\b/i,
    line: (said) => `It works "${said}".`,
  },
  {
    kind: 'health',
    cue: /\b(healed|doc|doctor|physio|still feel|hurts?|sore|cast)\b|lääkäri\w*|fysio\w*/i,
    line: (said) => `Since "${said}": start light, stop if it hurts.`,
  },
];

/** The clauses of a message: "im 13 and still growing, how long...? season starts in september" → three. */
const clausesOf = (message: string) =>
  message
    .split(/[.!?;]+|,\s*|\s+(?:and|but|ja|mut|mutta)\s+/i)
    .map((c) => c.replace(/\p{Extended_Pictographic}/gu, '').trim())
    .filter((c) => wordCount(c) >= 2);

/** Little words a situation's phrase does not start from ("for D1 level" is taken up as "D1 level"). */
const LEAD_IN = /^(for|in|on|at|to|the|a|an|my|is|it|its|enough|quick|fast|good|ok|for a|like|like a)$/i;

/** A situation as the player said it, from its cue on ("can i fix it before the cup game"), with the word before it when that word says something ("D1 level"). */
function partSaid(clause: string, kind: string, at: RegExpExecArray): string {
  const before = clause.slice(0, at.index).trim().split(/\s+/).filter(Boolean);
  const lead =
    before.length > 0 && !LEAD_IN.test(before[before.length - 1]) && /^[\p{L}\d]+$/u.test(before[before.length - 1]) ? `${before[before.length - 1]} ` : '';
  // A place or a partner in a few words ("no gym access on weekends", "with my dad"); a deadline or a level runs on ("the cup game on saturday").
  return (
    `${lead}${clause.slice(at.index)}`
      .split(/\s+/)
      .slice(0, kind === 'place' || kind === 'partner' ? 5 : 8)
      .join(' ')
      // Chat filler at its end is not part of it: "rec league guy here lol" is taken up as "rec league guy".
      .replace(/(\s+(lol|lmao|haha\w*|tho|though|pls|plz|bro|fr|ngl|tbh|xd|btw|here))+$/i, '')
  );
}

/** The level a player compares themselves with, as they said it ("1st division men", "play U16"), or null. */
function levelInTheirWords(message: string): string | null {
  const level = SITUATIONS.find((situation) => situation.kind === 'level')!;
  for (const clause of clausesOf(message)) {
    const at = level.cue.exec(clause);
    // An age alone ("im 16") is answered by age, not as a level.
    if (at && !/^\d/.test(at[0])) return partSaid(clause, 'level', at);
  }
  return null;
}

/** What a player said of their situation that the answer does not take up yet, as a line (two of a kind joined), or null. */
function situationNoted(message: string, answer: string, language: string): string | null {
  if (language !== 'en' && language !== 'fi') return null;
  const said = answer.toLowerCase();
  const found: { kind: string; line: (said: string) => string; part: string }[] = [];
  // "how long until it's fixed" asks for a time; it names no deadline.
  for (const clause of clausesOf(message.replace(/\b(how long|how many weeks|kuinka kauan|kauanko)\s+(until|till|before|to|kestää)(?!\p{L})/giu, '$1'))) {
    // The cue said first in the clause, whichever its kind ("no gym access on weekends" is about the gym).
    const cues = SITUATIONS.map((situation) => ({ ...situation, at: situation.cue.exec(clause) })).filter((c) => c.at !== null);
    cues.sort((a, b) => a.at!.index - b.at!.index);
    for (const { kind, line, at } of cues.slice(0, 1) as { kind: string; line: (said: string) => string; at: RegExpExecArray }[]) {
      const part = partSaid(clause, kind, at);
      // Taken up already: in its words, or by its amounts ("we got 45 min" answered "in your 45 minutes").
      const amounts = [...clause.matchAll(/(\d+)\s*([a-zäö]*)/gi)].map(([, n, unit]) => new RegExp(`\\b${n}\\s*${unit.slice(0, 3)}`, 'i'));
      if (said.includes(part.toLowerCase()) || (amounts.length > 0 && amounts.every((amount) => amount.test(said)))) break;
      // A level the answer has already spoken to ("at any level", "every level") needs no line of its own.
      if (kind === 'level' && /\b(any level|every level|each level)\b/.test(said)) break;
      // Or by how often, in the coach's words ("4x viikos" answered "practising 4 times a week").
      const often = kind === 'routine' ? practiceFrequency(clause) : null;
      if (often && said.includes(often.words)) break;
      if (!found.some((f) => f.part === part)) found.push({ kind, line, part });
      break;
    }
  }
  if (found.length === 0) return null;
  const [first] = found;
  const same = found.filter((f) => f.kind === first.kind).slice(0, 2);
  if (same.length > 1 && wordCount(same.map((f) => f.part).join(' ')) > 8) same.pop();
  return first.line(same.map((f) => f.part).join('" and "'));
}

/** Words of English that any sentence of it has: without one, a message is not English, whatever a detector says. */
const ENGLISH =
  /(?<!\p{L})(the|a|an|my|is|are|was|what|whats|how|why|who|i|im|you|u|to|of|and|it|this|that|do|does|can|for|in|on|with|me|pls|please)(?!\p{L})/iu;

/** Asking whether it is too late to change ("im 17, is it too late"). */
const TOO_LATE = /\btoo late\b|liian myöhä|zu spät|demasiado tarde|för sent/i;

/** Words that set two shooters against each other ("better than me", "huonompi"); "we got 45 min" is not one. */
const COMPARED =
  /\b(better|worse|higher|lower|quicker|faster|slower|than (me|mine)|difference between us|am i (just |really )?(bad|trash)|parempi|huonompi|nopeampi|hitaampi|bättre|sämre|mejor|peor|besser|schlechter|meilleur|pire|ero|eroa)\b/i;
/** Someone's result told, not asked for: "she got 8.5", "kaveri sai 8". */
const toldResult = (message: string) =>
  /\b(got|scored|made|makes|hits|sai|fick|bekam|obtuvo|a eu)\s+(an?\s+|like\s+)?\d+(?!\s*(balls?|hours?|h\b|min\w*|x\b|pallo\w*))/i.test(
    message.replace(AMOUNT, ' '),
  ) ||
  // "my mate has 95 on his elbow", "kaverilla oli 600 ms": what the other one has, a measurement but no time or age.
  /\b(he|she|they|mate|friend|teammate|brother|sister|amig[oa]|que|kaverilla|veljellä|siskolla|sillä)\s+(has|had|oli|on|tiene|hat|hatte|har|hade)\s+(like\s+)?\d+(?!\s*(balls?|hours?|h\b|min\w*|x\b|pallo\w*|v\b|vuo\p{L}*|years?|yo|\/7))/iu.test(
    message,
  );
/** Another shooter's part of the shot, named as theirs: "his elbow", "her rating". */
const OTHERS_PART =
  /\b(his|her|their)\s+(elbow|release|arc|balance|follow|rating|score)|(?<!\p{L})(friend|teammate|mate|brother|sister|he|she|kaverilla|veljellä|siskolla)\s+(had|has|got|oli|sai)\s+(like\s+|\p{L}+\s+)?\d/iu;
/** A teammate, a sibling or a friend the player measures themselves against. */
const OTHER_SHOOTER =
  /\b(my )?(teammate|brother|sister|friend|cousin|buddy|bestie|twin|joukkuekaveri|(iso|pikku)?veli\w*|(iso|pikku)?sisko\w*|kaveri\w*|mate|amig[oa]|freund(in)?|kompis|ami|amie|sõber\w*)\b|\b(my|lil|little|big|older|younger|twin) (bro|sis)\b/i;

/**
 * How often a player says they practise ("3x viikossa", "4 days a week", "3 mal pro Woche",
 * "every day"): times a week, and in words for an answer.
 */
function practiceFrequency(message: string): { perWeek: number; words: string } | null {
  if (/(?<!\p{L})(every ?day|daily|joka päivä|päivittäin|jeden tag|täglich|varje dag|todos los días|iga päev)(?!\p{L})/iu.test(message))
    return { perWeek: 7, words: 'every day' };
  const times = TIMES_A_WEEK.exec(message);
  if (!times) return null;
  const perWeek = Number(times[1]) || NUMBER_WORDS[times[1].toLowerCase()];
  return { perWeek, words: perWeek === 1 ? 'once a week' : perWeek === 2 ? 'twice a week' : `${perWeek} times a week` };
}

/** The age a player gives, as a number ("im 17", "for a 15 yo", "13-vuotiaalle"). */
function yearsOf(message: string): number | null {
  const age = message.match(
    /\b(\d{1,2})\s*(?:yo|y\/o|years? old|-?vuotia\w*|ans|años|jahre|år|-?jährige\w*)\b|\b(?:im|i'm|i am|olen|oon|for|age|jag är|ich bin|tengo|j'ai|she is|he is|she's|he's|hän on|on)\W{1,3}(\d{1,2})\b(?!\s*(?:kids|people|players|guys|girls|shots|reps|sets|min\w*|times|x|%|\/|of|out))|\bu(\d{2})\b|\b[A-ZÄÖ][a-zäöå]+ \((\d{1,2})\)|\b(\d{1,2})-?aasta\w*/i,
  );
  const years = age ? Number(age[1] ?? age[2] ?? age[3] ?? age[4] ?? age[5]) : null;
  return years !== null && years >= 8 && years <= 25 ? years : null;
}

/** The level a player names, in their words: "varsity level", "korisliiga level", "college level". */
function levelSaid(message: string): string | null {
  const named = /\b(varsity|college|ncaa|d1|korisliiga|high ?school|u1[4-9](?: national team)?|national team|nba|wnba|euroleague|pro)\b/i.exec(message);
  return named
    ? `${named[1]
        .toLowerCase()
        .replace(/^(nba|wnba|ncaa|d1)$/, (w) => w.toUpperCase())
        .replace(/^u(\d)/, 'U$1')} level`
    : null;
}

/** A height a player gives ("im only 155cm", "1.68 m tall"), as words for an answer. */
function heightOf(message: string): string | null {
  const cm = /\b(1[2-9]\d|2[0-2]\d)\s*cm\b/i.exec(message);
  return cm ? `${cm[1]} cm` : null;
}

/** The age a player gives ("for a 15 yo", "im 14", "normal for 14?", "u16"), as words for an answer. */
function ageOf(message: string): string | null {
  const years = yearsOf(message);
  return years === null ? null : `a ${years}-year-old`;
}

/** What an analysis sentence says a flaw costs ("so the ball drifts off line" → "the ball drifts off line"), if it says. */
function consequenceOf(says: string): string | null {
  const consequence = CONSEQUENCE.exec(says)?.[0];
  if (!consequence) return null;
  return lowerFirst(
    consequence
      .replace(/^[,:;]?\s*/, '')
      .replace(/^(so that|so)\s+/i, '')
      .replace(/^which\s+/i, 'it '),
  );
}

/** Asking how to do something: "how do I fix it", "miten korjaan", "voinks mä korjata", "wie kann ich". */
const HOW_TO =
  /\b(how (do|can|should|would) (i|we|u|you)|how to|miten|miten mä|voinks|voinko|voiks|wie kann ich|cómo (puedo|arreglo)|hur (kan|gör) jag|comment (je|puis))\b/i;

/** What makes and misses from a few shots can and cannot say. */
function smallSample(attempts: number): string {
  return attempts < 20
    ? `${attempts} shots is a small sample, so your form numbers say more than the makes.`
    : 'Makes move with distance; your form numbers say why.';
}

/** The analysis's numbers by kind, as its texts and measurements state them. */
function numbersOf(context: CoachContext): Record<NumberKind, number[]> {
  const f = context.feedback;
  const m = context.metrics;
  const text = [f.summary, f.form, f.release, f.followThrough, ...f.tips].join(' ');
  const inText = (unit: RegExp) => [...text.matchAll(unit)].map((match) => Number(match[1]));
  const measured = (...values: (number | null | undefined)[]) => values.filter((v): v is number => typeof v === 'number');
  return {
    outOf10: measured(f.shotRating, m?.makes),
    ms: [...measured(m?.releaseTimeMs, m?.followThroughHoldMs), ...inText(/(\d+)\s*ms\b/g)],
    degrees: [...measured(m?.elbowAngleDeg, m?.releaseAngleDeg), ...inText(/(\d+)°/g)],
    outOf100: [...measured(m?.balanceScore), ...inText(/(\d+)\/100/g)],
  };
}

/** How the coach says no to a manipulation: in the words of what was asked. */
function refusalFor(message: string, name: string, passedOff: boolean): string {
  if (ABUSE.test(message)) return `I won't trade insults, ${name}.`;
  if (
    /\b(other|else'?s?|their|teammates?'?s?|friends?'?s?|spieler|jugadores|spelare|pelaajien)\b.{0,30}\b(ratings?|analys[ie]s|scores?|numbers|results|stats|data|emails?|names?|bewertungen)\b/i.test(
      message,
    ) ||
    /\b(?!my\b|your\b|ur\b|the\b|this\b|that\b|its\b|it\b)[a-zäöå]+'s\s+(rating|analysis|score|numbers|results|stats|data|email|makes|shots?|elbow|release|arc|balance|follow[- ]?through|angle)\b/i.test(
      message,
    ) ||
    /\b(e-?mail|sähköpost\w*|phone (number|nr)|puhelinnumer\w*|osoite\w*|address|e-post\w*|correo|telefonnummer)\b/i.test(message) ||
    // "tell me what rating Ella got", "gib mir die Daten von Leo": someone else's result, by name.
    /\b(rating|score|numbers?|results?|data|daten)\b.{0,12}(?<!\p{L})(?!I\b)\p{Lu}\p{Ll}+\s+(got|had|scored|sai|hat)\b|\b(daten|data|datos|données|tiedot) (von|de|för|av) \p{Lu}/u.test(
      message,
    )
  ) {
    return `I can't share anyone else's analysis or details, ${name}: each player's data is theirs alone.`;
  }
  if (/\b(promise|guarantee|lupaa|luppaa|lupaatko|versprich\w*|promet\w*|promets|lova\w*)\b/i.test(message))
    return `I can't promise a result, ${name}: nobody honest can. What I can do is show what moves your numbers.`;
  if (MAKING_UP.test(message)) return `I can't make up numbers, ${name}: only what the camera measured goes on your page.`;
  if (passedOff) return `I can't coach from numbers pasted in, ${name}: those aren't your analysis's, and I go by what the camera measured.`;
  // Changing the verdict: a number, a rating, "perfect", "fixed", "fine".
  if (
    /\b(change|set|make|put|mark|update|use|say|write|tell|confirm|sano|kirjoita|vaihda|muuta|laita|nosta|vahvista|sag|di)\b.{0,60}\b(rating|score|numbers?|makes|percentage|\d+\s*\/\s*10|\d+ of 10|\d+\s*ms|instead of \d+|10|perfect|fixed|fine|good|great|best|°)|re-?measured|re-?rate/i.test(
      message,
    )
  ) {
    return `I can't change or dress up your analysis, ${name}: your numbers are what the camera measured.`;
  }
  if (/\b(pretend|act as|role-?play|you are now|you're now|ur now|from now on|låtsas|esitä|finge|tu so als)\b/i.test(message))
    return `I can't take on other roles, ${name}: I'll stay your shooting coach.`;
  if (/https?:\/\/|www\.|\blinks?\b/i.test(message)) return `I can't put links or other people's texts in my answers, ${name}.`;
  if (/\b(password|discount|promo|coupon|code|account|admin|premium|unlock)\b/i.test(message))
    return `I can't help with accounts, codes or passwords, ${name}: I only coach your shot.`;
  if (
    /\b(prompt|instructions?|rules|setup|system|configuration|programming|ohjee\w*|instruktion\w*|anweisung\w*|instruccion\w*|reglas|regeln)\b/i.test(message)
  )
    return `I can't change how I coach or share my setup, ${name}.`;
  return `I can't do that, ${name}: I only coach your shot.`;
}

/** The answer in small pieces (a few words each), so the page shows it streaming like a model's. */
export function chunksOf(answer: string, wordsPerChunk = 3): string[] {
  const pieces = answer.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < pieces.length; i += wordsPerChunk) chunks.push(pieces.slice(i, i + wordsPerChunk).join(''));
  return chunks;
}
