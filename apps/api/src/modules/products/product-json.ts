import { bumpCounter, counterNames, readCounter } from '../../db/counters';
import type { Db } from '../../db/create-db';
import { type ProductRow, selectProducts, toProduct } from './products.repository';

/**
 * A list page is the API's hottest answer. Each product's answer text is stored beside its
 * sort keys in `product_list` (see that table's migration), so a page is 25 stored texts
 * joined with commas: no row objects, no parsing of the stored lists, no serializing. The
 * text is made by this one function, from `toProduct`, the one mapping of a stored product to
 * the contract's shape; when that shape changes, a migration empties the stored texts and the
 * next start writes them again from here (storeMissingProductJsonOnce).
 */
export const productText = (row: ProductRow): string => JSON.stringify(toProduct(row));

/** Which products' stored texts to write again. */
export type ProductJsonTarget =
  | { productId: string }
  /** Several products (a bulk edit's batch of ids). */
  | { productIds: readonly string[] }
  | { categoryId: string }
  | { missing: true };

/** Products written per statement (a long category stays many short statements). */
const batchSize = 1000;

/** The list rows (sort keys and stored text) of these product rows, inserted or written again. */
async function storeListRows(db: Db, rows: ProductRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('product_list')
    .values(
      rows.map((row) => ({
        id: row.id,
        cat_id: row.cat_id,
        name: row.name,
        price: row.price,
        rating: row.rating,
        count_in_stock: row.count_in_stock,
        json: productText(row),
      })),
    )
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        cat_id: eb.ref('excluded.cat_id'),
        name: eb.ref('excluded.name'),
        price: eb.ref('excluded.price'),
        rating: eb.ref('excluded.rating'),
        count_in_stock: eb.ref('excluded.count_in_stock'),
        json: eb.ref('excluded.json'),
      })),
    )
    .execute();
}

/**
 * Writes the list rows of a product, of every product in a category or sub category, or of
 * every product that has none (after a bulk load or a migration): after any write to a
 * product, and to a category's name, colour or images. Batches follow the id, so each
 * statement stays short.
 */
export async function storeProductJson(db: Db, target: ProductJsonTarget): Promise<void> {
  let after = '';
  for (;;) {
    let query = selectProducts(db).where('p.id', '>', after).orderBy('p.id').limit(batchSize);
    if ('productId' in target) query = query.where('p.id', '=', target.productId);
    else if ('productIds' in target) {
      if (target.productIds.length === 0) return;
      query = query.where('p.id', 'in', [...target.productIds]);
    } else if ('categoryId' in target) {
      query = query.where((eb) =>
        eb.or([eb('p.cat_id', '=', target.categoryId), eb('p.sub_cat_id', '=', target.categoryId)]),
      );
    } else {
      query = query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('product_list as l')
              .select('l.id')
              .whereRef('l.id', '=', 'p.id')
              .where('l.json', 'is not', null),
          ),
        ),
      );
    }
    const rows = await query.execute();
    await storeListRows(db, rows);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = last.id;
  }
}

/**
 * At start and after migrating: texts for rows that have none, once (a marker counter says it
 * is done; every later write stores its own text), so a start does not scan the catalogue
 * each time. A migration that changes the shape empties the texts and the marker.
 */
export async function storeMissingProductJsonOnce(db: Db): Promise<void> {
  if ((await readCounter(db, counterNames.productJsonStored)) > 0) return;
  await storeProductJson(db, { missing: true });
  await bumpCounter(db, counterNames.productJsonStored, 1);
}

/** These products' texts, in the order of the ids: stored, or made from the product where none is stored yet. */
export async function productTexts(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const stored = await db.selectFrom('product_list').select(['id', 'json']).where('id', 'in', ids).execute();
  const byId = new Map<string, string>();
  for (const row of stored) if (row.json !== null) byId.set(row.id, row.json);
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    for (const row of await selectProducts(db).where('p.id', 'in', missing).execute())
      byId.set(row.id, productText(row));
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface PageNumbers {
  totalPages: number;
  page: number;
  perPage: number;
  totalCount: number;
}

/** `productPageSchema` as text, from product texts joined with commas. */
export function productPageJson(products: string, numbers: PageNumbers): string {
  return `{"products":[${products}],"totalPages":${numbers.totalPages},"page":${numbers.page},"perPage":${numbers.perPage},"totalCount":${numbers.totalCount}}`;
}
