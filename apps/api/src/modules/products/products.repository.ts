import type { Product } from '@shopdesk/contract';
import { type Insertable, sql } from 'kysely';
import type { Db, Engine } from '../../db/create-db';
import type { ProductsTable } from '../../db/schema';
import type { PageMarks } from './page-marks';
import { type PageRead, type PageRows, pageOf } from './page-rows';

const productColumns = [
  'p.id',
  'p.name',
  'p.description',
  'p.brand',
  'p.price',
  'p.old_price',
  'p.cat_id',
  'p.cat_name',
  'p.sub_cat_id',
  'p.sub_cat_name',
  'p.count_in_stock',
  'p.low_stock_threshold',
  'p.rating',
  'p.is_featured',
  'p.discount',
  'p.product_ram',
  'p.size',
  'p.product_weight',
  'p.location',
  'p.images',
  'p.created_at',
  'c.name as category_name',
  'c.color as category_color',
  'c.images as category_images',
] as const;

export function selectProducts(db: Db) {
  return db.selectFrom('products as p').leftJoin('categories as c', 'c.id', 'p.cat_id').select(productColumns);
}
export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['executeTakeFirstOrThrow']>>;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description,
    brand: row.brand,
    price: row.price,
    oldPrice: row.old_price,
    catId: row.cat_id,
    catName: row.cat_name,
    category:
      row.category_name === null
        ? null
        : {
            _id: row.cat_id,
            id: row.cat_id,
            name: row.category_name,
            color: row.category_color ?? '',
            images: JSON.parse(row.category_images ?? '[]') as string[],
          },
    subCat: row.sub_cat_name,
    subCatId: row.sub_cat_id ?? '',
    subCatName: row.sub_cat_name,
    countInStock: row.count_in_stock,
    lowStockThreshold: row.low_stock_threshold,
    rating: row.rating,
    isFeatured: row.is_featured === 1,
    discount: row.discount,
    productRam: JSON.parse(row.product_ram) as string[],
    size: JSON.parse(row.size) as string[],
    productWeight: JSON.parse(row.product_weight) as string[],
    location: JSON.parse(row.location) as Product['location'],
    images: JSON.parse(row.images) as string[],
    dateCreated: row.created_at,
  };
}

