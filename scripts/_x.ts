import { actsOf } from '../libs/chat/src/coach/acts';
for (const m of process.argv.slice(2)) console.log(JSON.stringify(actsOf(m)), m);
