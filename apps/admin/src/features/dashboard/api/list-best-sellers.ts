import { type BestSeller, productsPath } from '@shopdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** How many ranked products the dashboard shows. */
export const bestSellerLimit = 5;

/** Products ranked by units sold from real orders; 'all' or one root category. */
export async function listBestSellers(catId: string, signal?: AbortSignal): Promise<BestSeller[]> {
  const category = catId === 'all' ? '' : `&catId=${encodeURIComponent(catId)}`;
  const answer = await api.get<{ products: BestSeller[] }>(
    `${productsPath}/bestSellers?limit=${bestSellerLimit}${category}`,
    signal,
  );
  return answer.products;
}

export const bestSellersQueryOptions = (catId: string) =>
  queryOptions({ queryKey: dashboardKeys.bestSellers(catId), queryFn: ({ signal }) => listBestSellers(catId, signal) });

export function useBestSellers(catId: string) {
  return useQuery(bestSellersQueryOptions(catId));
}
