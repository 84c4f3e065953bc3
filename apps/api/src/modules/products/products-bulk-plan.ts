import { bulkMessages, type ProductBulkBody, productMessages } from '@shopdesk/contract';
import { badRequest, notFound } from '../../lib/http-error';
import type { BulkItem, EditableColumn, EditableRow, EditableValues } from './products-bulk.repository';

/** The category and sub category a bulk edit names, once looked up. */
export interface NamedCategories {
  category?: { id: string; parent_id: string | null } | undefined;
  /** null: the edit takes the sub category away (`subCatId: ""`). */
  subCategory?: { id: string; parent_id: string | null } | null | undefined;
}

/** What one bulk edit does to a product: the columns it sets, and their new values from the old ones. */
export interface BulkPlan {
  columns: EditableColumn[];
  valuesFor(row: EditableRow): Partial<EditableValues>;
}

const priceLimit = 1e9;

/**
 * A price moved by a percentage: rounded to the paisa (2 decimals), half away from zero on the
 * decimal value (`19999 +10%` → 21998.9, `0.125` → 0.13, not binary's 0.12), and kept within
 * the product form's bounds (0 … 1e9). Done here, not in SQL, so both engines round alike.
 */
export function adjustedPrice(price: number, percent: number): number {
  const moved = price * (1 + percent / 100);
  const rounded = Number(`${Math.round(Number(`${moved.toPrecision(15)}e2`))}e-2`);
  return Math.min(Math.max(rounded, 0), priceLimit);
}

/**
 * Checks the body's own consistency and the names it uses (as a product edit checks them: the
 * spec's `invalid Category!` / `invalid Sub Category!`, 404), and says what to write.
 */
export function bulkPlan(body: ProductBulkBody, named: NamedCategories): BulkPlan {
  const set = body.set ?? {};
  const adjust = body.adjust ?? {};
  if (set.price !== undefined && adjust.price) throw badRequest(bulkMessages.setAndAdjust('price'));
  if (set.oldPrice !== undefined && adjust.oldPrice) throw badRequest(bulkMessages.setAndAdjust('oldPrice'));
  const columns: EditableColumn[] = [];
  const steps: Array<(row: EditableRow, values: Partial<EditableValues>) => void> = [];
  const add = (column: EditableColumn, value: (row: EditableRow) => number | string | null) => {
    columns.push(column);
    steps.push((row, values) => {
      values[column] = value(row);
    });
  };
  const { price: priceBy, oldPrice: oldPriceBy } = adjust;
  if (set.price !== undefined) add('price', () => set.price ?? 0);
  if (priceBy) add('price', (row) => adjustedPrice(Number(row.price), priceBy.percent));
  if (set.oldPrice !== undefined) add('old_price', () => set.oldPrice ?? 0);
  if (oldPriceBy) add('old_price', (row) => adjustedPrice(Number(row.old_price), oldPriceBy.percent));
  if (set.discount !== undefined) add('discount', () => set.discount ?? 0);
  if (set.countInStock !== undefined) add('count_in_stock', () => set.countInStock ?? 0);
  if (set.isFeatured !== undefined) add('is_featured', () => (set.isFeatured ? 1 : 0));

  const { category, subCategory } = named;
  if (set.category !== undefined) {
    if (!category || category.parent_id) throw notFound(productMessages.invalidCategory);
    add('cat_id', () => category.id);
  }
  if (set.subCatId !== undefined) {
    if (subCategory === undefined || (subCategory && category && subCategory.parent_id !== category.id)) {
      throw notFound(productMessages.invalidSubCategory);
    }
    // Without a new category, the sub category must be one of each product's own category.
    add('sub_cat_id', (row) => {
      if (subCategory && !category && subCategory.parent_id !== row.cat_id) {
        throw notFound(productMessages.invalidSubCategory);
      }
      return subCategory?.id ?? null;
    });
  } else if (category) {
    // A new category without a sub category: a product already in it keeps its sub category.
    add('sub_cat_id', (row) => (row.cat_id === category.id ? row.sub_cat_id : null));
  }
  return {
    columns,
    valuesFor(row) {
      const values: Partial<EditableValues> = {};
      for (const step of steps) step(row, values);
      return values;
    },
  };
}

/** The undo's record of one product, or undefined when the plan leaves it as it is. */
export function itemOf(bulkId: string, plan: BulkPlan, row: EditableRow): BulkItem | undefined {
  const after = plan.valuesFor(row);
  if (plan.columns.every((column) => after[column] === row[column])) return undefined;
  const item: BulkItem = { bulk_id: bulkId, product_id: row.id };
  for (const column of plan.columns) {
    Object.assign(item, { [column]: row[column], [`after_${column}`]: after[column] });
  }
  return item;
}

/** True when the product still holds what the edit wrote: not changed since, so its undo may restore it. */
export function unchangedSince(
  at: string,
  columns: readonly EditableColumn[],
  item: Record<string, unknown>,
  row: EditableRow | undefined,
): boolean {
  if (!row || row.updated_at !== at) return false;
  return columns.every((column) => (item[`after_${column}`] ?? null) === (row[column] ?? null));
}
