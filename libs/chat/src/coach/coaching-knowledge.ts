import { FocusArea } from './coach-context';

/**
 * What a shooting coach knows beyond one player's analysis: what each measurement means, what
 * usually causes an area to be off, how long a fix takes, and the public ranges players compare
 * themselves with. The coach may quote these numbers besides the analysis's own (the eval and
 * the model's answer check allow exactly these).
 */

/** What each measurement is, in one sentence a 13-year-old follows. */
export const MEANING: Record<FocusArea | 'rating' | 'makes' | 'releaseHeight', string> = {
  elbow: 'The elbow angle is the bend at your shooting elbow at the set point, just before the ball goes up; 80-100° keeps the elbow under the ball',
  release: 'The release time is how long the ball takes from the catch to leaving your hand; under 700 ms gives a defender little time to close out',
  arc: 'The release angle (the arc) is how steeply the ball leaves your hand; 45-55° gives it a big window to drop into the rim',
  followThrough: 'The follow-through hold is how long your shooting hand stays up after the ball leaves it; 500 ms or more means the wrist finished the shot',
  balance: 'The balance score, out of 100, says how square and still you take off and land; 75/100 or more means the same base every shot',
  rating: 'The shot rating sums up the whole shot out of 10: the more areas your analysis finds off their range, the lower it is',
  makes: 'Makes are the shots that went in out of the ones we filmed',
  releaseHeight: 'The release height is how high the ball is when it leaves your hand; the higher, the harder it is to block',
};

/** What an area off its range does to the shot. */
export const EFFECT: Record<FocusArea, string> = {
  elbow: 'the ball starts off line, so misses go left or right',
  release: 'defenders get time to close out and get a hand up',
  arc: 'a flat ball needs a perfect line to drop into the rim',
  followThrough: 'the wrist never finishes the shot, so misses come up short and flat',
  balance: 'every shot starts from a different base, which costs consistency',
};

/** What usually puts an area off its range. */
export const CAUSE: Record<FocusArea, string> = {
  elbow: 'the ball usually sits out to the side of your head at the set point, so the elbow swings out to get under it',
  release: 'there is usually an extra dip or a pause between the catch and the set point',
  arc: 'you push the ball out towards the rim instead of up, often from a low set point',
  followThrough: 'you pull your hand back as soon as the ball leaves it, which cuts off the wrist snap',
  balance: 'you take off from uneven feet and drift or lean on the way up',
};

/** The cue that fixes it, said in one line. */
export const CUE: Record<FocusArea, string> = {
  elbow: 'keep the ball in front of your shooting shoulder so the elbow stays under it',
  release: 'catch and go straight into your shot, with no extra dip',
  arc: 'push the ball up, not out, and finish with your hand high',
  followThrough: 'hold your hand up, wrist relaxed, until the ball hits the rim',
  balance: 'land on the spot you took off from, chest tall',
};

/** How long a fix takes with 10-15 minutes most days: an honest range. */
export const WEEKS_TO_FIX: Record<FocusArea, string> = {
  elbow: '4-8 weeks',
  release: '3-6 weeks',
  arc: '3-6 weeks',
  followThrough: '2-4 weeks',
  balance: '3-6 weeks',
};

export type Level = 'pro' | 'college' | 'highSchool' | 'youth';

export const LEVEL_NAMES: Record<Level, string> = {
  pro: 'the pros',
  college: 'college shooters',
  highSchool: 'good high-school shooters',
  youth: 'good players under 15',
};

/** Catch-and-shoot release times by level, as coaches and shot-tracking studies report them. */
export const RELEASE_MS_BY_LEVEL: Record<Level, { min: number; max: number }> = {
  pro: { min: 400, max: 550 },
  college: { min: 500, max: 650 },
  highSchool: { min: 600, max: 750 },
  youth: { min: 700, max: 900 },
};

/** Public shooting percentages of NBA players. */
export const NBA_PERCENT = { freeThrows: '75-80', threes: '35-38' };

/** Players by name, and what they are known for. */
export const PLAYERS: Record<string, string> = {
  curry: 'Stephen Curry gets his shot off in about 400 ms',
  steph: 'Stephen Curry gets his shot off in about 400 ms',
  klay: 'Klay Thompson is known for the same set point every shot and a release of about 400 ms',
  markkanen: 'Lauri Markkanen releases high over defenders and repeats the same base every shot',
  'caitlin clark': 'Caitlin Clark shoots from deep with a quick, repeatable release and a finish she holds',
  ionescu: 'Sabrina Ionescu holds her follow-through until the ball is through the net',
};

/** The numbers above, for checking that an answer invents none. */
export const KNOWLEDGE_NUMBERS: string[] = [
  ...Object.values(RELEASE_MS_BY_LEVEL).flatMap((r) => [String(r.min), String(r.max)]),
  ...Object.values(NBA_PERCENT).flatMap((range) => range.split('-')),
  '400',
  '80',
  '100',
  '45',
  '55',
  '500',
  '700',
  '75',
  '10',
];

