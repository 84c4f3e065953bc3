import type { ProductExportQuery } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { type ImageUrls, productCsvRow, productCsvValues } from './product-csv';
import { searchWords, toProduct } from './products.repository';
import { type ProductFilter, productPageAfter } from './products-export.repository';

/**
 * Products read per page: ~100 KB of CSV, under V8's large-object size, so a page's text is made,
 * sent and collected young (lib/csv-export.ts).
 */
const pageSize = 250;

/**
 * The list's and search's selection as a filter (api.md §13: "filtered like the product list");
 * undefined when `q` holds no word at all, which, as in search, matches nothing.
 */
export function productFilterOf(query: ProductExportQuery, lowStockDefault: number): ProductFilter | undefined {
  const filter: ProductFilter = { catId: query.catId };
  if (query.lowStock === 'true') filter.lowStockDefault = lowStockDefault;
  if (query.q) {
    const words = searchWords(query.q);
    if (words.length === 0) return undefined;
    filter.words = words;
  }
  return filter;
}

/** One page of records and the id it ended at; nothing of the rows read outlives the call. */
async function readPage(ctx: AppContext, filter: ProductFilter, after: string, imageUrls: ImageUrls) {
  const rows = await productPageAfter(ctx.db, ctx.engine, filter, after, pageSize);
  const records = rows.map((row) => productCsvValues(productCsvRow(toProduct(row), imageUrls)));
  const last = rows.at(-1);
  return { records, next: last && rows.length === pageSize ? last.id : undefined };
}

/**
 * The export's records, a page at a time, each product through the one CSV mapping
 * (product-csv.ts); while a page is sent only its records are held.
 */
export async function* productCsvPages(
  ctx: AppContext,
  query: ProductExportQuery,
  imageUrls: ImageUrls,
): AsyncGenerator<string[][]> {
  const filter = productFilterOf(query, ctx.config.lowStockThreshold);
  if (!filter) return;
  for (let after = ''; ; ) {
    const { records, next } = await readPage(ctx, filter, after, imageUrls);
    if (records.length > 0) yield records;
    if (next === undefined) return;
    after = next;
  }
}
