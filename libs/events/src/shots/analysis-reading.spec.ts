import { feedbackFromMetrics } from './feedback-rules';
import { readAnalysis } from './analysis-reading';
import { ShotFeedback, toFeedback } from './shot-feedback';

const feedback = (f: Partial<ShotFeedback>): ShotFeedback => ({
  summary: null,
  shotRating: null,
  form: null,
  release: null,
  followThrough: null,
  tips: [],
  ...f,
});
const judgements = (r: ReturnType<typeof readAnalysis>) => Object.fromEntries(r.areas.map((a) => [a.area, a.judgement]));

describe('reading an analysis', () => {
  it("judges by the analysis's own words before any range: 650 ms called average is average, though under 700 ms", () => {
    const r = readAnalysis(feedback({ release: 'Your release is average at 650 ms.', tips: ['Speed up your release: catch and shoot in one motion.'] }), {
      releaseTimeMs: 650,
    });
    expect(r.areas).toEqual([{ area: 'release', judgement: 'average', decidedBy: 'words', says: 'Your release is average at 650 ms' }]);
    expect(r.priorities[0]).toEqual({ area: 'release', text: 'Speed up your release: catch and shoot in one motion' });
  });

  it('puts the first tip first, whatever number is further off (the page numbers its tips)', () => {
    const r = readAnalysis(
      feedback({
        form: 'Your elbow opens to 117° at the set point and your balance scored 58/100.',
        release: 'Your release is quick at 560 ms.',
        followThrough: 'You drop your hand after 150 ms, well before the ball reaches the rim.',
        tips: ['Hold your follow-through until the ball hits the rim.', 'Keep the elbow under the ball at your set point.'],
      }),
      { elbowAngleDeg: 117, releaseTimeMs: 560, followThroughHoldMs: 150, balanceScore: 58 },
    );
    expect(r.priorities.map((p) => p.area)).toEqual(['followThrough', 'elbow', 'balance']);
    expect(judgements(r)).toEqual({ elbow: 'needs work', release: 'good', followThrough: 'needs work', balance: 'needs work' });
  });

  it('reads a text-only analysis: the area its summary criticises is the first focus, its praise is good', () => {
    const r = readAnalysis(
      toFeedback('Good rhythm overall. Your elbow flares out to the side at the set point, which pushes your shots left. Keep it under the ball.'),
      null,
    );
    expect(judgements(r)).toEqual({ elbow: 'needs work', release: 'good' });
    expect(r.priorities.map((p) => p.area)).toEqual(['elbow']);
  });

  it('a tip about the shot as a whole is the first focus of a shot with nothing off its range', () => {
    const r = readAnalysis(
      feedback({
        summary: 'A repeatable shot: good arc, quick release and a balanced landing.',
        tips: ['Add game-speed shots off the dribble to test your form under pressure.'],
      }),
      { elbowAngleDeg: 90, releaseAngleDeg: 49, releaseTimeMs: 520 },
    );
    expect(r.priorities).toEqual([{ area: null, text: 'Add game-speed shots off the dribble to test your form under pressure' }]);
    expect(r.areas.every((a) => a.judgement === 'good')).toBe(true);
  });

  it("agrees with the rules engine's own feedback for any metrics: the tips' order is the order of what to fix", () => {
    const metrics = { elbowAngleDeg: 112, releaseAngleDeg: 38, releaseTimeMs: 820, followThroughHoldMs: 150, balanceScore: 55 };
    const generated = feedbackFromMetrics(metrics)!;
    const r = readAnalysis(toFeedback(generated), metrics);
    expect(judgements(r)).toEqual({ elbow: 'needs work', release: 'needs work', arc: 'needs work', followThrough: 'needs work', balance: 'needs work' });
    expect(r.priorities.slice(0, generated.tips.length).map((p) => p.text)).toEqual(generated.tips.map((t) => t.replace(/[.!]+$/, '')));
    const inRange = { elbowAngleDeg: 90, releaseAngleDeg: 50, releaseTimeMs: 500, followThroughHoldMs: 600, balanceScore: 90 };
    expect(readAnalysis(toFeedback(feedbackFromMetrics(inRange)!), inRange).areas.every((a) => a.judgement === 'good')).toBe(true);
  });
});
