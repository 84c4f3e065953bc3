import { type BestSeller, inputMessages, type Order, type Product, type Sales } from '@shopdesk/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CategoryRecord,
  createCategory,
  createNonAdminToken,
  createOrder,
  createProduct,
  imageUrl,
  notAdmin,
  orderBody,
  orderLine,
  pleaseSignIn,
  postOrder,
  routeName,
} from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const base = '/api/orders';
const objectId = /^[0-9a-f]{24}$/;
const unknownId = '0123456789abcdef01234567';
const fillAll = 'Please fill all the details';

describe(`orders API (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let phone: Product;
  let case_: Product;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    const category = await createCategory(t, token, 'Electronics');
    phone = await createProduct(t, token, category.id, { name: 'Galaxy Phone', price: 19999 });
    case_ = await createProduct(t, token, category.id, { name: 'Phone Case', price: 299.5 });
  });
  afterAll(() => t.close());

  const getOne = (id: string) => t.request({ method: 'GET', url: `${base}/${id}`, headers: bearer(token) });
  const list = (query = '') => t.request({ method: 'GET', url: `${base}${query}`, headers: bearer(token) });
  const put = (id: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `${base}/${id}`, headers: bearer(token), payload });
  const remove = (id: string) => t.request({ method: 'DELETE', url: `${base}/${id}`, headers: bearer(token) });
  const count = async () => {
    const res = await t.request({ method: 'GET', url: `${base}/get/count`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().orderCount as number;
  };
  const allOrders = async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    return res.json() as Order[];
  };

  describe('create', () => {
    it('counts 0 and lists an empty array before any order', async () => {
      expect(await count()).toBe(0);
      expect(await allOrders()).toEqual([]);
    });

    it('answers 201 with the order: catalogue prices, subTotal and amount computed, the client’s ignored, status pending', async () => {
      const res = await postOrder(
        t,
        token,
        orderBody(
          [
            { ...orderLine(phone.id, 2, 'Galaxy Phone'), price: 1, subTotal: 1 },
            { ...orderLine(case_.id, 3, 'Phone Case'), price: 0, subTotal: 1 },
          ],
          { amount: 5, date: '2001-01-01T00:00:00.000Z', id: 'client-id' },
        ),
      );
      expect(res.statusCode).toBe(201);
      const order = res.json() as Order;
      expect(order).toEqual({
        _id: expect.stringMatching(objectId),
        id: order._id,
        paymentId: 'pay_123',
        name: 'Ravi Kumar',
        phoneNumber: '9876543210',
        address: '12 MG Road, Bengaluru',
        pincode: '560001',
        amount: 40896.5,
        email: 'ravi@customer.test',
        userid: 'user-1',
        userId: 'user-1',
        status: 'pending',
        date: new Date(t.app.ctx.clock()).toISOString(),
        products: [
          {
            productId: phone.id,
            productTitle: 'Galaxy Phone',
            image: imageUrl('line'),
            quantity: 2,
            price: 19999,
            subTotal: 39998,
          },
          {
            productId: case_.id,
            productTitle: 'Phone Case',
            image: imageUrl('line'),
            quantity: 3,
            price: 299.5,
            subTotal: 898.5,
          },
        ],
      });
      expect(await count()).toBe(1);
      const read = await getOne(order.id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(order);
    });

    it('accepts numbers as text and a number as phone or pincode; keeps a given status', async () => {
      const res = await postOrder(
        t,
        token,
        orderBody([{ ...orderLine(case_.id, 1), quantity: '4', price: '10.25' }], {
          phoneNumber: 9876543210,
          pincode: 560001,
          status: 'confirm',
        }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        phoneNumber: '9876543210',
        pincode: '560001',
        status: 'confirm',
        amount: 1198,
        products: [{ quantity: 4, price: 299.5, subTotal: 1198 }],
      });
    });

    it('takes the title and image from the catalogue when the line leaves them out', async () => {
      const res = await postOrder(t, token, orderBody([{ productId: case_.id, quantity: 2 }]));
      expect(res.statusCode).toBe(201);
      expect(res.json().products).toEqual([
        {
          productId: case_.id,
          productTitle: 'Phone Case',
          image: case_.images[0],
          quantity: 2,
          price: 299.5,
          subTotal: 599,
        },
      ]);
      expect(res.json().amount).toBe(599);
    });

    it.each(['name', 'phoneNumber', 'address', 'pincode', 'email'])(
      'refuses an order without %s: 400 "Please fill all the details", nothing stored',
      async (field) => {
        const before = await count();
        for (const value of [undefined, '', '   ', null]) {
          const res = await postOrder(t, token, orderBody([orderLine(phone.id, 1)], { [field]: value }));
          expect(res.statusCode, String(value)).toBe(400);
          expect(res.json()).toEqual({ error: true, msg: fillAll, fields: { [field]: fillAll } });
        }
        expect(await count()).toBe(before);
      },
    );

    it.each([
      ['no products', undefined],
      ['an empty product list', []],
      ['products that are not a list', 'phone'],
    ])('refuses %s: 400 "An order needs at least one product"', async (_, products) => {
      const before = await count();
      const res = await postOrder(t, token, orderBody(products as never));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: true,
        msg: 'An order needs at least one product',
        fields: { products: 'An order needs at least one product' },
      });
      expect(await count()).toBe(before);
    });

    it('refuses an unknown productId with 400 naming it, and stores nothing', async () => {
      const before = await count();
      const res = await postOrder(t, token, orderBody([orderLine(phone.id, 1), orderLine(unknownId, 1)]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: true, msg: `No product with id ${unknownId}` });
      expect(await count()).toBe(before);
      expect((await allOrders()).length).toBe(before);
    });

    it.each([
      ['quantity 0', { quantity: 0 }, 'quantity must be a whole number, 1 or more'],
      ['a negative quantity', { quantity: -2 }, 'quantity must be a whole number, 1 or more'],
      ['a fractional quantity', { quantity: 1.5 }, 'quantity must be a whole number, 1 or more'],
      ['quantity "abc"', { quantity: 'abc' }, 'quantity must be a whole number, 1 or more'],
      ['a negative price', { price: -1 }, 'price must be a number, 0 or more'],
      ['price "abc"', { price: 'abc' }, 'price must be a number, 0 or more'],
      ['no productId', { productId: '' }, fillAll],
      ['a quantity given as a list', { quantity: [2] }, 'quantity must be a whole number, 1 or more'],
      ['a quantity given as true', { quantity: true }, 'quantity must be a whole number, 1 or more'],
      ['another site’s image', { image: 'https://cdn.example/phone.png' }, inputMessages.imageNotUploaded],
      ['a javascript: image', { image: 'javascript:alert(1)' }, inputMessages.imageNotUploaded],
    ])('refuses a line with %s: 400 and a clear message', async (_, override, message) => {
      const before = await count();
      const res = await postOrder(t, token, orderBody([{ ...orderLine(phone.id, 1), ...override }]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: message });
      expect(await count()).toBe(before);
    });

    it.each([
      ['userid [1,"a",null] (no longer stored as "1,a,")', { userid: [1, 'a', null] }, inputMessages.notText],
      ['a name given as a list', { name: ['Ravi', 'Kumar'] }, fillAll],
      ['an address given as an object', { address: { line: '12 MG Road' } }, fillAll],
      ['an e-mail holding a script', { email: '<script>alert(1)</script>' }, inputMessages.emailInvalid],
      ['an e-mail without a domain', { email: 'ravi@' }, inputMessages.emailInvalid],
      ['a lone surrogate in the address', { address: '12 MG Road \uD800' }, inputMessages.invalidText],
      ['a NUL in the payment id', { paymentId: 'pay\u0000_1' }, inputMessages.invalidText],
    ])('refuses %s with 400 and stores nothing (issue 17)', async (_, override, message) => {
      const before = await count();
      const res = await postOrder(t, token, orderBody([orderLine(phone.id, 1)], override));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: message });
      expect(await count()).toBe(before);
    });

    it('refuses an unknown status with 400', async () => {
      const res = await postOrder(t, token, orderBody([orderLine(phone.id, 1)], { status: 'shipped' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: true,
        msg: 'status must be pending, confirm, delivered or empty',
      });
    });
  });

  describe('read and list', () => {
    it('GET / without paging is a bare array of every order in creation order', async () => {
      const made = [
        await createOrder(t, token, [orderLine(phone.id, 1)], { name: 'A' }),
        await createOrder(t, token, [orderLine(case_.id, 2)], { name: 'B' }),
        await createOrder(t, token, [orderLine(phone.id, 3)], { name: 'C' }),
      ];
      const orders = await allOrders();
      expect(Array.isArray(orders)).toBe(true);
      expect(orders.slice(-3)).toEqual(made);
      expect(orders).toHaveLength(await count());
    });

    it('GET / with page and perPage is the wrapper {orders, totalPages, page, perPage, totalCount}', async () => {
      const all = await allOrders();
      const total = all.length;
      expect(total).toBeGreaterThanOrEqual(5);
      const first = await list('?page=1&perPage=2');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        orders: all.slice(0, 2),
        totalPages: Math.ceil(total / 2),
        page: 1,
        perPage: 2,
        totalCount: total,
      });
      const second = await list('?page=2&perPage=2');
      expect(second.json().orders).toEqual(all.slice(2, 4));
      const past = await list(`?page=${Math.ceil(total / 2) + 1}&perPage=2`);
      expect(past.statusCode).toBe(200);
      expect(past.json()).toMatchObject({ orders: [], totalCount: total });
      // page alone: perPage 10.
      expect((await list('?page=1')).json()).toMatchObject({ page: 1, perPage: 10, totalCount: total });
    });

    it('filters by status, paged or not', async () => {
      const all = await allOrders();
      const confirmed = all.filter((o) => o.status === 'confirm');
      expect(confirmed.length).toBeGreaterThan(0);
      const bare = await list('?status=confirm');
      expect(bare.json()).toEqual(confirmed);
      const paged = await list('?status=pending&page=1&perPage=100');
      const pending = all.filter((o) => o.status === 'pending');
      expect(paged.json()).toEqual({
        orders: pending,
        totalPages: 1,
        page: 1,
        perPage: 100,
        totalCount: pending.length,
      });
      expect((await list('?status=delivered')).json()).toEqual([]);
      expect((await list('?status=delivered&page=1&perPage=10')).json()).toEqual({
        orders: [],
        totalPages: 0,
        page: 1,
        perPage: 10,
        totalCount: 0,
      });
    });

    it.each([
      ['status=shipped', '?status=shipped'],
      ['perPage=0', '?page=1&perPage=0'],
      ['perPage=10001', '?page=1&perPage=10001'],
      ['page=0', '?page=0&perPage=10'],
    ])('refuses %s with 400', async (_, query) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(true);
    });

    it('GET /:id answers 404 for an unknown order', async () => {
      const res = await getOne(unknownId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, msg: 'Order not found' });
    });
  });

  describe('update', () => {
    it('PUT changes every field and the status; any status may follow any other', async () => {
      const order = await createOrder(t, token, [orderLine(phone.id, 1)]);
      const fields = {
        paymentId: 'pay_999',
        name: 'Sita Rao',
        phoneNumber: '9000000000',
        address: '1 Park Street, Kolkata',
        pincode: '700016',
        email: 'sita@customer.test',
        userid: 'user-2',
        amount: 1,
        products: order.products,
      };
      let current = order;
      for (const status of ['delivered', '', 'confirm', 'pending', '', 'delivered'] as const) {
        const res = await put(order.id, { ...fields, status });
        expect(res.statusCode, `to "${status}"`).toBe(200);
        current = res.json() as Order;
        expect(current).toEqual({
          ...order,
          ...fields,
          userId: 'user-2',
          amount: 19999,
          status,
          products: order.products,
        });
        expect((await getOne(order.id)).json()).toEqual(current);
      }
    });

    it('status counts follow status changes', async () => {
      const statusCount = async (status: string) =>
        (await list(`?status=${status}&page=1&perPage=1`)).json().totalCount as number;
      const before = { pending: await statusCount('pending'), confirm: await statusCount('confirm') };
      const order = await createOrder(t, token, [orderLine(phone.id, 1)]);
      expect(await statusCount('pending')).toBe(before.pending + 1);
      const res = await put(order.id, orderBody(order.products, { status: 'confirm' }));
      expect(res.statusCode).toBe(200);
      expect(await statusCount('pending')).toBe(before.pending);
      expect(await statusCount('confirm')).toBe(before.confirm + 1);
      const bare = (await list('?status=confirm')).json() as Order[];
      expect(bare.map((o) => o.id)).toContain(order.id);
      const empty = await put(order.id, orderBody(order.products, { status: '' }));
      expect(empty.json().status).toBe('');
      expect(await statusCount('confirm')).toBe(before.confirm);
      expect(((await list('?status=')).json() as Order[]).map((o) => o.id)).toContain(order.id);
    });

    it('concurrent status changes of one order keep every status count equal to the orders in that status', async () => {
      const order = await createOrder(t, token, [orderLine(phone.id, 1)]);
      const statuses = ['confirm', 'delivered', '', 'pending'] as const;
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => put(order.id, orderBody(order.products, { status: statuses[i % 4] }))),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
      for (const status of statuses) {
        const counted = (await list(`?status=${status}&page=1&perPage=1`)).json().totalCount as number;
        const listed = (await list(`?status=${status}`)).json() as Order[];
        expect(counted, `orders with status "${status}"`).toBe(listed.length);
      }
    });

    it('refuses an invalid status with 400 and keeps the order', async () => {
      const order = await createOrder(t, token, [orderLine(phone.id, 1)]);
      for (const status of ['shipped', 'PENDING', 3]) {
        const res = await put(order.id, orderBody(order.products, { status }));
        expect(res.statusCode, String(status)).toBe(400);
        expect(res.json()).toMatchObject({ error: true, msg: 'status must be pending, confirm, delivered or empty' });
      }
      expect((await getOne(order.id)).json()).toEqual(order);
    });

    it('an order saved with another site’s line image (before issue 17) still takes a status change', async () => {
      const order = await createOrder(t, token, [orderLine(phone.id, 1)]);
      const legacy = 'https://cdn.example/old-phone.png';
      await t.app.ctx.db.updateTable('order_items').set({ image: legacy }).where('order_id', '=', order.id).execute();
      const shown = (await getOne(order.id)).json() as Order;
      expect(shown.products[0]?.image).toBe(legacy);
      const res = await put(order.id, { ...shown, status: 'delivered' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'delivered', products: [{ image: legacy }] });
      // Lines that change are stored again, and then only this shop's uploads are taken.
      const changed = await put(order.id, { ...shown, products: [{ ...shown.products[0], quantity: 2 }] });
      expect(changed.statusCode).toBe(400);
      expect(changed.json()).toMatchObject({ error: true, msg: inputMessages.imageNotUploaded });
    });

    it('PUT without a status sets it back to pending', async () => {
      const order = await createOrder(t, token, [orderLine(phone.id, 1)], { status: 'delivered' });
      const res = await put(order.id, orderBody(order.products));
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('pending');
    });

    it('PUT changing quantities or lines recomputes subTotal and amount at catalogue prices', async () => {
      const order = await createOrder(t, token, [orderLine(phone.id, 1), orderLine(case_.id, 1)]);
      expect(order.amount).toBe(20298.5);
      const res = await put(
        order.id,
        orderBody(
          [
            { ...orderLine(phone.id, 3), price: 100 },
            { ...orderLine(case_.id, 2), price: 25, subTotal: 999 },
          ],
          {
            amount: 1,
          },
        ),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        amount: 60596,
        products: [
          { productId: phone.id, quantity: 3, price: 19999, subTotal: 59997 },
          { productId: case_.id, quantity: 2, price: 299.5, subTotal: 599 },
        ],
      });
      const fewer = await put(order.id, orderBody([orderLine(case_.id, 5)]));
      expect(fewer.json()).toMatchObject({
        amount: 1497.5,
        products: [{ productId: case_.id, quantity: 5, price: 299.5, subTotal: 1497.5 }],
      });
      expect((await getOne(order.id)).json()).toEqual(fewer.json());
      expect(fewer.json().date).toBe(order.date);
    });

    it('PUT validates like create and answers 404 for an unknown order', async () => {
      const order = await createOrder(t, token, [orderLine(phone.id, 1)]);
      const bad = await put(order.id, orderBody([orderLine(phone.id, 0)]));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: true, msg: 'quantity must be a whole number, 1 or more' });
      const noName = await put(order.id, orderBody(order.products, { name: '' }));
      expect(noName.statusCode).toBe(400);
      expect(noName.json()).toMatchObject({ error: true, msg: fillAll });
      const unknownProduct = await put(order.id, orderBody([orderLine(unknownId, 1)]));
      expect(unknownProduct.statusCode).toBe(400);
      expect(unknownProduct.json()).toEqual({ error: true, msg: `No product with id ${unknownId}` });
      expect((await getOne(order.id)).json()).toEqual(order);
      const missing = await put(unknownId, orderBody([orderLine(phone.id, 1)]));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: true, msg: 'Order not found' });
    });
  });

  describe('delete and count', () => {
    it('DELETE removes the order and the count drops; a second DELETE answers 404', async () => {
      const order = await createOrder(t, token, [orderLine(phone.id, 1)]);
      const before = await count();
      const res = await remove(order.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Order Deleted!' });
      expect(await count()).toBe(before - 1);
      expect((await getOne(order.id)).statusCode).toBe(404);
      expect((await allOrders()).map((o) => o.id)).not.toContain(order.id);
      const again = await remove(order.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: true, msg: 'Order not found' });
      expect(await count()).toBe(before - 1);
    });

    it('the count equals the list length', async () => {
      expect(await count()).toBe((await allOrders()).length);
      expect((await list('?page=1&perPage=1')).json().totalCount).toBe(await count());
    });
  });
});

describe(`best sellers from orders (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let electronics: CategoryRecord;
  let fashion: CategoryRecord;
  const p: Record<string, Product> = {};
  const orders: Record<string, Order> = {};

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    electronics = await createCategory(t, token, 'Electronics');
    fashion = await createCategory(t, token, 'Fashion');
    p.phone = await createProduct(t, token, electronics.id, { name: 'Phone', price: 100 });
    p.laptop = await createProduct(t, token, electronics.id, { name: 'Laptop', price: 50 });
    p.cable = await createProduct(t, token, electronics.id, { name: 'Cable', price: 10 });
    p.shirt = await createProduct(t, token, fashion.id, { name: 'Shirt', price: 20 });
    p.unsold = await createProduct(t, token, fashion.id, { name: 'Unsold', price: 5 });
    orders.one = await createOrder(t, token, [orderLine(p.phone.id, 5), orderLine(p.laptop.id, 3)]);
    orders.two = await createOrder(t, token, [orderLine(p.laptop.id, 4), orderLine(p.cable.id, 1)]);
    orders.three = await createOrder(t, token, [orderLine(p.shirt.id, 10)]);
  });
  afterAll(() => t.close());

  const bestSellers = async (query = '') => {
    const res = await t.request({ method: 'GET', url: `/api/products/bestSellers${query}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { products: BestSeller[] }).products;
  };
  const ranking = (list: BestSeller[]) => list.map((b) => [b.name, b.unitsSold, b.revenue] as [string, number, number]);

  it('ranks products by units sold, with unitsSold and revenue; unsold products are left out', async () => {
    const list = await bestSellers();
    expect(ranking(list)).toEqual([
      ['Shirt', 10, 200],
      ['Laptop', 7, 350],
      ['Phone', 5, 500],
      ['Cable', 1, 10],
    ]);
    const productRes = await t.request({ method: 'GET', url: `/api/products/${p.laptop!.id}`, headers: bearer(token) });
    expect(list[1]).toEqual({ ...productRes.json(), unitsSold: 7, revenue: 350 });
  });

  it('honours catId (and catId=all) and limit', async () => {
    expect(ranking(await bestSellers(`?catId=${electronics.id}`))).toEqual([
      ['Laptop', 7, 350],
      ['Phone', 5, 500],
      ['Cable', 1, 10],
    ]);
    expect(ranking(await bestSellers(`?catId=${fashion.id}`))).toEqual([['Shirt', 10, 200]]);
    expect((await bestSellers('?catId=all')).map((b) => b.name)).toEqual(['Shirt', 'Laptop', 'Phone', 'Cable']);
    expect((await bestSellers('?limit=2')).map((b) => b.name)).toEqual(['Shirt', 'Laptop']);
    expect((await bestSellers(`?catId=${electronics.id}&limit=1`)).map((b) => b.name)).toEqual(['Laptop']);
    expect(await bestSellers(`?catId=${unknownId}`)).toEqual([]);
  });

  it.each([
    ['limit=0', '?limit=0'],
    ['limit=101', '?limit=101'],
    ['limit=abc', '?limit=abc'],
  ])('refuses %s with 400', async (_, query) => {
    const res = await t.request({ method: 'GET', url: `/api/products/bestSellers${query}`, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(true);
  });

  it('changing an order’s quantity changes the ranking and the sales numbers', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/orders/${orders.one!.id}`,
      headers: bearer(token),
      payload: orderBody([orderLine(p.phone!.id, 12), orderLine(p.laptop!.id, 3)]),
    });
    expect(res.statusCode).toBe(200);
    expect(ranking(await bestSellers())).toEqual([
      ['Phone', 12, 1200],
      ['Shirt', 10, 200],
      ['Laptop', 7, 350],
      ['Cable', 1, 10],
    ]);
  });

  it('a status-only change leaves the numbers as they are', async () => {
    const before = await bestSellers();
    const res = await t.request({
      method: 'PUT',
      url: `/api/orders/${orders.three!.id}`,
      headers: bearer(token),
      payload: orderBody(orders.three!.products, { status: 'delivered' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await bestSellers()).toEqual(before);
  });

  it('deleting an order takes its units and revenue away', async () => {
    const res = await t.request({ method: 'DELETE', url: `/api/orders/${orders.two!.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(ranking(await bestSellers())).toEqual([
      ['Phone', 12, 1200],
      ['Shirt', 10, 200],
      ['Laptop', 3, 150],
    ]);
    const shirtOrder = await t.request({
      method: 'DELETE',
      url: `/api/orders/${orders.three!.id}`,
      headers: bearer(token),
    });
    expect(shirtOrder.statusCode).toBe(200);
    expect(ranking(await bestSellers())).toEqual([
      ['Phone', 12, 1200],
      ['Laptop', 3, 150],
    ]);
    expect(await bestSellers(`?catId=${fashion.id}`)).toEqual([]);
  });

  it('a renamed product shows its new name in the ranking', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/products/${p.laptop!.id}`,
      headers: bearer(token),
      payload: { ...p.laptop, name: 'Notebook', category: electronics.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await bestSellers()).map((b) => b.name)).toEqual(['Phone', 'Notebook']);
  });
});

/**
 * The catalogue sets an order's prices: a client's price, subTotal and amount are ignored; an
 * order keeps the prices it was placed at until its products or quantities change.
 */
describe(`order prices come from the catalogue (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let category: CategoryRecord;
  let lamp: Product;
  let bulb: Product;
  let first: Order;
  let second: Order;

  const day = '2026-03-01';
  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    t.advance(Date.parse(`${day}T09:00:00.000Z`) - t.app.ctx.clock());
    category = await createCategory(t, token, 'Lighting');
    lamp = await createProduct(t, token, category.id, { name: 'Desk Lamp', price: 40 });
    bulb = await createProduct(t, token, category.id, { name: 'Bulb', price: 2.5 });
  });
  afterAll(() => t.close());

  const getOrder = async (id: string) => {
    const res = await t.request({ method: 'GET', url: `${base}/${id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as Order;
  };
  const put = (id: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `${base}/${id}`, headers: bearer(token), payload });
  const setPrice = async (product: Product, price: number) => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(token),
      payload: { ...product, price, category: category.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().price).toBe(price);
  };
  /** All-time sales, the order day's sales and the best sellers as [name, units, revenue]. */
  const summaries = async () => {
    const get = async (url: string) => {
      const res = await t.request({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const allTime = (await get(`${base}/sales`)) as Sales;
    const onDay = (await get(`${base}/sales?from=${day}&to=${day}&groupBy=day`)) as Sales;
    const best = (await get('/api/products/bestSellers')).products as BestSeller[];
    return {
      totalSales: allTime.totalSales,
      totalOrders: allTime.totalOrders,
      day: onDay.series,
      bestSellers: best.map((b) => [b.name, b.unitsSold, b.revenue]),
    };
  };
  const statusCount = async (status: string) =>
    (
      await t.request({ method: 'GET', url: `${base}?status=${status}&page=1&perPage=1`, headers: bearer(token) })
    ).json().totalCount as number;

  it('ignores a client’s price, subTotal and amount: each line is charged the catalogue price', async () => {
    const res = await postOrder(
      t,
      token,
      orderBody(
        [
          { ...orderLine(lamp.id, 2, 'Desk Lamp'), price: 1, subTotal: 2 },
          { ...orderLine(bulb.id, 4, 'Bulb'), price: 0.01, subTotal: 0.04 },
        ],
        { amount: 2.04 },
      ),
    );
    expect(res.statusCode).toBe(201);
    first = res.json() as Order;
    expect(first).toMatchObject({
      amount: 90,
      products: [
        { productId: lamp.id, quantity: 2, price: 40, subTotal: 80 },
        { productId: bulb.id, quantity: 4, price: 2.5, subTotal: 10 },
      ],
    });
    expect(await getOrder(first.id)).toEqual(first);
    expect(await summaries()).toEqual({
      totalSales: 90,
      totalOrders: 1,
      day: [{ period: day, sales: 90, orders: 1 }],
      bestSellers: [
        ['Bulb', 4, 10],
        ['Desk Lamp', 2, 80],
      ],
    });
  });

  it('a later catalogue price change leaves existing orders and the summaries as they were', async () => {
    const before = await summaries();
    await setPrice(lamp, 50);
    expect(await getOrder(first.id)).toEqual(first);
    expect(await summaries()).toEqual(before);
    // A new order is charged the new price.
    second = await createOrder(t, token, [orderLine(lamp.id, 1)]);
    expect(second).toMatchObject({ amount: 50, products: [{ price: 50, subTotal: 50 }] });
  });

  it('a status-only PUT (all fields, as the dashboard sends) keeps the prices the order was placed at', async () => {
    const before = await summaries();
    expect(before).toMatchObject({ totalSales: 140, totalOrders: 2 });
    const res = await put(first.id, { ...first, status: 'delivered' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...first, status: 'delivered' });
    // Even with tampered prices and totals, the same products and quantities keep the old prices.
    const tampered = await put(first.id, {
      ...first,
      status: 'delivered',
      amount: 1,
      products: first.products.map((line) => ({ ...line, price: 0, subTotal: 0 })),
    });
    expect(tampered.statusCode, tampered.body).toBe(200);
    expect(tampered.json()).toEqual({ ...first, status: 'delivered' });
    expect(await getOrder(first.id)).toEqual({ ...first, status: 'delivered' });
    expect(await summaries()).toEqual(before);
    expect(await statusCount('delivered')).toBe(1);
    expect(await statusCount('pending')).toBe(1);
  });

  it('a PUT that changes quantities reprices every line from the catalogue and moves the summaries', async () => {
    await setPrice(bulb, 3);
    t.advance(5 * 24 * 3600 * 1000); // changed days later: the sales stay on the order’s day
    const current = await getOrder(first.id);
    const res = await put(first.id, {
      ...current,
      status: 'confirm',
      products: [
        { ...current.products[0], quantity: 4 },
        { ...current.products[1] }, // same quantity, still repriced with the rest of the order
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const repriced = res.json() as Order;
    expect(repriced).toEqual({
      ...current,
      status: 'confirm',
      amount: 212,
      products: [
        { ...current.products[0], quantity: 4, price: 50, subTotal: 200 },
        { ...current.products[1], quantity: 4, price: 3, subTotal: 12 },
      ],
    });
    expect(await getOrder(first.id)).toEqual(repriced);
    expect(await summaries()).toEqual({
      totalSales: 262,
      totalOrders: 2,
      day: [{ period: day, sales: 262, orders: 2 }],
      bestSellers: [
        ['Desk Lamp', 5, 250],
        ['Bulb', 4, 12],
      ],
    });
    expect(await statusCount('delivered')).toBe(0);
    expect(await statusCount('confirm')).toBe(1);
    expect(await statusCount('pending')).toBe(1);
    // The other order, untouched, still has the price it was placed at.
    expect(await getOrder(second.id)).toEqual(second);
  });
});

describe(`orders API: who may call (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let nonAdmin: string;
  let orderId: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    const category = await createCategory(t, token, 'Electronics');
    const product = await createProduct(t, token, category.id);
    orderId = (await createOrder(t, token, [orderLine(product.id, 1)])).id;
    nonAdmin = await createNonAdminToken(t);
  });
  afterAll(() => t.close());

  const routes = (): InjectOptions[] => [
    { method: 'GET', url: base },
    { method: 'GET', url: `${base}?page=1&perPage=10` },
    { method: 'GET', url: `${base}/get/count` },
    { method: 'GET', url: `${base}/sales` },
    { method: 'GET', url: `${base}/${orderId}` },
    { method: 'POST', url: `${base}/create`, payload: {} },
    { method: 'PUT', url: `${base}/${orderId}`, payload: { status: 'delivered' } },
    { method: 'DELETE', url: `${base}/${orderId}` },
  ];

  it('refuses anonymous callers with 401 and non-administrators with 403; the order is untouched', async () => {
    const before = (await t.request({ method: 'GET', url: `${base}/${orderId}`, headers: bearer(token) })).json();
    for (const route of routes()) {
      const anonymous = await t.request(route);
      expect(anonymous.statusCode, routeName(route)).toBe(401);
      expect(anonymous.json(), routeName(route)).toEqual(pleaseSignIn);
      const wrongUser = await t.request({ ...route, headers: bearer(nonAdmin) });
      expect(wrongUser.statusCode, routeName(route)).toBe(403);
      expect(wrongUser.json(), routeName(route)).toEqual(notAdmin);
    }
    const after = await t.request({ method: 'GET', url: `${base}/${orderId}`, headers: bearer(token) });
    expect(after.json()).toEqual(before);
  });
});
