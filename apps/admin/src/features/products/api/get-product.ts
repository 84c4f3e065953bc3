import { type Product, productsPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './product-keys';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api.get<Product>(`${productsPath}/${encodeURIComponent(id)}`, signal);
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  // The view and the edit form start from this record: always read it fresh.
  return useQuery({ ...productQueryOptions(id), staleTime: 0, refetchOnMount: 'always' });
}
