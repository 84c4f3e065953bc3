import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { BulkEditItemsTable, BulkEditsTable } from '../../db/schema';

/** The product columns a bulk edit may set (api.md §13), as `bulk_edit_items` keeps them. */
export const editableColumns = [
  'price',
  'old_price',
  'discount',
  'count_in_stock',
  'is_featured',
  'cat_id',
  'sub_cat_id',
] as const;
export type EditableColumn = (typeof editableColumns)[number];
export type EditableValues = { [C in EditableColumn]: number | string | null };
export type EditableRow = EditableValues & { id: string; updated_at: string };
export type BulkItem = Insertable<BulkEditItemsTable>;
export type BulkItemRow = Selectable<BulkEditItemsTable>;

/** Ids per statement: well under either engine's limit on bound values (an item binds 16). */
export const batchSize = 500;

/** The editable columns of these products, with when each last changed. */
export function editableRows(db: Db, ids: readonly string[]): Promise<EditableRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select(['id', 'updated_at', ...editableColumns])
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertBulkEdit(db: Db, row: Insertable<BulkEditsTable>): Promise<void> {
  await db.insertInto('bulk_edits').values(row).execute();
}

export async function setBulkProducts(db: Db, id: string, products: number): Promise<void> {
  await db.updateTable('bulk_edits').set({ products }).where('id', '=', id).execute();
}

export function findBulkEdit(db: Db, id: string) {
  return db.selectFrom('bulk_edits').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks the edit undone, once: true for the one caller that did (on PostgreSQL a second undo
 * waits for the first's row lock, then finds it undone).
 */
export async function claimUndo(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('bulk_edits')
    .set({ undone_at: at })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertItems(db: Db, items: BulkItem[]): Promise<void> {
  if (items.length > 0) await db.insertInto('bulk_edit_items').values(items).execute();
}

/** The products an edit changed, in id order. */
export async function itemProductIds(db: Db, bulkId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bulk_edit_items')
    .select('product_id')
    .where('bulk_id', '=', bulkId)
    .orderBy('product_id')
    .execute();
  return rows.map((row) => row.product_id);
}

export function itemsOf(db: Db, bulkId: string, productIds: readonly string[]): Promise<BulkItemRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bulk_edit_items')
    .selectAll()
    .where('bulk_id', '=', bulkId)
    .where('product_id', 'in', [...productIds])
    .execute();
}

/** Which of these categories exist (a category in the trash does not). */
export async function existingCategories(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * One set-based write per batch: these products take the values their items hold, the edit's
 * (`after`) or the ones before it (`before`, the undo), for the edited columns only. Category
 * names are the categories' own, as a product saved now would have them; `updated_at` is `at`.
 * Column names come from `editableColumns`, never from a request.
 */
export async function writeItemValues(
  db: Db,
  bulkId: string,
  productIds: readonly string[],
  columns: readonly EditableColumn[],
  side: 'after' | 'before',
  at: string,
): Promise<void> {
  if (productIds.length === 0) return;
  const from = (column: EditableColumn) => sql.ref(side === 'after' ? `i.after_${column}` : `i.${column}`);
  const sets = columns.map((column) => sql`${sql.ref(column)} = ${from(column)}`);
  if (columns.includes('cat_id')) {
    sets.push(sql`cat_name = (select c.name from categories c where c.id = ${from('cat_id')})`);
  }
  if (columns.includes('sub_cat_id')) {
    sets.push(sql`sub_cat_name = coalesce((select c.name from categories c where c.id = ${from('sub_cat_id')}), '')`);
  }
  sets.push(sql`updated_at = ${at}`);
  await sql`update products set ${sql.join(sets)} from bulk_edit_items i
    where i.bulk_id = ${bulkId} and i.product_id = products.id and products.id in (${sql.join([...productIds])})`.execute(
    db,
  );
}

/** The names of these products that exist, by id (a bulk delete's trash entries are named after them). */
export async function productNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let start = 0; start < ids.length; start += batchSize) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('id', 'in', ids.slice(start, start + batchSize))
      .execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

/** Edits made before `before` (ISO), oldest first: what the prune removes next. */
export async function bulkEditsBefore(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bulk_edits')
    .select('id')
    .where('at', '<', before)
    .orderBy('at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Removes these edits and what their undo kept. */
export async function deleteBulkEdits(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('bulk_edit_items')
    .where('bulk_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('bulk_edits')
    .where('id', 'in', [...ids])
    .execute();
}
