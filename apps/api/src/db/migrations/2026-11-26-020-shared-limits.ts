import type { Kysely } from 'kysely';

/**
 * Limits every server of one shop shares (issue 17): the sign-in and reset throttles
 * (lib/throttle.ts) and the per-address request counts of public calls (plugins/rate-limits.ts).
 * Times are milliseconds since the epoch (bigint): they are compared with the app's clock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttles')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    // The wait the last failure started (0 while failures are still free); the next doubles it.
    .addColumn('wait_ms', 'bigint', (col) => col.notNull())
    .addColumn('blocked_until', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('throttles_updated').on('throttles').column('updated_at').execute();

  await db.schema
    .createTable('request_counts')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('window_ends', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('request_counts_window').on('request_counts').column('window_ends').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_counts').execute();
  await db.schema.dropTable('throttles').execute();
}
