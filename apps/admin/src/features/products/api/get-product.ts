import { type Product, productsPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readTagged } from '../../../lib/held-records';
import { productKeys } from './product-keys';

export const productPath = (id: string) => `${productsPath}/${encodeURIComponent(id)}`;

/** The product, with its tag kept for an edit form's `If-Match` (lib/held-records.ts). */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return readTagged<Product>(productPath(id), signal);
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    // Each read's own object: its tag (kept by object) is the one it came with.
    structuralSharing: false,
  });

export function useProduct(id: string) {
  // The view and the edit form start from this record: always read it fresh.
  return useQuery({ ...productQueryOptions(id), staleTime: 0, refetchOnMount: 'always' });
}
