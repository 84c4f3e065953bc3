import type { Order, Product } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOrder, createProduct, orderLine } from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

/** Issue 20: the Orders List sorts by date, amount and status (`sort`, `order`; paged answers). */
describe(`orders sorted (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let orders: Order[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    const category = await createCategory(t, token, 'Electronics');
    const product: Product = await createProduct(t, token, category.id, { name: 'Cable', price: 100 });
    // Quantities give amounts with ties; statuses and dates vary (some orders share a date).
    const quantities = [3, 1, 3, 7, 2, 1, 5, 3, 2, 9, 1, 4];
    const statuses = ['pending', 'confirm', 'delivered', 'pending', 'confirm', 'pending'];
    orders = [];
    for (const [i, quantity] of quantities.entries()) {
      if (i % 4 !== 1) t.advance(60_000 * (i % 3 === 0 ? 7 : 1));
      orders.push(
        await createOrder(t, token, [orderLine(product.id, quantity)], { status: statuses[i % statuses.length] }),
      );
    }
  });
  afterAll(() => t.close());

  const list = (query: string) => t.request({ method: 'GET', url: `/api/orders${query}`, headers: bearer(token) });
  const idsOf = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode).toBe(200);
    return (res.json().orders as Order[]).map((o) => o.id);
  };
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = (list: Order[], key: (o: Order) => string | number, order: 'asc' | 'desc') => {
    const sign = order === 'asc' ? 1 : -1;
    return [...list].sort((a, b) => sign * compare(key(a), key(b)) || sign * compare(a.id, b.id)).map((o) => o.id);
  };
  const keys = { date: (o: Order) => o.date, amount: (o: Order) => o.amount, status: (o: Order) => o.status };

  it.each([
    ['date', 'asc'],
    ['date', 'desc'],
    ['amount', 'asc'],
    ['amount', 'desc'],
    ['status', 'asc'],
    ['status', 'desc'],
  ] as const)('sort=%s&order=%s, ties by id, across pages', async (sort, order) => {
    const expected = sorted(orders, keys[sort], order);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page += 1)
      paged.push(...(await idsOf(`?sort=${sort}&order=${order}&page=${page}&perPage=5`)));
    expect(paged).toEqual(expected);
  });

  it('sort without order is ascending; order alone turns creation order', async () => {
    expect(await idsOf('?sort=amount&page=1&perPage=100')).toEqual(sorted(orders, keys.amount, 'asc'));
    expect(await idsOf('?order=desc&page=1&perPage=100')).toEqual(orders.map((o) => o.id).reverse());
  });

  it('sorts within a status filter, counted on that status', async () => {
    const pending = orders.filter((o) => o.status === 'pending');
    const res = await list('?status=pending&sort=amount&order=desc&page=1&perPage=100');
    expect(res.json()).toMatchObject({ totalCount: pending.length, totalPages: 1 });
    expect((res.json().orders as Order[]).map((o) => o.id)).toEqual(sorted(pending, keys.amount, 'desc'));
    expect(await idsOf('?status=pending&sort=date&order=asc&page=1&perPage=100')).toEqual(
      sorted(pending, keys.date, 'asc'),
    );
  });

  it('the bare list (no paging) stays in creation order', async () => {
    const res = await list('?sort=amount&order=desc');
    expect(res.statusCode).toBe(200);
    expect((res.json() as Order[]).map((o) => o.id)).toEqual(orders.map((o) => o.id));
  });

  it.each([
    ['sort=secret', '?sort=secret&page=1', 'sort'],
    ['order=sideways', '?sort=amount&order=sideways&page=1', 'order'],
  ])('refuses %s with 400', async (_, query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
  });
});
