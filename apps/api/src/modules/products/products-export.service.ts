import type { ProductExportQuery } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { type ImageUrls, productCsvRow, productCsvValues } from './product-csv';
import { searchWords, toProduct } from './products.repository';
import { type ProductFilter, productPageAfter } from './products-export.repository';

/** Products read per page: ~1 MB of rows at most in memory, whatever the catalogue's size. */
const pageSize = 1000;

/**
 * The list's and search's selection as a filter (api.md §13: "filtered like the product list");
 * undefined when `q` holds no word at all, which, as in search, matches nothing.
 */
export function productFilterOf(query: ProductExportQuery): ProductFilter | undefined {
  const filter: ProductFilter = { catId: query.catId };
  if (query.q) {
    const words = searchWords(query.q);
    if (words.length === 0) return undefined;
    filter.words = words;
  }
  return filter;
}

/** The export's rows, a page at a time, each product through the one CSV mapping (product-csv.ts). */
export async function* productCsvPages(
  ctx: AppContext,
  query: ProductExportQuery,
  imageUrls: ImageUrls,
): AsyncGenerator<string[][]> {
  const filter = productFilterOf(query);
  if (!filter) return;
  for (let after = ''; ; ) {
    const rows = await productPageAfter(ctx.db, ctx.engine, filter, after, pageSize);
    if (rows.length > 0) yield rows.map((row) => productCsvValues(productCsvRow(toProduct(row), imageUrls)));
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = last.id;
  }
}
