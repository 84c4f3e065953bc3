import type { Order } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOrder, createProduct, orderLine } from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const base = '/api/orders';

/** `GET /api/orders?q=` (issue 20, the command palette): find orders by id, name, e-mail or phone. */
describe(`orders API: q finds orders (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let asha: Order;
  let ravi: Order;
  let ravi2: Order;
  let oddOne: Order;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    const category = await createCategory(t, token, 'Electronics');
    const product = await createProduct(t, token, category.id);
    const line = [orderLine(product.id, 1)];
    asha = await createOrder(t, token, line, {
      name: 'Asha Verma',
      email: 'asha@mail.test',
      phoneNumber: '9000011111',
    });
    ravi = await createOrder(t, token, line, {
      name: 'Ravi Kumar',
      email: 'ravi@shop.test',
      phoneNumber: '9876543210',
    });
    ravi2 = await createOrder(t, token, line, {
      name: 'Kumar Ravi',
      email: 'KR@Example.test',
      phoneNumber: '+91 98765 00000',
      status: 'confirm',
    });
    oddOne = await createOrder(t, token, line, { name: '100%_off\\shop', email: 'odd@mail.test', phoneNumber: '1' });
  });
  afterAll(() => t.close());

  const get = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `${base}${query}`, headers: bearer(token) });
    expect(res.statusCode, query).toBe(200);
    return res.json();
  };
  const ids = (orders: Order[]) => orders.map((order) => order.id);

  it('without paging answers a bare array of the orders found, in the list’s order', async () => {
    expect(ids(await get('?q=ravi'))).toEqual([ravi.id, ravi2.id]);
    expect(await get('?q=asha')).toEqual([asha]);
  });

  it('matches name, e-mail and phone anywhere in them, letter case ignored', async () => {
    expect(ids(await get('?q=KUMAR'))).toEqual([ravi.id, ravi2.id]);
    expect(ids(await get('?q=example.TEST'))).toEqual([ravi2.id]);
    expect(ids(await get('?q=kr%40example'))).toEqual([ravi2.id]);
    expect(ids(await get('?q=98765'))).toEqual([ravi.id, ravi2.id]);
    expect(ids(await get('?q=%2B91'))).toEqual([ravi2.id]);
    expect(ids(await get('?q=0011111'))).toEqual([asha.id]);
  });

  it('matches an order id exactly (not a part of one)', async () => {
    expect(await get(`?q=${ravi.id}`)).toEqual([ravi]);
    expect(await get(`?q=${ravi.id.toUpperCase()}`)).toEqual([]);
    expect(await get(`?q=${ravi.id.slice(0, 12)}`)).toEqual([]);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(ids(await get('?q=%25'))).toEqual([oddOne.id]);
    expect(ids(await get('?q=_'))).toEqual([oddOne.id]);
    expect(ids(await get('?q=%5C'))).toEqual([oddOne.id]);
    expect(ids(await get('?q=0%25_off%5Cs'))).toEqual([oddOne.id]);
    expect(await get('?q=a_h')).toEqual([]);
  });

  it('pages the orders found, counting only them, and combines with status', async () => {
    expect(await get('?q=kumar&page=1&perPage=1')).toEqual({
      orders: [ravi],
      totalPages: 2,
      page: 1,
      perPage: 1,
      totalCount: 2,
    });
    expect(await get('?q=kumar&page=2&perPage=1')).toMatchObject({ orders: [ravi2], totalCount: 2 });
    expect(await get('?q=kumar&page=3&perPage=1')).toMatchObject({ orders: [], totalCount: 2 });
    expect(ids(await get('?q=kumar&status=confirm'))).toEqual([ravi2.id]);
    expect(await get('?q=kumar&status=pending&page=1&perPage=10')).toMatchObject({
      orders: [ravi],
      totalCount: 1,
      totalPages: 1,
    });
    expect(await get('?q=nobody&page=1&perPage=10')).toEqual({
      orders: [],
      totalPages: 0,
      page: 1,
      perPage: 10,
      totalCount: 0,
    });
  });

  it('a blank q is no filter: the list as it was, bare or paged', async () => {
    const all = await get('');
    expect(all).toHaveLength(4);
    expect(await get('?q=')).toEqual(all);
    expect(await get('?q=%20%20')).toEqual(all);
    expect(await get('?q=&page=1&perPage=2')).toMatchObject({ orders: all.slice(0, 2), totalCount: 4 });
  });

  it('refuses a q longer than 200 characters with 400', async () => {
    const res = await t.request({ method: 'GET', url: `${base}?q=${'a'.repeat(201)}`, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, fields: { q: 'Query is too long (at most 200 characters)' } });
  });

  it('answers text no order holds, however odd, with none (never a server error)', async () => {
    for (const q of ['%F0%9F%98%80', "'%20or%201%3D1--", '%22', 'a'.repeat(200)]) {
      const res = await t.request({ method: 'GET', url: `${base}?q=${q}&page=1&perPage=5`, headers: bearer(token) });
      expect(res.statusCode, q).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.json().orders, q).toEqual([]);
    }
  });

  it('refuses a q holding a NUL with 400 on both engines', async () => {
    const res = await t.request({ method: 'GET', url: `${base}?q=a%00b`, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: true,
      fields: { q: 'Text may not contain broken characters (a lone UTF-16 surrogate) or NUL characters' },
    });
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await t.request({ method: 'GET', url: `${base}?q=ravi` })).statusCode).toBe(401);
  });
});
