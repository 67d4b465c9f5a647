import MiniSearch from 'minisearch';
import examples from './act-examples.json';
import { PhraseMatcher, wordsOf } from './phrases';
import { contentWords, TOPIC_WORDS } from './topics';

/**
 * The kind of answer a message asks for, whatever it is about: the coach gives that first. Each
 * act is the phrases players use for it (English, Finnish for our Helsinki booth, a few of the
 * languages visitors bring); a new way of asking is a phrase added here.
 */
export type Act =
  | 'meaning'
  | 'is-it-good'
  | 'why'
  | 'fix-first'
  | 'top-three'
  | 'drill'
  | 'another-drill'
  | 'how-long'
  | 'compare'
  | 'summary'
  | 'strengths'
  | 'feelings'
  | 'more';

const PHRASES: Record<Act, string[]> = {
  meaning: [
    'wdym',
    'ça veut dire quoi',
    'veut dire quoi',
    'mitä se tarkottaa',
    'mitä tarkottaa',
    'tarkottaa',
    'что значит',
    'что означает',
    'what does mean',
    'what do mean',
    'what does it mean',
    'wat does mean',
    'meaning',
    '~what is',
    '~whats',
    '~what are',
    '~wat is',
    '~wats',
    'explain',
    'define',
    'what measures',
    'what is a',
    'mitä tarkoittaa',
    '~mikä on',
    'tarkoittaa',
    'mitä se',
    'qué significa',
    'que significa',
    'was bedeutet',
    'que veut dire',
    'ça veut dire',
    'vad betyder',
    'how many ms',
    'how many milliseconds',
    'how many degrees',
    '~what did i get',
    'paljonko sain',
    'paljonko mä sain',
    'montako astetta',
  ],
  'is-it-good': [
    'kas see on hea',
    'kas on hea',
    'on see hea',
    'è buono',
    'è male',
    'это нормально',
    'это хорошо',
    'нормально ли',
    'хорошо ли',
    'do i really need to',
    'do i really have to hold',
    'that slow',
    'that bad',
    'that low',
    'that high',
    'that fast',
    'is that really',
    'is good',
    'is it good',
    'is that good',
    // "would 50 degrees be good": a value supposed, judged against its range.
    'would be good',
    'would be ok',
    'would be fine',
    'would be enough',
    'good enough',
    'fast enough',
    'quick enough',
    'high enough',
    'long enough',
    'is ok',
    'is okay',
    'is fine',
    'is bad',
    'is that bad',
    'is it bad',
    'am i good',
    'too slow',
    'too fast',
    'too low',
    'too high',
    'too wide',
    'too short',
    'too flat',
    'too open',
    'wrong with',
    'too long',
    'normal',
    'decent',
    'how good',
    'alright',
    'any good',
    'rate me',
    'rate my shot',
    'how would you rate',
    'whats like',
    'how is my',
    'hows my',
    'es malo',
    'malo',
    'ist schlecht',
    'är dålig',
    'is it right',
    'correct',
    'is this good',
    'is that a good',
    'should it be',
    'what should it be',
    'failing',
    'a fail',
    'is that low',
    'is that high',
    'onko hyvä',
    'hyvä',
    'huono',
    'onko ok',
    'big deal',
    'does it matter',
    'does that matter',
    'how bad',
    'how serious',
    'onks ok',
    'onks hyvä',
    'onkse ok',
    'ok vai',
    'onko liian',
    'riittääkö',
    'es bueno',
    'está bien',
    'ist gut',
    'ist das gut',
    'est bon',
    'cest bien',
    'är bra',
  ],
  why: [
    'почему',
    'why',
    'how come',
    '~how does',
    'how does that make',
    'how does it make',
    'holds it back',
    'dragging it down',
    'drags it down',
    'brings it down',
    'bringing it down',
    'holding it back',
    'holds me back',
    'keeps it low',
    'pulls it down',
    'what causes',
    'whats causing',
    'cause',
    'reason',
    'because of what',
    'where does come from',
    'miksi',
    'miks',
    'mistä johtuu',
    'johtuu',
    // "mut eiks 117 kyynärpää oo pahempi??": why the analysis puts another part first.
    'eiks pahempi',
    'eikö pahempi',
    'eiks isompi ongelma',
    'por qué',
    'porque',
    'warum',
    'wieso',
    'pourquoi',
    'varför',
  ],
  'fix-first': [
    'drags it down',
    'drags me down',
    'pulls it down',
    'holds it down',
    'heikoin',
    'heikoimmin',
    'isoin juttu',
    'the biggest thing',
    'the biggest problem',
    'mistä aloitan',
    'mistä alotan',
    'mistä aloittaa',
    'mistä mä aloitan',
    'vad tränar jag',
    'vad ska jag träna',
    'en premier',
    'zuerst',
    'primero',
    'järgmisena',
    'mida ma peaksin',
    'mis ma peaksin',
    'single cue',
    'one cue',
    'que hago',
    'qué hago',
    'в первую очередь',
    'что улучшить',
    'что исправить',
    'с чего начать',
    'pielessä',
    'vialla',
    'seuraavaks',
    'seuraavaksi',
    'yhen jutun',
    'yhden jutun',
    'yks juttu',
    'yhden asian',
    'korjattavaa',
    'kõigepealt',
    'parandama',
    'fastest way',
    'quickest way',
    'one thing',
    'first',
    'fix first',
    'focus on',
    'focus',
    'most important',
    'priority',
    'main thing',
    'biggest problem',
    'biggest issue',
    'biggest weakness',
    'what should i work on',
    'work on',
    'what should i fix',
    'what to fix',
    'how do i fix',
    'how to fix',
    'fix',
    'where do i start',
    'start with',
    'weakest',
    'worst',
    'main issue',
    'main problem',
    'whats wrong',
    'what is wrong',
    'wrong with',
    'improve',
    'get better',
    'better shooter',
    'weakness',
    'mistakes',
    'what am i doing wrong',
    'what would get me to',
    'get me to a',
    'raise my rating',
    'raise my score',
    'higher rating',
    'higher score',
    'doing wrong',
    'anything wrong',
    'left to work on',
    'left to fix',
    'left to improve',
    'change',
    'correct my',
    'holding me back',
    'one thing holding me back',
    'mitä pitäis treenata',
    'mitä pitäisi treenata',
    'mitä kannattaa treenata',
    'juttu mitä pitäis',
    'one thing that holds me back',
    'what would make',
    'what do i do first',
    'do first',
    'to get to',
    '~how do i',
    '~how can i',
    '~how to',
    '~how should i',
    '~miten saan',
    '~miten voin',
    'keep missing',
    'miss so much',
    'missing so many',
    'mis ma peaks',
    'mida ma peaksin',
    'was soll ich',
    'qué hago',
    'que dois',
    'vad ska jag',
    'jobba på',
    'jobba med',
    'tärkein',
    'eniten',
    'ensin',
    'ekana',
    'eka',
    'först',
    'fixa',
    'aloittaa',
    'aloitan',
    'mistä aloit',
    'primero',
    'arreglar',
    'where do i start',
    'what now',
    'so what now',
    'point faible',
    'faible',
    'schwäche',
    'debilidad',
    'punto débil',
    'svaghet',
    'weak point',
    'weak spot',
    'mihin keskittyä',
    'keskittyä',
    'parantaa',
    'korjata',
    'korjaan',
    'mikä on vialla',
    'heikkous',
    'qué mejorar',
    'mejorar',
    'verbessern',
    'améliorer',
    'förbättra',
  ],
  'top-three': [
    'trois priorités',
    'tres prioridades',
    'drei prioritäten',
    'tre prioriteringar',
    '3-point plan',
    '3 point plan',
    'three-point plan',
    '3 cosas',
    'cosas más importantes',
    'cosas mas importantes',
    'weakest',
    '3 weakest',
    'biggest 3',
    'rank my',
    '3 weaknesses',
    'weaknesses',
    '3 größten',
    'drei größten',
    'drei wichtigsten',
    '3 wichtigsten',
    '3 isointa',
    'kolme isointa',
    'kolme suurinta',
    '3 suurinta',
    'tre största',
    '3 största',
    'tre viktigaste',
    'kolm suurimat',
    '3 suurimat',
    'kolm peamist',
    'tres mayores',
    '3 mayores',
    'tres principales',
    'then second',
    'and second',
    'first and second',
    'two things',
    '2 things',
    '3 juttuu',
    '3 juttua',
    'kolme juttua',
    'kolme asiaa',
    '3 asiaa',
    '3 things',
    'three things',
    'top 3',
    '3 priorities',
    'three priorities',
    'top priorities',
    'top3',
    'top-3',
    'top three',
    'top things',
    'biggest things to',
    '3 biggest',
    'three biggest',
    'biggest things',
    '3 main',
    'three main',
    'list',
    'few things',
    'couple of things',
    'kolme',
    '3 asiaa',
    'kolme tärkeintä',
    'tres cosas',
    'drei dinge',
    'trois choses',
    'tre saker',
    'tre viktigaste',
    'tre sakerna',
  ],
  drill: [
    'how do i make it go',
    'how do i make it higher',
    'упражнение',
    'drill',
    'exercise',
    'workout',
    'practice',
    'practise',
    'routine',
    'plan',
    'this week',
    'session',
    'train',
    'training',
    'what should i do',
    'what can i do',
    'how do i practice',
    'how should i train',
    'homework',
    'how many a day',
    'how many per day',
    'how often',
    'what do i do',
    'so what do i do',
    'mitä mä teen',
    'mitä teen',
    'what should i do tomorrow',
    'anything i can do',
    'can i do',
    '~min before',
    '~reps',
    '~at home',
    '~minutes',
    '~min a day',
    '~min per day',
    'treeni',
    'treenata',
    'treen',
    'viikolla',
    'harjoitus',
    'harjoitella',
    'harjoittele',
    'drilli',
    'ejercicio',
    'entrenar',
    'übung',
    'trainieren',
    'exercice',
    'entraîner',
    'övning',
    'träna',
  ],
  'another-drill': [
    'another drill',
    'another one',
    'different drill',
    'one more drill',
    'one more',
    'something else',
    'next drill',
    'harder drill',
    'too easy',
    'other drill',
    'new drill',
    'else can i do',
    'toinen',
    'joku muu',
    'otra',
    'noch eine',
    'un autre',
  ],
  'how-long': [
    'сколько времени',
    'как долго',
    'enough to fix',
    'enough time to',
    'kauan menee',
    // "paljon aikaa menee et saa sen korjattua?": how much time it takes.
    'paljon aikaa menee',
    'paljonko aikaa',
    'kauan aikaa',
    'montako päivää',
    'kuinka monta päivää',
    'montako viikkoa',
    'kuinka monta viikkoa',
    'kui kaua',
    'kui kaua võtab',
    'kui kiiresti',
    'hur lång tid',
    'hur länge',
    'wie lange',
    'wie viel zeit',
    'cuánto tiempo',
    'cuanto tiempo',
    'combien de temps',
    'quanto tempo',
    'quanto ci vuole',
    'too late',
    'liian myöhäistä',
    'liian myöhästä',
    'zu spät',
    'demasiado tarde',
    'för sent',
    'how long',
    'how many weeks',
    'how many days',
    'how many months',
    'how much time',
    'when will',
    'when can i',
    'till i',
    'until i',
    'untill',
    'how fast can i',
    'how quickly',
    'how soon',
    'time to fix',
    'by then',
    'in time',
    'fix it by',
    'can i fix it',
    'ready by',
    'takes to',
    'will it take',
    'timeline',
    'kahdessa viikossa',
    'kolmessa viikossa',
    'korjata viikossa',
    'kuukaudessa',
    'ehdinkö',
    'ehtiikö',
    'ehtiiks',
    'ehinks',
    'siihen mennessä',
    'kauanko',
    'kuinka kauan',
    'kauan kestää',
    'milloin',
    'cuánto tiempo',
    'cuanto tiempo',
    'wie lange',
    'combien de temps',
    'hur länge',
  ],
  compare: [
    'how close to a pro',
    'how far from a pro',
    'how close to the pros',
    'shoot the same',
    'same as him',
    'same as her',
    'as good as',
    'caitlin clark',
    'ionescu',
    'shoot like',
    'copy her',
    'copy him',
    'compare',
    'compared',
    'vs',
    'versus',
    'curry',
    'steph',
    'klay',
    'lebron',
    'dirk',
    'kobe',
    'markkanen',
    'pros',
    'pro',
    'nba',
    'wnba',
    'euroleague',
    'professional',
    'college',
    'high school',
    'highschool',
    'varsity',
    'd1',
    'ncaa',
    'for my age',
    'year old',
    'years old',
    'age',
    'level',
    'elite',
    'other players',
    'average player',
    'better shooter than',
    'better than me',
    'worse than me',
    'hes better',
    'shes better',
    'is he better',
    'is she better',
    'than me',
    'better than',
    'worse than',
    'average for',
    'for my level',
    'u12',
    'u13',
    'u14',
    'u15',
    'u16',
    'u17',
    'u18',
    'u19',
    'u20',
    'for a kid',
    'for a girl',
    'for a guy',
    'normal for',
    'like the pros',
    'national team',
    'academy',
    'korisliiga',
    'liiga',
    'verrattuna',
    'ammattilai',
    'ikäisekseni',
    'ikäiselle',
    'vuotias',
    'iässä',
    'ikäisille',
    'profesional',
    'profi',
    'professionnel',
    // "is this good for 16", "im 15", "14yo".
    ...Array.from({ length: 12 }, (_, i) => i + 9).flatMap((age) => [
      `for ${age}`,
      `im ${age}`,
      `i am ${age}`,
      `${age} yo`,
      `${age}yo`,
      `${age}v`,
      `olen ${age}`,
    ]),
  ],
  summary: [
    'en general',
    'im allgemeinen',
    'överlag',
    'kokonaisuutena',
    'zusammenfassen',
    'short version',
    'what the app said',
    'what it said',
    'kurz zusammen',
    'fass bitte',
    'fasse',
    'what did the app find',
    'what did it find',
    'what did you find',
    'what did the app say',
    'what does the app say',
    'what did it say',
    'kokku võtta',
    'lühidalt',
    'kokkuvõte',
    'kokkuvõtte',
    'kokkuvõtet',
    'zusammenfassung',
    'zusammenfassen',
    'sammanfatta',
    'sammanfattning',
    'resumen',
    'resume',
    'riassunto',
    'riassumi',
    'whole page',
    'explain the page',
    'explain my page',
    'mitä sanottiin',
    'mitä siinä sanottiin',
    'mitä mun heitosta',
    'summary',
    'sum up',
    'summarize',
    'summarise',
    'overall',
    'how did i do',
    'how was my shot',
    'how is my shot',
    'results',
    'verdict',
    'in short',
    'tldr',
    'quick summary',
    'review',
    'breakdown',
    'tl dr',
    'explain my analysis',
    'explain the analysis',
    'what did it measure',
    'what did it even measure',
    'how am i doing',
    'how bad is it',
    'whats my analysis',
    'what did the analysis say',
    '~my analysis',
    '~the analysis',
    'yhteenveto',
    'tiivistä',
    'tiivistelmä',
    '~analyysi',
    'miten meni',
    'miten mun heitto',
    'resumen',
    'resumir',
    'resume',
    'résumer',
    'resumer',
    'zusammenfassung',
    'zusammenfassen',
    'résumé',
    'sammanfattning',
    'sammanfatta',
    'mon analyse',
    'mi análisis',
    'meine analyse',
  ],
  strengths: [
    'do well',
    'i do good',
    'i do right',
    'bäst med',
    'vad är bra med',
    'was ist gut an',
    'lo mejor de',
    'anything good',
    'something good',
    'any good things',
    'whats good in',
    'good at',
    'doing well',
    'strengths',
    'strength',
    'what went right',
    'went well',
    'positives',
    'best part',
    'anything good',
    'did well',
    'doing right',
    'my best thing',
    'whats my best',
    'my best part',
    'mikä meni hyvin',
    // "mitä hyvää mun heitos on?", "no mikä mulla on hyvää sit", "ja mikä on jo hyvää?".
    'mitä hyvää',
    'mikä on hyvää',
    'mikä mulla on hyvää',
    'mikä on jo hyvää',
    'mitkä on hyviä',
    'paras',
    'vahvuus',
    'vahvuudet',
  ],
  feelings: [
    'pettyny',
    'pettynyt',
    'harmittaa',
    'who cares',
    'is it over',
    'am i cooked',
    'not improving',
    'never improve',
    'no progress',
    'not getting better',
    'en kehity',
    'ei kehity',
    'worst on my team',
    'the worst on',
    'worst player',
    'worst in my team',
    'im trash',
    'i am trash',
    'huonoin',
    'frustrated',
    'frustrating',
    'annoyed',
    'angry',
    'mad',
    'sad',
    'upset',
    'nervous',
    'scared',
    'anxious',
    'anxiety',
    'nerves',
    'pressure',
    'confidence',
    'confident',
    'give up',
    'quit',
    'hate',
    'sucks',
    'i suck',
    'im trash',
    'embarrassing',
    'embarrassed',
    'depressed',
    'stressed',
    'worried',
    'not so bad',
    'not that bad',
    'im not bad',
    'not a bad player',
    'machine is broken',
    'broken',
    'app is wrong',
    'machine is wrong',
    'camera is wrong',
    'thats wrong',
    'its wrong',
    'unfair',
    'cant be right',
    'no way',
    'did it even work',
    'rigged',
    'bullshit',
    'left me',
    'broke up',
    'dumped',
    'bad day',
    'feel bad',
    'crying',
    'lonely',
    'tired of',
    'kinda gutted',
    'so gutted',
    'im gutted',
    'is gutted',
    'also gutted',
    'maissa',
    'allapäin',
    'lannistunut',
    'tsempata',
    'lets go',
    'terrible',
    'hopeless',
    'why bother',
    'not good enough',
    'cant shoot',
    'bad at this',
    'so bad at',
    'struggling',
    'discouraged',
    'demotivated',
    'no motivation',
    'everyone is better',
    'laughed at',
    'masentaa',
    'luovuttaa',
    'huono fiilis',
    'disappointed',
    'bummed',
    'annoying',
    'ugh',
    'benched',
    'bad game',
    'played bad',
    'pettynyt',
    'pelottaa',
    'triste',
    'nervioso',
    'enttäuscht',
    'im done',
    'so done',
    'fed up',
    'cooked',
    'im cooked',
    'app is trash',
    'is trash',
    'useless',
    'proud',
    'stoked',
    'hyped',
    'ruma',
    'ylpeä',
    'ylpee',
    'feel dumb',
    'feel stupid',
    'feel like an idiot',
    'kinda dumb',
    'actually progress',
    'is progress',
    'never be good',
    'ill never',
    'never get better',
    'im so slow',
    'im so bad',
    'im bad',
    'should quit',
    'just quit',
    'choke',
    'clutch',
    'in my head',
    'overthink',
    'mental',
    'scared to shoot',
    'cut from',
    'dont trust',
    'this is wrong',
    'that is wrong',
    'app lying',
    'is it lying',
    'doubting',
    'even accurate',
    'app even right',
    'thought my shot was',
    'thought i was good',
    'thought i was better',
    'so mid',
    'thats dumb',
    'pointless',
    'do not trust',
    'bad angle',
    'wrong angle',
    'not accurate',
    'inaccurate',
    'kannattaako jatkaa',
    'ees jatkaa',
    'edes jatkaa',
    'lopettaa',
    'lopetan',
    'not for me',
    'tiputettiin',
    'pudotettiin',
    'putosin',
    'dropped from',
    'mitään järkee',
    'mitään järkeä',
    'isnt for me',
    'not my sport',
    'whats the point',
    'no point',
    'feels fake',
    'is fake',
    'a scam',
    'highest in my team',
    'best in my team',
    'best on my team',
    'highest on my team',
    'do i really have to',
    'do i have to change',
    'trust it',
    'trust this',
    'trust the app',
    'luottaa tähän',
    'luottaa siihen',
    'luottaa appiin',
    'luottaa sovellukseen',
    'but i jump',
    'i jump straight',
    'freeze up',
    'i freeze',
    'froze',
    'looks dumb',
    'looks so dumb',
    'look dumb',
    'looks stupid',
    'look stupid',
    'looks weird',
    'will laugh',
    'laugh at me',
    'didnt even look',
    // "ive been shooting for 6 years and an app tells me my elbow is wrong": doubt, from experience.
    'app tells me',
    'an app says',
    'confused',
    'overwhelmed',
    'not fair',
    'so unfair',
    'happy',
    'excited',
    'glad',
    'relieved',
    'stressaa',
    'hermostuttaa',
    'itkettää',
    'iloinen',
    'ilonen',
    'tyytyväinen',
    'turhautunut',
    'turhauttaa',
    'ärsyttää',
    'jännittää',
    'jännitän',
    'fixable',
    'can it be fixed',
    'harmittaa',
    'väärin',
    'rikki',
    'surullinen',
    'vituttaa',
    'paska',
    'frustrado',
    'frustriert',
    'frustré',
    'nervös',
  ],
  more: [
    'tell me more',
    'more',
    'explain more',
    'details',
    'detail',
    'elaborate',
    'and then',
    'what else',
    'anything else',
    'whats next',
    'what next',
    'next step',
    'kerro lisää',
    'lisää',
    'más',
    'mehr',
    'plus',
  ],
};

