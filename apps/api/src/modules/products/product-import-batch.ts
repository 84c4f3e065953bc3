import { type ImportError, importMessages } from '@shopdesk/contract';
import pLimit from 'p-limit';
import type { StoredProduct } from './product-import.repository';
import { type ImageFetcher, imageSource, isRefusal } from './product-import-images';
import type { NameLookups, NamePlan } from './product-import-names';
import { type CheckedRow, type CsvRow, checkRow } from './product-import-rows';
import type { ProductValues } from './products.repository';

/** A row ready to write: the product's stored values, and the id it updates (none: a new product). */
export interface ReadyRow {
  line: number;
  id: string;
  values: ProductValues;
}

export interface ResolvedBatch {
  ready: ReadyRow[];
  errors: ImportError[];
  failed: number;
}

/** Images fetched at once per batch (each decode is bounded by IMAGE_CONCURRENCY besides). */
const downloadsAtOnce = 4;

export interface ResolveOptions {
  createCategories: boolean;
  ownBases: readonly string[];
  /** Check image URLs only (the first pass of an atomic import): no download yet. */
  downloads: ImageFetcher | undefined;
}

function namesOf(row: CheckedRow, lookups: NameLookups, plan: NamePlan, createCategories: boolean) {
  const errors: Omit<ImportError, 'row'>[] = [];
  let category = lookups.category(null, row.category, plan);
  if (!category && createCategories) category = plan.addCategory(null, row.category);
  if (!category) return { errors: [{ column: 'category', msg: importMessages.unknownCategory(row.category) }] };
  let sub: { id: string; name: string } | undefined;
  if (row.subCategory) {
    sub = lookups.category(category.id, row.subCategory, plan);
    if (!sub && createCategories) sub = plan.addCategory(category.id, row.subCategory);
    if (!sub) errors.push({ column: 'subCategory', msg: importMessages.unknownSubCategory(row.subCategory) });
  }
  return { category, sub, errors };
}

/**
 * Resolves a batch of rows: the form's rules, names (categories, option values), countries and
 * images. Bad rows give their errors; a row's images are downloaded only when the rest of it is good.
 */
export async function resolveBatch(
  rows: readonly CsvRow[],
  lookups: NameLookups,
  plan: NamePlan,
  options: ResolveOptions,
): Promise<ResolvedBatch> {
  const errors: ImportError[] = [];
  let failed = 0;
  const pending: Array<{
    row: CheckedRow;
    values: Omit<ProductValues, 'images'>;
    sources: ReturnType<typeof imageSource>[];
  }> = [];
  for (const csvRow of rows) {
    const checked = checkRow(csvRow);
    if ('errors' in checked) {
      errors.push(...checked.errors);
      failed += 1;
      continue;
    }
    const { row } = checked;
    const names = namesOf(row, lookups, plan, options.createCategories);
    const rowErrors = names.errors.map((error) => ({ row: row.line, ...error }));
    const sources = row.images.map((entry) => imageSource(entry, options.ownBases));
    const badImage = row.images.find((_entry, index) => sources[index] === undefined);
    if (badImage !== undefined) {
      rowErrors.push({
        row: row.line,
        column: 'images',
        msg: importMessages.imageRefused(badImage, 'not an http(s) URL nor an upload of this shop'),
      });
    }
    if (rowErrors.length > 0 || !names.category) {
      errors.push(...rowErrors);
      failed += 1;
      continue;
    }
    const { values } = row;
    lookups.planOptions({ ram: values.productRam, size: values.size, weight: values.productWeight }, plan);
    pending.push({
      row,
      sources,
      values: {
        name: values.name,
        description: values.description,
        brand: values.brand,
        price: values.price,
        old_price: values.oldPrice,
        cat_id: names.category.id,
        cat_name: names.category.name,
        sub_cat_id: names.sub?.id ?? null,
        sub_cat_name: names.sub?.name ?? '',
        count_in_stock: values.countInStock,
        rating: values.rating,
        is_featured: values.isFeatured ? 1 : 0,
        discount: values.discount,
        product_ram: JSON.stringify(values.productRam),
        size: JSON.stringify(values.size),
        product_weight: JSON.stringify(values.productWeight),
        location: JSON.stringify(row.location),
      },
    });
  }
  const limit = pLimit(downloadsAtOnce);
  const ready: ReadyRow[] = [];
  const settled = await Promise.all(
    pending.map(({ row, values, sources }) =>
      limit(async () => {
        const images: string[] = [];
        for (const [index, source] of sources.entries()) {
          if (!source) continue;
          if ('path' in source) images.push(source.path);
          else if (!options.downloads) images.push(source.url);
          else {
            try {
              images.push(await options.downloads.fetch(source.url));
            } catch (error) {
              if (!isRefusal(error)) throw error;
              const url = row.images[index] ?? source.url;
              return {
                error: { row: row.line, column: 'images', msg: importMessages.imageRefused(url, error.message) },
              };
            }
          }
        }
        return { ready: { line: row.line, id: row.id, values: { ...values, images: JSON.stringify(images) } } };
      }),
    ),
  );
  for (const outcome of settled) {
    if (outcome.error) {
      errors.push(outcome.error);
      failed += 1;
    } else if (outcome.ready) ready.push(outcome.ready);
  }
  return { ready, errors, failed };
}

/** Stored lists are JSON text: compared as values, whatever spacing or key order wrote them. */
const sameJson = (a: string, b: string) => a === b || JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
const jsonColumns = new Set(['product_ram', 'size', 'product_weight', 'location', 'images']);

/** True when writing `values` would change nothing of the stored product. */
export function isUnchanged(stored: StoredProduct, values: ProductValues): boolean {
  for (const [key, value] of Object.entries(values)) {
    const was = stored[key as keyof StoredProduct];
    if (jsonColumns.has(key)) {
      if (!sameJson(String(was), String(value))) return false;
    } else if ((was ?? null) !== (value ?? null)) return false;
  }
  return true;
}
