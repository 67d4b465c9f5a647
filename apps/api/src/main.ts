import 'reflect-metadata';
import { loadConfig, prepareDatabase } from '@swishly/platform';
import { MODULE_SETTINGS } from '@swishly/business-modules';
import { createApiApp } from './bootstrap';

async function main() {
  const config = loadConfig(process.env, MODULE_SETTINGS);
  if (config.MIGRATE_ON_START) await prepareDatabase(config.DATABASE_URL);
  const app = await createApiApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
