import { productPageSchema, productSchema } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBody } from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { seedShop } from '../../db/seed/seed';
import { productText, productTexts } from './product-json';
import { exactRankLimit, productsByIds } from './products.repository';

type Page = {
  products: Array<{ id: string; name: string; brand: string; catName: string; images: string[] }>;
  totalCount: number;
};

/**
 * List pages are stored product texts joined, and deep pages start from page marks: both must
 * give exactly what the plain path gives (rows through toProduct and the zod schema, pages
 * through a plain ORDER BY), in the declared schema.
 */
describe(`product list pages (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  const get = async (url: string) => {
    const res = await t.request({ method: 'GET', url, headers: { ...bearer(token), host: 'shop.test' } });
    expect(res.statusCode, url).toBe(200);
    return res.json() as Page;
  };
  /** The ids of a whole list, page after page. */
  const listedIds = async (query: string, perPage: number) => {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const { products } = await get(`/api/products?page=${page}&perPage=${perPage}${query}`);
      if (products.length === 0) return ids;
      ids.push(...products.map((p) => p.id));
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Deep pages (past the first ten, which are kept) start from page marks.
    await seedShop(t.app.ctx, { products: 1200, orders: 0, reviews: 40, customers: 3 }, productText);
    token = await signIn(t);
  }, 120_000);
  afterAll(() => t.close());

  it('writes each product exactly as toProduct and the contract schema do', async () => {
    const ids = (await get('/api/products?page=1&perPage=100')).products.map((p) => p.id);
    const { ctx } = t.app;
    const texts = await productTexts(ctx.db, ids);
    const plain = await productsByIds(ctx.db, ids);
    expect(texts.map((text) => JSON.parse(text))).toEqual(plain.map((p) => productSchema.parse(p)));
  });

  it('keeps the stored texts equal to the rows after product and category writes', async () => {
    const { ctx } = t.app;
    const page = await get('/api/products?page=1&perPage=3');
    const [first] = page.products;
    if (!first) throw new Error('no product');
    const catId = (
      await ctx.db.selectFrom('products').select('cat_id').where('id', '=', first.id).executeTakeFirstOrThrow()
    ).cat_id;
    const category = await t.request({ method: 'GET', url: `/api/category/${catId}`, headers: bearer(token) });
    const [before] = category.json().categoryData as Array<{ name: string; images: string[] }>;
    if (!before) throw new Error('no category');
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/category/${catId}`,
      headers: bearer(token),
      payload: { name: `${before.name} Renamed`, color: '#123456', images: before.images },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stored = await ctx.db.selectFrom('product_list').select(['id', 'json']).where('cat_id', '=', catId).execute();
    expect(stored.length).toBeGreaterThan(0);
    const plain = await productsByIds(
      ctx.db,
      stored.map((row) => row.id),
    );
    expect(stored.map((row) => JSON.parse(row.json ?? 'null'))).toEqual(plain.map((p) => productSchema.parse(p)));
    const listed = (await get(`/api/products/catId?catId=${catId}&page=1&perPage=1`)).products[0];
    expect(listed?.catName).toBe(`${before.name} Renamed`);
    expect(listed && 'category' in listed ? (listed as { category: { color: string } }).category.color : '').toBe(
      '#123456',
    );
  });

  it('answers a product whose text is not stored yet (a database from before) exactly as a stored one', async () => {
    const { ctx } = t.app;
    // Past the first ten pages: read from the rows each time, never kept in memory.
    const url = '/api/products?page=12&perPage=20&sort=price&order=desc';
    const stored = await get(url);
    const third = stored.products[2];
    if (!third) throw new Error('no product');
    await ctx.db.updateTable('product_list').set({ json: null }).where('id', '=', third.id).execute();
    const again = await get(url);
    expect(again).toEqual(stored);
    expect(
      (await ctx.db.selectFrom('product_list').select('json').where('id', '=', third.id).executeTakeFirstOrThrow())
        .json,
    ).toBeNull();
  });

  it('answers image paths as absolute URLs, like every other answer', async () => {
    const page = await get('/api/products?page=1&perPage=5');
    for (const product of page.products) {
      for (const image of product.images) expect(image).toMatch(/^http:\/\/shop\.test\/uploads\//);
    }
  });

  it('pages a search past the exact-rank limit by tier: name, brand, category, anywhere; each match once', async () => {
    const word = 'a';
    const first = await get(`/api/search?q=${word}&page=1&perPage=100`);
    expect(first.totalCount).toBeGreaterThan(exactRankLimit);
    const found: Page['products'] = [];
    for (let page = 1; page <= Math.ceil(first.totalCount / 100); page += 1) {
      found.push(...(await get(`/api/search?q=${word}&page=${page}&perPage=100`)).products);
    }
    expect(new Set(found.map((p) => p.id)).size).toBe(first.totalCount);
    const has = (text: string) =>
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .some((w) => w.startsWith(word));
    const tier = (p: { name: string; brand?: string; catName?: string }) =>
      has(p.name) ? 0 : has(p.brand ?? '') ? 1 : has(p.catName ?? '') ? 2 : 3;
    const tiers = found.map(tier);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    expect(new Set(tiers).size).toBeGreaterThan(1);
  });

  it('gives the same deep pages from marks as from OFFSET, for every sort and after writes', async () => {
    const all = (query: string) => listedIds(query, 100);
    for (const sort of ['dateCreated', 'name', 'price', 'rating']) {
      for (const order of ['asc', 'desc']) {
        const query = `&sort=${sort}&order=${order}`;
        const whole = await all(query);
        const column = sort === 'dateCreated' ? 'id' : sort;
        const direct = await t.app.ctx.db
          .selectFrom('products')
          .select('id')
          .orderBy(column as 'id', order as 'asc')
          .orderBy('id', order as 'asc')
          .execute();
        expect(whole).toEqual(direct.map((row) => row.id));
        // Pages of another size cross the marks at other places: same order.
        const page9 = await get(`/api/products?page=9&perPage=77${query}`);
        expect(page9.products.map((p) => p.id)).toEqual(whole.slice(8 * 77, 9 * 77));
      }
    }
    // One category, sorted: the category's own marks and index.
    const { cat_id: catId } = await t.app.ctx.db.selectFrom('products').select('cat_id').executeTakeFirstOrThrow();
    for (const [sort, order] of [
      ['dateCreated', 'asc'],
      ['price', 'desc'],
    ]) {
      const column = sort === 'dateCreated' ? 'id' : sort;
      const direct = await t.app.ctx.db
        .selectFrom('products')
        .select('id')
        .where('cat_id', '=', catId)
        .orderBy(column as 'id', order as 'asc')
        .orderBy('id', order as 'asc')
        .execute();
      const paged: string[] = [];
      for (let page = 1; paged.length < direct.length; page += 1) {
        const { products } = await get(
          `/api/products?page=${page}&perPage=7&catId=${catId}&sort=${sort}&order=${order}`,
        );
        if (products.length === 0) break;
        paged.push(...products.map((p) => p.id));
      }
      expect(direct.length).toBeGreaterThan(100);
      expect(paged).toEqual(direct.map((row) => row.id));
    }
    // A delete early in the catalogue shifts every later page by one.
    const before = await all('');
    const res = await t.request({ method: 'DELETE', url: `/api/products/${before[3]}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const deep = await get('/api/products?page=11&perPage=100');
    expect(deep.products.map((p) => p.id)).toEqual(before.filter((_, i) => i !== 3).slice(1000, 1100));
  });

  it('moves an edited product to its new place in sorted deep pages (list rows follow the product)', async () => {
    const { db } = t.app.ctx;
    const listed = (query: string) => listedIds(query, 50);
    const direct = async (column: 'price' | 'name', order: 'asc' | 'desc') =>
      (await db.selectFrom('products').select('id').orderBy(column, order).orderBy('id', order).execute()).map(
        (row) => row.id,
      );
    const directByPrice = () => direct('price', 'asc');
    const [cheapest] = await directByPrice();
    const { cat_id: catId } = await db
      .selectFrom('products')
      .select('cat_id')
      .where('id', '=', cheapest as string)
      .executeTakeFirstOrThrow();
    const edit = await t.request({
      method: 'PUT',
      url: `/api/products/${cheapest}`,
      headers: bearer(token),
      payload: productBody(catId, { name: 'Zz moved to the end', price: 99_999_999 }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await listed('&sort=price&order=asc');
    expect(after).toEqual(await directByPrice());
    expect(after.at(-1)).toBe(cheapest);
    const byName = await listed('&sort=name&order=desc');
    expect(byName).toEqual(await direct('name', 'desc'));
    expect(byName).toContain(cheapest);
  });

  it('answers every list and search page exactly in the declared schema, first pages and deep ones', async () => {
    const { cat_id: catId } = await t.app.ctx.db.selectFrom('products').select('cat_id').executeTakeFirstOrThrow();
    const urls = [
      '/api/products?page=1&perPage=25',
      '/api/products?page=30&perPage=25&sort=price&order=desc',
      '/api/products?page=3000&perPage=25',
      `/api/products/catId?catId=${catId}&page=1&perPage=10`,
      `/api/products/catId?catId=${catId}&page=12&perPage=5&sort=name`,
      '/api/search?q=a&page=1&perPage=20',
      '/api/search?q=a&page=40&perPage=20',
      '/api/search?q=zzzzqqq',
    ];
    for (const url of urls) {
      const res = await t.request({ method: 'GET', url, headers: { ...bearer(token), host: 'shop.test' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      // Parsing keeps only what the schema names: equal means nothing missing, nothing extra.
      expect(productPageSchema.parse(body), url).toEqual(body);
    }
  });

  it('answers pages and products with a strong ETag: 304 when it still holds, a new one after a write', async () => {
    const first = await t.request({ method: 'GET', url: '/api/products?page=1&perPage=5', headers: bearer(token) });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[^"]+"$/);
    const again = await t.request({
      method: 'GET',
      url: '/api/products?page=1&perPage=5',
      headers: { ...bearer(token), 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const id = (first.json() as Page).products[0]?.id as string;
    const product = await t.request({ method: 'GET', url: `/api/products/${id}`, headers: bearer(token) });
    expect(product.statusCode).toBe(200);
    const productTag = product.headers.etag as string;
    const unchanged = await t.request({
      method: 'GET',
      url: `/api/products/${id}`,
      headers: { ...bearer(token), 'if-none-match': productTag },
    });
    expect(unchanged.statusCode).toBe(304);
    // Another origin gets other image URLs: another tag.
    const elsewhere = await t.request({
      method: 'GET',
      url: '/api/products?page=1&perPage=5',
      headers: { ...bearer(token), host: 'other.test', 'if-none-match': tag },
    });
    expect(elsewhere.statusCode).toBe(200);
    // A write to the catalogue retires every tag.
    const { cat_id: catId } = await t.app.ctx.db
      .selectFrom('products')
      .select('cat_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const edit = await t.request({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: bearer(token),
      payload: productBody(catId, { name: 'Renamed for the tag' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    for (const [url, old] of [
      ['/api/products?page=1&perPage=5', tag],
      [`/api/products/${id}`, productTag],
    ] as const) {
      const after = await t.request({ method: 'GET', url, headers: { ...bearer(token), 'if-none-match': old } });
      expect(after.statusCode, url).toBe(200);
      expect(after.headers.etag).not.toBe(old);
      expect(after.body).toContain('Renamed for the tag');
    }
  });

  it('answers concurrent deep pages each with its own rows', async () => {
    const direct = (await t.app.ctx.db.selectFrom('products').select('id').orderBy('id', 'asc').execute()).map(
      (row) => row.id,
    );
    const pages = Array.from({ length: 40 }, (_, i) => 11 + ((i * 7) % 37));
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(pages.map((page) => get(`/api/products?page=${page}&perPage=25`)));
      answers.forEach((answer, i) => {
        const page = pages[i] as number;
        expect(answer.products.map((p) => p.id)).toEqual(direct.slice((page - 1) * 25, page * 25));
        expect(answer.products[0]?.images[0]).toMatch(/^http:\/\/shop\.test\/uploads\//);
      });
    }
  });
});
