import type { Order, OrderProduct, OrderStatus } from '@shopdesk/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Engine } from '../../db/create-db';
import type { OrderItemsTable, OrdersTable } from '../../db/schema';

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;

export function toOrder(row: OrderRow, items: OrderItemRow[]): Order {
  return {
    _id: row.id,
    id: row.id,
    paymentId: row.payment_id,
    name: row.name,
    phoneNumber: row.phone_number,
    address: row.address,
    pincode: row.pincode,
    amount: row.amount,
    email: row.email,
    userid: row.user_id,
    userId: row.user_id,
    status: row.status as OrderStatus,
    date: row.created_at,
    products: items.map(
      (item): OrderProduct => ({
        productId: item.product_id,
        productTitle: item.product_title,
        image: item.image,
        quantity: item.quantity,
        price: item.price,
        subTotal: item.sub_total,
      }),
    ),
    ...(row.invoice_number === null ? {} : { invoiceNumber: row.invoice_number }),
  };
}

/**
 * The row an update or delete is about to change, locked until the transaction ends on
 * PostgreSQL (`for update`), so two requests changing one order's status take turns and each
 * moves the status counters from the status it really replaces. SQLite runs one write
 * transaction at a time anyway.
 */
export function findOrderRowToChange(db: Db, engine: Engine, id: string) {
  const query = db.selectFrom('orders').selectAll().where('id', '=', id);
  return (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export function orderRowsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as OrderRow[]);
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
}

/** The lines of these orders, in line order, all in one read. */
export function linesOfOrders(db: Db, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('line')
    .execute();
}

export async function itemsOfOrders(db: Db, orderIds: string[]): Promise<Map<string, OrderItemRow[]>> {
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const row of await linesOfOrders(db, orderIds)) {
    byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  }
  return byOrder;
}

const sortColumns = { date: 'created_at', amount: 'amount', status: 'status' } as const;
export interface OrderSort {
  /** None: creation order (the id's). */
  sort?: keyof typeof sortColumns | undefined;
  order: 'asc' | 'desc';
}

/** What a list of orders is narrowed to: a status, and a search text (`q`). */
export type OrderFilter = { status?: string | undefined; q?: string | undefined };

/** `q` as a LIKE pattern matching it anywhere, its own `%`, `_` and `\` taken literally. */
function containing(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The orders `filter` keeps: of one status, and found by `q` (the id exactly, or the name,
 * e-mail or phone holding it, letter case ignored; the same on both engines, as both compare
 * `lower()` with an explicit escape character).
 */
function filteredOrders(db: Db, filter: OrderFilter) {
  let query = db.selectFrom('orders');
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  const q = filter.q;
  if (q !== undefined) {
    const pattern = containing(q);
    const holds = (column: 'name' | 'email' | 'phone_number') =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([eb('id', '=', q), holds('name'), holds('email'), holds('phone_number')]));
  }
  return query;
}

/**
 * One page of order ids. Not searching, from an index alone: the primary key (or status) index
 * in creation order, or with a sort the sort's index (`orders_created_at`, `orders_amount`,
 * `orders_status`; with a status filter the status-first ones), every one ending in id, so
 * ties come in id order in the sort's direction and the walk never sorts.
 */
export async function pageOrderIds(
  db: Db,
  filter: OrderFilter,
  limit: number,
  offset: number,
  sort: OrderSort = { order: 'asc' },
) {
  let query = filteredOrders(db, filter).select('id');
  if (sort.sort) query = query.orderBy(sortColumns[sort.sort], sort.order);
  const rows = await query.orderBy('id', sort.order).limit(limit).offset(offset).execute();
  return rows.map((row) => row.id);
}

/** How many orders a search finds (a list without `q` reads the kept counters instead). */
export async function countFilteredOrders(db: Db, filter: OrderFilter): Promise<number> {
  const row = await filteredOrders(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertOrder(db: Db, row: Insertable<OrdersTable>, items: Insertable<OrderItemsTable>[]) {
  await db.insertInto('orders').values(row).execute();
  if (items.length > 0) await db.insertInto('order_items').values(items).execute();
}

export async function updateOrderRow(db: Db, id: string, values: Partial<Insertable<OrdersTable>>) {
  await db.updateTable('orders').set(values).where('id', '=', id).execute();
}

export async function replaceOrderItems(db: Db, orderId: string, items: Insertable<OrderItemsTable>[]) {
  await db.deleteFrom('order_items').where('order_id', '=', orderId).execute();
  if (items.length > 0) await db.insertInto('order_items').values(items).execute();
}

export async function deleteOrderRow(db: Db, id: string) {
  await db.deleteFrom('orders').where('id', '=', id).execute();
}

export async function addDailySales(db: Db, day: string, sales: number, orders: number) {
  await db
    .insertInto('sales_daily')
    .values({ day, sales, orders })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet({
        sales: sql`sales_daily.sales + excluded.sales`,
        orders: sql`sales_daily.orders + excluded.orders`,
      }),
    )
    .execute();
}

export async function addProductSales(db: Db, productId: string, units: number, revenue: number) {
  await db
    .insertInto('product_sales')
    .values({ product_id: productId, units_sold: units, revenue })
    .onConflict((oc) =>
      oc.column('product_id').doUpdateSet({
        units_sold: sql`product_sales.units_sold + excluded.units_sold`,
        revenue: sql`product_sales.revenue + excluded.revenue`,
      }),
    )
    .execute();
}

export function dailySales(db: Db, from: string, to: string) {
  return db
    .selectFrom('sales_daily')
    .select(['day', 'sales', 'orders'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

export async function totalSales(db: Db) {
  const row = await db
    .selectFrom('sales_daily')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('sales'), sql<number>`0`).as('sales'),
      eb.fn.coalesce(eb.fn.sum<number>('orders'), sql<number>`0`).as('orders'),
    ])
    .executeTakeFirstOrThrow();
  return { sales: Number(row.sales), orders: Number(row.orders) };
}

/** Top sellers by units, optionally within one root category (walks the units index). */
export function bestSellerRows(db: Db, catId: string | undefined, limit: number) {
  let query = db
    .selectFrom('product_sales as ps')
    .innerJoin('products as p', 'p.id', 'ps.product_id')
    .select(['ps.product_id', 'ps.units_sold', 'ps.revenue'])
    .where('ps.units_sold', '>', 0);
  if (catId) query = query.where('p.cat_id', '=', catId);
  return query.orderBy('ps.units_sold', 'desc').orderBy('ps.product_id').limit(limit).execute();
}

/** The catalogue's current name, price and first image of these products. */
export function productPrices(db: Db, ids: string[]) {
  if (ids.length === 0)
    return Promise.resolve([] as Array<{ id: string; name: string; price: number; images: string }>);
  return db.selectFrom('products').select(['id', 'name', 'price', 'images']).where('id', 'in', ids).execute();
}
