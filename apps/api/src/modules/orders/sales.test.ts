import type { Order, Sales } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOrder, createProduct, orderBody, orderLine } from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const badRange = 'from and to must be dates (YYYY-MM-DD), from not after to, at most 5 years apart';

/**
 * Orders take the app clock's time; the clock is moved to fixed instants so every order
 * lands on a known day. "Today" is 2026-03-10. Lines are charged the catalogue price, so
 * there is one product per price the orders need.
 */
describe(`GET /api/orders/sales (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  const productAt: Record<number, string> = {};
  const orders: Record<string, Order> = {};

  const setClock = (iso: string) => t.advance(Date.parse(iso) - t.app.ctx.clock());
  const orderAt = async (iso: string, quantity: number, price: number) => {
    setClock(iso);
    const order = await createOrder(t, token, [orderLine(productAt[price]!, quantity)]);
    expect(order.date).toBe(iso);
    return order;
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    const category = await createCategory(t, token, 'Electronics');
    for (const price of [100, 50, 20, 7.5])
      productAt[price] = (await createProduct(t, token, category.id, { name: `Item at ${price}`, price })).id;
    orders.lastYear = await orderAt('2025-12-31T23:59:59.000Z', 5, 100); // 500
    orders.january = await orderAt('2026-01-15T10:00:00.000Z', 3, 100); // 300
    orders.marchA = await orderAt('2026-03-01T00:00:00.000Z', 1, 100); // 100
    orders.marchB = await orderAt('2026-03-01T18:30:00.000Z', 5, 50); // 250
    orders.marchC = await orderAt('2026-03-03T09:00:00.000Z', 2, 20); // 40
    setClock('2026-03-10T12:00:00.000Z');
  });
  afterAll(() => t.close());

  const sales = (query = '') => t.request({ method: 'GET', url: `/api/orders/sales${query}`, headers: bearer(token) });
  const report = async (query = '') => {
    const res = await sales(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Sales;
  };

  it('groupBy=day lists every day of the range, zeros included, with the right sums', async () => {
    expect(await report('?from=2026-02-27&to=2026-03-04&groupBy=day')).toEqual({
      totalSales: 390,
      totalOrders: 3,
      series: [
        { period: '2026-02-27', sales: 0, orders: 0 },
        { period: '2026-02-28', sales: 0, orders: 0 },
        { period: '2026-03-01', sales: 350, orders: 2 },
        { period: '2026-03-02', sales: 0, orders: 0 },
        { period: '2026-03-03', sales: 40, orders: 1 },
        { period: '2026-03-04', sales: 0, orders: 0 },
      ],
    });
  });

  it('a one-day range is one period; the range edges are inclusive', async () => {
    expect(await report('?from=2025-12-31&to=2025-12-31&groupBy=day')).toEqual({
      totalSales: 500,
      totalOrders: 1,
      series: [{ period: '2025-12-31', sales: 500, orders: 1 }],
    });
    expect(await report('?from=2026-03-05&to=2026-03-05&groupBy=day')).toEqual({
      totalSales: 0,
      totalOrders: 0,
      series: [{ period: '2026-03-05', sales: 0, orders: 0 }],
    });
  });

  it('groupBy=month sums whole months, across a year boundary, zeros included', async () => {
    expect(await report('?from=2025-11-01&to=2026-03-31&groupBy=month')).toEqual({
      totalSales: 1190,
      totalOrders: 5,
      series: [
        { period: '2025-11', sales: 0, orders: 0 },
        { period: '2025-12', sales: 500, orders: 1 },
        { period: '2026-01', sales: 300, orders: 1 },
        { period: '2026-02', sales: 0, orders: 0 },
        { period: '2026-03', sales: 390, orders: 3 },
      ],
    });
  });

  it('groupBy=month counts only the days inside the range', async () => {
    expect(await report('?from=2026-03-02&to=2026-04-30&groupBy=month')).toEqual({
      totalSales: 40,
      totalOrders: 1,
      series: [
        { period: '2026-03', sales: 40, orders: 1 },
        { period: '2026-04', sales: 0, orders: 0 },
      ],
    });
  });

  it('no parameters: all-time totals, this year’s series by month and monthlySales', async () => {
    expect(await report()).toEqual({
      totalSales: 1190,
      totalOrders: 5,
      series: [
        { period: '2026-01', sales: 300, orders: 1 },
        { period: '2026-02', sales: 0, orders: 0 },
        { period: '2026-03', sales: 390, orders: 3 },
      ],
      monthlySales: [
        { month: 'JAN', sale: 300 },
        { month: 'FEB', sale: 0 },
        { month: 'MAR', sale: 390 },
      ],
    });
  });

  it('with only from and groupBy=day the range runs to today', async () => {
    const body = await report('?from=2026-03-03&groupBy=day');
    expect(body.series.map((p) => p.period)).toEqual([
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(body).toMatchObject({ totalSales: 40, totalOrders: 1 });
    expect(body).not.toHaveProperty('monthlySales');
  });

  it.each([
    ['from after to', '?from=2026-03-05&to=2026-03-01&groupBy=day', badRange],
    ['a malformed from', '?from=2026-3-1&to=2026-03-05', badRange],
    ['a malformed to', '?from=2026-03-01&to=yesterday', badRange],
    ['a month 13', '?from=2026-13-01&to=2026-12-31', badRange],
    ['a range over 5 years', '?from=2020-01-01&to=2026-01-01&groupBy=month', badRange],
    ['a range over 5 years by day', '?from=2019-03-01&to=2026-03-01&groupBy=day', badRange],
    ['an unknown groupBy', '?from=2026-03-01&to=2026-03-05&groupBy=week', 'groupBy must be day or month'],
  ])('refuses %s with 400 and says why', async (_, query, message) => {
    const res = await sales(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg: message });
  });

  it('accepts a range of exactly 5 years', async () => {
    const body = await report('?from=2021-03-10&to=2026-03-10&groupBy=month');
    expect(body.series).toHaveLength(61);
    expect(body).toMatchObject({ totalSales: 1190, totalOrders: 5 });
  });

  it('an order’s new quantities count on the day it was placed, not the day it was changed', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/orders/${orders.january!.id}`,
      headers: bearer(token),
      payload: orderBody([orderLine(productAt[100]!, 4)]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(400);
    expect((await report('?from=2026-01-01&to=2026-03-31&groupBy=month')).series).toEqual([
      { period: '2026-01', sales: 400, orders: 1 },
      { period: '2026-02', sales: 0, orders: 0 },
      { period: '2026-03', sales: 390, orders: 3 },
    ]);
    expect(await report('?from=2026-03-10&to=2026-03-10&groupBy=day')).toMatchObject({ totalSales: 0, totalOrders: 0 });
    expect((await report()).totalSales).toBe(1290);
  });

  it('a status change leaves the sales as they are', async () => {
    const before = await report();
    const res = await t.request({
      method: 'PUT',
      url: `/api/orders/${orders.marchA!.id}`,
      headers: bearer(token),
      payload: orderBody(orders.marchA!.products, { status: 'delivered' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await report()).toEqual(before);
  });

  it('deleting an order takes it out of its day, its month and the totals', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/orders/${orders.marchB!.id}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect((await report('?from=2026-03-01&to=2026-03-01&groupBy=day')).series).toEqual([
      { period: '2026-03-01', sales: 100, orders: 1 },
    ]);
    expect(await report()).toEqual({
      totalSales: 1040,
      totalOrders: 4,
      series: [
        { period: '2026-01', sales: 400, orders: 1 },
        { period: '2026-02', sales: 0, orders: 0 },
        { period: '2026-03', sales: 140, orders: 2 },
      ],
      monthlySales: [
        { month: 'JAN', sale: 400 },
        { month: 'FEB', sale: 0 },
        { month: 'MAR', sale: 140 },
      ],
    });
  });

  it('an order placed today shows up today', async () => {
    await createOrder(t, token, [orderLine(productAt[7.5]!, 1)]);
    expect((await report('?from=2026-03-10&to=2026-03-10&groupBy=day')).series).toEqual([
      { period: '2026-03-10', sales: 7.5, orders: 1 },
    ]);
  });
});
