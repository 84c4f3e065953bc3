import type { Kysely } from 'kysely';

/**
 * The trash (api.md §12, issue 18): a delete moves the record's rows here, as a JSON snapshot,
 * and removes them from the live tables in the same transaction, so every list, count, search
 * and summary leaves a trashed record out without a filter of its own. A restore puts the rows
 * back; a purge (by hand or once `purge_at` passes) drops the snapshot and the record's files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trash')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // api.md §11's names: product, category, productRAMS, …, homeBottomBanners.
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text', (col) => col.notNull())
    // The staff account that deleted it; accounts are deactivated, never deleted.
    .addColumn('deleted_by', 'text')
    .addColumn('purge_at', 'text', (col) => col.notNull())
    // [{table, rows}] in the order they are put back (parents first).
    .addColumn('data', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('trash_purge_at').on('trash').column('purge_at').execute();
  await db.schema.createIndex('trash_entity_deleted_at').on('trash').columns(['entity', 'deleted_at']).execute();
  // A product's restore looks for its category's entry by the category's id.
  await db.schema.createIndex('trash_entity_id').on('trash').columns(['entity_id', 'entity']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trash').execute();
}