const matcher = new PhraseMatcher(PHRASES);

/** The words of comparisons (players, levels, ages): a question made of these and the topics' words is about the shot. */
const COMPARE_WORDS = new Set(PHRASES.compare.flatMap((phrase) => wordsOf(phrase.replace(/^~/, ''))).filter((word) => !/^\d/.test(word) && word.length > 2));
export const isCompareWord = (word: string) => COMPARE_WORDS.has(word);

/** The words of the acts' strong phrases ("work on", "3 biggest", "how long"). */
const ACT_WORDS = new Set(
  Object.values(PHRASES)
    .flat()
    .filter((phrase) => !phrase.startsWith('~'))
    .flatMap((phrase) => wordsOf(phrase)),
);
export const isActWord = (word: string) => ACT_WORDS.has(word);

/** Two to six in the words players use for them. */
export const NUMBER_WORDS: Record<string, number> = Object.fromEntries(
  [
    ['two', 'kaks', 'kaksi', 'två', 'zwei', 'dos'],
    ['three', 'kolme', 'tre', 'drei', 'tres'],
    ['four', 'neljä', 'fyra', 'vier', 'cuatro'],
    ['five', 'viis', 'viisi', 'fem', 'fünf', 'cinco'],
    ['six', 'kuus', 'kuusi'],
  ].flatMap((words, i) => words.map((word) => [word, i + 2])),
);
const NUMBER_WORD = Object.keys(NUMBER_WORDS).join('|');

