import { prepareDatabase } from '../libs/platform/src/database/database';
import { serverUrl } from './utils/database';

/** Migrates one template database per run; every test file clones it (fast, isolated). */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const template = `swishly_test_${runId}_template`;
  process.env.TEST_RUN_ID = runId;
  process.env.TEST_TEMPLATE_DB = template;
  await prepareDatabase(serverUrl(template));
}
