import { analysisSays, AREA_METRICS, AREA_WORDS, ChatTurn, CoachContext, Finding, findings, FOCUS_AREAS, FocusArea, isMeasured, metricsOf, quote, shootingRecord, TARGETS } from './coach-context';
import { AREA_NAMES, Drill, DRILLS, drillsFor } from './drills';
import { aboutSomethingElse, classify } from './intents';
import { contentWords, isSymptom, readQuestion, Symptom, SYMPTOM_CAUSES, Topic, topicsOf } from './topics';

const isArea = (topic: Topic): topic is FocusArea => (FOCUS_AREAS as string[]).includes(topic);

/**
 * The coach without a language model: deterministic answers from the player's analysis and the
 * drills library. A question is placed on the topics it asks about (topicsOf); the answer states
 * the player's own numbers for each, then what to do. The same question in the same
 * conversation always gets the same answer.
 */
export function builtInAnswer(brand: string, context: CoachContext, history: ChatTurn[], message: string): string {
  const name = context.firstName;
  const worst = findings(context);
  const focus = worst[0] ?? null;
  const intent = classify(message);

  switch (intent.kind) {
    case 'injection':
      return `I can't change how I coach or share my setup, ${name}, but I'm glad to keep working on your shot. ${focusLine(focus)}`;
    case 'off-topic':
      return decline(brand, intent.otherSport, focus);
    case 'greeting':
      return `Hi ${name}! ${focusLine(focus)} Ask me how to fix it, or what to drill this week.`;
    case 'thanks':
      return `You're welcome, ${name}! ${focus ? `Stick with the ${drillsFor(focus.area)[0].name.toLowerCase()} and your ${AREA_NAMES[focus.area]} will come along.` : 'Keep putting up quality reps.'} Ask me anything else about your shot.`;
    case 'question': {
      const reading = readQuestion(message);
      // The player's own numbers or words in the question say what it is about ("what does 112 mean").
      const own = ownTopics(context, message);
      if (own.length === 0 && aboutSomethingElse(message, reading)) return decline(brand, false, focus);
      let topics = [...new Set([...own, ...reading.topics])];
      if (topics[0] === 'more') return anotherDrill(context, worst, history);
      // A short follow-up ("why?", "what should it be") is about what the conversation was on.
      if (topics.length === 0 && contentWords(message).length <= 4) {
        const previous = lastArea(history, worst);
        if (previous) topics = [previous];
      }
      return answerQuestion(context, worst, topics);
    }
  }
}

/** Each measurement and the topic it answers. */
const METRIC_TOPICS: [keyof NonNullable<CoachContext['metrics']>, Topic][] = [
  ...FOCUS_AREAS.map((area): [keyof NonNullable<CoachContext['metrics']>, Topic] => [AREA_METRICS[area], area]),
  ['releaseHeightM', 'releaseHeight'],
];

/**
 * What a question asks about by the player's own analysis: a measurement of it ("why is 950
 * bad"), its rating ("is 5.5 good", "4/10?") or its makes ("only 3 of 10") name their topic;
 * else a sentence of the analysis the question shares two words with ("how do I push it up not
 * out") names the area it is about. Small whole numbers count only as a rating or a count
 * ("my 6 month old" is not a rating of 6).
 */
function ownTopics(context: CoachContext, message: string): Topic[] {
  const numbers = (message.match(/\b\d+(?:\.\d+)?\b/g) ?? []).map(Number);
  const m = metricsOf(context);
  const topics: Topic[] = METRIC_TOPICS.filter(([key]) => m[key] !== undefined && (m[key]! >= 20 || !Number.isInteger(m[key])) && numbers.includes(m[key]!)).map(
    ([, topic]) => topic,
  );
  const rating = context.feedback.shotRating;
  if (rating !== null && (message.match(/\b(\d+(?:\.\d+)?)\s*(?:\/|out of)\s*10\b|\b(\d+\.\d+)\b/g) ?? []).some((n) => parseFloat(n) === rating)) topics.push('rating');
  const record = shootingRecord(context);
  if (record && new RegExp(`\\b${record.makes}\\s*(?:of|\\/|out of)\\s*${record.attempts}\\b`).test(message)) topics.push('makes');
  if (topics.length > 0) return topics;
  const asked = new Set(contentWords(message));
  if (asked.size < 2) return [];
  const f = context.feedback;
  for (const text of [f.summary, f.form, f.release, f.followThrough, ...f.tips]) {
    if (!text || contentWords(text).filter((word) => asked.has(word)).length < 2) continue;
    return FOCUS_AREAS.filter((area) => AREA_WORDS[area].test(text)).slice(0, 1);
  }
  return [];
}