/** How often a week, in the players' words: "3x viikossa", "4 days a week", "3 mal pro Woche", "kolme kertaa viikossa". */
export const TIMES_A_WEEK = new RegExp(
  String.raw`(?<![\p{L}\d])(\d|${NUMBER_WORD})\s*(?:x|times|kertaa|krt|mal|gånger|ggr|veces|korda|days|päivänä|practices|sessions|treeniä)\s*(?:a|per|pro|i|en|la|in a|\/)?\s*(?:week|wk|viiko\p{L}*|woche|veckan|semana|nädalas)(?!\p{L})`,
  'iu',
);

/** An amount of time, reps or distance ("15 min", "200 shots", "2 weeks", "kolme kertaa"). */
export const AMOUNT = new RegExp(
  String.raw`\b\d+(?:[.,]\d+)?\s*(?:min\w*|h|hours?|hrs?|reps?|shots?|sets?|days?|weeks?|months?|ms|m|cm|kg|times?|x|pv|päivää|viiko\w*|minuut\w*|tuntia|kertaa|kids|people|players|guys|girls)\b|\d+\s*%|(?<!\p{L})(?:${NUMBER_WORD})\s+(?:times|kertaa|krt|gånger|mal|veces)(?!\p{L})`,
  'giu',
);

/** Words that ask for the one thing first, in the languages players write. */
export const FIRST =
  /\b(first|firstly|ekana|eka|ensin|eniten|ensimmäise\w*|isoin|först|primero|zuerst|d'abord|most important|priority|one thing|the biggest (thing|problem|issue))\b/i;

/** A message that asks something: a question mark, a question word or a request. */
const ASKS =
  /(?<![a-zäöå])(mitä|mistä|mihin|kumpi|kumpaa)(?![a-zäöå])|\?|\b(how|what|why|when|which|where|can|could|should|would|do i|is it|am i|give|tell|show|help|pls|plz|please|miten|miks|miksi|onko|onks|voiko|voiks|ehtiiks|ehtiikö|ehinks|kannattaaks|pitäiks|pitäisikö|saanks|meneeks|kannattaako|qué|cómo|was|wie|warum|quoi|comment|vad|hur)\b/i;

const ASKS_VERDICT = /\b(good|ok|okay|bad|fine|enough|decent|normal|hyvä|huono|bueno|gut|bon|bra)\s*,?\s*(right|no|yeah|or)?\s*[?!.]*\s*$/i;

/** Faces that say how a player feels when their words do not. */
const SAD_FACES = /[\u{1F633}\u{1F612}\u{1F61E}-\u{1F62D}\u{1F641}\u{2639}\u{1F614}\u{1F615}\u{1F97A}]|:'?\(|:\/(?!\/)/u;

/** Cheering, however many letters it takes: "lets gooo", "yesss". */
const CHEER =
  /\b(let'?s go+|yes{3,}|wo{3,}|hyped|stoked|proud|best ever|personal best|best (\w+ )?(i'?ve|ive|i have) ever|\d+ (times )?in a row|am i fixed)\b|[\u{1F979}\u{1F60E}\u{1F525}\u{1F4AA}\u{1F389}\u{1F973}\u{1F60D}\u{1F929}]/u;

