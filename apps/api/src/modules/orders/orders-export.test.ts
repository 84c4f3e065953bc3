import { exportMessages, orderCsvColumns } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOrder, createProduct, orderLine } from '../../../test/catalogue-fixtures';
import { csvRecords, tokenOfRole } from '../../../test/export-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const dayMs = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe(`GET /api/orders/export (${engineName})`, () => {
  let t: TestApp;
  let owner: string;
  const products: Record<string, { id: string; price: number }> = {};
  const orders: Array<{ id: string; date: string; status: string; lines: number }> = [];
  let firstDay = '';

  const exportCsv = (query = '', token = owner) =>
    t.request({ method: 'GET', url: `/api/orders/export${query}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t);
    const category = await createCategory(t, owner, 'Kitchen');
    products.kettle = await createProduct(t, owner, category.id, { name: 'Kettle', price: 1500 });
    products.mug = await createProduct(t, owner, category.id, { name: 'Mug, "large"', price: 250 });
    // Five orders, one day apart (the app's clock moves), with one to three lines and a mix of statuses.
    firstDay = dayOf(t.app.ctx.clock());
    const plan: Array<[lines: Array<[string, number]>, status: string]> = [
      [[['kettle', 1]], 'pending'],
      [
        [
          ['kettle', 2],
          ['mug', 4],
        ],
        'confirm',
      ],
      [[['mug', 1]], 'delivered'],
      [
        [
          ['mug', 2],
          ['kettle', 1],
          ['mug', 3],
        ],
        'confirm',
      ],
      [[['kettle', 5]], 'pending'],
    ];
    for (const [lines, status] of plan) {
      const made = await createOrder(
        t,
        owner,
        lines.map(([key, quantity]) =>
          orderLine(products[key]?.id ?? '', quantity, key === 'mug' ? 'Mug, "large"' : 'Kettle'),
        ),
        { status },
      );
      orders.push({ id: made.id, date: made.date, status: made.status, lines: lines.length });
      t.advance(dayMs);
      // A session lasts 12 hours: a new day, a new sign-in.
      owner = await signIn(t);
    }
  });
  afterAll(() => t.close());

  it('streams one row per order line, with the header of api.md §13, oldest first', async () => {
    const res = await exportCsv();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.split('\r\n')[0]).toBe(orderCsvColumns.join(','));
    const records = csvRecords(res.body);
    expect(records).toHaveLength(1 + 2 + 1 + 3 + 1);
    expect(records.map((record) => record.orderId)).toEqual(
      orders.flatMap((order) => Array(order.lines).fill(order.id)),
    );
    const order = (
      await t.request({ method: 'GET', url: `/api/orders/${orders[1]?.id}`, headers: bearer(owner) })
    ).json();
    expect(records.slice(1, 3)).toEqual(
      order.products.map((line: Record<string, unknown>) => ({
        orderId: order.id,
        date: order.date,
        status: 'confirm',
        paymentId: order.paymentId,
        name: order.name,
        email: order.email,
        phoneNumber: order.phoneNumber,
        address: order.address,
        pincode: order.pincode,
        amount: String(order.amount),
        productId: line.productId,
        productTitle: line.productTitle,
        quantity: String(line.quantity),
        price: String(line.price),
        subTotal: String(line.subTotal),
      })),
    );
    expect(records[2]).toMatchObject({ productTitle: 'Mug, "large"', quantity: '4', price: '250', subTotal: '1000' });
  });

  it('filters by days (from and to included, UTC) and by status', async () => {
    const idsOf = async (query: string) => {
      const res = await exportCsv(query);
      expect(res.statusCode, res.body).toBe(200);
      return [...new Set(csvRecords(res.body).map((record) => record.orderId))];
    };
    const day = (n: number) => dayOf(Date.parse(`${firstDay}T00:00:00.000Z`) + n * dayMs);
    expect(await idsOf(`?from=${day(1)}&to=${day(3)}`)).toEqual(orders.slice(1, 4).map((order) => order.id));
    expect(await idsOf(`?from=${day(1)}&to=${day(1)}`)).toEqual([orders[1]?.id]);
    expect(await idsOf(`?from=${day(4)}`)).toEqual([orders[4]?.id]);
    expect(await idsOf(`?to=${day(0)}`)).toEqual([orders[0]?.id]);
    expect(await idsOf('?status=confirm')).toEqual([orders[1]?.id, orders[3]?.id]);
    expect(await idsOf(`?status=pending&from=${day(1)}`)).toEqual([orders[4]?.id]);
    expect(await idsOf(`?from=${day(10)}`)).toEqual([]);
  });

  it('refuses bad dates, a reversed range and an unknown status with 400 and its words', async () => {
    for (const [query, msg] of [
      ['?from=2026-13-45', exportMessages.badDate('from')],
      ['?to=yesterday', exportMessages.badDate('to')],
      ['?from=2026-11-20&to=2026-11-01', exportMessages.badRange],
      ['?status=shipped', exportMessages.badStatus],
    ]) {
      const res = await exportCsv(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: true, msg });
    }
  });

  it('needs the export permission: 403 for a viewer, 200 for a clerk, 401 without a token', async () => {
    const viewer = await tokenOfRole(t, owner, 'viewer@shop.test', 'viewer');
    const refused = await exportCsv('', viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: true, msg: 'You do not have permission to do this' });
    const clerk = await tokenOfRole(t, owner, 'clerk@shop.test', 'clerk');
    expect((await exportCsv('', clerk)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/orders/export' })).statusCode).toBe(401);
  });
});
