#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the API (serving the site) and the worker on PORT (default 3000).
// `npm run start:api` / `npm run start:worker` run one of them.
const { buildWhatIsMissing, ensureMachine, loadDotEnv, runProcesses } = require('./lib');

loadDotEnv();
const which = process.argv[2] ? [process.argv[2]] : ['api', 'worker'];
ensureMachine('postgres', 'redis');
buildWhatIsMissing();
console.log(`Starting ${which.join(' and ')} on port ${process.env.PORT ?? 3000}...`);
runProcesses(which);
process.on('all-stopped', (code) => process.exit(code));
