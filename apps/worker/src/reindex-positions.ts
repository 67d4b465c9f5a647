import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '@swishly/platform';
import { MODULE_SETTINGS } from '@swishly/business-modules';
import { PositionsService } from '@swishly/waitlist';
import { WorkerModule } from './worker.module';

/** `npm run waitlist:reindex`: rebuilds the Redis sorted set of waitlist positions from Postgres. */
async function main() {
  const config = { ...loadConfig(process.env, MODULE_SETTINGS), LOG_LEVEL: 'warn' as const };
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, 'cli'), { logger: ['error', 'warn'] });
  const started = Date.now();
  const total = await app.get(PositionsService).rebuild();
  console.log(`Indexed ${total} waitlist positions in ${Date.now() - started} ms`);
  await app.close();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