/** An age in any of the languages players write ("j'ai 14 ans", "u16", "15-vuotias"): a question about it compares. */
const AGE =
  /\b\d{1,2}\s*-?\s*(ans|años|jahre|år|vuotias|vuotta|yo|years? old)\b|\bu\d{2}\b|\b(oon|ich bin|jag är|tengo|j'ai) \d{1,2}\b(?!\s*(min\w*|%|\/|°))|(?<!\p{L})(âge|edad|alter|ålder|ikä\p{L}*|iässä)(?!\p{L})/iu;

/** Feelings that are about the player's life rather than their game: acknowledged, not coached. */
const LIFE = new PhraseMatcher({
  life: [
    'left me',
    'broke up',
    'dumped',
    'girlfriend',
    'boyfriend',
    // Parents in trouble, not a parent asking for a summary to share.
    'parents are fighting',
    'parents fight',
    'parents argue',
    'parents are splitting',
    'parents split',
    'divorce',
    'died',
    'passed away',
    'lonely',
    'depressed',
    'bullied',
    'school is',
    'exam',
  ],
});
// German's article "die" is not the English verb ("Was sind die drei wichtigsten Dinge"); "want to die" still is.
export const aboutLife = (message: string) => LIFE.has(message.replace(/(?<!\bto )\bdie\b/gi, ' '), 'life');

/**
 * What a player says about how something seems ("i feel like i lean", "makes no sense", "my coach
 * yelled"): a feeling when nothing else is asked, but beside a question it is context, and the
 * question is answered first without an acknowledgement.
 */
const REMARKS = new PhraseMatcher({ remark: ['i feel like i', 'makes no sense', 'yelled', 'shouted', 'but my coach', 'never said that'] });

/**
 * The players' own questions, each labelled with its act: a nearest-neighbour classifier over
 * them (MiniSearch's BM25, stemmed and typo-tolerant) reads what the phrases miss.
 */
const labelled = (examples as { examples: { question: string; act: Act }[] }).examples;

/**
 * The classifier's index and the shot's vocabulary, built on first use: an API or a worker that
 * starts never pays for them until a player asks the coach something.
 */
let built: { neighbours: MiniSearch<{ id: number; question: string; act: Act }>; vocabulary: ReadonlySet<string> } | null = null;
function classifier() {
  if (built) return built;
  const neighbours = new MiniSearch<{ id: number; question: string; act: Act }>({
    fields: ['question'],
    storeFields: ['act'],
    tokenize: (text) => wordsOf(text),
    processTerm: (term) => term,
  });
  neighbours.addAll(labelled.map((e, id) => ({ id, ...e })));
  // The words players use in questions about their shot: the labelled questions', the acts' phrases' and the topics' own.
  const vocabulary = new Set([
    ...labelled.flatMap((e) => contentWords(e.question)),
    ...Object.values(PHRASES)
      .flat()
      .flatMap((phrase) => contentWords(phrase.replace(/^~/, ''))),
    ...TOPIC_WORDS,
  ]);
  built = { neighbours, vocabulary };
  return built;
}

/** The content words of a message the coach has never seen in a question about a shot ("tiktok", "chain", "elokuva"). */
export const unfamiliarWords = (message: string): string[] =>
  contentWords(message).filter((word) => word.length >= 3 && !/^\d/.test(word) && !classifier().vocabulary.has(word));

/** The act the nearest labelled questions share, when most of their weight agrees. */
export function nearestAct(message: string): Act | null {
  const hits = classifier()
    .neighbours.search(message, { fuzzy: (term) => (term.length >= 6 ? 1 : false), prefix: (term) => term.length >= 4 })
    .slice(0, 5);
  if (hits.length === 0) return null;
  const votes = new Map<Act, number>();
  for (const hit of hits) votes.set(hit.act as Act, (votes.get(hit.act as Act) ?? 0) + hit.score);
  const [best, weight] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0];
  const total = [...votes.values()].reduce((a, b) => a + b, 0);
  return weight / total >= 0.6 ? best : null;
}

