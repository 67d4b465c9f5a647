// The server compiled for the tests that start the API and the worker as processes
// (test/utils/worker-process.ts): each file transpiled by SWC, with no type check (the
// typecheck stage does that), into data/test-build/ in dist/'s layout. A process started from
// it loads in a fraction of the time one that compiles TypeScript on start takes, and Jest
// builds it once per run, only when a source is newer than the build.
const { transformFile } = require('@swc/core');
const { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');
const { root } = require('./lib');

const OUT = join(root, 'data', 'test-build');
const STAMP = join(OUT, '.built');
const SOURCES = ['apps', 'libs'];
/** What the server imports from the frontend (tsconfig.json's paths). */
const FRONTEND_FILES = ['frontend/src/config/site-pages.ts', 'frontend/src/config/site-config.ts', 'frontend/src/content/people.ts'];

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(tsx?|json)$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function sources() {
  return [...SOURCES.flatMap((dir) => filesUnder(join(root, dir))), ...FRONTEND_FILES.map((file) => join(root, file))];
}

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
};

const { compilerOptions } = JSON.parse(require('node:fs').readFileSync(join(root, 'tsconfig.json'), 'utf8'));

const swcOptions = (filename) => ({
  filename,
  sourceMaps: 'inline',
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: filename.endsWith('.tsx') },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
    // @swishly/* become relative paths in the output, as tsc-alias does for dist/.
    baseUrl: root,
    paths: compilerOptions.paths,
  },
  module: { type: 'commonjs' },
});

/** Builds what is missing; answers the build's directory. Seconds spent are printed when it builds. */
async function buildForTests() {
  const files = sources();
  const newest = Math.max(...files.map(mtime), mtime(join(root, 'tsconfig.json')));
  if (mtime(STAMP) >= newest) return OUT;
  const started = Date.now();
  // Eight at a time: the transforms run on SWC's own threads.
  for (let start = 0; start < files.length; start += 8) {
    await Promise.all(
      files.slice(start, start + 8).map(async (file) => {
        const target = join(OUT, relative(root, file)).replace(/\.tsx?$/, '.js');
        mkdirSync(dirname(target), { recursive: true });
        if (file.endsWith('.json')) return copyFileSync(file, target.replace(/\.js$/, '.json'));
        const { code } = await transformFile(file, swcOptions(file));
        writeFileSync(target, code);
      }),
    );
  }
  writeFileSync(STAMP, new Date().toISOString());
  console.log(`Built the server for process tests in ${((Date.now() - started) / 1000).toFixed(1)} s (${files.length} files, ${relative(root, OUT)})`);
  return OUT;
}

module.exports = { buildForTests, TEST_BUILD: OUT };

if (require.main === module)
  buildForTests().catch((error) => {
    console.error(error);
    process.exit(1);
  });
