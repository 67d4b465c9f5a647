// `npm run coach:ask -- <player> "question" ["follow-up" ...]`: plays one conversation with the
// built-in coach about one analysis of eval/coach/analyses.json (late-release, elbow-flare,
// short-follow-through, balance, flat-arc, summary-only, short-shots, steady) and prints each
// answer, so a reply can be read without starting the site.
import { ChatTurn } from '@swishly/chat';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalCoach } from './coach-eval';

async function main() {
  const [player, ...questions] = process.argv.slice(2);
  const analyses = JSON.parse(readFileSync(join(__dirname, '..', 'eval', 'coach', 'analyses.json'), 'utf8'));
  if (!analyses[player] || questions.length === 0) {
    console.error(`Usage: npm run coach:ask -- <${Object.keys(analyses).join('|')}> "question" ["follow-up" ...]`);
    process.exit(2);
  }
  const coach = evalCoach(process.env, false);
  const history: ChatTurn[] = [];
  for (const question of questions) {
    let answer = '';
    for await (const piece of coach.reply(analyses[player], history, question, undefined, false)) answer += piece;
    console.log(`Q: ${question}\nA: ${answer}\n`);
    history.push({ sender: 'user', content: question }, { sender: 'bot', content: answer });
  }
}

void main();
