import { type OrderPage, type OrderSortField, type OrderStatus, ordersPath } from '@shopdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type OrderListQuery = {
  page: number;
  perPage: number;
  status?: OrderStatus;
  /** An order's id, or part of its name, e-mail or phone (api.md §6's list, issue 20). */
  q?: string;
  /** None: creation order. */
  sort?: { sort: OrderSortField; order: 'asc' | 'desc' } | undefined;
};

/** One page of orders, oldest first (api.md §6; the screen reverses each page) or as sorted. */
export function listOrders(query: OrderListQuery, signal?: AbortSignal): Promise<OrderPage> {
  const params = new URLSearchParams({ page: String(query.page), perPage: String(query.perPage) });
  if (query.status !== undefined) params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  if (query.sort) {
    params.set('sort', query.sort.sort);
    params.set('order', query.sort.order);
  }
  return api.get<OrderPage>(`${ordersPath}?${params}`, signal);
}

export const ordersQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => listOrders(query, signal),
    // Keep the rows on screen while the next page (or a refetch after a status change) loads.
    placeholderData: keepPreviousData,
  });

export function useOrders(query: OrderListQuery) {
  return useQuery(ordersQueryOptions(query));
}
