import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** The count calls and the field each answers with (api.md §4). */
export const countSources = {
  users: { path: '/api/user/get/count', field: 'userCount' },
  orders: { path: '/api/orders/get/count', field: 'orderCount' },
  products: { path: '/api/products/get/count', field: 'productsCount' },
  reviews: { path: '/api/productReviews/get/count', field: 'productsReviews' },
  categories: { path: '/api/category/get/count', field: 'categoryCount' },
  subCategories: { path: '/api/category/subCat/get/count', field: 'categoryCount' },
} as const;
export type CountName = keyof typeof countSources;

export async function getCount(name: CountName, signal?: AbortSignal): Promise<number> {
  const { path, field } = countSources[name];
  const answer = await api.get<Record<string, unknown>>(path, signal);
  return Number(answer[field] ?? 0);
}

export const countQueryOptions = (name: CountName) =>
  queryOptions({
    queryKey: dashboardKeys.count(countSources[name].path),
    queryFn: ({ signal }) => getCount(name, signal),
  });

export function useCount(name: CountName) {
  return useQuery(countQueryOptions(name));
}