function decline(brand: string, otherSport: boolean, focus: Finding | null): string {
  const why = otherSport ? "I only coach basketball shooting, so I'll leave other sports to their coaches." : `That's outside what I can help with: I'm ${brand}, your basketball shooting coach.`;
  return `${why} Let's keep working on your shot. ${focusLine(focus)}`;
}

/** The next drill for the area the conversation was on ("another one?"). */
function anotherDrill(context: CoachContext, worst: Finding[], history: ChatTurn[]): string {
  const area = lastArea(history, worst) ?? worst[0]?.area ?? 'release';
  const drills = drillsFor(area);
  const used = history.filter((turn) => turn.sender === 'bot' && drills.some((d) => turn.content.toLowerCase().includes(d.name.toLowerCase()))).length;
  const tip = worst.length === 0 && tipsOf(context)[0] ? ` Your analysis also suggests: "${quote(tipsOf(context)[0])}".` : '';
  return `Here's another one for your ${AREA_NAMES[area]}, ${context.firstName}. ${areaFact(context, area)}${tip} ${describeDrill(drills[used % drills.length])}`;
}

/** The facts each asked topic concerns, the player's numbers first, then one thing to do. */
function answerQuestion(context: CoachContext, worst: Finding[], topics: Topic[]): string {
  const name = context.firstName;
  if (topics.length === 0) {
    return `${name}, here's your analysis in short. ${summary(context, worst)} Ask me about your elbow, release, arc, follow-through or balance, your makes, or what to drill this week.`;
  }
  if (topics[0] === 'plan') return weekPlan(context, worst);

  const asked = topics.filter((t) => t !== 'more').slice(0, 3);
  const facts = asked.map((topic) => factAbout(context, worst, topic));
  // Confidence alone: its answer carries its own practice.
  if (asked.every((topic) => topic === 'mindset')) return facts.join(' ');
  // The drill is for what was asked about: an area or a symptom's causes, else the main issue.
  const specific = asked.flatMap((topic) => areasOf(topic));
  const areas = specific.length > 0 ? specific : worst.slice(0, 1).map((f) => f.area);
  // Nothing asked was measured: say so, then what was.
  if (asked.every((topic) => !inAnalysis(context, topic))) facts.push(`What it did measure: ${summary(context, worst)}`);
  const said = facts.join(' ');
  return withoutRepeats(`${said} ${whatToDo(context, worst, [...new Set(areas)], said)}`);
}

/** What the analysis says about one topic, with the player's own numbers. */
function factAbout(context: CoachContext, worst: Finding[], topic: Topic): string {
  if (isArea(topic)) return areaFact(context, topic);
  if (isSymptom(topic)) return symptomFact(context, worst, topic);
  const m = metricsOf(context);
  switch (topic) {
    case 'releaseHeight':
      return m.releaseHeightM !== undefined
        ? `You release the ball from ${m.releaseHeightM} m: a high release point is harder to block.`
        : "Your analysis didn't measure your release height.";
    case 'makes':
      return makesFact(context);
    case 'rating':
      return context.feedback.shotRating === null
        ? 'Your analysis came without a rating out of 10.'
        : `Your shot rating is ${context.feedback.shotRating}/10: it sums up your form, release and follow-through from the shots we filmed.`;
    case 'tips': {
      const tips = tipsOf(context);
      if (tips.length === 0) return `Your analysis gave no separate tips. ${analysisText(context)}`;
      return `Your analysis ${tips.length === 1 ? 'gave you one tip' : `gave you ${tips.length} tips`}: ${tips.map((tip) => `"${quote(tip)}"`).join(' and ')}.`;
    }
    case 'summary':
      return summary(context, worst);
    case 'strengths':
      return strengths(context, worst);
    case 'mindset':
      return mindset(context, worst);
    case 'weakest':
    case 'plan':
    case 'more': {
      const [first, next] = worst;
      if (!first) return strengths(context, worst);
      return `The biggest gain in your shot is your ${AREA_NAMES[first.area]}: ${first.evidence}.${next ? ` After that, your ${AREA_NAMES[next.area]}: ${next.evidence}.` : ''}`;
    }
  }
}

