import { bulkAdjustSchema, bulkMessages, bulkSetSchema, type ProductBulkBody } from '@shopdesk/contract';
import { bulkWords } from './bulk-words';

/** The dialog's fields as typed: an empty field (or "leave") changes nothing. */
export type BulkEditValues = {
  price: string;
  oldPrice: string;
  discount: string;
  countInStock: string;
  isFeatured: '' | 'true' | 'false';
  category: string;
  subCatId: string;
  pricePercent: string;
  oldPricePercent: string;
};

export const emptyBulkEdit: BulkEditValues = {
  price: '',
  oldPrice: '',
  discount: '',
  countInStock: '',
  isFeatured: '',
  category: '',
  subCatId: '',
  pricePercent: '',
  oldPricePercent: '',
};

export type BulkEditChanges = Pick<ProductBulkBody, 'set' | 'adjust'>;
export type BulkEditCheck =
  | { changes: BulkEditChanges }
  | { fields: Partial<Record<keyof BulkEditValues, string>>; form?: string };

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The fields as the request's `set` and `adjust`, checked with the server's own schemas (so the
 * words match a 400): per-field messages, or the changes. A category chosen without a sub
 * category clears the sub category (it belonged to the old one).
 */
export function toBulkChanges(values: BulkEditValues): BulkEditCheck {
  const set = {
    price: numberOrUndefined(values.price),
    oldPrice: numberOrUndefined(values.oldPrice),
    discount: numberOrUndefined(values.discount),
    countInStock: numberOrUndefined(values.countInStock),
    isFeatured: values.isFeatured === '' ? undefined : values.isFeatured === 'true',
    category: values.category || undefined,
    subCatId: values.category ? values.subCatId : undefined,
  };
  const pricePercent = numberOrUndefined(values.pricePercent);
  const oldPricePercent = numberOrUndefined(values.oldPricePercent);
  const adjust = {
    price: pricePercent === undefined ? undefined : { percent: pricePercent },
    oldPrice: oldPricePercent === undefined ? undefined : { percent: oldPricePercent },
  };

  const fields: Partial<Record<keyof BulkEditValues, string>> = {};
  if (set.price !== undefined && adjust.price) fields.pricePercent = bulkWords.bothPrice;
  if (set.oldPrice !== undefined && adjust.oldPrice) fields.oldPricePercent = bulkWords.bothOldPrice;
  const setCheck = bulkSetSchema.safeParse(set);
  if (!setCheck.success) {
    for (const issue of setCheck.error.issues) {
      const field = issue.path[0] as keyof BulkEditValues;
      fields[field] ??= issue.message;
    }
  }
  const adjustCheck = bulkAdjustSchema.safeParse(adjust);
  if (!adjustCheck.success) {
    for (const issue of adjustCheck.error.issues) {
      const field = issue.path[0] === 'price' ? 'pricePercent' : 'oldPricePercent';
      fields[field] ??= issue.message;
    }
  }
  if (Object.keys(fields).length > 0) return { fields };
  const changes: BulkEditChanges = {};
  if (Object.values(set).some((value) => value !== undefined)) changes.set = withoutUndefined(set);
  if (adjust.price || adjust.oldPrice) changes.adjust = withoutUndefined(adjust);
  return changes.set || changes.adjust ? { changes } : { fields: {}, form: bulkMessages.nothingToChange };
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}
