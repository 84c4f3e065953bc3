import type { Kysely } from 'kysely';

/**
 * Each temporary upload records the bytes its image holds in the store, so an account's
 * temporary store can be bounded in bytes as well as in files (UPLOAD_STAGING_MB). Entries
 * from before count 0: they leave within a day (the sweep drops older entries).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('temp_uploads')
    .addColumn('bytes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('temp_uploads').dropColumn('bytes').execute();
}