/** One area: the measurement against its range, or the analysis's own words about it. */
function areaFact(context: CoachContext, area: FocusArea): string {
  const m = metricsOf(context);
  switch (area) {
    case 'release':
      if (m.releaseTimeMs !== undefined) {
        return m.releaseTimeMs <= TARGETS.releaseTimeMs.max
          ? `Your release takes ${m.releaseTimeMs} ms from the catch: quick enough, under the ${TARGETS.releaseTimeMs.max} ms target.`
          : `Your release takes ${m.releaseTimeMs} ms from the catch: slower than the ${TARGETS.releaseTimeMs.max} ms target, so defenders get a hand up.`;
      }
      break;
    case 'elbow':
      if (m.elbowAngleDeg !== undefined) {
        const { min, max } = TARGETS.elbowAngleDeg;
        return m.elbowAngleDeg >= min && m.elbowAngleDeg <= max
          ? `Your elbow sits at ${m.elbowAngleDeg}° at the set point, inside the ${min}-${max}° range.`
          : `Your elbow sits at ${m.elbowAngleDeg}° at the set point, outside the ${min}-${max}° range, so the ball starts off line.`;
      }
      break;
    case 'followThrough':
      if (m.followThroughHoldMs !== undefined) {
        return m.followThroughHoldMs >= TARGETS.followThroughHoldMs.min
          ? `You hold your follow-through for ${m.followThroughHoldMs} ms, past the ${TARGETS.followThroughHoldMs.min} ms target.`
          : `You hold your follow-through for ${m.followThroughHoldMs} ms, short of the ${TARGETS.followThroughHoldMs.min} ms target, so the wrist snap is cut off.`;
      }
      break;
    case 'balance':
      if (m.balanceScore !== undefined) {
        return m.balanceScore >= TARGETS.balanceScore.min
          ? `Your balance scored ${m.balanceScore}/100, above the ${TARGETS.balanceScore.min}/100 target.`
          : `Your balance scored ${m.balanceScore}/100, under the ${TARGETS.balanceScore.min}/100 target, so your legs don't give every shot the same base.`;
      }
      break;
    case 'arc':
      if (m.releaseAngleDeg !== undefined) {
        const { min, max } = TARGETS.releaseAngleDeg;
        if (m.releaseAngleDeg < min) return `The ball leaves your hand at ${m.releaseAngleDeg}°, flatter than the ${min}-${max}° range, so it needs a perfect line to drop.`;
        if (m.releaseAngleDeg > max) return `The ball leaves your hand at ${m.releaseAngleDeg}°, steeper than the ${min}-${max}° range, which costs you power and distance.`;
        return `The ball leaves your hand at ${m.releaseAngleDeg}°, inside the ${min}-${max}° range.`;
      }
      break;
  }
  const says = analysisSays(context, area);
  return says ? `Your ${AREA_NAMES[area]} wasn't measured; your analysis says: "${says}".` : `Your analysis didn't measure your ${AREA_NAMES[area]}.`;
}

/** Whether the analysis has anything on a topic: a measurement, a count, a rating, or words about the area. */
function inAnalysis(context: CoachContext, topic: Topic): boolean {
  if (isArea(topic)) return isMeasured(context, topic) || analysisSays(context, topic) !== null;
  if (topic === 'releaseHeight') return context.metrics?.releaseHeightM !== undefined;
  if (topic === 'makes') return shootingRecord(context) !== null;
  if (topic === 'rating') return context.feedback.shotRating !== null;
  return true;
}

function makesFact(context: CoachContext): string {
  const record = shootingRecord(context);
  if (!record) return "Your analysis didn't count makes and misses, only how you shoot.";
  return `You made ${record.makes} of ${record.attempts} shots (${record.percent} %).`;
}

/** A symptom the player describes, tied to the areas that cause it, with their numbers. */
function symptomFact(context: CoachContext, worst: Finding[], symptom: Symptom): string {
  const causes = SYMPTOM_CAUSES[symptom];
  const off = worst.filter((f) => causes.includes(f.area));
  const lead = SYMPTOM_LEADS[symptom];
  const record = symptom === 'inconsistent' ? ` ${makesFact(context)}` : '';
  if (off.length > 0) return `${lead} In your shot: ${off.map((f) => f.evidence).join(', and ')}.${record}`;
  const measured = causes.filter((area) => inAnalysis(context, area)).map((area) => areaFact(context, area));
  const unmeasured = causes.length - measured.length;
  return `${lead} ${measured.length ? `What was measured of these looks fine. ${measured.join(' ')}` : "Your analysis didn't measure these."}${measured.length && unmeasured ? ' The rest was not measured.' : ''}${record}`;
}

