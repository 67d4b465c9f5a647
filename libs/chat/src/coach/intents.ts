import { FocusArea } from './coach-context';

export type Intent =
  | { kind: 'injection' }
  | { kind: 'off-topic'; otherSport: boolean }
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'rating' }
  | { kind: 'plan' }
  | { kind: 'more' }
  | { kind: 'area'; area: FocusArea }
  | { kind: 'weakest' }
  | { kind: 'general' };

/** Attempts to change the coach's role or read its instructions. */
const INJECTION = [
  /\b(ignore|disregard|forget|override|bypass|skip)\b.{0,40}\b(instructions?|rules?|prompts?|guidelines|previous|prior|above|everything|restrictions?|programming)\b/i,
  /\b(system|initial|hidden|original|developer)\s+(prompt|message|instructions?)\b/i,
  /\byour\s+(instructions|prompt|rules|guidelines|configuration|programming)\b/i,
  /\b(reveal|print|repeat|show|output|dump|leak|recite|translate)\b.{0,40}\b(prompt|instructions|above|configuration|rules|everything you were told)\b/i,
  /\b(what|how)\b.{0,20}\b(were you|are you)\s+(told|instructed|programmed|configured)\b/i,
  /\b(you are now|from now on you|act as|pretend (to be|you are|you're)|roleplay|role-play|play the role)\b/i,
  /\b(jailbreak|developer mode|dan mode|do anything now|god mode|admin mode|sudo)\b/i,
  /\bnew (instructions|rules|persona)\b/i,
  /<\/?(system|instructions?|prompt)>|\[\/?(system|inst)\]|^\s*system\s*:/im,
  // Asking for the text the coach was given: "exactly as you received it", "between the <analysis> tags".
  /\b(exactly|verbatim|word for word)\b.{0,40}\b(as you (received|were given|got)|you (received|were given))\b/i,
  /\b(print|repeat|output|show|reveal|copy|quote)\b.{0,80}(<\/?[a-z_-]+>|\b(xml|html)?\s*tags?\b)/i,
];

/** Words that put a message on basketball or training. */
const ON_TOPIC =
  /\b(basketball|hoops?|shoot(ing|er|s)?|shots?|jump ?shot|jumper|free throws?|three|3-?pointers?|layups?|dunk|rim|net|backboard|court|dribbl\w*|drills?|practi[cs]e\w*|train(ing)?|workouts?|reps?|sets?|form|release|elbow|wrist|follow[- ]?through|balance|feet|footwork|legs?|jump(ing)?|arc|angle|aim|range|miss(es|ing)?|makes?|swish|brick|rating|score|analysis|coach(ing)?|game|season|team|tryouts?|warm[- ]?up|stretch\w*|conditioning|weights|lift(ing)?|gym|recovery|sore|fatigue|confidence|nerves|consisten\w*|accura\w*|improve|better|fix|weak\w*|strength|ball|hands?|fingers?|guide hand|set point|pocket|dip|timing|catch|nba|wnba|euroleague|playing|player|points?|hit)\b/i;

/** Other sports: advice about them is off topic even when they share words with basketball ("shot", "swing"). */
const OTHER_SPORT =
  /\b(soccer|football|futsal|tennis|golf|baseball|softball|hockey|volleyball|cricket|rugby|badminton|padel|squash|handball|bowling|archery|darts|pool|snooker|boxing|mma|swimming|skiing|snowboard\w*|cycling|marathon|netball|lacrosse|ping ?pong|table tennis|floorball|pesäpallo)\b/i;

/** Things a shooting coach does not do, whatever they are about. */
const OFF_TASK =
  /\b(poem|poetry|essay|story|song|lyrics|rap|joke|limerick|haiku|(write|writing|fix|debug) (some |my |this )?code|coding|programming|sql|python|javascript|homework|assignment|translate|translation|summari[sz]e (this|the) (article|text)|email to|cover letter|resume|cv)\b/i;

/** Subjects away from basketball: declined unless the message is clearly about the player's shot. */
const OFF_SUBJECT =
  /\b(recipe|cook(ing)?|bake|baking|weather|forecast|stock(s| market)?|crypto|bitcoin|invest\w*|politic\w*|election|president|prime minister|movie|film|netflix|tv show|music|celebrity|capital of|history of|math|equation|physics|chemistry|dating|girlfriend|boyfriend|relationship|medic\w*|doctor|diagnos\w*|prescription|lawyer|legal advice|tax(es)?|car|travel|flight|hotel|video ?games?|fortnite|minecraft|phone|laptop|computer|bank|loan|casino|bet(ting)?|gambl\w*)\b/i;

/** Words that make a message about basketball whatever else it mentions. */
const BASKETBALL = /\b(basketball|hoops?|shoot(ing|er)?|shots?|jump ?shot|jumper|free throws?|3-?pointers?|three-pointers?|layups?|rim|dribbl\w*|drills?|release|elbow|follow[- ]?through|arc)\b/i;

const GREETING = /^\s*(hi|hello|hey|heya|hiya|yo|moi|hei|terve|howdy|sup|good (morning|afternoon|evening)|what'?s up)\b[\s!.,?a-z]{0,25}$/i;
const THANKS = /^\s*(thanks?|thank you|thx|ty|cheers|great|awesome|cool|ok(ay)?|got it|nice|perfect|kiitos)\b[\s!.,a-z]{0,40}$/i;

const AREA_INTENTS: [FocusArea, RegExp][] = [
  ['release', /\b(late|slow|quick(er)?|fast(er)?|timing|speed|release time|get (it|my shot) off|dip|catch)\b|\brelease\b(?!.{0,15}angle)/i],
  ['elbow', /\b(elbow|chicken wing|alignment|line(d)? up|set point|under the ball)\b/i],
  ['followThrough', /\b(follow[- ]?through|wrist|snap|finish|gooseneck|flick|backspin)\b/i],
  ['balance', /\b(balance|feet|footwork|stance|landing|land|lean(ing)?|drift(ing)?|fade|base|legs?)\b/i],
  ['arc', /\b(arc|flat|trajectory|launch|release angle|high(er)?|short|front rim|back rim)\b/i],
];

const PLAN = /\b(this week|week|plan|schedule|routine|program|workout|session|what (should|can|do) i (drill|practi[cs]e|work on|train)|which drills?|what drills?|drill(s)? (should|to)|practi[cs]e (plan|routine)|today)\b/i;
const RATING = /\b(rating|score|out of 10|\/10|grade|what does .{0,20} mean|is (that|this|it) good)\b/i;
const WEAKEST = /\b(weak(est|ness)?|biggest|main (problem|issue|thing)|worst|problem|issue|wrong|fix first|focus on|priority|improve|better)\b/i;
const MORE = /^\s*(and |ok(ay)?,? )?(another|more|else|next|something else|a different|harder|too easy|what else|anything else|one more)\b/i;

export function classify(message: string): Intent {
  const text = message.trim();
  if (INJECTION.some((pattern) => pattern.test(text))) return { kind: 'injection' };
  if (OTHER_SPORT.test(text) && !/\bbasketball\b/i.test(text)) return { kind: 'off-topic', otherSport: true };
  if (OFF_TASK.test(text)) return { kind: 'off-topic', otherSport: false };
  if (OFF_SUBJECT.test(text) && !BASKETBALL.test(text)) return { kind: 'off-topic', otherSport: false };
  if (GREETING.test(text)) return { kind: 'greeting' };
  if (THANKS.test(text)) return { kind: 'thanks' };
  if (MORE.test(text)) return { kind: 'more' };
  if (!ON_TOPIC.test(text)) return { kind: 'off-topic', otherSport: false };
  if (PLAN.test(text)) return { kind: 'plan' };
  for (const [area, pattern] of AREA_INTENTS) if (pattern.test(text)) return { kind: 'area', area };
  if (RATING.test(text)) return { kind: 'rating' };
  if (WEAKEST.test(text)) return { kind: 'weakest' };
  return { kind: 'general' };
}

/** The area a message or an answer talks about, if one (to follow up "another drill?"). */
export function areaMentioned(text: string): FocusArea | null {
  for (const [area, pattern] of AREA_INTENTS) if (pattern.test(text)) return area;
  return null;
}
