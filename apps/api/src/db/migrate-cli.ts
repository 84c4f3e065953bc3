import { loadConfig } from '../config';
import { createDb, migrateToLatest } from './create-db';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const handle = createDb(config);
try {
  await migrateToLatest(handle.db);
  process.stdout.write(`Database migrated (${handle.engine}).\n`);
} finally {
  await handle.close();
}
