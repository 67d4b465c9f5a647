import { ShotData, ShotMetrics } from './shot-feedback';

/**
 * The rules engine: feedback from the measured numbers alone, the same every time. Each area is
 * judged against the range coaches teach; the rating starts at 10 and loses points for each miss,
 * and the tips address the biggest misses first.
 */
export const TARGETS = {
  elbowAngleDeg: { min: 80, max: 100 },
  releaseAngleDeg: { min: 45, max: 55 },
  releaseTimeMs: { max: 700 },
  followThroughHoldMs: { min: 500 },
  balanceScore: { min: 75 },
} as const;

interface Finding {
  area: 'form' | 'release' | 'followThrough';
  /** 0 (on target) to 3 (far off): points off the rating and the order of the tips. */
  severity: number;
  text: string;
  tip: string | null;
}

const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const severityOf = (off: number, step: number) => Math.min(3, Math.ceil(off / step));

function elbow(m: ShotMetrics): Finding | null {
  if (m.elbowAngleDeg === undefined) return null;
  const angle = round(m.elbowAngleDeg);
  const { min, max } = TARGETS.elbowAngleDeg;
  if (angle < min) {
    return {
      area: 'form',
      severity: severityOf(min - angle, 8),
      text: `Your elbow is tucked to ${angle}° at the set point, tighter than the ${min}-${max}° range, which pushes the ball out in front of you.`,
      tip: `Open the elbow towards ${min}-${max}° at your set point: 3 sets of 10 one-hand form shots close to the rim, elbow under the ball.`,
    };
  }
  if (angle > max) {
    return {
      area: 'form',
      severity: severityOf(angle - max, 8),
      text: `Your elbow opens to ${angle}° at the set point, wider than the ${min}-${max}° range, so the ball drifts off line.`,
      tip: `Keep the elbow under the ball (${min}-${max}°): wall shooting, 3 sets of 15 reps, with the shooting elbow pointing at the target.`,
    };
  }
  return { area: 'form', severity: 0, text: `Your elbow sits at ${angle}° at the set point, inside the ${min}-${max}° range.`, tip: null };
}

function balance(m: ShotMetrics): Finding | null {
  if (m.balanceScore === undefined) return null;
  const score = round(m.balanceScore);
  const { min } = TARGETS.balanceScore;
  if (score < min) {
    return {
      area: 'form',
      severity: severityOf(min - score, 10),
      text: `Your balance scored ${score}/100: you drift or lean on the way up, which costs you consistency.`,
      tip: 'Land where you took off: 2 sets of 10 shots from a one-foot hop into a square stance, holding the landing for two seconds.',
    };
  }
  return { area: 'form', severity: 0, text: `Your balance scored ${score}/100: you go up and land square.`, tip: null };
}

function releaseAngle(m: ShotMetrics): Finding | null {
  if (m.releaseAngleDeg === undefined) return null;
  const angle = round(m.releaseAngleDeg);
  const { min, max } = TARGETS.releaseAngleDeg;
  if (angle < min) {
    return {
      area: 'release',
      severity: severityOf(min - angle, 4),
      text: `You release at ${angle}°, a flat arc below the ${min}-${max}° range, so the ball has a smaller window into the rim.`,
      tip: `Add arc (aim for ${min}-${max}°): 25 shots from the free-throw line aiming to drop the ball over the front of the rim.`,
    };
  }
  if (angle > max) {
    return {
      area: 'release',
      severity: severityOf(angle - max, 4),
      text: `You release at ${angle}°, higher than the ${min}-${max}° range: the ball travels further and loses accuracy.`,
      tip: `Flatten the arc a touch (${min}-${max}°): 25 mid-range shots pushing through the ball towards the back of the rim.`,
    };
  }
  return { area: 'release', severity: 0, text: `You release at ${angle}°, inside the ${min}-${max}° range.`, tip: null };
}

function releaseTime(m: ShotMetrics): Finding | null {
  if (m.releaseTimeMs === undefined) return null;
  const ms = Math.round(m.releaseTimeMs);
  const { max } = TARGETS.releaseTimeMs;
  if (ms > max) {
    return {
      area: 'release',
      severity: severityOf(ms - max, 150),
      text: `Your release comes ${ms} ms after the catch, slower than ${max} ms: a late release gives defenders time to close out.`,
      tip: `Speed up the catch-to-release (under ${max} ms): 3 sets of 10 catch-and-shoot reps from a partner's pass, ball straight into your shot pocket.`,
    };
  }
  return { area: 'release', severity: 0, text: `Your release comes ${ms} ms after the catch, quick enough to beat a close-out.`, tip: null };
}

function followThrough(m: ShotMetrics): Finding | null {
  if (m.followThroughHoldMs === undefined) return null;
  const ms = Math.round(m.followThroughHoldMs);
  const { min } = TARGETS.followThroughHoldMs;
  if (ms < min) {
    return {
      area: 'followThrough',
      severity: severityOf(min - ms, 150),
      text: `You hold the follow-through for ${ms} ms; pulling the hand back before ${min} ms usually means the wrist didn't finish the shot.`,
      tip: 'Hold the follow-through until the ball hits the rim: 20 close-range shots freezing your "hand in the cookie jar" each time.',
    };
  }
  return { area: 'followThrough', severity: 0, text: `You hold your follow-through for ${ms} ms, wrist snapped, until the ball is on its way.`, tip: null };
}

function accuracy(m: ShotMetrics): string | null {
  if (m.makes === undefined || m.misses === undefined || m.makes + m.misses === 0) return null;
  const shots = m.makes + m.misses;
  return `You made ${m.makes} of ${shots} shots (${Math.round((m.makes / shots) * 100)}%).`;
}

/** Only makes and misses measured: the rating is the share made, out of 10. */
function shootingRating(m: ShotMetrics): number {
  return round(Math.max(1, (m.makes! / (m.makes! + m.misses!)) * 10), 1);
}

const AREA_FALLBACK = {
  form: 'Not measured in this session: film from the side so your elbow and balance are in frame.',
  release: 'Not measured in this session: film the whole shot, from the catch to the ball leaving your hand.',
  followThrough: 'Not measured in this session: keep filming until the ball reaches the rim.',
};

/** Returns null when there is nothing to judge (no metric the rules know). */
export function feedbackFromMetrics(metrics: ShotMetrics): Exclude<ShotData, string> | null {
  const findings = [elbow(metrics), balance(metrics), releaseAngle(metrics), releaseTime(metrics), followThrough(metrics)].filter(
    (f): f is Finding => f !== null,
  );
  const made = accuracy(metrics);
  if (findings.length === 0 && !made) return null;

  const describe = (area: Finding['area']) => {
    const texts = findings.filter((f) => f.area === area).map((f) => f.text);
    return texts.length > 0 ? texts.join(' ') : AREA_FALLBACK[area];
  };
  const penalty = findings.reduce((sum, f) => sum + f.severity, 0);
  const tips = [...findings]
    .filter((f) => f.tip)
    .sort((a, b) => b.severity - a.severity)
    .map((f) => f.tip!);
  if (tips.length === 0) tips.push('Keep your routine: 50 game-speed shots from your favourite spots, same footwork every rep.');

  return {
    shotRating: findings.length > 0 ? round(Math.max(1, 10 - penalty * 0.75), 1) : shootingRating(metrics),
    form: [describe('form'), made].filter(Boolean).join(' '),
    release: describe('release'),
    followThrough: describe('followThrough'),
    tips: tips.slice(0, 5),
  };
}
