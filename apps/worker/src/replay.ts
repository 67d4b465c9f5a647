import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig, prepareDatabase, ReplayService } from '@swishly/platform';
import { MODULE_MIGRATIONS, MODULE_SETTINGS } from '@swishly/business-modules';
import { WorkerModule } from './worker.module';

/** `npm run events:replay`: rebuilds every read model from the event log. */
async function main() {
  const config = { ...loadConfig(process.env, MODULE_SETTINGS), LOG_LEVEL: 'warn' as const };
  await prepareDatabase(config.DATABASE_URL, MODULE_MIGRATIONS);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, 'cli'), { logger: ['error', 'warn'] });
  const { events, tables } = await app.get(ReplayService).replayAll();
  console.log(`Replayed ${events} events into ${tables.length} tables: ${tables.join(', ')}`);
  await app.close();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
