import {
  type Category,
  categoriesPath,
  type ProductBulkBody,
  productBulkDeletePath,
  productBulkPath,
} from '@shopdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type BulkEditAnswer = { bulkId: string; updated: number };
export type BulkUndoAnswer = { restored: number; skipped: number };
export type BulkDeleteAnswer = { trashed: number };

/** `POST /api/products/bulk` (api.md §13): one transaction over the chosen products. */
export function bulkEditProducts(body: ProductBulkBody): Promise<BulkEditAnswer> {
  return api.post<BulkEditAnswer>(productBulkPath, body);
}

/** Puts back the old values of the products no one has changed since. */
export function undoBulkEdit(bulkId: string): Promise<BulkUndoAnswer> {
  return api.post<BulkUndoAnswer>(`${productBulkPath}/${encodeURIComponent(bulkId)}/undo`);
}

/** `POST /api/products/bulkDelete {ids}`: moves them to the trash (ids only: no filter). */
export function bulkDeleteProducts(ids: string[]): Promise<BulkDeleteAnswer> {
  return api.post<BulkDeleteAnswer>(productBulkDeletePath, { ids });
}

/** Root categories with their children, for the dialog's two selects. */
export function useBulkCategories(enabled: boolean) {
  return useQuery({
    // The key the product screens read the same list under, so an open dialog needs no request.
    queryKey: ['products', 'lookup', 'categories'],
    queryFn: async ({ signal }) => (await api.get<{ categoryList: Category[] }>(categoriesPath, signal)).categoryList,
    enabled,
  });
}
