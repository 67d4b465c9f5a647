// `npm run coach:pages -- <dir>`: writes what a player sees of each analysis of
// eval/coach/analyses.json (its rating, texts, tips, measurements with the page's judgement and
// the first focus, as the feedback page reads them through readAnalysis) to <dir>, as
// analysis-pages.md and analyses.json. A new held-out set is written from that directory alone,
// by someone who never reads the coach's code or the tuned sets.
import { AREA_METRICS, measurementText, readAnalysis, SHOT_AREAS, TARGETS } from '@swishly/events';
import type { CoachContext } from '@swishly/chat';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const AREA_NAMES = {
  elbow: 'Elbow at the set point',
  release: 'Release time',
  arc: 'Release angle (arc)',
  followThrough: 'Follow-through hold',
  balance: 'Balance',
};
const RANGES = [
  `- Elbow at the set point: ${TARGETS.elbowAngleDeg.min}-${TARGETS.elbowAngleDeg.max}°`,
  `- Release angle (arc): ${TARGETS.releaseAngleDeg.min}-${TARGETS.releaseAngleDeg.max}°`,
  `- Release time (catch to release): ${TARGETS.releaseTimeMs.max} ms or quicker`,
  `- Follow-through hold: ${TARGETS.followThroughHoldMs.min} ms or longer`,
  `- Balance: ${TARGETS.balanceScore.min}/100 or more`,
];

function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: npm run coach:pages -- <dir>');
    process.exit(2);
  }
  const file = join(__dirname, '..', 'eval', 'coach', 'analyses.json');
  const analyses: Record<string, CoachContext> = JSON.parse(readFileSync(file, 'utf8'));
  const pages = ['# The eight analyses, as each player sees them on their feedback page', '', '## The ranges the page measures against', ...RANGES, ''];
  for (const [player, { firstName, feedback, metrics }] of Object.entries(analyses)) {
    const reading = readAnalysis(feedback, metrics);
    pages.push(`## Player "${player}": ${firstName}`, '');
    pages.push(feedback.shotRating === null ? '- Shot rating: none given' : `- Shot rating: ${feedback.shotRating}/10`);
    if (metrics?.makes !== undefined) pages.push(`- Made ${metrics.makes} of ${metrics.makes + metrics.misses} shots`);
    for (const [label, text] of [
      ['Summary', feedback.summary],
      ['Form', feedback.form],
      ['Release', feedback.release],
      ['Follow-through', feedback.followThrough],
    ])
      if (text) pages.push(`- ${label}: ${text}`);
    if (feedback.tips?.length) pages.push('- Tips, in order:', ...feedback.tips.map((tip: string, i: number) => `  ${i + 1}. ${tip}`));
    const measured = SHOT_AREAS.filter((area) => metrics?.[AREA_METRICS[area]] !== undefined && metrics?.[AREA_METRICS[area]] !== null);
    if (measured.length || reading.areas.length) pages.push("- Measurements and the page's judgement:");
    for (const area of measured) {
      const judged = reading.areas.find((a) => a.area === area)?.judgement ?? 'not judged';
      pages.push(`  - ${AREA_NAMES[area]}: ${measurementText(area, metrics[AREA_METRICS[area]])} (${judged})`);
    }
    for (const area of reading.areas.filter((a) => !measured.includes(a.area))) pages.push(`  - ${AREA_NAMES[area.area]}: not measured (${area.judgement})`);
    pages.push(`- First focus: ${reading.priorities[0]?.text ?? 'nothing to fix: keep it as it is'}`);
    if (reading.priorities.length > 1)
      pages.push(
        `- Then: ${reading.priorities
          .slice(1)
          .map((p) => p.text)
          .join('; ')}`,
      );
    pages.push('');
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'analysis-pages.md'), pages.join('\n'));
  writeFileSync(join(dir, 'analyses.json'), JSON.stringify(analyses, null, 2));
  console.log(`Wrote ${join(dir, 'analysis-pages.md')} and analyses.json`);
}

main();
