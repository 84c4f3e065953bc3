import type { Sales } from '@shopdesk/contract';
import type { SalesQuery } from '../api/get-sales';

export type SalesPeriod = '12m' | '7d' | '30d' | '90d';
export const salesPeriods: { value: SalesPeriod; label: string }[] = [
  { value: '12m', label: '12 months' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
];

const dayMs = 86_400_000;
// The server files an order under its UTC day, so the ranges are counted in UTC too.
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The range to ask for: the chosen period AND the one of equal length before it, so one call
 * gives both the chart and the comparison. `size` is the number of buckets per period.
 */
export function comparisonQuery(period: SalesPeriod, now = Date.now()): { query: SalesQuery; size: number } {
  const today = isoDay(now);
  if (period === '12m') {
    const start = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    start.setUTCMonth(start.getUTCMonth() - 23);
    return { query: { from: isoDay(start.getTime()), to: today, groupBy: 'month' }, size: 12 };
  }
  const days = Number(period.slice(0, -1));
  return { query: { from: isoDay(now - (2 * days - 1) * dayMs), to: today, groupBy: 'day' }, size: days };
}

export type PeriodFigures = {
  series: Sales['series'];
  sales: number;
  orders: number;
  /** Percent change of sales against the period before; null when that period sold nothing. */
  change: number | null;
};

/** Splits the doubled series into this period and the one before, and compares them. */
export function comparePeriods(series: Sales['series'], size: number): PeriodFigures {
  const current = series.slice(-size);
  const previous = series.slice(0, Math.max(0, series.length - size));
  const sum = (list: Sales['series'], key: 'sales' | 'orders') => list.reduce((total, p) => total + p[key], 0);
  const sales = Math.round(sum(current, 'sales') * 100) / 100;
  const before = sum(previous, 'sales');
  return {
    series: current,
    sales,
    orders: sum(current, 'orders'),
    change: before > 0 ? Math.round(((sales - before) / before) * 1000) / 10 : null,
  };
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' → 'Jan 2026'; 'YYYY-MM-DD' → '5 Jan'. */
export function periodLabel(period: string): string {
  const month = monthNames[Number(period.slice(5, 7)) - 1] ?? '';
  return period.length === 7 ? `${month} ${period.slice(0, 4)}` : `${Number(period.slice(8, 10))} ${month}`;
}
