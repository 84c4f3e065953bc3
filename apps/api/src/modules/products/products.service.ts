import { type Product, type ProductListQuery, productFormSchema, productMessages } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { bumpCounter, counterNames, readCounter } from '../../db/counters';
import { forbidden, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { absoluteImageUrlsInJson, imagePathInsertion } from '../../plugins/image-urls';
import { findCategory } from '../categories/categories.repository';
import type { Caller } from '../sessions/sessions.service';
import { productJsonByIds, productPageJson, productPageParts, storeProductJson } from './product-json';
import * as repo from './products.repository';
import { countReviewsOfProduct } from './reviews.repository';

const defaultPerPage = 10_000;
/**
 * Pages kept in memory per list and search: the first ones, which staff open again and again.
 * Deeper pages are read each time (they are cheap: page marks and stored texts); keeping them
 * would only churn memory when someone walks the whole catalogue.
 */
const keptPages = 10;

/** A page as `productPageSchema` JSON text (see product-json.ts for why it is text), from its products' texts joined with commas. */
function pageOf(products: string, totalCount: number, page: number, perPage: number): string {
  return productPageJson(products, numbersOf(totalCount, page, perPage));
}

const numbersOf = (totalCount: number, page: number, perPage: number) => ({
  totalPages: Math.ceil(totalCount / perPage),
  page,
  perPage,
  totalCount,
});

type PageParts = ReturnType<typeof productPageParts>;

/**
 * A list or search page as the finished text the client receives (image paths made absolute
 * with `base`), kept per catalogue version when among the first `keptPages`: `count` gives the
 * total, `read` the product texts from an offset, joined with commas (not called past the
 * end), or the finished answer's bytes, made elsewhere from the page's `parts`.
 */
function finishedPage(
  ctx: AppContext,
  spec: { key: string; version: number; page: number; perPage: number; base: string },
  count: () => Promise<number>,
  read: (offset: number, totalCount: number, parts: PageParts) => Promise<string | Buffer>,
): Promise<string | Buffer> {
  const { page, perPage } = spec;
  const make = async () => {
    const totalCount = await count();
    const offset = (page - 1) * perPage;
    const parts = productPageParts(numbersOf(totalCount, page, perPage));
    const texts = offset >= totalCount ? '' : await read(offset, totalCount, parts);
    if (typeof texts !== 'string') return texts;
    return absoluteImageUrlsInJson(parts.before + texts + parts.after, spec.base);
  };
  if (page > keptPages) return make();
  const asText = (answer: string | Buffer) => (typeof answer === 'string' ? answer : answer.toString('utf8'));
  return ctx.catalogue.answer(spec.key, spec.version, () => make().then(asText));
}

/**
 * A page of products (creation order unless sorted); optionally one root category. `base` is
 * the origin put before image paths; the first pages' finished texts are kept per catalogue
 * version, deeper pages are read each time and finished as bytes where they are read (the
 * SQLite reader thread, the PostgreSQL page client: see hotRead).
 */
export async function listProducts(ctx: AppContext, query: ProductListQuery, base: string): Promise<string | Buffer> {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? defaultPerPage;
  const sort = query.sort ?? 'dateCreated';
  const order = query.order ?? 'asc';
  const { count: catalogue, version } = await ctx.catalogue.current();
  const key = `list\u0000${base}\u0000${query.catId ?? ''}\u0000${sort}\u0000${order}\u0000${page}\u0000${perPage}`;
  const count = () => (query.catId ? repo.countProductsInCategory(ctx.db, query.catId) : Promise.resolve(catalogue));
  return finishedPage(ctx, { key, version, page, perPage, base }, count, async (offset, _total, parts) => {
    const spec = { catId: query.catId, sort, order, limit: perPage, offset };
    const kept = page <= keptPages;
    const finish = kept
      ? undefined
      : {
          column: 'texts',
          insertion: imagePathInsertion(base),
          ...parts,
        };
    const found = await repo.pageProducts(ctx.db, ctx.engine, spec, version, { kept, ...(finish ? { finish } : {}) });
    // Rows from before texts were stored (filled once at start): made from the rows.
    if (found.stored !== found.count) {
      const ids = await repo.pageProductIds(ctx.db, ctx.engine, spec, version);
      return (await productJsonByIds(ctx.db, ctx.engine, ids)).join(',');
    }
    return found.body ?? found.texts ?? '';
  });
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
  let subCategory: Awaited<ReturnType<typeof findCategory>>;
  if (input.subCatId) {
    subCategory = await findCategory(ctx.db, input.subCatId);
    if (!subCategory?.parent_id) throw notFound(productMessages.invalidSubCategory);
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
    rating: input.rating,
    is_featured: input.isFeatured ? 1 : 0,
    discount: input.discount,
    product_ram: JSON.stringify(input.productRam),
    size: JSON.stringify(input.size),
    product_weight: JSON.stringify(input.productWeight),
    location: JSON.stringify(input.location),
    images: JSON.stringify(input.images),
  };
}

export async function createProduct(ctx: AppContext, body: unknown): Promise<Product> {
  const values = await productValues(ctx, body);
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertProduct(trx, id, values, nowIso(ctx.clock));
    await storeProductJson(trx, ctx.engine, { productId: id });
    await bumpCounter(trx, counterNames.products, 1);
    await bumpCounter(trx, counterNames.productsVersion, 1);
  });
  return getProduct(ctx, id);
}

export async function updateProduct(ctx: AppContext, id: string, body: unknown): Promise<Product> {
  await getProduct(ctx, id);
  const values = await productValues(ctx, body);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateProduct(trx, id, values, nowIso(ctx.clock));
    await storeProductJson(trx, ctx.engine, { productId: id });
    await bumpCounter(trx, counterNames.productsVersion, 1);
  });
  return getProduct(ctx, id);
}

/** Owner only; the product's reviews go with it. */
export async function deleteProduct(ctx: AppContext, caller: Caller, id: string) {
  if (!caller.isOwner) throw forbidden(productMessages.onlyOwnerDeletes);
  await getProduct(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    const reviews = await countReviewsOfProduct(trx, id);
    if (await repo.deleteProduct(trx, id)) {
      await bumpCounter(trx, counterNames.products, -1);
      await bumpCounter(trx, counterNames.productsVersion, 1);
      if (reviews > 0) await bumpCounter(trx, counterNames.reviews, -reviews);
    }
  });
  ctx.log.info({ event: 'product.deleted', productId: id, by: caller.id }, 'product deleted');
  return { success: true as const, message: productMessages.deleted };
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
  base: string,
): Promise<string | Buffer> {
  const pageNumber = page ?? 1;
  const size = perPage ?? defaultPerPage;
  const words = repo.searchWords(q);
  if (words.length === 0) return pageOf('', 0, pageNumber, size);
  const { version } = await ctx.catalogue.current();
  const key = `search\u0000${base}\u0000${words.join(' ')}\u0000${pageNumber}\u0000${size}`;
  const count = () => repo.countSearch(ctx.db, ctx.engine, words);
  const spec = { key, version, page: pageNumber, perPage: size, base };
  return finishedPage(ctx, spec, count, async (offset, totalCount) => {
    const ids =
      totalCount <= repo.exactRankLimit
        ? await repo.searchProductIds(ctx.db, ctx.engine, words, size, offset)
        : await repo.searchProductIdsByTier(ctx.db, ctx.engine, words, size, offset);
    return (await productJsonByIds(ctx.db, ctx.engine, ids)).join(',');
  });
}