export interface ActReading {
  /** What to answer first. */
  act: Act | null;
  /** Another act asked in the same message ("why, and how do I fix it?"), answered briefly after the first. */
  also: Act | null;
  /** The player also says how they feel: acknowledged before the answer. */
  feeling: boolean;
  /** The act was read from a weak phrase only ("what is", "good?"): on its own it does not make a message a question about the shot. */
  weak: boolean;
  /** The act came from the nearest labelled questions, not from a phrase (a guess, never enough to turn "hi coach" into a question). */
  guessed?: boolean;
}

/**
 * The acts a message asks for. The earliest asked is answered first, except where one act
 * changes another: a level or a player to compare with turns "is it good" into a comparison, and
 * "how long", "three things" or "another drill" are what the whole message is for.
 */
/** The good ones asked for ("my top 3 GOOD things"). */
const GOOD_ONES = /\b(good|best|positives?|strong|strengths?|hyvä\w*|vahvuu\w*)\b/i;
/** Good and bad asked together ("hyvät ja huonot", "pros and cons"): not only what is good. */
const BOTH_SIDES = /\b(good and bad|bad and good|good and the bad|pros and cons|hyvät ja huonot|huonot ja hyvät|hyvää ja huonoa)\b/i;
const onlyGood = (message: string) => GOOD_ONES.test(message) && !BOTH_SIDES.test(message);

