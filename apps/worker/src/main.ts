import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { setPriority } from 'node:os';
import { loadConfig, prepareDatabase } from '@swishly/platform';
import { MODULE_MIGRATIONS, MODULE_SETTINGS } from '@swishly/business-modules';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module';

async function main() {
  const config = loadConfig(process.env, MODULE_SETTINGS);
  // Below the API on a shared machine (npm start, one VM): visitors' requests come first.
  if (config.WORKER_NICE > 0) setPriority(config.WORKER_NICE);
  const applied = config.MIGRATE_ON_START ? await prepareDatabase(config.DATABASE_URL, MODULE_MIGRATIONS) : [];
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  for (const name of applied) app.get(Logger).log(`Applied migration ${name}`, 'Migrations');
  // SIGTERM/SIGINT: stop taking jobs, let running ones finish (SHUTDOWN_TIMEOUT_MS), then exit.
  // Should anything still hang after that, the process leaves anyway: a job cut off rolls back
  // and runs again elsewhere once its lock expires.
  app.enableShutdownHooks();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 5000).unref());
  }
  await app.init();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
