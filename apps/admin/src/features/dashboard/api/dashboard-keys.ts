/** Query keys for the dashboard's figures: counts, sales and the best-seller ranking. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  count: (path: string) => [...dashboardKeys.all, 'count', path] as const,
  sales: (query: Record<string, unknown>) => [...dashboardKeys.all, 'sales', query] as const,
  bestSellers: (catId: string) => [...dashboardKeys.all, 'best-sellers', catId] as const,
};
