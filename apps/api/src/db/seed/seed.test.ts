import { bannerFamilies, bannerFamilyNames } from '@shopdesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { productText } from '../../modules/products/product-json';
import { seedShop } from './seed';

const sizes = { products: 60, orders: 400, reviews: 150, customers: 25 };

describe(`demo seed (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  const get = async (url: string) => (await t.request({ method: 'GET', url, headers: bearer(token) })).json();

  beforeAll(async () => {
    t = await createTestApp();
    await seedShop(t.app.ctx, sizes, productText);
    token = await signIn(t);
  });
  afterAll(() => t.close());

  it('loads the requested numbers, counted the way the dashboard reads them', async () => {
    expect(await get('/api/products/get/count')).toEqual({ productsCount: 60 });
    expect(await get('/api/orders/get/count')).toEqual({ orderCount: 400 });
    expect(await get('/api/productReviews/get/count')).toEqual({ productsReviews: 150 });
    expect(await get('/api/user/get/count')).toEqual({ userCount: 26 });
  });

  it('keeps the summaries equal to the orders themselves', async () => {
    const raw = await sql<{
      sales: number;
      orders: number;
    }>`select sum(amount) as sales, count(*) as orders from orders`.execute(t.app.ctx.db);
    const allTime = await get('/api/orders/sales');
    expect(allTime.totalSales).toBeCloseTo(Number(raw.rows[0]?.sales), 2);
    expect(allTime.totalOrders).toBe(400);
    const today = new Date().toISOString().slice(0, 10);
    const from = `${Number(today.slice(0, 4)) - 3}${today.slice(4)}`;
    const range = await get(`/api/orders/sales?from=${from}&to=${today}&groupBy=month`);
    expect(range.totalSales).toBeCloseTo(Number(raw.rows[0]?.sales), 2);
    expect(range.series.reduce((sum: number, p: { orders: number }) => sum + p.orders, 0)).toBe(400);
    const units = await sql<{
      product_id: string;
      units: number;
    }>`select product_id, sum(quantity) as units from order_items group by product_id order by units desc, product_id limit 5`.execute(
      t.app.ctx.db,
    );
    const best = await get('/api/products/bestSellers?limit=5');
    expect(best.products.map((p: { unitsSold: number }) => p.unitsSold)).toEqual(
      units.rows.map((r) => Number(r.units)),
    );
    const statuses = await sql<{
      status: string;
      n: number;
    }>`select status, count(*) as n from orders group by status`.execute(t.app.ctx.db);
    for (const { status, n } of statuses.rows) {
      if (status === '') continue;
      expect((await get(`/api/orders?status=${status}&page=1&perPage=1`)).totalCount, status).toBe(Number(n));
    }
  });

  it('makes categories with sub categories and colours, option values and banners of every family', async () => {
    const { categoryList } = await get('/api/category');
    expect(categoryList.length).toBeGreaterThanOrEqual(6);
    for (const category of categoryList) {
      expect(category.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(category.children.length).toBeGreaterThan(0);
      expect(category.images[0]).toMatch(/^http:\/\/localhost(:80)?\/uploads\/categories\//);
    }
    expect((await get('/api/productRAMS')).length).toBeGreaterThan(0);
    for (const family of bannerFamilyNames) {
      const list = await get(bannerFamilies[family].apiPath);
      expect(list.length, family).toBeGreaterThan(0);
    }
  });

  it('serves the generated images', async () => {
    const { products } = await get('/api/products?page=1&perPage=1');
    const url = new URL(products[0].images[0]);
    const res = await t.request({ method: 'GET', url: url.pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('makes the same shop from the same seed', async () => {
    const other = await createTestApp();
    try {
      await seedShop(other.app.ctx, sizes, productText);
      const names = (app: TestApp) =>
        app.app.ctx.db.selectFrom('products').select(['name', 'price', 'rating']).orderBy('id').execute();
      expect(await names(other)).toEqual(await names(t));
    } finally {
      await other.close();
    }
  });
});
