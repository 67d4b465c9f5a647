// `npm run coach:examples`: writes libs/chat/src/coach/act-examples.json, the act classifier's
// labelled questions, from the coach eval's tuned sets. Never from the held-out set: what the
// coach learns from must stay apart from what it is judged on.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Conversation, EvalAct } from './coach-eval';
import { readFileSync } from 'node:fs';

const TUNED = ['tuned-acts.json', 'dev-acts.json', 'dev-acts-2.json'];
/** The acts a player's words carry on their own (a follow-up, a greeting or a guard is read otherwise). */
const CLASSIFIED: EvalAct[] = ['meaning', 'is-it-good', 'why', 'fix-first', 'top-three', 'drill', 'how-long', 'compare', 'summary', 'feelings'];

const seen = new Set<string>();
const examples: { question: string; act: EvalAct }[] = [];
for (const file of TUNED) {
  const { conversations } = JSON.parse(readFileSync(join(__dirname, '..', 'eval', 'coach', file), 'utf8')) as { conversations: Conversation[] };
  for (const turn of conversations.flatMap((c) => c.turns)) {
    if (!CLASSIFIED.includes(turn.act) || seen.has(turn.question.toLowerCase())) continue;
    seen.add(turn.question.toLowerCase());
    examples.push({ question: turn.question, act: turn.act });
  }
}
const note =
  "Players' questions labelled with the act they ask for: the act classifier's examples. Taken from the coach eval's tuned sets (eval/coach/tuned-acts.json, dev-acts.json, dev-acts-2.json), never from the held-out set. Regenerate with `npm run coach:examples` after the tuned sets change.";
writeFileSync(join(__dirname, '..', 'libs', 'chat', 'src', 'coach', 'act-examples.json'), `${JSON.stringify({ note, examples }, null, 1)}\n`);
console.log(`${examples.length} labelled questions written`);
