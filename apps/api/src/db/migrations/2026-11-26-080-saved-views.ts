import type { Kysely } from 'kysely';

/**
 * Saved views (api.md §16, issue 20): a list screen's URL parameters under a name, kept for its
 * owner or shared with the team. `query` is JSON text (an object of strings).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('screen', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    // Case-folded name: one owner's views of a screen have different names.
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('shared', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('saved_views_owner_name')
    .unique()
    .on('saved_views')
    .columns(['owner_id', 'screen', 'name_key'])
    .execute();
  await db.schema.createIndex('saved_views_screen_shared').on('saved_views').columns(['screen', 'shared']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_views').execute();
}
