import { orderMessages, type Sales, type salesQuerySchema } from '@shopdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/http-error';
import { productsByIds } from '../products/products.repository';
import * as repo from './orders.repository';

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const dayMs = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every period between from and to (inclusive), so the chart has no holes. */
function periods(from: string, to: string, groupBy: 'day' | 'month'): string[] {
  const list: string[] = [];
  if (groupBy === 'day') {
    for (let t = Date.parse(from); t <= Date.parse(to); t += dayMs) list.push(isoDay(t));
    return list;
  }
  const end = to.slice(0, 7);
  for (
    let d = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
    isoDay(d.getTime()).slice(0, 7) <= end;
    d.setUTCMonth(d.getUTCMonth() + 1)
  ) {
    list.push(isoDay(d.getTime()).slice(0, 7));
  }
  return list;
}

/**
 * Sales from the daily summary table (never from order lines). With no parameters: all-time
 * totals, this year's series by month, and monthlySales; with a range: totals over the range.
 */
export async function salesReport(ctx: AppContext, query: z.output<typeof salesQuerySchema>): Promise<Sales> {
  const today = isoDay(ctx.clock());
  const bare = !query.from && !query.to && !query.groupBy;
  const to = query.to ?? today;
  const groupBy =
    query.groupBy ?? (query.from && Date.parse(to) - Date.parse(query.from) <= 92 * dayMs ? 'day' : 'month');
  const from =
    query.from ??
    (bare
      ? `${to.slice(0, 4)}-01-01`
      : groupBy === 'day'
        ? isoDay(Date.parse(to) - 29 * dayMs)
        : `${to.slice(0, 4)}-01-01`);
  const span = Date.parse(to) - Date.parse(from);
  if (!(span >= 0) || span > 5 * 366 * dayMs) throw badRequest(orderMessages.badRange);

  const rows = await repo.dailySales(ctx.db, from, to);
  const buckets = new Map(periods(from, to, groupBy).map((period) => [period, { sales: 0, orders: 0 }]));
  for (const row of rows) {
    const bucket = buckets.get(groupBy === 'day' ? row.day : row.day.slice(0, 7));
    if (bucket) {
      bucket.sales += Number(row.sales);
      bucket.orders += Number(row.orders);
    }
  }
  const series = [...buckets].map(([period, b]) => ({
    period,
    sales: Math.round(b.sales * 100) / 100,
    orders: b.orders,
  }));
  const totals = bare
    ? await repo.totalSales(ctx.db)
    : series.reduce((sum, p) => ({ sales: sum.sales + p.sales, orders: sum.orders + p.orders }), {
        sales: 0,
        orders: 0,
      });
  return {
    totalSales: Math.round(totals.sales * 100) / 100,
    totalOrders: totals.orders,
    series,
    ...(bare
      ? {
          monthlySales: series.map((p) => ({
            month: monthNames[Number(p.period.slice(5, 7)) - 1] ?? p.period,
            sale: p.sales,
          })),
        }
      : {}),
  };
}

/** Products ranked by units sold (from the per-product summary), optionally in one category. */
export async function bestSellers(ctx: AppContext, catId: string | undefined, limit = 10) {
  const rows = await repo.bestSellerRows(ctx.db, catId && catId !== 'all' ? catId : undefined, limit);
  const products = await productsByIds(
    ctx.db,
    rows.map((row) => row.product_id),
  );
  const stats = new Map(rows.map((row) => [row.product_id, row]));
  return {
    products: products.map((product) => ({
      ...product,
      unitsSold: Number(stats.get(product.id)?.units_sold ?? 0),
      revenue: Number(stats.get(product.id)?.revenue ?? 0),
    })),
  };
}
