import { type LowStockProduct, type Product, productMessages } from '@shopdesk/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CategoryRecord, createCategory, createProduct, productBody } from '../../../test/catalogue-fixtures';
import { openEventStream, waitUntil } from '../../../test/event-stream';
import { csvOf, importCsv } from '../../../test/import-helpers';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

/** Low stock (api.md §15): the product field, the list, the list filter and the `stock.low` event. */

const lowNames = async (t: TestApp, token: string, query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/products/lowStock${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as LowStockProduct[]).map((p) => [p.name, p.countInStock, p.lowStockLine]);
};

describe(`low stock: field, list and filter (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let phones: CategoryRecord;
  let shoes: CategoryRecord;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    phones = await createCategory(t, token, 'Phones');
    shoes = await createCategory(t, token, 'Shoes');
  });
  afterAll(() => t.close());

  const put = (id: string, overrides: Record<string, unknown>) =>
    t.request({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(token),
      payload: productBody(phones.id, overrides),
    });

  it('keeps a threshold of its own (null: the shop default); a client that leaves it out keeps it', async () => {
    const plain = await createProduct(t, token, phones.id, { name: 'Plain' });
    expect(plain.lowStockThreshold).toBeNull();
    const own = await createProduct(t, token, phones.id, { name: 'Own', lowStockThreshold: '3' });
    expect(own.lowStockThreshold).toBe(3);
    // The edit screens of older clients send every field but this one.
    expect((await put(own.id, { name: 'Own', countInStock: 40 })).json().lowStockThreshold).toBe(3);
    const listed = await t.request({ method: 'GET', url: '/api/products', headers: bearer(token) });
    expect(listed.json().products.find((p: Product) => p.id === own.id).lowStockThreshold).toBe(3);
    // Blank or null: back to the shop default.
    expect((await put(own.id, { name: 'Own', lowStockThreshold: '' })).json().lowStockThreshold).toBeNull();
    expect((await put(own.id, { name: 'Own', lowStockThreshold: 0 })).json().lowStockThreshold).toBe(0);
    expect((await put(own.id, { name: 'Own', lowStockThreshold: null })).json().lowStockThreshold).toBeNull();
    for (const id of [plain.id, own.id])
      await t.request({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(token) });
  });

  it('refuses a threshold that is not a whole number, 0 or more (400, the field named), changing nothing', async () => {
    const product = await createProduct(t, token, phones.id, { name: 'Checked', lowStockThreshold: 4 });
    for (const bad of [-1, 1.5, 'abc', [3], true]) {
      const res = await put(product.id, { name: 'Changed', lowStockThreshold: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: productMessages.lowStockThreshold });
    }
    const created = await t.request({
      method: 'POST',
      url: '/api/products/create',
      headers: bearer(token),
      payload: productBody(phones.id, { lowStockThreshold: -2 }),
    });
    expect(created.statusCode).toBe(400);
    const again = await t.request({ method: 'GET', url: `/api/products/${product.id}`, headers: bearer(token) });
    expect(again.json()).toMatchObject({ name: 'Checked', lowStockThreshold: 4 });
    await t.request({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(token) });
  });

  it('lists the low products lowest stock first, against their own line or the default (5); trashed ones left out', async () => {
    await createProduct(t, token, phones.id, { name: 'At default', countInStock: 5 });
    await createProduct(t, token, phones.id, { name: 'Above default', countInStock: 6 });
    await createProduct(t, token, shoes.id, { name: 'Own line high', countInStock: 8, lowStockThreshold: 10 });
    await createProduct(t, token, shoes.id, { name: 'Own line low', countInStock: 2, lowStockThreshold: 1 });
    await createProduct(t, token, phones.id, { name: 'Empty', countInStock: 0 });
    const trashed = await createProduct(t, token, shoes.id, { name: 'Trashed', countInStock: 1 });
    expect(await lowNames(t, token)).toEqual([
      ['Empty', 0, 5],
      ['Trashed', 1, 5],
      ['At default', 5, 5],
      ['Own line high', 8, 10],
    ]);
    const deleted = await t.request({ method: 'DELETE', url: `/api/products/${trashed.id}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(200);
    expect((await lowNames(t, token)).map(([name]) => name)).toEqual(['Empty', 'At default', 'Own line high']);
    // Not taken for a product id.
    const one = await t.request({ method: 'GET', url: '/api/products/lowStock', headers: bearer(token) });
    expect(Array.isArray(one.json())).toBe(true);
  });

  it('gives the lowest `limit` only when asked (the same bare list), and refuses a limit out of 1–500', async () => {
    expect(await lowNames(t, token, '?limit=2')).toEqual([
      ['Empty', 0, 5],
      ['At default', 5, 5],
    ]);
    expect((await lowNames(t, token, '?limit=500')).map(([name]) => name)).toEqual([
      'Empty',
      'At default',
      'Own line high',
    ]);
    for (const bad of ['0', '501', '1.5', 'ten', '']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/products/lowStock?limit=${bad}`,
        headers: bearer(token),
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: 'limit must be a whole number from 1 to 500' });
    }
  });

  it('filters the product list with lowStock=true, paged and sorted, with a category too', async () => {
    const page = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/products?${query}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return {
        names: body.products.map((p: Product) => p.name),
        totalCount: body.totalCount,
        totalPages: body.totalPages,
      };
    };
    expect(await page('lowStock=true&sort=name&order=asc&page=1&perPage=2')).toEqual({
      names: ['At default', 'Empty'],
      totalCount: 3,
      totalPages: 2,
    });
    expect(await page('lowStock=true&sort=name&order=asc&page=2&perPage=2')).toEqual({
      names: ['Own line high'],
      totalCount: 3,
      totalPages: 2,
    });
    // Creation order without a sort.
    expect((await page('lowStock=true')).names).toEqual(['At default', 'Own line high', 'Empty']);
    expect((await page('lowStock=true&sort=name&order=desc')).names).toEqual(['Own line high', 'Empty', 'At default']);
    const inShoes = await t.request({
      method: 'GET',
      url: `/api/products/catId?catId=${shoes.id}&lowStock=true`,
      headers: bearer(token),
    });
    expect(inShoes.json().products.map((p: Product) => p.name)).toEqual(['Own line high']);
    expect((await page('lowStock=false')).totalCount).toBe(5);
    const bad = await t.request({ method: 'GET', url: '/api/products?lowStock=yes', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
  });

  it('exports and bulk-edits "every product matching" the low-stock filter, and only those', async () => {
    const csv = await t.request({ method: 'GET', url: '/api/products/export?lowStock=true', headers: bearer(token) });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n').slice(1);
    expect(lines.map((line) => line.split(',')[1]).sort()).toEqual(['At default', 'Empty', 'Own line high']);
    const bulk = await t.request({
      method: 'POST',
      url: '/api/products/bulk',
      headers: bearer(token),
      payload: { filter: { catId: shoes.id, lowStock: 'true' }, set: { discount: 7 } },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().updated).toBe(1);
    const all = await t.request({ method: 'GET', url: '/api/products', headers: bearer(token) });
    const discounted = all.json().products.filter((p: Product) => p.discount === 7);
    expect(discounted.map((p: Product) => p.name)).toEqual(['Own line high']);
  });
});

describe(`low stock: the default comes from LOW_STOCK_THRESHOLD (${engineName})`, () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('counts a product without a line of its own as low at LOW_STOCK_THRESHOLD or below', async () => {
    t = await createTestApp({ LOW_STOCK_THRESHOLD: '20' });
    const token = await signIn(t);
    const phones = await createCategory(t, token, 'Phones');
    await createProduct(t, token, phones.id, { name: 'Twenty', countInStock: 20 });
    await createProduct(t, token, phones.id, { name: 'Twenty-one', countInStock: 21 });
    await createProduct(t, token, phones.id, { name: 'Own', countInStock: 15, lowStockThreshold: 10 });
    expect(await lowNames(t, token)).toEqual([['Twenty', 20, 20]]);
  });
});

/** Streams stay open for the whole test (test-app.ts ends them after a quarter second). */
const streamsOpen = { eventStreamMs: 60_000 };

describe(`low stock: stock.low once per crossing (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let phones: CategoryRecord;
  beforeEach(async () => {
    t = await createTestApp({}, streamsOpen);
    token = await signIn(t);
    phones = await createCategory(t, token, 'Phones');
  });
  afterEach(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  const edit = async (product: Product, overrides: Record<string, unknown>) => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: bearer(token),
      payload: productBody(phones.id, { name: product.name, ...overrides }),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('sends stock.low when an edit takes a product to its line, not while it stays low, again after it went back up', async () => {
    const pixel = await createProduct(t, token, phones.id, { name: 'Pixel', countInStock: 12 });
    const stream = await openEventStream(t.app, token);
    const lows = () => stream.events.filter((event) => event.type === 'stock.low');
    const changes = () => stream.events.filter((event) => event.type === 'catalogue.changed');
    await edit(pixel, { countInStock: 5 });
    await edit(pixel, { countInStock: 2 }); // stays low: nothing
    await edit(pixel, { countInStock: 9 }); // back up: nothing
    await edit(pixel, { countInStock: 9, lowStockThreshold: 9 }); // its line moves to its stock: a crossing
    await edit(pixel, { countInStock: 30, lowStockThreshold: '' });
    await edit(pixel, { countInStock: 0 });
    await waitUntil(() => changes().length === 6);
    await waitUntil(() => lows().length === 3);
    expect(lows().map((event) => event.data)).toEqual([
      { productId: pixel.id, name: 'Pixel', countInStock: 5 },
      { productId: pixel.id, name: 'Pixel', countInStock: 9 },
      { productId: pixel.id, name: 'Pixel', countInStock: 0 },
    ]);
    // Its own id, after its entry's own event, so neither hides the other.
    for (const event of lows()) expect(event.id).toMatch(/^\d+\.1$/);
    const firstLow = stream.events.findIndex((event) => event.type === 'stock.low');
    expect(stream.events[firstLow - 1]?.id).toBe(String(Math.floor(Number(stream.events[firstLow]?.id))));
    await stream.close();

    // A client that saw only the first change replays the rest, stock.low included; one that
    // saw a stock.low gets what came after it.
    const firstId = changes()[0]?.id as string;
    const replay = await openEventStream(t.app, token, firstId);
    const after = () => replay.events.filter((event) => Number(event.id) > Number(firstId));
    await waitUntil(() => after().length === 8);
    expect(after().map((event) => event.type)).toEqual([
      'stock.low',
      'catalogue.changed',
      'catalogue.changed',
      'catalogue.changed',
      'stock.low',
      'catalogue.changed',
      'catalogue.changed',
      'stock.low',
    ]);
    expect(after().filter((event) => event.type === 'stock.low')).toEqual(lows());
    await replay.close();
    const lastLow = lows()[1]?.id as string;
    const fromLow = await openEventStream(t.app, token, lastLow);
    const newer = () => fromLow.events.filter((event) => Number(event.id) > Number(lastLow));
    await waitUntil(() => newer().length === 3);
    expect(newer().map((event) => event.type)).toEqual(['catalogue.changed', 'catalogue.changed', 'stock.low']);
    if (engineName === 'sqlite') expect(fromLow.events).toHaveLength(3);
    await fromLow.close();
  });

  it('a bulk edit and an import send one stock.low per product they take to its line', async () => {
    const a = await createProduct(t, token, phones.id, { name: 'A', countInStock: 50 });
    const b = await createProduct(t, token, phones.id, { name: 'B', countInStock: 50 });
    const c = await createProduct(t, token, phones.id, { name: 'C', countInStock: 3 });
    const stream = await openEventStream(t.app, token);
    const lows = () => stream.events.filter((event) => event.type === 'stock.low').map((event) => event.data);
    const bulk = await t.request({
      method: 'POST',
      url: '/api/products/bulk',
      headers: bearer(token),
      payload: { ids: [a.id, b.id, c.id], set: { countInStock: 1 } },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await waitUntil(() => stream.events.some((event) => event.type === 'catalogue.changed'));
    await waitUntil(() => lows().length === 2);
    expect(lows()).toEqual([
      { productId: a.id, name: 'A', countInStock: 1 },
      { productId: b.id, name: 'B', countInStock: 1 },
    ]);
    // Undo puts them back above the line; an import takes A down again.
    const undone = await t.request({
      method: 'POST',
      url: `/api/products/bulk/${bulk.json().bulkId}/undo`,
      headers: bearer(token),
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const stored = await t.request({ method: 'GET', url: `/api/products/${a.id}`, headers: bearer(token) });
    expect(stored.json().countInStock).toBe(50);
    const result = await importCsv(t, token, csvOf([{ ...(stored.json() as Product), countInStock: 4 }]));
    expect(result).toMatchObject({ updated: 1, failed: 0 });
    await waitUntil(() => lows().length === 3);
    expect(lows()[2]).toEqual({ productId: a.id, name: 'A', countInStock: 4 });
    await stream.close();
  });
});
