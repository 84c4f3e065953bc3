import {
  type Order,
  type OrderPage,
  orderBodySchema,
  type orderListQuerySchema,
  orderMessages,
} from '@shopdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { bumpCounters, counterNames, readCounter } from '../../db/counters';
import type { Db } from '../../db/create-db';
import { rowInHand } from '../../db/write-queue';
import { badRequest, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { ownUploads } from '../../lib/own-uploads';
import * as repo from './orders.repository';

type OrderInput = z.output<typeof orderBodySchema>;
const unpagedLimit = 10_000;

async function ordersByIds(db: Db, ids: string[]): Promise<Order[]> {
  const [rows, items] = await Promise.all([repo.orderRowsByIds(db, ids), repo.itemsOfOrders(db, ids)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [repo.toOrder(row, items.get(id) ?? [])] : [];
  });
}

/**
 * Paged when page or perPage is given; otherwise the first 10,000 orders as a bare array, in
 * creation order (`sort` and `order` shape paged answers only, api.md §6). `q` narrows either
 * to the orders it finds (issue 20's command palette).
 */
export async function listOrders(
  ctx: AppContext,
  query: z.output<typeof orderListQuerySchema>,
): Promise<Order[] | OrderPage> {
  const filter = { status: query.status, q: query.q };
  if (query.page === undefined && query.perPage === undefined) {
    return ordersByIds(ctx.db, await repo.pageOrderIds(ctx.db, filter, unpagedLimit, 0));
  }
  const page = query.page ?? 1;
  const perPage = query.perPage ?? 10;
  const totalCount =
    query.q !== undefined
      ? await repo.countFilteredOrders(ctx.db, filter)
      : await readCounter(
          ctx.db,
          query.status === undefined ? counterNames.orders : counterNames.ordersWithStatus(query.status),
        );
  const offset = (page - 1) * perPage;
  const sort = { sort: query.sort, order: query.order ?? 'asc' };
  const ids = offset < totalCount ? await repo.pageOrderIds(ctx.db, filter, perPage, offset, sort) : [];
  return {
    orders: await ordersByIds(ctx.db, ids),
    totalPages: Math.ceil(totalCount / perPage),
    page,
    perPage,
    totalCount,
  };
}

export async function getOrder(ctx: AppContext, id: string): Promise<Order> {
  const [order] = await ordersByIds(ctx.db, [id]);
  if (!order) throw notFound(orderMessages.notFound);
  return order;
}

/**
 * Lines priced from the catalogue (a client's price or totals are never trusted); the
 * title and image fall back to the catalogue's when not sent. Products must exist.
 */
async function orderLines(db: Db, orderId: string, input: OrderInput) {
  const ids = [...new Set(input.products.map((line) => line.productId))];
  const catalogue = new Map((await repo.productPrices(db, ids)).map((row) => [row.id, row]));
  return input.products.map((line, index) => {
    const product = catalogue.get(line.productId);
    if (!product) throw badRequest(orderMessages.unknownProduct(line.productId));
    return {
      order_id: orderId,
      line: index,
      product_id: line.productId,
      product_title: line.productTitle || product.name,
      image: line.image
        ? (ownUploads([line.image], `products.${index}.image`)[0] ?? '')
        : ((JSON.parse(product.images) as string[])[0] ?? ''),
      quantity: line.quantity,
      price: product.price,
      sub_total: Math.round(product.price * line.quantity * 100) / 100,
    };
  });
}

type Lines = Awaited<ReturnType<typeof orderLines>>;
const amountOf = (lines: Array<{ sub_total: number }>) =>
  Math.round(lines.reduce((sum, l) => sum + l.sub_total, 0) * 100) / 100;

/** Adds (sign 1) or removes (sign -1) an order's effect on every summary. */
async function applySummaries(
  db: Db,
  day: string,
  status: string,
  lines: Array<Omit<Lines[number], 'order_id' | 'line' | 'product_title' | 'image'>>,
  sign: 1 | -1,
) {
  await bumpCounters(db, [
    [counterNames.orders, sign],
    [counterNames.ordersWithStatus(status), sign],
  ]);
  await repo.addDailySales(db, day, sign * amountOf(lines), sign);
  for (const line of lines)
    await repo.addProductSales(db, line.product_id, sign * line.quantity, sign * line.sub_total);
}

export async function createOrder(ctx: AppContext, body: unknown, createdAt = nowIso(ctx.clock)): Promise<Order> {
  const input = orderBodySchema.parse(body);
  const id = newId();
  await ctx.transaction(async (trx) => {
    const lines = await orderLines(trx, id, input);
    await repo.insertOrder(trx, orderRow(id, input, amountOf(lines), createdAt), lines);
    await applySummaries(trx, createdAt.slice(0, 10), input.status, lines, 1);
    return id;
  });
  return getOrder(ctx, id);
}

function orderRow(id: string, input: OrderInput, amount: number, createdAt: string) {
  return {
    id,
    payment_id: input.paymentId,
    name: input.name,
    phone_number: input.phoneNumber,
    address: input.address,
    pincode: input.pincode,
    amount,
    email: input.email,
    user_id: input.userid,
    status: input.status,
    created_at: createdAt,
  };
}

/** Same products and quantities: the order keeps the prices it was placed at. */
const sameLines = (a: repo.OrderItemRow[], b: OrderInput['products']) =>
  a.length === b.length && a.every((x, i) => x.product_id === b[i]?.productId && x.quantity === b[i]?.quantity);

/**
 * Any status may follow any other; a status-only change touches one row and two counters.
 * Answers with the order as written (the rows this transaction wrote, not read again).
 */
export async function updateOrder(ctx: AppContext, id: string, body: unknown): Promise<Order> {
  const input = orderBodySchema.parse(body);
  return ctx.transaction(async (trx, hand) => {
    // The activity log's recorder has read the order already (and holds it): not read twice.
    const row = await rowInHand(hand, 'orders', id, () => repo.findOrderRowToChange(trx, ctx.engine, id));
    if (!row) throw notFound(orderMessages.notFound);
    const oldLines = (await repo.itemsOfOrders(trx, [id])).get(id) ?? [];
    const day = row.created_at.slice(0, 10);
    // Compared before any catalogue lookup: a status change works even after a product is gone.
    if (sameLines(oldLines, input.products)) {
      const written = orderRow(id, input, row.amount, row.created_at);
      await repo.updateOrderRow(trx, id, written);
      const stored = { ...row, ...written };
      hand?.leftAs(stored);
      if (row.status !== input.status) {
        await bumpCounters(trx, [
          [counterNames.ordersWithStatus(row.status), -1],
          [counterNames.ordersWithStatus(input.status), 1],
        ]);
      }
      return repo.toOrder(stored, oldLines);
    }
    const lines = await orderLines(trx, id, input);
    const written = orderRow(id, input, amountOf(lines), row.created_at);
    await applySummaries(trx, day, row.status, oldLines, -1);
    await repo.updateOrderRow(trx, id, written);
    const stored = { ...row, ...written };
    hand?.leftAs(stored);
    await repo.replaceOrderItems(trx, id, lines);
    await applySummaries(trx, day, input.status, lines, 1);
    return repo.toOrder(stored, lines);
  });
}

export async function deleteOrder(ctx: AppContext, id: string) {
  await ctx.transaction(async (trx) => {
    const row = await repo.findOrderRowToChange(trx, ctx.engine, id);
    if (!row) throw notFound(orderMessages.notFound);
    const lines = (await repo.itemsOfOrders(trx, [id])).get(id) ?? [];
    await applySummaries(trx, row.created_at.slice(0, 10), row.status, lines, -1);
    await repo.deleteOrderRow(trx, id);
  });
  return { success: true as const, message: orderMessages.deleted };
}

export async function countOrders(ctx: AppContext) {
  return { orderCount: await readCounter(ctx.db, counterNames.orders) };
}
