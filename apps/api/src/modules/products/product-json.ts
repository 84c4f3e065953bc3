import { type RawBuilder, sql } from 'kysely';
import { bumpCounter, counterNames, readCounter } from '../../db/counters';
import type { Db, Engine } from '../../db/create-db';

/**
 * List pages are the API's hottest answers. Their products are written as JSON by the
 * database itself (one text per row, exactly the contract's `productSchema`: same names,
 * same types, lists stored as JSON already), so a page costs no row objects, no parsing of
 * the stored lists, no response validation and no walk over the answer to rewrite image
 * paths. `product-json.test.ts` holds this equal to `toProduct` + the zod schema.
 */
function productJson(engine: Engine): RawBuilder<string> {
  if (engine === 'postgres') {
    return sql<string>`json_build_object(
      'id', p.id, '_id', p.id, 'name', p.name, 'description', p.description, 'brand', p.brand,
      'price', p.price, 'oldPrice', p.old_price, 'catId', p.cat_id, 'catName', p.cat_name,
      'category', case when c.id is null then null else json_build_object(
        '_id', p.cat_id, 'id', p.cat_id, 'name', c.name, 'color', c.color, 'images', c.images::json) end,
      'subCat', p.sub_cat_name, 'subCatId', coalesce(p.sub_cat_id, ''), 'subCatName', p.sub_cat_name,
      'countInStock', p.count_in_stock, 'rating', p.rating, 'isFeatured', p.is_featured = 1,
      'discount', p.discount, 'productRam', p.product_ram::json, 'size', p.size::json,
      'productWeight', p.product_weight::json, 'location', p.location::json, 'images', p.images::json,
      'dateCreated', p.created_at)::text`;
  }
  return sql<string>`json_object(
      'id', p.id, '_id', p.id, 'name', p.name, 'description', p.description, 'brand', p.brand,
      'price', p.price, 'oldPrice', p.old_price, 'catId', p.cat_id, 'catName', p.cat_name,
      'category', case when c.id is null then null else json_object(
        '_id', p.cat_id, 'id', p.cat_id, 'name', c.name, 'color', c.color, 'images', json(c.images)) end,
      'subCat', p.sub_cat_name, 'subCatId', coalesce(p.sub_cat_id, ''), 'subCatName', p.sub_cat_name,
      'countInStock', p.count_in_stock, 'rating', p.rating, 'isFeatured', json(iif(p.is_featured = 1, 'true', 'false')),
      'discount', p.discount, 'productRam', json(p.product_ram), 'size', json(p.size),
      'productWeight', json(p.product_weight), 'location', json(p.location), 'images', json(p.images),
      'dateCreated', p.created_at)`;
}

/** Which products' stored texts to write again. */
export type ProductJsonTarget = { productId: string } | { categoryId: string };

/**
 * A product's list row (`product_list`, see its migration): its sort keys and stored answer
 * text, made from the product and its category (every product has one: cat_id is a required
 * foreign key), inserted or written again.
 */
function storeListRows(engine: Engine, which: RawBuilder<unknown>) {
  return sql`insert into product_list (id, cat_id, name, price, rating, json)
    select p.id, p.cat_id, p.name, p.price, p.rating, ${productJson(engine)}
    from products as p join categories as c on c.id = p.cat_id where ${which}
    on conflict (id) do update set cat_id = excluded.cat_id, name = excluded.name, price = excluded.price,
      rating = excluded.rating, json = excluded.json`;
}

/**
 * Writes the list row of a product, or of every product in a category or sub category: after
 * any write to a product, and to a category's name, colour or images.
 */
export async function storeProductJson(db: Db, engine: Engine, target: ProductJsonTarget): Promise<void> {
  const which =
    'productId' in target
      ? sql`p.id = ${target.productId}`
      : sql`(p.cat_id = ${target.categoryId} or p.sub_cat_id = ${target.categoryId})`;
  await storeListRows(engine, which).execute(db);
}

/** Products written per statement when filling texts in bulk (each statement stays short). */
const fillBatch = 5000;

/** List rows for the products that have none, or no text yet (after a bulk load), a batch per statement. */
export async function storeMissingProductJson(db: Db, engine: Engine): Promise<void> {
  for (;;) {
    const missing = sql`p.id in (select m.id from products as m left join product_list as l on l.id = m.id
      where l.json is null limit ${fillBatch})`;
    const result = await storeListRows(engine, missing).execute(db);
    if (Number(result.numAffectedRows ?? 0) === 0) return;
  }
}

/**
 * At start and after migrating: texts for rows from before they were stored, once (a marker
 * counter says it is done; every later write stores its own text), so a start does not scan
 * the catalogue each time.
 */
export async function storeMissingProductJsonOnce(db: Db, engine: Engine): Promise<void> {
  if ((await readCounter(db, counterNames.productJsonStored)) > 0) return;
  await storeMissingProductJson(db, engine);
  await bumpCounter(db, counterNames.productJsonStored, 1);
}

/** The products with these ids as JSON texts, in the order of the ids (stored texts; built when missing). */
export async function productJsonByIds(db: Db, engine: Engine, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.cat_id')
    .leftJoin('product_list as l', 'l.id', 'p.id')
    .select(['p.id', sql<string>`coalesce(l.json, ${productJson(engine)})`.as('json')])
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.json]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface PageNumbers {
  totalPages: number;
  page: number;
  perPage: number;
  totalCount: number;
}

/** `productPageSchema` as text, from product JSON texts joined with commas. */
export function productPageJson(products: string, numbers: PageNumbers): string {
  const { before, after } = productPageParts(numbers);
  return before + products + after;
}

/** The page's text before and after its products' texts. */
export function productPageParts(numbers: PageNumbers): { before: string; after: string } {
  return {
    before: '{"products":[',
    after: `],"totalPages":${numbers.totalPages},"page":${numbers.page},"perPage":${numbers.perPage},"totalCount":${numbers.totalCount}}`,
  };
}
