/** Unit and integration tests (real Postgres and Redis). Browser tests are Playwright's: see playwright.config.ts. */
const { readdirSync } = require('node:fs');

/** Every lib is `@swishly/<its folder>` (tsconfig.json's paths). */
const aliases = readdirSync(`${__dirname}/libs`);

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // content-disposition (used by @fastify/static) ships ESM only; Node 20.19+ loads it, Jest needs it compiled.
  // So do the Kubernetes schema models of test/deploy-schemas.spec.ts (and is-cidr, which they
  // use), which the resolver below finds under their `import` export condition. So do the
  // audited hash and Base32 libraries otplib (staff's second factor) is built on.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|kubernetes-models|@kubernetes-models|is-cidr|cidr-regex|@noble|@scure)/)'],
  resolver: '<rootDir>/test/utils/jest-resolver.js',
  moduleNameMapper: {
    ...Object.fromEntries(
      aliases.flatMap((name) => [
        [`^@swishly/${name}$`, `<rootDir>/libs/${name}/src`],
        [`^@swishly/${name}/(.*)$`, `<rootDir>/libs/${name}/src/$1`],
      ]),
    ),
    // The site's route table, shared with the frontend (tsconfig.json paths).
    '^@swishly/site-pages$': '<rootDir>/frontend/src/config/site-pages.ts',
    // What the server hands the site, and the people it quotes (its production warning reads them).
    '^@swishly/site-config$': '<rootDir>/frontend/src/config/site-config.ts',
    '^@swishly/people$': '<rootDir>/frontend/src/content/people.ts',
  },
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // A suite's first hook starts its own API and worker on a fresh database: seconds alone, over a
  // minute when npm test runs the browser tests, the checks and Jest together on two cores.
  testTimeout: 120_000,
  maxWorkers: 2,
};
