import { type RawBuilder, sql } from 'kysely';
import type { Db, Engine } from '../../db/create-db';
import { isLowStock, matchExpression, type ProductRow, selectProducts } from './products.repository';

/** What the export (and a bulk edit's "every product matching") selects: the list's category, search's words. */
export interface ProductFilter {
  catId?: string | undefined;
  /** Search words (`searchWords`): every one must match as a prefix, as `/api/search` matches. */
  words?: string[] | undefined;
  /** Only the low products (api.md §15); the shop's default line for those without their own. */
  lowStockDefault?: number | undefined;
}

/** The filter as conditions on `products as p`: the list's root category, search's full-text match. */
function conditions(engine: Engine, filter: ProductFilter): Array<RawBuilder<boolean>> {
  const all: Array<RawBuilder<boolean>> = [];
  if (filter.catId !== undefined) all.push(sql<boolean>`p.cat_id = ${filter.catId}`);
  if (filter.lowStockDefault !== undefined) all.push(isLowStock(filter.lowStockDefault, 'p'));
  if (filter.words !== undefined) {
    const match = matchExpression(engine, filter.words);
    all.push(
      engine === 'postgres'
        ? sql<boolean>`p.search @@ to_tsquery('simple', ${match})`
        : sql<boolean>`p.rowid in (select rowid from products_fts where products_fts match ${match})`,
    );
  }
  return all;
}

/**
 * The next page of products after `after` (an id; '' for the first) in id order, matching the
 * filter: keyset paging along the primary key, so every page costs the same however deep, and
 * no statement stays open between pages (SQLite's one connection serves other requests in
 * between). Trashed products are not in `products` at all.
 */
export function productPageAfter(
  db: Db,
  engine: Engine,
  filter: ProductFilter,
  after: string,
  limit: number,
): Promise<ProductRow[]> {
  let query = selectProducts(db).where('p.id', '>', after);
  for (const condition of conditions(engine, filter)) query = query.where(condition);
  return query.orderBy('p.id').limit(limit).execute();
}

/** The ids of the products matching the filter, in id order, at most `limit` (a bulk edit's selection). */
export async function matchingProductIds(
  db: Db,
  engine: Engine,
  filter: ProductFilter,
  limit: number,
): Promise<string[]> {
  let query = db.selectFrom('products as p').select('p.id');
  for (const condition of conditions(engine, filter)) query = query.where(condition);
  const rows = await query.orderBy('p.id').limit(limit).execute();
  return rows.map((row) => row.id);
}