/**
 * Training questions around the shot (warming up, pain, food, strength, how often, sleep): fair
 * questions a coach answers, each from the phrases players use for it. A health question beyond
 * "should I rest" is still another subject (intents.ts declines diagnoses).
 */
export const TRAINING_ANSWERS = {
  warmUp: {
    phrases: ['warm up', 'warmup', 'warm-up', 'stretch', 'stretching', 'lämmittely', 'lämmitellä', 'lämmittelen', 'venyttely', 'aufwärmen', 'calentar'],
    answer:
      'Warm up in five minutes: 20 slow wrist circles each way and some arm swings, then 10 form shots close to the rim with a soft flick before you step back.',
  },
  pain: {
    phrases: [
      'hurt',
      'hurts',
      'pain',
      'sore',
      'aches',
      'should i rest',
      'injured',
      'injury',
      'sprained',
      'rolled my ankle',
      'rolled ankle',
      "jumper's knee",
      'jumpers knee',
      'kipeä',
      'kipee',
      'nyrjähti',
      'nyrjähtäny',
      'nyrjähtänyt',
      'sattuu',
      'särkee',
      'loukkaan',
      'duele',
      'schmerz',
    ],
    answer:
      "I can't judge an injury, so rest it: pain is a signal to back off, not to shoot through. If it still hurts after a few days, or it swells, see a physio or a doctor, and tell your coach before your next shooting session.",
  },
  food: {
    phrases: ['eat before', 'eat after', 'what should i eat', 'what to eat', 'food', 'meal before', 'drink before', 'syödä', 'ruoka', 'syön', 'comer', 'essen'],
    answer:
      "Eat a normal meal with carbs two to three hours before (pasta, rice or a sandwich), drink water through the day, and have a banana an hour before if you're hungry.",
  },
  strength: {
    phrases: [
      'lift weights',
      'lifting weights',
      'weight training',
      'strength training',
      'stronger legs',
      'squats',
      // "salilla" alone is as often the basketball hall; the weight room is named as such.
      'kuntosali',
      'kuntosalilla',
      'salitreeni',
      'salitreenit',
      'punttisali',
      'punttisalilla',
      'käydä salilla',
      'käyn salilla',
      'punttis',
      'voimaharjoittelu',
      'pesas',
      'krafttraining',
    ],
    answer:
      'Yes, with care: two short strength sessions a week (squats, lunges, calf raises and planks) give your shot legs, as long as your shooting reps stay.',
  },
  daily: {
    phrases: ['every day', 'each day', 'daily', 'rest day', 'how often should i', 'too much', 'joka päivä', 'päivittäin', 'todos los días', 'jeden tag'],
    answer: 'Yes: 15-20 minutes of focused shooting most days beats one long session a week. Take a rest day when your arm or legs are sore.',
  },
  progress: {
    phrases: [
      'know if its working',
      'know if it works',
      'know its working',
      "know it's working",
      'how will i know',
      'is it working',
      'track my progress',
      'track progress',
      'see progress',
      'measure my progress',
      'check my progress',
      'how do i check',
      'see if im improving',
      'know if my form',
      'form holds up',
      'miten tiedän',
      'mistä tiedän',
      'mistä mä tiedän',
      'tiedän et se toimii',
      'toimiiko se',
      'seuraan kehitystä',
    ],
    // The coach first names the number to watch (progress() in the coach); this follows it.
    answer: 'Between films, count your makes out of 10 from the same five spots each session.',
  },
  gameDay: {
    phrases: [
      'at tryouts',
      'in tryouts',
      'during tryouts',
      'on game day',
      'in the game itself',
      'during the game',
      'karsinnoissa',
      'pelissä',
      'matsissa',
      'pelipäivänä',
    ],
    answer: 'On the day, stop thinking about mechanics: catch in rhythm, take your open shots and trust your routine. The drill work is for the days before.',
  },
  // Tired today, not tired late in a game: "when I'm tired my set point drops" is about the shot itself.
  tired: {
    phrases: [
      'tired today',
      'so tired',
      'too tired',
      'really tired',
      'exhausted today',
      'no energy today',
      'väsyttää',
      'oon väsyny',
      'oon tosi väsyny',
      'olen väsynyt',
      'müde heute',
      'cansado hoy',
    ],
    answer: 'Yes, keep it short and light: 10 minutes of form shots close to the rim, and stop when your form slips, because tired reps teach a tired shot.',
  },
  sleep: {
    phrases: ['sleep', 'recovery', 'recover', 'nukkua', 'uni', 'palautuminen', 'dormir', 'schlaf'],
    answer: 'Sleep eight to ten hours: that is when your body locks in what you practised.',
  },
} as const;
export type TrainingQuestion = keyof typeof TRAINING_ANSWERS;
