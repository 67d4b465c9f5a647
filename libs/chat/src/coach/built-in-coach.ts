import { analysisSays, ChatTurn, CoachContext, Finding, findings, FocusArea, TARGETS } from './coach-context';
import { AREA_NAMES, Drill, drillsFor } from './drills';
import { areaMentioned, classify } from './intents';

/**
 * The coach without a language model: deterministic answers from the player's analysis and the
 * drills library, for every intent the classifier knows. The same question in the same
 * conversation always gets the same answer.
 */
export function builtInAnswer(brand: string, context: CoachContext, history: ChatTurn[], message: string): string {
  const name = context.firstName;
  const worst = findings(context);
  const focus = worst[0] ?? null;
  const intent = classify(message);

  switch (intent.kind) {
    case 'injection':
      return `I can't change how I coach or share my setup, ${name}, but I'm glad to keep working on your shot. ${focusLine(context, focus)}`;
    case 'off-topic':
      return (
        `${intent.otherSport ? "I only coach basketball shooting, so I'll leave other sports to their coaches." : "That's outside what I can help with: I'm " + brand + ', your basketball shooting coach.'} ` +
        `Let's keep working on your shot. ${focusLine(context, focus)}`
      );
    case 'greeting':
      return `Hi ${name}! ${focusLine(context, focus)} Ask me how to fix it, or what to drill this week.`;
    case 'thanks':
      return `You're welcome, ${name}! ${focus ? `Stick with the ${drillsFor(focus.area)[0].name.toLowerCase()} and your ${AREA_NAMES[focus.area]} will come along.` : 'Keep putting up quality reps.'} Ask me anything else about your shot.`;
    case 'rating':
      return ratingAnswer(context, focus);
    case 'plan':
      return weekPlan(context, worst);
    case 'more': {
      const area = lastArea(history) ?? focus?.area ?? 'release';
      const used = history.filter((turn) => turn.sender === 'bot' && drillsFor(area).some((d) => turn.content.toLowerCase().includes(d.name.toLowerCase()))).length;
      const drills = drillsFor(area);
      const drill = drills[used % drills.length];
      return `Here's another one for your ${AREA_NAMES[area]}, ${name}. ${evidenceSentence(context, area)} ${describeDrill(drill)}`;
    }
    case 'area':
      return areaAnswer(context, intent.area, focus);
    case 'weakest':
    case 'general':
      return focus
        ? `${name}, the biggest gain in your shot is your ${AREA_NAMES[focus.area]}: ${focus.evidence}. ${why(focus.area)} ${describeDrill(drillsFor(focus.area)[0])}`
        : `${name}, your analysis doesn't flag a clear weak spot, so build consistency: ${describeDrill(drillsFor('release')[1])}`;
  }
}

/** One sentence on the player's main issue and a first drill for it. */
function focusLine(context: CoachContext, focus: Finding | null): string {
  if (!focus) return `Your analysis doesn't flag a clear weak spot, so the best next step is repetition: ${describeDrill(drillsFor('release')[1])}`;
  const drill = drillsFor(focus.area)[0];
  return `Your analysis points at your ${AREA_NAMES[focus.area]}: ${focus.evidence}. A good start is the ${drill.name.toLowerCase()}: ${drill.how}`;
}

function areaAnswer(context: CoachContext, area: FocusArea, focus: Finding | null): string {
  const name = context.firstName;
  const own = findings(context).find((f) => f.area === area);
  if (own) {
    const [first, second] = drillsFor(area);
    return `Good question, ${name}. ${capitalise(own.evidence)}. ${why(area)} ${describeDrill(first)}${second ? ` Once that feels natural, add the ${second.name.toLowerCase()}.` : ''}`;
  }
  const fine = inRange(context, area);
  const bigger = focus ? ` The bigger gain for you is your ${AREA_NAMES[focus.area]}: ${focus.evidence}. ${describeDrill(drillsFor(focus.area)[0])}` : '';
  if (fine) return `${name}, ${fine}, so your ${AREA_NAMES[area]} isn't the problem.${bigger || ` Keep it that way with the ${drillsFor(area)[0].name.toLowerCase()}: ${drillsFor(area)[0].how}`}`;
  return `${name}, your analysis doesn't flag your ${AREA_NAMES[area]}.${bigger || ` To keep it sharp: ${describeDrill(drillsFor(area)[0])}`}`;
}

