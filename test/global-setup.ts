import { join } from 'node:path';
import { loadConfig, register } from 'tsconfig-paths';
import { serverUrl } from './utils/database';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script, shared with the command line
const { buildForTests } = require('../scripts/build-for-tests');

/**
 * Migrates one template database per run; every test file clones it (fast, isolated). Builds
 * the server the process tests start (scripts/build-for-tests.js), when a source changed.
 */
export default async function globalSetup(): Promise<void> {
  await buildForTests();
  // Jest's module mapper does not apply here: resolve @swishly/* through tsconfig.json's paths.
  const paths = loadConfig(join(__dirname, '..'));
  if (paths.resultType === 'success') register({ baseUrl: paths.absoluteBaseUrl, paths: paths.paths });
  const { MODULE_MIGRATIONS } = await import('@swishly/business-modules');
  const { prepareDatabase } = await import('@swishly/platform');

  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const template = `swishly_test_${runId}_template`;
  process.env.TEST_RUN_ID = runId;
  process.env.TEST_TEMPLATE_DB = template;
  await prepareDatabase(serverUrl(template), MODULE_MIGRATIONS);
}
