import type { Kysely } from 'kysely';

/**
 * Bulk edits of products (api.md §13, issue 19) and what their undo needs. `bulk_edits` holds
 * one row per edit: when it wrote (`at`, the `updated_at` it gave every product it changed),
 * who, and which product columns it set (`fields`, a JSON list). `bulk_edit_items` holds, per
 * product it changed, the values of those columns before and after (`after_*`), as columns
 * rather than JSON so that the edit and its undo are each one `UPDATE … FROM` per batch of ids.
 * A product whose `updated_at` or edited columns no longer match what the edit wrote has been
 * changed since: its undo leaves it alone (`skipped`).
 *
 * Orders get an index on (created_at, id): the orders export (`from`/`to` days) reads a date
 * range in pages along it instead of scanning every order.
 */
const valueColumns = [
  ['price', 'double precision'],
  ['old_price', 'double precision'],
  ['discount', 'double precision'],
  ['count_in_stock', 'integer'],
  ['is_featured', 'integer'],
  ['cat_id', 'text'],
  ['sub_cat_id', 'text'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bulk_edits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text')
    .addColumn('fields', 'text', (col) => col.notNull())
    .addColumn('products', 'integer', (col) => col.notNull())
    .addColumn('undone_at', 'text')
    .execute();
  let items = db.schema
    .createTable('bulk_edit_items')
    .addColumn('bulk_id', 'text', (col) => col.notNull().references('bulk_edits.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (col) => col.notNull());
  for (const [name, type] of valueColumns) items = items.addColumn(name, type).addColumn(`after_${name}`, type);
  await items.addPrimaryKeyConstraint('bulk_edit_items_pk', ['bulk_id', 'product_id']).execute();
  await db.schema.createIndex('orders_created_at').on('orders').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_created_at').execute();
  await db.schema.dropTable('bulk_edit_items').execute();
  await db.schema.dropTable('bulk_edits').execute();
}
