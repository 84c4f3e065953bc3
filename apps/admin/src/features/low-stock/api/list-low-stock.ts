import { type LowStockProduct, productsPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The low products' query key: a product's change (`catalogue.changed`) and a `stock.low` event
 * refresh it (app/live-updates.tsx).
 */
export const lowStockKeys = {
  all: ['low-stock'] as const,
};

/**
 * How many low products the Dashboard's card asks for. The rest are on the Product List's
 * "Low stock" filter, which pages them: a shop with thousands of low products would
 * otherwise download them all (2.4 MB for the bench store's, a 1.5 s freeze on a phone).
 */
export const lowStockCardRows = 20;

/** `GET /api/products/lowStock?limit=` (api.md §15): the lowest `limit` products, lowest stock first. */
export function listLowStock(limit: number, signal?: AbortSignal): Promise<LowStockProduct[]> {
  return api.get<LowStockProduct[]>(`${productsPath}/lowStock?limit=${limit}`, signal);
}

export const lowStockQueryOptions = () =>
  queryOptions({ queryKey: lowStockKeys.all, queryFn: ({ signal }) => listLowStock(lowStockCardRows, signal) });

export function useLowStock() {
  return useQuery(lowStockQueryOptions());
}
