import path from 'node:path';
import { loadConfig } from '../config';
import { backupSqlite } from '../db/backup';
import { sqliteFile } from '../db/create-db';

/**
 * `npm run db:backup -- <file>` (in a production install: `node apps/api/dist/backup-cli.js
 * <file>`): an online backup of the SQLite database of DATA_DIR into a new file, while the
 * server runs. PostgreSQL has its own tool (pg_dump); images and jwt-secret are files to copy.
 * docs/operations.md has the whole procedure and the restore.
 */
const target = process.argv[2];
if (!target || target.startsWith('-')) {
  process.stderr.write('Usage: npm run db:backup -- <file>   (a new file: an existing one is never overwritten)\n');
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl) {
  process.stderr.write(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump -Fc -d "$DATABASE_URL" -f shopdesk.dump (docs/operations.md).\n',
  );
  process.exit(2);
}
const source = sqliteFile(config.dataDir);
const started = Date.now();
try {
  const { pages, bytes } = await backupSqlite(source, path.resolve(target));
  const megabytes = (bytes / 1_048_576).toFixed(1);
  process.stdout.write(
    `Backed up ${source} to ${path.resolve(target)}: ${pages} pages, ${megabytes} MB, in ${Date.now() - started} ms (integrity check: ok).\n`,
  );
} catch (error) {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
