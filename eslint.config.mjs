// The linter, run by `npm test` before Jest (and alone by `npm run lint`). Besides the usual
// TypeScript rules it holds the house's boundaries (README, "Architecture"):
// - libs/platform is at the bottom: it imports no business module and no app;
// - a business module reaches another only through that module's index.ts, and no public module
//   imports the back office (admin);
// - apps import libs, never each other; libs never import apps;
// - in the frontend, a feature never imports another feature (a page composing several lives
//   in app/), and the shared layers (components/, lib/, hooks/, config/, content/) import no
//   feature and nothing from app/;
// - each area of the back office (features/admin/<area>: auth, waitlist, resources...) is a
//   feature of its own: it imports no other area and no other feature, only the admin shell
//   (features/admin/shell: the admin's frame, navigation and shared kit), which imports no area.
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
// libs/business-modules only lists the modules for the two apps (through their index.ts).
const businessModules = dirs('./libs/').filter((name) => name !== 'platform' && name !== 'business-modules');
// The frontend's features: each folder of features/ but admin, which is several: each of its areas
// is a feature, beside the shell that they all may use (features/admin/shell).
const features = dirs('./frontend/src/features/')
  .filter((name) => name !== 'admin')
  .map((name) => `./frontend/src/features/${name}`);
const adminAreas = dirs('./frontend/src/features/admin/')
  .filter((name) => name !== 'shell')
  .map((name) => `./frontend/src/features/admin/${name}`);
const featuresApart = 'A feature never imports another feature: compose them in app/, or move what they share to components/, lib/ or hooks/.';

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
  // The admin's shell included: it is the admin areas' kit.
  ...features.map((feature) => ({
    target: feature,
    from: [...features.filter((other) => other !== feature), './frontend/src/features/admin'],
    message: featuresApart,
  })),
  ...adminAreas.map((area) => ({ target: area, from: features, message: featuresApart })),
  ...adminAreas.map((area) => ({
    target: area,
    from: adminAreas.filter((other) => other !== area),
    message: 'An admin area never imports another: compose them in app/, or move what they share to the admin shell (features/admin/shell).',
  })),
  {
    target: './frontend/src/features/admin/shell',
    from: [...features, ...adminAreas],
    message: 'The admin shell imports no admin area and no other feature: the areas use it, never the other way round.',
  },
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