const SYMPTOM_LEADS: Record<Symptom, string> = {
  short: 'Short shots usually come from a cut-off follow-through, legs that do not push, or a flat arc.',
  long: 'Long misses usually come from too steep an arc, or leaning forward and pushing the ball out with your legs.',
  sideways: 'Misses to the left or right come from an elbow that is not under the ball, or drifting sideways in the air.',
  flat: 'A flat shot comes from a low release angle and a follow-through that stops early.',
  inconsistent: 'Consistency comes from the same base and the same set point every time: your balance and your elbow.',
  tired: 'When the legs tire, shots fall short and balance goes first, so the base has to be a habit.',
};

/** The areas a topic is about, for choosing what to do (none for the shot as a whole). */
function areasOf(topic: Topic): FocusArea[] {
  if (isArea(topic)) return [topic];
  if (isSymptom(topic)) return SYMPTOM_CAUSES[topic];
  if (topic === 'releaseHeight') return ['arc', 'release'];
  return [];
}

/**
 * One drill: for the worst of the areas asked about that the analysis flags; when none of them
 * is off, keep them and go to the biggest gain elsewhere.
 */
function whatToDo(context: CoachContext, worst: Finding[], areas: FocusArea[], said: string): string {
  const asked = worst.find((f) => areas.includes(f.area));
  if (asked) {
    const [first, second] = drillsFor(asked.area);
    // After a fact about something else (makes, rating, tips), name the area the drill is for.
    const numbers = asked.evidence.match(/\d+(?:\.\d+)?/g);
    const stated = numbers ? numbers.every((n) => said.includes(n)) : said.toLowerCase().includes(asked.evidence.toLowerCase());
    const which = stated ? '' : `The biggest gain is your ${AREA_NAMES[asked.area]}: ${asked.evidence}. `;
    return `${which}${why(asked.area)} ${describeDrill(first)}${second ? ` Once that feels natural, add the ${second.name.toLowerCase()}.` : ''}`;
  }
  const focus = worst[0];
  // Only what was measured can be called fine.
  const fine = areas.filter((area) => isMeasured(context, area));
  const keep = fine.length ? `So your ${fine.map((a) => AREA_NAMES[a]).join(' and ')} ${fine.length > 1 ? "aren't" : "isn't"} the problem: keep ${fine.length > 1 ? 'them' : 'it'} that way. ` : '';
  if (focus) return `${keep}The bigger gain for you is your ${AREA_NAMES[focus.area]}: ${focus.evidence}. ${describeDrill(drillsFor(focus.area)[0])}`;
  const tip = tipsOf(context)[0];
  if (tip) return `${keep}Your analysis doesn't flag a weak spot; its tip: "${quote(tip)}". ${KEEP_SHARP}`;
  return `${keep}Your analysis doesn't flag a clear weak spot, so build consistency: ${describeDrill(drillsFor('release')[1])}`;
}

/**
 * Confidence under pressure: trust comes from what the analysis says already works, and from
 * practising with something at stake.
 */
function mindset(context: CoachContext, worst: Finding[]): string {
  const good = FOCUS_AREAS.filter((area) => isMeasured(context, area) && !worst.some((f) => f.area === area));
  const trust = good.length ? `Start from what already works. ${areaFact(context, good[0])}` : 'Start from one thing you do the same every time.';
  return `Confidence in games comes from a shot you trust. ${trust} Give every shot the same routine (one breath, the same dip, eyes on the rim), and practise with something at stake: 3 sets of 10 free throws where a miss sends you back to zero.`;
}

/** For a shot with nothing flagged: practice at game speed rather than a fix. */
const KEEP_SHARP = 'Keep it sharp with game-speed shots from your favourite spots: 5 sets of 10, each at the pace of a game.';

