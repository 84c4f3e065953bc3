import {
  type LowStockProduct,
  type Product,
  type ProductListQuery,
  productFormSchema,
  productMessages,
} from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { bumpCounter, bumpCounters, counterNames, readCounter } from '../../db/counters';
import type { Caller } from '../../lib/caller';
import { forbidden, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { ownUploads } from '../../lib/own-uploads';
import { findCategory } from '../categories/categories.repository';
import { moveToTrash, rowsOf } from '../trash/trash.repository';
import { trashMove } from '../trash/trash-move';
import { productPageJson, productTexts, storeProductJson } from './product-json';
import * as repo from './products.repository';

const defaultPerPage = 10_000;
/**
 * Pages kept in memory per list and search: the first ones, which staff open again and again.
 * Deeper pages are read each time (they are cheap: page marks and stored texts); keeping them
 * would only churn memory when someone walks the whole catalogue.
 */
const keptPages = 10;

/** A list or search page as the JSON text sent (`productPageSchema`), and the catalogue version it was made from. */
export interface PageAnswer {
  json: string;
  version: number;
}

const numbersOf = (totalCount: number, page: number, perPage: number) => ({
  totalPages: Math.ceil(totalCount / perPage),
  page,
  perPage,
  totalCount,
});

/** The page made by `make`, kept per catalogue version when among the first `keptPages`. */
function keptPage(ctx: AppContext, key: string, version: number, page: number, make: () => Promise<string>) {
  return page > keptPages ? make() : ctx.catalogue.answer(key, version, make);
}

/** A page of products (creation order unless sorted); optionally one root category. */
export async function listProducts(ctx: AppContext, query: ProductListQuery): Promise<PageAnswer> {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? defaultPerPage;
  const sort = query.sort ?? 'dateCreated';
  const order = query.order ?? 'asc';
  const lowStock = query.lowStock === 'true';
  const { count: catalogue, version } = await ctx.catalogue.current();
  const key = `list\u0000${query.catId ?? ''}\u0000${lowStock ? 'low' : ''}\u0000${sort}\u0000${order}\u0000${page}\u0000${perPage}`;
  const json = await keptPage(ctx, key, version, page, async () => {
    // Low products only (api.md §15): counted and paged by the query that finds them.
    const low = lowStock ? await repo.lowProductsQuery(ctx.db, ctx.config.lowStockThreshold, query.catId) : undefined;
    const totalCount = low
      ? await repo.countLowProducts(low)
      : query.catId
        ? await repo.countProductsInCategory(ctx.db, query.catId)
        : catalogue;
    const offset = (page - 1) * perPage;
    const spec = { catId: query.catId, low, sort, order, limit: perPage, offset };
    const read = offset >= totalCount ? { texts: '' } : await repo.pageProducts(ctx, spec, version);
    const texts = read.texts ?? (await productTexts(ctx.db, read.ids)).join(',');
    return productPageJson(texts, numbersOf(totalCount, page, perPage));
  });
  return { json, version };
}

/**
 * `GET /api/products/lowStock` (api.md §15): every low product, lowest stock first, with the line
 * it is measured against; with `limit`, the first `limit` of them. Trashed products are out of
 * `products`, so out of this list too.
 */
export async function listLowStock(ctx: AppContext, limit?: number): Promise<LowStockProduct[]> {
  const fallback = ctx.config.lowStockThreshold;
  const low = await repo.lowStockProducts(ctx.db, fallback, limit);
  return low.map((product) => ({ ...product, lowStockLine: product.lowStockThreshold ?? fallback }));
}

export async function getProduct(ctx: AppContext, id: string): Promise<Product> {
  const product = await repo.findProduct(ctx.db, id);
  if (!product) throw notFound(productMessages.notFound);
  return product;
}

/** Validates in the spec's order, then resolves the category and sub category from the database. */
async function productValues(ctx: AppContext, body: unknown): Promise<repo.ProductValues> {
  const input = productFormSchema.parse(body);
  const category = await findCategory(ctx.db, input.category);
  if (!category || category.parent_id) throw notFound(productMessages.invalidCategory);
  const images = ownUploads(input.images);
  let subCategory: Awaited<ReturnType<typeof findCategory>>;
  if (input.subCatId) {
    subCategory = await findCategory(ctx.db, input.subCatId);
    // A sub category of this product's category, not of another one.
    if (subCategory?.parent_id !== category.id) throw notFound(productMessages.invalidSubCategory);
  }
  return {
    name: input.name,
    description: input.description,
    brand: input.brand,
    price: input.price,
    old_price: input.oldPrice,
    cat_id: category.id,
    cat_name: category.name,
    sub_cat_id: subCategory?.id ?? null,
    sub_cat_name: subCategory?.name ?? '',
    count_in_stock: input.countInStock,
    // Null: the product follows the shop's default (LOW_STOCK_THRESHOLD); not sent: left as it is.
    ...(input.lowStockThreshold === undefined ? {} : { low_stock_threshold: input.lowStockThreshold }),
    rating: input.rating,
    is_featured: input.isFeatured ? 1 : 0,
    discount: input.discount,
    product_ram: JSON.stringify(input.productRam),
    size: JSON.stringify(input.size),
    product_weight: JSON.stringify(input.productWeight),
    location: JSON.stringify(input.location),
    images: JSON.stringify(images),
  };
}

export async function createProduct(ctx: AppContext, body: unknown): Promise<Product> {
  const values = await productValues(ctx, body);
  const id = newId();
  await ctx.transaction(async (trx) => {
    await repo.insertProduct(trx, id, values, nowIso(ctx.clock));
    await storeProductJson(trx, { productId: id });
    await bumpCounter(trx, counterNames.products, 1);
    await bumpCounter(trx, counterNames.productsVersion, 1);
    return id;
  });
  return getProduct(ctx, id);
}

export async function updateProduct(ctx: AppContext, id: string, body: unknown): Promise<Product> {
  await getProduct(ctx, id);
  const values = await productValues(ctx, body);
  await ctx.transaction(async (trx) => {
    await repo.updateProduct(trx, id, values, nowIso(ctx.clock));
    await storeProductJson(trx, { productId: id });
    await bumpCounter(trx, counterNames.productsVersion, 1);
  });
  return getProduct(ctx, id);
}

/**
 * `catalogue:delete` only (the route declares it too). Moves the product, with its reviews, to
 * the trash (api.md §12): out of every list, count, search and best seller list at once.
 */
export async function deleteProduct(ctx: AppContext, caller: Caller, id: string) {
  if (!caller.permissions.has('catalogue:delete')) throw forbidden(productMessages.onlyOwnerDeletes);
  const product = await getProduct(ctx, id);
  const trashId = await ctx.transaction(async (trx) => {
    const moved = await moveToTrash(
      trx,
      { ...trashMove(ctx, caller), entity: 'product', entityId: id, name: product.name },
      [
        ['product_reviews', 'product_id', [id]],
        ['products', 'id', [id]],
      ],
    );
    if (!moved) throw notFound(productMessages.notFound);
    const reviews = rowsOf(moved.snapshot, 'product_reviews').length;
    await bumpCounters(trx, [
      [counterNames.products, -1],
      [counterNames.productsVersion, 1],
      [counterNames.reviews, -reviews],
    ]);
    return moved.trashId;
  });
  ctx.log.info({ event: 'product.deleted', productId: id, by: caller.id, trashId }, 'product moved to the trash');
  return { success: true as const, message: productMessages.deleted, trashId };
}

export async function countProducts(ctx: AppContext) {
  return { productsCount: await readCounter(ctx.db, counterNames.products) };
}

/** Full-text search: every word matches as a prefix, best matches first, paged. */
export async function searchProducts(
  ctx: AppContext,
  q: string,
  page: number | undefined,
  perPage: number | undefined,
): Promise<PageAnswer> {
  const pageNumber = page ?? 1;
  const size = perPage ?? defaultPerPage;
  const words = repo.searchWords(q);
  const { version } = await ctx.catalogue.current();
  if (words.length === 0) return { json: productPageJson('', numbersOf(0, pageNumber, size)), version };
  const key = `search\u0000${words.join(' ')}\u0000${pageNumber}\u0000${size}`;
  const json = await keptPage(ctx, key, version, pageNumber, async () => {
    const totalCount = await repo.countSearch(ctx.db, ctx.engine, words);
    const offset = (pageNumber - 1) * size;
    const ids =
      offset >= totalCount
        ? []
        : totalCount <= repo.exactRankLimit
          ? await repo.searchProductIds(ctx.db, ctx.engine, words, size, offset)
          : await repo.searchProductIdsByTier(ctx.db, ctx.engine, words, size, offset);
    return productPageJson((await productTexts(ctx.db, ids)).join(','), numbersOf(totalCount, pageNumber, size));
  });
  return { json, version };
}
