import { ordersPath, type Sales } from '@shopdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** No range: all-time totals (and this year by month); with one: that range, by day or month. */
export type SalesQuery = { from?: string; to?: string; groupBy?: 'day' | 'month' };

export function getSales(query: SalesQuery, signal?: AbortSignal): Promise<Sales> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return api.get<Sales>(`${ordersPath}/sales${search ? `?${search}` : ''}`, signal);
}

export const salesQueryOptions = (query: SalesQuery) =>
  queryOptions({ queryKey: dashboardKeys.sales(query), queryFn: ({ signal }) => getSales(query, signal) });

export function useSales(query: SalesQuery) {
  return useQuery({ ...salesQueryOptions(query), placeholderData: keepPreviousData });
}
