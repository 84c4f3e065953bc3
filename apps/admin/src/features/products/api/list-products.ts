import { type ProductPage, type ProductSortField, productsPath, searchPath } from '@shopdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productKeys } from './product-keys';

/**
 * One page of the table: a search, one root category ('all' = every product), optionally only
 * the low products (api.md §15), paged by the server.
 */
export type ProductListQuery = {
  page: number;
  perPage: number;
  catId: string;
  q: string;
  lowStock?: boolean;
  /** A sort (none: creation order); a search keeps the server's ranking. */
  sort?: { field: ProductSortField; order: 'asc' | 'desc' } | undefined;
};

export function listProducts({ page, perPage, catId, q, lowStock, sort }: ProductListQuery, signal?: AbortSignal) {
  const paging = `page=${page}&perPage=${perPage}`;
  // The search spans the whole catalogue (the server has no category or low-stock filter for
  // it) and is ranked: it takes no sort.
  if (q) return api.get<ProductPage>(`${searchPath}?q=${encodeURIComponent(q)}&${paging}`, signal);
  const sorted = sort ? `${paging}&sort=${sort.field}&order=${sort.order}` : paging;
  const list = `${sorted}${lowStock ? '&lowStock=true' : ''}`;
  if (catId !== 'all') {
    return api.get<ProductPage>(`${productsPath}/catId?catId=${encodeURIComponent(catId)}&${list}`, signal);
  }
  return api.get<ProductPage>(`${productsPath}?${list}`, signal);
}

export const productsQueryOptions = (query: ProductListQuery) =>
  queryOptions({ queryKey: productKeys.list(query), queryFn: ({ signal }) => listProducts(query, signal) });

export function useProducts(query: ProductListQuery) {
  // The previous page stays on screen while the next one loads, so the table does not jump.
  return useQuery({ ...productsQueryOptions(query), placeholderData: keepPreviousData });
}
