import { loadConfig } from '../../config/config';
import { prepareDatabase } from '../database';

async function main() {
  const config = loadConfig();
  const applied = await prepareDatabase(config.DATABASE_URL);
  console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