function ratingAnswer(context: CoachContext, focus: Finding | null): string {
  const { shotRating } = context.feedback;
  const issue = focus ? ` What holds it back most is your ${AREA_NAMES[focus.area]}: ${focus.evidence}. ${describeDrill(drillsFor(focus.area)[0])}` : '';
  if (shotRating === null) return `${context.firstName}, your analysis came as a written summary without a rating out of 10.${issue}`;
  return `Your shot rating is ${shotRating}/10, ${context.firstName}. It sums up your form, release and follow-through from the shots we filmed.${issue}`;
}

/** A week built around the player's main issue (and their second, if any). */
function weekPlan(context: CoachContext, worst: Finding[]): string {
  const first = worst[0]?.area ?? 'release';
  const second = worst.find((f) => f.area !== first)?.area ?? null;
  const [a, b] = drillsFor(first);
  const lines = [
    `Here's your week, ${context.firstName}, built around your ${AREA_NAMES[first]}${worst[0] ? ` (${worst[0].evidence})` : ''}:`,
    `Days 1 and 2: ${a.name}. ${a.how}`,
    `Days 3 and 4: ${(b ?? a).name}. ${(b ?? a).how}`,
    second
      ? `Day 5: ${drillsFor(second)[0].name} for your ${AREA_NAMES[second]}. ${drillsFor(second)[0].how}`
      : `Day 5: game-speed shots from your favourite spots, using the same cue: ${a.cue}.`,
    'Rest on the other days, and finish each session with free throws while you are tired.',
  ];
  return lines.join('\n');
}

function evidenceSentence(context: CoachContext, area: FocusArea): string {
  const own = findings(context).find((f) => f.area === area);
  if (own) return `Remember, ${own.evidence}.`;
  const says = analysisSays(context, area);
  return says ? `Your analysis says: "${says}".` : '';
}

function describeDrill(drill: Drill): string {
  return `Try the ${drill.name.toLowerCase()}: ${drill.how} Focus on ${drill.cue}.`;
}

function why(area: FocusArea): string {
  switch (area) {
    case 'release':
      return `A quicker release (under ${TARGETS.releaseTimeMs.max} ms from the catch) gives defenders less time and keeps your rhythm.`;
    case 'elbow':
      return `Keeping the elbow under the ball (${TARGETS.elbowAngleDeg.min}-${TARGETS.elbowAngleDeg.max}° at the set point) keeps your shot on line.`;
    case 'followThrough':
      return `Holding the finish (at least ${TARGETS.followThroughHoldMs.min} ms) keeps the wrist snap full and your misses straight.`;
    case 'balance':
      return 'Landing where you took off makes every shot start from the same base.';
    case 'arc':
      return `A release angle of ${TARGETS.releaseAngleDeg.min}-${TARGETS.releaseAngleDeg.max}° gives the ball a bigger window into the rim.`;
  }
}

/** "your elbow sits at 88° at the set point, inside the 80-100° range" when the area was measured and is fine. */
function inRange(context: CoachContext, area: FocusArea): string | null {
  const m = context.metrics ?? {};
  if (area === 'elbow' && m.elbowAngleDeg !== undefined) return `your elbow sits at ${m.elbowAngleDeg}°, inside the ${TARGETS.elbowAngleDeg.min}-${TARGETS.elbowAngleDeg.max}° range`;
  if (area === 'release' && m.releaseTimeMs !== undefined) return `your release takes ${m.releaseTimeMs} ms, under ${TARGETS.releaseTimeMs.max} ms`;
  if (area === 'arc' && m.releaseAngleDeg !== undefined) return `your release angle is ${m.releaseAngleDeg}°, inside ${TARGETS.releaseAngleDeg.min}-${TARGETS.releaseAngleDeg.max}°`;
  if (area === 'followThrough' && m.followThroughHoldMs !== undefined) return `you hold your follow-through for ${m.followThroughHoldMs} ms`;
  if (area === 'balance' && m.balanceScore !== undefined) return `your balance scored ${m.balanceScore}/100`;
  return null;
}

/** The area the player last asked about (for "another drill?"). */
function lastArea(history: ChatTurn[]): FocusArea | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const area = history[i].sender === 'user' ? areaMentioned(history[i].content) : null;
    if (area) return area;
  }
  return null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The answer in small pieces (a few words each), so the page shows it streaming like a model's. */
export function chunksOf(answer: string, wordsPerChunk = 3): string[] {
  const words = answer.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk) chunks.push(words.slice(i, i + wordsPerChunk).join(''));
  return chunks;
}