/** The rows for these ids, in the order of the ids. */
export async function productsByIds(db: Db, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where('p.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, toProduct(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findProduct(db: Db, id: string): Promise<Product | undefined> {
  const row = await selectProducts(db).where('p.id', '=', id).executeTakeFirst();
  return row ? toProduct(row) : undefined;
}

const sortColumns = {
  dateCreated: 'id',
  name: 'name',
  price: 'price',
  rating: 'rating',
  countInStock: 'count_in_stock',
} as const;

export interface PageSpec {
  catId?: string | undefined;
  /** Only the low products (lowProductsQuery): few next to the catalogue, paged by offset. */
  low?: LowProducts | undefined;
  sort: keyof typeof sortColumns;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** What a page read uses: the database, how page rows are read and the page marks (all in AppContext). */
export interface PageReader {
  db: Db;
  pageRows: PageRows;
  marks: PageMarks;
}

/**
 * A page of products: their stored answer texts joined in page order, or their ids when one has
 * no stored text yet (a row written before texts were stored; the caller makes the answers from
 * the products). Rows come
 * from `product_list` (see its migration) by an index walk in the sort's own order (each sort
 * has an index ending in id), ordered by SQL (`page-rows.ts`). A deep page starts from the
 * nearest page mark (`page-marks.ts`), so it skips fewer than a mark step of index entries,
 * never the whole catalogue before it.
 */
export async function pageProducts(
  { db, pageRows, marks }: PageReader,
  spec: PageSpec,
  version: number,
): Promise<PageRead> {
  const column = sortColumns[spec.sort];
  if (spec.low) return pageLowProducts(db, spec, spec.low);
  const start = await marks.markFor(
    version,
    { catId: spec.catId, column, order: spec.order, perPage: spec.limit },
    spec.offset,
  );
  return pageRows({
    catId: spec.catId,
    column,
    order: spec.order,
    limit: spec.limit,
    from: start?.mark,
    skip: start ? start.skip : spec.offset,
  });
}

/**
 * The one low-stock rule in SQL (api.md §15): stock at or below the product's own line, or the
 * shop's default for a product with none. `table`: the alias the products are read under.
 */
export function isLowStock(lowStockDefault: number, table?: string) {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<boolean>`${column('count_in_stock')} <= coalesce(${column('low_stock_threshold')}, ${lowStockDefault})`;
}

/**
 * The low products (api.md §15: `count_in_stock <= coalesce(low_stock_threshold, default)`),
 * optionally of one root category, as a query of their ids. It follows the (count_in_stock, id)
 * index and stops at the highest line any product has (an index max on low_stock_threshold):
 * it reads the products at or below that stock, not the catalogue.
 */
export async function lowProductsQuery(db: Db, lowStockDefault: number, catId?: string) {
  const highest = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('low_stock_threshold').as('line'))
    .executeTakeFirst();
  const bound = Math.max(lowStockDefault, Number(highest?.line ?? 0));
  let query = db
    .selectFrom('products')
    .select('id')
    .where('count_in_stock', '<=', bound)
    .where(isLowStock(lowStockDefault));
  if (catId) query = query.where('cat_id', '=', catId);
  return query;
}
type LowProducts = Awaited<ReturnType<typeof lowProductsQuery>>;

/** The low products, lowest stock first (then by id). */
export async function lowStockProducts(db: Db, lowStockDefault: number, limit?: number): Promise<Product[]> {
  const low = await lowProductsQuery(db, lowStockDefault);
  let query = selectProducts(db).where('p.id', 'in', low).orderBy('p.count_in_stock').orderBy('p.id');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map(toProduct);
}

export async function countLowProducts(low: LowProducts): Promise<number> {
  const row = await low
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the low products in the list's own sort (name, price, rating or creation), from `product_list`. */
async function pageLowProducts(db: Db, spec: PageSpec, low: LowProducts): Promise<PageRead> {
  const column = sortColumns[spec.sort];
  let query = db.selectFrom('product_list').select(['id', 'json']).where('id', 'in', low);
  if (column !== 'id') query = query.orderBy(column, spec.order);
  return pageOf(await query.orderBy('id', spec.order).limit(spec.limit).offset(spec.offset).execute());
}

/** Products in one category (an index range count, not a table scan). */
export async function countProductsInCategory(db: Db, catId: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('cat_id', '=', catId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countProductsUsingCategories(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => eb.or([eb('cat_id', 'in', ids), eb('sub_cat_id', 'in', ids)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Search words: letters and digits only, so nothing a user types reaches the query syntax. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** The full-text query for these words (each a prefix), in the engine's syntax: search and the export share it. */
export function matchExpression(engine: Engine, words: string[]) {
  return engine === 'postgres' ? words.map((w) => `${w}:*`).join(' & ') : words.map((w) => `"${w}"*`).join(' ');
}

/** Ranked ids of products matching every word as a prefix (name weighs most, then brand, category, description). */
export async function searchProductIds(db: Db, engine: Engine, words: string[], limit: number, offset: number) {
  const match = matchExpression(engine, words);
  const result =
    engine === 'postgres'
      ? await sql<{ id: string }>`select id from products where search @@ to_tsquery('simple', ${match})
          order by ts_rank(search, to_tsquery('simple', ${match})) desc, id limit ${limit} offset ${offset}`.execute(db)
      : await sql<{ id: string }>`select p.id from (select rowid from products_fts where products_fts match ${match}
          order by bm25(products_fts, 10.0, 5.0, 3.0, 1.0), rowid limit ${limit} offset ${offset}) f
          join products p on p.rowid = f.rowid`.execute(db);
  return result.rows.map((row) => row.id);
}

/**
 * Ranking every match costs time in proportion to the matches (bm25 reads each one's column
 * sizes), so a common word ("pro": 10% of 100k products) took ~10 ms. Past this many matches
 * results come by column tier instead (every word in the name, then within name or brand,
 * then also the category, then anywhere), each tier in catalogue order: the index stops after
 * one page instead of ranking thousands.
 */
export const exactRankLimit = 1000;
const tierColumns = ['{name}', '{name brand}', '{name brand cat_name}'];

function tierMatch(engine: Engine, words: string[], tier: number): string {
  if (engine === 'postgres') {
    const weights = ['A', 'AB', 'ABC'][tier];
    const within = (w: string) => words.map((word) => `${word}:*${w}`).join(' & ');
    if (tier === 0) return within('A');
    const previous = ['A', 'AB', 'ABC'][tier - 1] as string;
    const all = weights ? within(weights) : words.map((word) => `${word}:*`).join(' & ');
    return `(${all}) & !(${within(previous)})`;
  }
  const phrases = `(${words.map((w) => `"${w}"*`).join(' ')})`;
  const within = (t: number) => `${tierColumns[t]} : ${phrases}`;
  if (tier === 0) return within(0);
  return `(${tier < tierColumns.length ? within(tier) : phrases}) NOT (${within(tier - 1)})`;
}

/** Ids by column tier (see exactRankLimit), paged across the tiers. */
export async function searchProductIdsByTier(db: Db, engine: Engine, words: string[], limit: number, offset: number) {
  const ids: string[] = [];
  let skip = offset;
  for (let tier = 0; tier <= tierColumns.length && ids.length < limit; tier += 1) {
    const match = tierMatch(engine, words, tier);
    if (skip > 0) {
      const inTier = await countMatch(db, engine, match);
      if (skip >= inTier) {
        skip -= inTier;
        continue;
      }
    }
    const want = limit - ids.length;
    const result =
      engine === 'postgres'
        ? await sql<{ id: string }>`select id from products where search @@ to_tsquery('simple', ${match})
            order by id limit ${want} offset ${skip}`.execute(db)
        : await sql<{ id: string }>`select p.id from (select rowid from products_fts where products_fts match ${match}
            order by rowid limit ${want} offset ${skip}) f join products p on p.rowid = f.rowid order by f.rowid`.execute(
            db,
          );
    ids.push(...result.rows.map((row) => row.id));
    skip = 0;
  }
  return ids;
}

async function countMatch(db: Db, engine: Engine, match: string): Promise<number> {
  const result =
    engine === 'postgres'
      ? await sql<{
          count: number;
        }>`select count(*) as count from products where search @@ to_tsquery('simple', ${match})`.execute(db)
      : await sql<{
          count: number;
        }>`select count(*) as count from products_fts where products_fts match ${match}`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

export async function countSearch(db: Db, engine: Engine, words: string[]): Promise<number> {
  return countMatch(db, engine, matchExpression(engine, words));
}

export type ProductValues = Omit<Insertable<ProductsTable>, 'id' | 'created_at' | 'updated_at'>;

export async function insertProduct(db: Db, id: string, values: ProductValues, now: string): Promise<void> {
  await db
    .insertInto('products')
    .values({ ...values, id, created_at: now, updated_at: now })
    .execute();
}

export async function updateProduct(db: Db, id: string, values: ProductValues, now: string): Promise<void> {
  await db
    .updateTable('products')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Keeps the stored category names of products in step when a category is renamed. */
export async function renameCategoryOnProducts(db: Db, categoryId: string, name: string): Promise<void> {
  await db.updateTable('products').set({ cat_name: name }).where('cat_id', '=', categoryId).execute();
  await db.updateTable('products').set({ sub_cat_name: name }).where('sub_cat_id', '=', categoryId).execute();
}
