import type { OrderExportQuery } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { linesOfOrders, type OrderItemRow, type OrderRow } from './orders.repository';
import { type OrderExportFilter, type OrderMark, orderPageAfter } from './orders-export.repository';

/** Orders read per page: with their lines (1.7 an order in the bench store) ~100 KB of CSV (lib/csv-export.ts). */
const pageSize = 250;
const dayMs = 86_400_000;

/** `from` and `to` are whole UTC days, both included: from the start of `from` to the start of the day after `to`. */
export function orderFilterOf(query: OrderExportQuery): OrderExportFilter {
  return {
    from: query.from === undefined ? undefined : `${query.from}T00:00:00.000Z`,
    before:
      query.to === undefined ? undefined : new Date(Date.parse(`${query.to}T00:00:00.000Z`) + dayMs).toISOString(),
    status: query.status,
  };
}

/** One record per order line, in `orderCsvColumns` order; numbers as JavaScript writes them. */
function lineRecord(order: OrderRow, line: OrderItemRow): string[] {
  return [
    order.id,
    order.created_at,
    order.status,
    order.payment_id,
    order.name,
    order.email,
    order.phone_number,
    order.address,
    order.pincode,
    String(order.amount),
    line.product_id,
    line.product_title,
    String(line.quantity),
    String(line.price),
    String(line.sub_total),
  ];
}

/** One page of records and where it ended; nothing of the rows read outlives the call. */
async function readPage(ctx: AppContext, filter: OrderExportFilter, mark: OrderMark | undefined) {
  const orders = await orderPageAfter(ctx.db, filter, mark, pageSize);
  const lines = await linesOfOrders(
    ctx.db,
    orders.map((order) => order.id),
  );
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const line of lines) {
    const list = byOrder.get(line.order_id);
    if (list) list.push(line);
    else byOrder.set(line.order_id, [line]);
  }
  const records: string[][] = [];
  for (const order of orders) for (const line of byOrder.get(order.id) ?? []) records.push(lineRecord(order, line));
  const last = orders.at(-1);
  const next: OrderMark | undefined =
    last && orders.length === pageSize ? { createdAt: last.created_at, id: last.id } : undefined;
  return { records, next };
}

/**
 * The orders export's records (api.md §13), a page of orders at a time, oldest first. The rows
 * of a page are read and turned into records in one call, so while the page is sent (the
 * generator waits at `yield`) only its records are held.
 */
export async function* orderCsvPages(ctx: AppContext, query: OrderExportQuery): AsyncGenerator<string[][]> {
  const filter = orderFilterOf(query);
  for (let mark: OrderMark | undefined; ; ) {
    const { records, next } = await readPage(ctx, filter, mark);
    if (records.length > 0) yield records;
    if (!next) return;
    mark = next;
  }
}
