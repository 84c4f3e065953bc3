import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { ProductsTable } from '../../db/schema';
import { nameKeyOf } from '../categories/categories.repository';
import { valueKeyOf } from '../option-values/option-values.repository';
import type { ProductValues } from './products.repository';

/** The SQL of an import's batches: a few statements of many rows each, never one per row where it can be helped. */

/** Rows per insert statement: well under either engine's bound on values in one statement. */
const rowsPerInsert = 200;
const idsPerRead = 500;

export const storedColumns = [
  'id',
  'name',
  'description',
  'brand',
  'price',
  'old_price',
  'cat_id',
  'cat_name',
  'sub_cat_id',
  'sub_cat_name',
  'count_in_stock',
  'rating',
  'is_featured',
  'discount',
  'product_ram',
  'size',
  'product_weight',
  'location',
  'images',
] as const;
export type StoredProduct = Pick<Selectable<ProductsTable>, (typeof storedColumns)[number]>;

export async function storedProducts(db: Db, ids: readonly string[]): Promise<Map<string, StoredProduct>> {
  const found = new Map<string, StoredProduct>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += idsPerRead) {
    const rows = await db
      .selectFrom('products')
      .select(storedColumns)
      .where('id', 'in', unique.slice(start, start + idsPerRead))
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

export function allCategories(db: Db) {
  return db.selectFrom('categories').select(['id', 'name', 'parent_id']).execute();
}

export function allOptionValues(db: Db) {
  return db.selectFrom('option_values').select(['family', 'value_key']).execute();
}

export async function insertCategories(
  db: Db,
  rows: ReadonlyArray<{ id: string; name: string; parentId: string | null }>,
  now: string,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('categories')
    .values(
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        name_key: nameKeyOf(row.name),
        slug: row.name,
        color: '',
        images: '[]',
        parent_id: row.parentId,
        parent_key: row.parentId ?? '',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** New option values; one another writer added meanwhile is left as it is. */
export async function insertOptionValues(
  db: Db,
  rows: ReadonlyArray<{ id: string; family: string; value: string }>,
  now: string,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('option_values')
    .values(
      rows.map((row) => ({
        id: row.id,
        family: row.family,
        value: row.value,
        value_key: valueKeyOf(row.value),
        created_at: now,
      })),
    )
    .onConflict((conflict) => conflict.columns(['family', 'value_key']).doNothing())
    .execute();
}

export async function insertProducts(
  db: Db,
  rows: ReadonlyArray<{ id: string; values: ProductValues }>,
  now: string,
): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    await db
      .insertInto('products')
      .values(
        rows
          .slice(start, start + rowsPerInsert)
          .map((row) => ({ ...row.values, id: row.id, created_at: now, updated_at: now })),
      )
      .execute();
  }
}

export async function updateProducts(
  db: Db,
  rows: ReadonlyArray<{ id: string; values: ProductValues }>,
  now: string,
): Promise<void> {
  for (const row of rows) {
    await db
      .updateTable('products')
      .set({ ...row.values, updated_at: now })
      .where('id', '=', row.id)
      .execute();
  }
}
