import { useMemo } from 'react';
import { useSales } from '../api/get-sales';
import { comparisonQuery } from './sales-periods';

/** Whether sales and orders of the last 30 days reach those of the 30 days before them. */
export function useLastMonthTrend(): { salesGrow: boolean; ordersGrow: boolean } {
  const { query, size } = useMemo(() => comparisonQuery('30d'), []);
  const sales = useSales(query);
  const series = sales.data?.series ?? [];
  const sum = (list: typeof series, key: 'sales' | 'orders') => list.reduce((total, p) => total + p[key], 0);
  const current = series.slice(-size);
  const previous = series.slice(0, Math.max(0, series.length - size));
  return {
    salesGrow: sum(current, 'sales') >= sum(previous, 'sales'),
    ordersGrow: sum(current, 'orders') >= sum(previous, 'orders'),
  };
}
