import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/create-db';
import { storeMissingProductJsonOnce } from '../modules/products/product-json';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const handle = createDb(config);
try {
  await migrateToLatest(handle.db);
  // Product answer texts for rows from before they were stored (else the first start writes them).
  await storeMissingProductJsonOnce(handle.db);
  process.stdout.write(`Database migrated (${handle.engine}).\n`);
} finally {
  await handle.close();
}