/** The analysis in one paragraph: rating, makes, each measurement, and the main thing to work on. */
function summary(context: CoachContext, worst: Finding[]): string {
  const parts: string[] = [];
  if (context.feedback.shotRating !== null) parts.push(`Your shot rating is ${context.feedback.shotRating}/10.`);
  if (shootingRecord(context)) parts.push(makesFact(context));
  const measured = FOCUS_AREAS.filter((area) => isMeasured(context, area)).map((area) => areaFact(context, area));
  if (measured.length) parts.push(...measured);
  else parts.push(analysisText(context));
  if (worst[0]) parts.push(`The main thing to work on is your ${AREA_NAMES[worst[0].area]}.`);
  else if (measured.length) parts.push('Nothing measured stands out as a weak spot.');
  return parts.join(' ');
}

function strengths(context: CoachContext, flagged: Finding[]): string {
  const good = FOCUS_AREAS.filter((area) => isMeasured(context, area) && !flagged.some((f) => f.area === area));
  if (good.length > 0) return `Here's what's working. ${good.map((area) => areaFact(context, area)).join(' ')}`;
  // No measurement in range: the analysis's sentences that praise, about areas it does not flag.
  const f = context.feedback;
  const sentences = [f.form, f.release, f.followThrough, f.summary].flatMap((text) => text?.split(/(?<=[.!?])\s+/) ?? []);
  const praise = sentences
    .filter((sentence) => PRAISE.test(sentence) && !CRITICISM.test(sentence))
    .filter((sentence) => !flagged.some((x) => AREA_WORDS[x.area].test(sentence)))
    .map(quote);
  if (praise.length > 0) return `Here's what's working: ${praise.map((text) => `"${text}"`).join(' and ')}.`;
  return flagged.length === 0 ? analysisText(context) : 'Your analysis measured nothing inside its target range yet, but every area is trainable.';
}

/** Words of an analysis sentence that praises, and of one that criticises (a sentence with both is not praise). */
const PRAISE = /\b(good|solid|balanced|clean|compact|smooth|quick|on time|nice|great|strong|consistent|repeatable|well)\b/i;
const CRITICISM = /\b(but|late|slow|push(es)?|drifts?|flares?|off|short|flat|early|not|no|too|n't|miss(es)?)\b|n't\b/i;

/** What the analysis wrote, quoted, or that it wrote nothing. */
function analysisText(context: CoachContext): string {
  const f = context.feedback;
  const text = f.summary ?? [f.form, f.release, f.followThrough].filter(Boolean).join(' ');
  return text.trim() ? `Your analysis says: "${quote(text)}".` : 'Your analysis has no written details.';
}

const tipsOf = (context: CoachContext) => context.feedback.tips.filter((tip) => tip.trim());

/** The answer with every sentence said once (two topics may state the same fact). */
function withoutRepeats(answer: string): string {
  const seen = new Set<string>();
  return answer
    .split(/(?<=[.!?]["”]?)\s+/)
    .filter((sentence) => !seen.has(sentence) && seen.add(sentence))
    .join(' ');
}

/** One sentence on the player's main issue and a first drill for it. */
function focusLine(focus: Finding | null): string {
  if (!focus) return `Your analysis doesn't flag a clear weak spot, so the best next step is repetition: ${describeDrill(drillsFor('release')[1])}`;
  const drill = drillsFor(focus.area)[0];
  return `Your analysis points at your ${AREA_NAMES[focus.area]}: ${focus.evidence}. A good start is the ${drill.name.toLowerCase()}: ${drill.how}`;
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

function describeDrill(drill: Drill): string {
  return `Try the ${drill.name.toLowerCase()}: ${drill.how} The cue: ${drill.cue}.`;
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

/**
 * The area the conversation was last on (for "another one?"): the drill the coach gave last, or
 * what the player last asked about, a symptom read as its worst cause.
 */
function lastArea(history: ChatTurn[], worst: Finding[]): FocusArea | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i];
    const drill = turn.sender === 'bot' ? DRILLS.find((d) => turn.content.toLowerCase().includes(d.name.toLowerCase())) : undefined;
    if (drill) return drill.area;
    if (turn.sender !== 'user') continue;
    for (const topic of topicsOf(turn.content)) {
      if (isArea(topic)) return topic;
      if (isSymptom(topic)) return worst.find((f) => SYMPTOM_CAUSES[topic].includes(f.area))?.area ?? SYMPTOM_CAUSES[topic][0];
    }
  }
  return null;
}

/** The answer in small pieces (a few words each), so the page shows it streaming like a model's. */
export function chunksOf(answer: string, wordsPerChunk = 3): string[] {
  const words = answer.match(/\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk) chunks.push(words.slice(i, i + wordsPerChunk).join(''));
  return chunks;
}
