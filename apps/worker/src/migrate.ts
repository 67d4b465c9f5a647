import { MODULE_MIGRATIONS } from '@swishly/business-modules';
import { loadConfig, prepareDatabase } from '@swishly/platform';

/** `npm run db:migrate` (and the Kubernetes migration Job): creates the database if missing and applies every pending migration. */
async function main() {
  const config = loadConfig();
  const applied = await prepareDatabase(config.DATABASE_URL, MODULE_MIGRATIONS);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
