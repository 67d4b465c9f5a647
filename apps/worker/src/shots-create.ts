import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { SHOT_CODE, SHOT_KINDS, ShotKind, ShotRecordsService } from '@swishly/events';
import { loadConfig, prepareDatabase } from '@swishly/platform';
import { MODULE_MIGRATIONS, MODULE_SETTINGS } from '@swishly/business-modules';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { WorkerModule } from './worker.module';

const USAGE = `Usage: npm run shots:create -- --kind hbf|shot --code CODE [--file data.json]
  data.json holds { "shot_data": ..., "metrics": { ... } } (either or both), or the shot_data itself:
  a text, or { "shotRating": 0-10, "form": "...", "release": "...", "followThrough": "...", "tips": ["..."] }.`;

/** What --file holds: `{ shot_data?, metrics? }`, or the shot_data alone. */
function readData(file: string | undefined): { shot_data?: unknown; metrics?: unknown } {
  if (!file) return {};
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (data && typeof data === 'object' && ('shot_data' in data || 'metrics' in data)) return data as { shot_data?: unknown; metrics?: unknown };
  return { shot_data: data };
}

/** `npm run shots:create`: records a shot analysis under a code, as POST /api/shots does for the booth and the app. */
async function main() {
  const { values } = parseArgs({ options: { kind: { type: 'string' }, code: { type: 'string' }, file: { type: 'string' } } });
  if (!(SHOT_KINDS as readonly string[]).includes(values.kind ?? '') || !SHOT_CODE.test(values.code ?? '')) {
    console.error(USAGE);
    process.exit(2);
  }
  const data = readData(values.file);
  const config = { ...loadConfig(process.env, MODULE_SETTINGS), LOG_LEVEL: 'warn' as const };
  if (config.MIGRATE_ON_START) await prepareDatabase(config.DATABASE_URL, MODULE_MIGRATIONS);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, 'cli'), { logger: ['error', 'warn'] });
  try {
    const kind = values.kind as ShotKind;
    const record = await app.get(ShotRecordsService).record({ kind, code: values.code!, ...data }, { actorType: 'system' });
    const path = kind === 'hbf' ? 'hbf' : 'shot';
    console.log(`Recorded ${kind} shot ${record.code}: ${config.PUBLIC_URL.replace(/\/$/, '')}/${path}/${encodeURIComponent(record.code)}`);
    if (data.shot_data === undefined && data.metrics === undefined)
      console.warn('No --file given: the record has no analysis, so its feedback page will show an error.');
  } catch (error) {
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
