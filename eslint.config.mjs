// The linter, run by `npm test` before Jest (and alone by `npm run lint`). Besides the usual
// TypeScript rules it holds the house's boundaries (README, "Architecture"):
// - libs/platform is at the bottom: it imports no business module and no app;
// - a business module reaches another only through that module's index.ts, and no public module
//   imports the back office (admin);
// - apps import libs, never each other; libs never import apps;
// - in the frontend, a feature never imports another feature (a page composing several lives
//   in app/), and the shared layers (components/, lib/, hooks/, config/, content/) import no
//   feature and nothing from app/.
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

const dirs = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
// libs/business-modules only lists the modules for the two apps (through their index.ts).
const businessModules = dirs('./libs/').filter((name) => name !== 'platform' && name !== 'business-modules');
const features = dirs('./frontend/src/features/');

const zones = [
  {
    target: './libs/platform',
    from: [...businessModules.map((m) => `./libs/${m}`), './apps'],
    message: 'libs/platform is the bottom layer: it knows no business module and no app.',
  },
  { target: './libs', from: './apps', message: 'A lib never imports an app.' },
  {
    target: businessModules.map((m) => `./libs/${m}`),
    from: './libs/business-modules',
    message: 'The module list is for the apps: a module never imports it.',
  },
  { target: './apps/api', from: './apps/worker', message: 'Apps never import each other: share through a lib.' },
  { target: './apps/worker', from: './apps/api', message: 'Apps never import each other: share through a lib.' },
  {
    target: businessModules.filter((m) => m !== 'admin').map((m) => `./libs/${m}`),
    from: './libs/admin',
    message: 'The back office (admin) uses the public modules, never the other way round.',
  },
  ...businessModules.flatMap((module) =>
    businessModules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `./libs/${module}`,
        from: `./libs/${other}`,
        except: ['./src/index.ts'],
        message: `Reach the ${other} module through its index.ts (@swishly/${other}).`,
      })),
  ),
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./frontend/src/features/${feature}`,
        from: `./frontend/src/features/${other}`,
        message: 'A feature never imports another feature: compose them in app/, or move what they share to components/, lib/ or hooks/.',
      })),
  ),
  {
    target: ['./frontend/src/components', './frontend/src/lib', './frontend/src/hooks', './frontend/src/config', './frontend/src/content'],
    from: ['./frontend/src/features', './frontend/src/app'],
    message: 'Shared layers import no feature and nothing from app/.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'frontend/dist/', 'node_modules/', 'coverage/', 'playwright-report/', 'test-results/', 'data/', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['./tsconfig.json', './frontend/tsconfig.app.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
