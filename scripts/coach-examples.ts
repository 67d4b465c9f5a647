// `npm run coach:examples`: writes libs/chat/src/coach/act-examples.json, the act classifier's
// labelled questions, and guard-examples.json, every tuned message labelled as a question about
// the shot, another subject or an attempt to change the coach, from the coach eval's tuned sets. Never from the held-out set: what the
// coach learns from must stay apart from what it is judged on.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EvalAct, HELD_OUT_FILES, readConversations, TUNED_FILES } from './coach-eval';

/** The acts a player's words carry on their own (a follow-up, a greeting or a guard is read otherwise). */
const CLASSIFIED: EvalAct[] = ['meaning', 'is-it-good', 'why', 'fix-first', 'top-three', 'drill', 'how-long', 'compare', 'summary', 'feelings'];

// A tuned question that a held-out one repeats word for word is left out: the classifier's score
// on the held-out set must not be its memory. (The held-out questions are compared, never shown.)
const heldOut = new Set(readConversations(HELD_OUT_FILES).flatMap((c) => c.turns.map((t) => t.question.toLowerCase().trim())));
const seen = new Set<string>(heldOut);
const seenByGuards = new Set<string>(heldOut);
const examples: { question: string; act: EvalAct }[] = [];
const guardExamples: { question: string; label: 'shot' | 'off-topic' | 'injection' }[] = [];
for (const turn of readConversations(TUNED_FILES).flatMap((c) => c.turns)) {
  const key = turn.question.toLowerCase().trim();
  if (!seenByGuards.has(key)) {
    seenByGuards.add(key);
    guardExamples.push({ question: turn.question, label: turn.act === 'off-topic' ? 'off-topic' : turn.act === 'manipulation' ? 'injection' : 'shot' });
  }
  if (!CLASSIFIED.includes(turn.act) || seen.has(key)) continue;
  seen.add(key);
  examples.push({ question: turn.question, act: turn.act });
}
const note =
  "Players' questions labelled with the act they ask for: the act classifier's examples. Taken from the coach eval's tuned sets (eval/coach/tuned-acts.json and dev-acts*.json), never from the held-out set. Regenerate with `npm run coach:examples` after the tuned sets change.";
writeFileSync(join(__dirname, '..', 'libs', 'chat', 'src', 'coach', 'act-examples.json'), `${JSON.stringify({ note, examples }, null, 1)}\n`);
const guardNote =
  "Players' messages labelled as a question about the shot, another subject (off-topic) or an attempt to change the coach (injection): the guard classifier's examples. Taken from the coach eval's tuned sets, never from the held-out set. Regenerate with `npm run coach:examples` after the tuned sets change.";
writeFileSync(
  join(__dirname, '..', 'libs', 'chat', 'src', 'coach', 'guard-examples.json'),
  `${JSON.stringify({ note: guardNote, examples: guardExamples }, null, 1)}\n`,
);
console.log(`${examples.length} labelled questions and ${guardExamples.length} labelled messages written`);
