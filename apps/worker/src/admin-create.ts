import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AuthService } from '@swishly/admin';
import { loadConfig, prepareDatabase } from '@swishly/platform';
import { MODULE_SETTINGS } from '@swishly/business-modules';
import { parseArgs } from 'node:util';
import { WorkerModule } from './worker.module';

const USAGE = 'Usage: npm run admin:create -- --email admin@example.com --password "a long passphrase"';

/** `npm run admin:create -- --email E --password P`: creates an admin, or sets a new password for an existing one. */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  if (!values.email || !values.password) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = { ...loadConfig(process.env, MODULE_SETTINGS), LOG_LEVEL: 'warn' as const };
  // The documented first step on a new machine: the database may not exist yet.
  if (config.MIGRATE_ON_START) await prepareDatabase(config.DATABASE_URL);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, 'cli'), { logger: ['error', 'warn'] });
  try {
    const { user, created } = await app.get(AuthService).createOrResetAdmin(values.email, values.password, { actorType: 'system' });
    console.log(created ? `Created admin ${user.email}` : `Set a new password for ${user.email} (its sessions were signed out)`);
  } catch (error) {
    // A refused password (too short, too common) is an HttpException with the rule's message.
    const message = (error as { response?: { message?: string } }).response?.message;
    if (!message) throw error;
    console.error(`Refused: ${message}`);
    process.exitCode = 2;
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