/** A verdict asked for between two ("fast or slow", "hyvä vai huono"). */
const VERDICT_CHOICE =
  /\b(fast or slow|slow or fast|good or bad|bad or good|high or low|low or high)\b|\b(hyvä vai huono|nopea vai hidas|hidas vai nopea)\b|\b(onks|onko) (se|toi|tää|tämä) (hidas|nopee|nopea|hyvä|huono)\b|(?<![\p{L}])(är det|ist das|es) (bra|gut|bueno)(?![\p{L}])|\bis (it|that) (slow|fast|good|bad|ok)\b/iu;

/** A routine and whether it is enough: "pystyn treenaa kolme kertaa viikossa, riittääkö", "is 3x a week enough". */
/** A verdict asked in strong words: "is 38 terrible", "is that bad". */
const STRONG_VERDICT = String.raw`(is|are)\s+(\d+\S*|it|that|this|my \w+)\s+(so |really |that |actually )?(terrible|awful|horrible|trash|garbage|bad)`;
/** Asked alone, as the whole message: "ok but is 38 terrible" (not set against an age or others). */
const VERDICT_ASKED_IN_STRONG_WORDS = new RegExp(
  String.raw`^\W*((ok|okay|but|so|and|like)\s+)*${STRONG_VERDICT}\b(?!.*\b(age|compared?|for an?|than|for \d+|years?|yo)\b)`,
  'i',
);
/** Set against an age, a level or others: "is that terrible for 14". */
const STRONG_VERDICT_BESIDE_OTHERS = new RegExp(
  String.raw`\b${STRONG_VERDICT}\s+(for (a |an )?\d+|for my age|for (a |an )?\w+ (player|level)|compared)\b`,
  'i',
);
const ROUTINE_ENOUGH = new RegExp(
  String.raw`${TIMES_A_WEEK.source}.*(?<!\p{L})(enough|riittää\p{L}*|räcker|reicht|suficiente)(?!\p{L})|(?<!\p{L})(riittää\p{L}*|räcker|reicht)(?!\p{L}).{0,40}\d+\s*(min\p{L}*|minuut\p{L}*|minuten|minuter)`,
  'iu',
);

