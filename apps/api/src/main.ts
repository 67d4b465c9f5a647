import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig, prepareDatabase, SettingsOf } from '@swishly/platform';
import { MODULE_MIGRATIONS, MODULE_SETTINGS } from '@swishly/business-modules';
import { ContentSettings, missingContentWarning } from '@swishly/content';
import { createApiApp } from './bootstrap';

async function main() {
  const config = loadConfig(process.env, MODULE_SETTINGS);
  const applied = config.MIGRATE_ON_START ? await prepareDatabase(config.DATABASE_URL, MODULE_MIGRATIONS) : [];
  const app = await createApiApp(config);
  for (const name of applied) Logger.log(`Applied migration ${name}`, 'Migrations');
  // In production, one warning naming what visitors do not see yet (legal identity, stores, people).
  const missing = missingContentWarning(config.NODE_ENV, app.get<SettingsOf<typeof ContentSettings>>(ContentSettings.token));
  if (missing) Logger.warn(missing, 'Content');
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.NODE_ENV === 'development' ? `http://localhost:${config.PORT}` : config.PUBLIC_URL;
  Logger.log(`Ready at ${url} (API docs at ${url.replace(/\/$/, '')}/api/docs)`, 'Api');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
