import type { QueryClient } from '@tanstack/react-query';
import { comparisonQuery } from '../components/sales-periods';
import { countQueryOptions } from './get-count';
import { salesQueryOptions } from './get-sales';
import { bestSellersQueryOptions } from './list-best-sellers';

/**
 * Asks for the Dashboard's figures above the fold — the four counts, the sales (all time,
 * the last 30 days against the 30 before, the chart's 12 months) and the best sellers of
 * the category in the address — with the same keys and calls as the screen's own queries,
 * which then find them already on their way.
 */
export function prefetchDashboard(client: QueryClient, search: string): void {
  const catId = new URLSearchParams(search).get('catId') || 'all';
  for (const name of ['users', 'orders', 'products', 'reviews'] as const) {
    void client.prefetchQuery(countQueryOptions(name));
  }
  void client.prefetchQuery(salesQueryOptions({}));
  void client.prefetchQuery(salesQueryOptions(comparisonQuery('30d').query));
  void client.prefetchQuery(salesQueryOptions(comparisonQuery('12m').query));
  void client.prefetchQuery(bestSellersQueryOptions(catId));
}
