#!/usr/bin/env node
// `npm run graph`: draws the import graph (dependency-cruiser) of the backend, by app and lib, and
// of the frontend, by layer and feature (each admin area one), into docs/import-graph.md
// (Mermaid: GitHub renders it). An arrow is "imports". The rules themselves are enforced by ESLint
// (eslint.config.mjs).
const { execFileSync } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { root } = require('./lib');

const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const draw = (cwd, args) => execFileSync(depcruise, ['--no-config', '--output-type', 'mermaid', ...args], { cwd, encoding: 'utf8' }).trim();

const backend = draw(root, [
  'apps',
  'libs',
  '--ts-config',
  'tsconfig.json',
  '--include-only',
  '^(apps|libs)',
  '--exclude',
  '\\.spec\\.ts$',
  '--collapse',
  '^(apps|libs)/[^/]+',
]);
const frontend = draw(join(root, 'frontend'), [
  'src',
  '--ts-config',
  'tsconfig.app.json',
  '--include-only',
  '^src/',
  '--exclude',
  '(\\.css|\\.d\\.ts)$',
  '--collapse',
  '^src/(features/admin/[^/]+|features/[^/]+|[^/]+)',
]);

writeFileSync(
  join(root, 'docs', 'import-graph.md'),
  `# Import graph

Written by \`npm run graph\` (dependency-cruiser); an arrow means "imports". The boundaries it shows
are enforced by \`npm run lint\` (eslint.config.mjs): platform at the bottom, modules meeting only
through their \`index.ts\` (and admin using waitlist, never the other way round), apps on top; in
the frontend, features apart (each admin area one, sharing only the admin shell), composed in
\`app/\`, the shared layers importing no feature.

## Backend (apps and libs)

\`\`\`mermaid
${backend}
\`\`\`

## Frontend (layers and features)

\`\`\`mermaid
${frontend}
\`\`\`
`,
);
console.log('Wrote docs/import-graph.md');
