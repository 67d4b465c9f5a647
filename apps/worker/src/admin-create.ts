import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AuthService, isStaffRole } from '@swishly/admin';
import { loadConfig, prepareDatabase } from '@swishly/platform';
import { MODULE_MIGRATIONS, MODULE_SETTINGS } from '@swishly/business-modules';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { WorkerModule } from './worker.module';

const USAGE = `Usage: npm run admin:create -- --email admin@example.com [--role owner|admin|marketing|ops|editor]
  A new account is an owner unless --role says otherwise (the first account should be an owner:
  owners invite everyone else from /admin/staff). An existing account keeps its role.
  The password is asked for (not echoed), or read from standard input when it is piped in
  (echo "$PASSWORD" | npm run admin:create -- --email ...). --password P also works, but leaves
  it in the shell's history.`;

/** The password from a hidden prompt on a terminal, else the first line of standard input. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    return input.split(/\r?\n/)[0] ?? '';
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing of what is typed after the prompt.
  (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
    if (text.includes('Password')) process.stdout.write(text);
  };
  const password = await new Promise<string>((resolve) => rl.question('Password for the new admin: ', resolve));
  rl.close();
  process.stdout.write('\n');
  return password;
}

/** `npm run admin:create -- --email E`: creates an admin, or sets a new password for an existing one. */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } } });
  const role = values.role ?? 'owner';
  if (!values.email || !isStaffRole(role)) {
    console.error(USAGE);
    process.exit(2);
  }
  const password = values.password ?? (await readPassword());
  if (!password) {
    console.error(`No password given.\n${USAGE}`);
    process.exit(2);
  }
  const config = { ...loadConfig(process.env, MODULE_SETTINGS), LOG_LEVEL: 'warn' as const };
  // The documented first step on a new machine: the database may not exist yet.
  if (config.MIGRATE_ON_START) await prepareDatabase(config.DATABASE_URL, MODULE_MIGRATIONS);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, 'cli'), { logger: ['error', 'warn'] });
  try {
    const { user, created } = await app.get(AuthService).createOrResetAdmin(values.email, password, { actorType: 'system' }, role);
    console.log(created ? `Created ${user.email} (${user.role})` : `Set a new password for ${user.email} (its sessions were signed out)`);
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