/** The player's own measurement asked for: "how long am i holding my follow through? whats my number", "tell me my angle". */
const MY_NUMBER = /\b(what'?s|whats|what is|what was|tell me|give me|show me)\s+my\s+(number|numbers|time|angle|measurement|measurements)\b(?!\s+(one|1)\b)/i;

export function actsOf(message: string): ActReading {
  // Whether a routine is enough is how long it takes with it.
  if (ROUTINE_ENOUGH.test(message)) return { act: 'how-long', also: null, feeling: false, weak: false };
  if (MY_NUMBER.test(message)) return { act: 'is-it-good', also: null, feeling: false, weak: false };
  // "ok but is 38 terrible": a verdict asked in strong words is a question, not a feeling.
  if (VERDICT_ASKED_IN_STRONG_WORDS.test(message)) return { act: 'is-it-good', also: null, feeling: false, weak: false };
  // "for 15 min a day" is a time, not an age to compare with: amounts are read without their numbers;
  // "first time using this" asks for no first thing.
  // "set point" is the analysis's name for a moment of the shot: "what is the set point" is not "what's the point".
  message = message
    .replace(AMOUNT, ' ')
    .replace(/\b(first|1st) time\b/gi, ' ')
    // "like i freeze??" beside a hold asks what the hold looks like, not about nerves.
    .replace(/\blike i (freeze|stop)\b/gi, ' like a statue ')
    // "anything to worry about there?" asks whether it is good, with no worry said.
    .replace(/\b(anything|something|nothing) to worry about\b/gi, ' anything wrong ')
    .replace(/\bset point\b/gi, 'setpoint');
  // "y?" or "y tho" alone: why (the letter stays "and" in a Spanish sentence).
  if (/^\s*(y|y tho|y though|how so)\s*[?!.]*\s*$/i.test(message)) return { act: 'why', also: null, feeling: false, weak: false };
  const found = matcher.matches(message);
  const has = (act: Act) => found.some((m) => m.label === act);
  // "thats it??": disappointment at how little there is (not "is that enough or is it short").
  // (The strong word of a verdict asked, "is that terrible for 14", is no feeling said.)
  const feeling =
    (STRONG_VERDICT_BESIDE_OTHERS.test(message)
      ? matcher.matches(message.replace(STRONG_VERDICT_BESIDE_OTHERS, ' ')).some((m) => m.label === 'feelings')
      : has('feelings')) ||
    SAD_FACES.test(message) ||
    CHEER.test(message) ||
    /\bi (really )?(like|love) (my|it)\b/i.test(message) ||
    /\bthat'?s it\s*(\?|\.\.|!|$)/i.test(message);
  // The earliest act asked strongly; a weak phrase ("what is", "my analysis") only when no other is there.
  const asked = found.filter((m) => m.label !== 'feelings').sort((a, b) => Number(a.weak) - Number(b.weak) || a.at - b.at || b.length - a.length);
  const labels = asked.map((m) => m.label);
  let act: Act | null = labels[0] ?? null;
  // What the whole message is for, unless it asks why.
  // "how long to fix all three" asks for a time; "150 ms, like how long i hold my arm up?" describes the hold.
  const describesHold = /\bhow long (i|you|to|do i|should i) hold\b/i.test(message);
  if (act !== 'why')
    for (const overriding of ['another-drill', 'top-three', 'how-long'] as Act[])
      if (has(overriding) && !(overriding === 'how-long' && describesHold)) act = overriding;
  if (act === null && (feeling || REMARKS.has(message, 'remark'))) return { act: 'feelings', also: null, feeling: true, weak: false };
  // "I'm Veeti's coach (U15), what drill should he do": the team's level is context, the drill or the fix is what is asked.
  if (act === 'compare' && !/\b(compare\w*|vs|versus|than|as good as|like (a )?pro)\b/i.test(message)) {
    if (has('drill')) act = 'drill';
    else if (has('fix-first')) act = 'fix-first';
  }
  // "2.2m good?", "release ok?", "and my elbow? hows that": a message ending in a verdict word asks for one.
  if (act === null && (ASKS_VERDICT.test(message) || /\bhow'?s (that|it)( look\w*)?\s*[?!.]*$/i.test(message))) act = 'is-it-good';
  // "explain it like I'm 12" asks for plain words, not a comparison with 12-year-olds.
  const likeAge = /\blike (i'?m|im|i am) \d+/i.test(message);
  // "a short summary for his U15 coach" asks for the summary: the age is the team's.
  const summaryAsked = found.some((m) => m.label === 'summary' && !m.weak) && !/\b(compare\w*|vs|versus|than|how close|how far)\b/i.test(message);
  const beforeAge = act;
  if (
    !likeAge &&
    !summaryAsked &&
    (has('compare') || AGE.test(message)) &&
    (act === 'is-it-good' || act === 'meaning' || act === 'summary' || act === 'more' || act === null)
  )
    act = 'compare';
  // "what does 560 ms mean, is it fast or slow": the verdict asked between two is what the player wants first.
  if (act === 'meaning' && VERDICT_CHOICE.test(message)) return { act: 'is-it-good', also: 'meaning', feeling, weak: false };
  // "if everything is good why isnt it 10/10": a verdict the player grants is context for the why.
  if (act === 'is-it-good' && has('why') && /\b(if|since|when|jos|kun)\b[^,?.!]{0,30}\b(good|fine|ok|okay|on target|hyvä|hyvii|kunnossa)\b/i.test(message))
    return { act: 'why', also: null, feeling, weak: false };
  // "whats the set point and why is 117 too much": two questions, answered in the order asked.
  const meaningAt = found.find((m) => m.label === 'meaning')?.at;
  if (act === 'why' && meaningAt === 0 && /\band (why|how come)\b/i.test(message)) return { act: 'meaning', also: 'why', feeling, weak: false };
  if (summaryAsked && act === 'compare') act = 'summary';
  // "tiivistä mun analyysi kolmeen lauseeseen": a summary in three sentences, not the top three.
  if (act === 'top-three' && has('summary') && /\b(sentences?|lausee\p{L}*|lauseella|words|sanaa|sanalla)\b/iu.test(message)) act = 'summary';
  // "tell me more" is its own act; the word "more" beside another act ("more arc") is not.
  const more = found.find((m) => m.label === 'more');
  if (act === 'more' && more!.length === 1 && labels.some((l) => l !== 'more')) act = labels.find((l) => l !== 'more')!;
  const also = labels.find((label) => label !== act && label !== 'more' && !(act === 'compare' && label === 'is-it-good')) ?? null;
  // "my top 3 GOOD things": what is good, three of it.
  if (act === 'top-three' && onlyGood(message)) act = 'strengths';
  // "is there anything good in it" asks what is good, not whether it is.
  if (act === 'is-it-good' && /\b(anything|something) (actually |really )?good\b/i.test(message)) act = 'strengths';
  // "and whats the one thing i do well": what works, whatever "one thing" suggests.
  if (/\b(thing|part)s? (i|im|i'm) (do|doing) (well|good|right)\b/i.test(message)) act = 'strengths';
  // "and?" or "go on" alone asks for more ("go to the gym on sundays" does not).
  if (/^\s*(and|so|then|ja|och|und|go on)\s*[?.!]*\s*$/i.test(message)) return { act: 'more', also: null, feeling, weak: false };
  // "what should I train first": the one thing comes first, the drill for it after.
  if (act === 'drill' && FIRST.test(message) && has('fix-first')) return { act: 'fix-first', also: 'drill', feeling, weak: false };
  // "i practised SO much and it's still 6/10": said, not asked; how they feel is the answer.
  if (feeling && act !== null && !ASKS.test(message) && !ASKS_VERDICT.test(message)) return { act: 'feelings', also: null, feeling, weak: false };
  // A comparison read from an age alone ("38yo, do I really need to hold it") is as strong as what was asked beside it.
  const phrased = act === 'compare' && !has('compare') ? beforeAge : act;
  const weak = act !== null && found.filter((m) => m.label === phrased).every((m) => m.weak);
  // What the phrases leave open, the nearest labelled questions decide.
  if (act === null || weak) {
    const nearest = nearestAct(message);
    // Feelings come from the player's own words, never from a guess.
    // An age beside a guessed verdict ("ist das schlimm? ich bin 13") asks for a comparison, as it does beside a phrase.
    const guessed = !likeAge && AGE.test(message) && (nearest === 'is-it-good' || nearest === 'meaning' || nearest === 'summary') ? 'compare' : nearest;
    if (guessed && guessed !== 'feelings')
      return { act: guessed === 'top-three' && onlyGood(message) ? 'strengths' : guessed, also, feeling, weak: false, guessed: true };
  }
  return { act, also, feeling, weak };
}
