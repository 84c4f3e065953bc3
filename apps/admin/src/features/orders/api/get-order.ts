import type { Order } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTagged, type Tagged } from '../../../lib/tagged-request';
import { orderKeys } from './order-keys';
import { orderPath } from './update-order-status';

/** One order with its ETag: the order page saves its status with `If-Match` (api.md §14). */
export function getOrder(id: string, signal?: AbortSignal): Promise<Tagged<Order>> {
  return getTagged<Order>(orderPath(id), signal);
}

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

export function useOrder(id: string) {
  // The page saves from this copy: read it fresh every time the page opens.
  return useQuery({ ...orderQueryOptions(id), staleTime: 0, refetchOnMount: 'always' });
}
