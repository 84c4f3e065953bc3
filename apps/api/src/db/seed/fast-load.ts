import { sql } from 'kysely';
import type { DbHandle } from '../create-db';

/**
 * A bulk load has nothing to lose to a power cut (run it again), so on SQLite the seed alone
 * skips the fsyncs and gets a large page cache; the server's own connection keeps FULL.
 */
export function fastLoad(handle: DbHandle): () => void {
  const raw = handle.sqlite;
  if (!raw) return () => {};
  const synchronous = raw.pragma('synchronous', { simple: true });
  const cacheSize = raw.pragma('cache_size', { simple: true });
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  return () => {
    raw.pragma(`synchronous = ${Number(synchronous)}`);
    raw.pragma(`cache_size = ${Number(cacheSize)}`);
  };
}

/**
 * Leaves the store ready to serve: planner statistics, and (PostgreSQL) the visibility map
 * index-only scans need. The big tables were written frozen (COPY … FREEZE, see BulkLoader),
 * so VACUUM skips their pages and this costs about what ANALYZE alone does; it still covers
 * the tables loaded without FREEZE (customers, categories).
 */
export async function settle(handle: DbHandle): Promise<void> {
  const raw = handle.sqlite;
  if (raw) {
    raw.exec('analyze');
    // Fold the write-ahead log into the database file so the server does not replay it at start.
    raw.pragma('wal_checkpoint(TRUNCATE)');
  } else {
    await sql`vacuum (analyze)`.execute(handle.db);
  }
}
