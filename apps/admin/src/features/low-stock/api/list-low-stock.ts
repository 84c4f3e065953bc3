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

/** `GET /api/products/lowStock` (api.md §15): the low products, lowest stock first. */
export function listLowStock(signal?: AbortSignal): Promise<LowStockProduct[]> {
  return api.get<LowStockProduct[]>(`${productsPath}/lowStock`, signal);
}

export const lowStockQueryOptions = () =>
  queryOptions({ queryKey: lowStockKeys.all, queryFn: ({ signal }) => listLowStock(signal) });

export function useLowStock() {
  return useQuery(lowStockQueryOptions());
}
