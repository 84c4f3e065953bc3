import type { Product } from '@shopdesk/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

/** Issue 20: the Product List sorts by stock too (`sort=countInStock`), as fast as the other sorts. */
describe(`products sorted by stock (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let created: Product[] = [];
  let otherCategory = '';
  // Ties on purpose: several products share a stock, so their order is the id's.
  const stocks = [5, 0, 5, 12, 3, 40, 5, 0, 7, 12, 1, 9, 5, 2, 30, 8, 6, 5, 11, 4, 0, 13];

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    const phones = await createCategory(t, token, 'Phones');
    const other = await createCategory(t, token, 'Cases');
    otherCategory = other.id;
    created = [];
    for (const [i, countInStock] of stocks.entries()) {
      const category = i % 3 === 0 ? other.id : phones.id;
      created.push(await createProduct(t, token, category, { name: `Item ${i + 1}`, countInStock }));
    }
  });
  afterAll(() => t.close());

  const list = (query: string) => t.request({ method: 'GET', url: `/api/products${query}`, headers: bearer(token) });
  const idsOf = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode).toBe(200);
    return (res.json().products as Product[]).map((p) => p.id);
  };
  const byStock = (products: Product[], order: 'asc' | 'desc') => {
    const sign = order === 'asc' ? 1 : -1;
    // Ties in id order, in the sort's direction (each index ends in id).
    return [...products]
      .sort((a, b) => sign * (a.countInStock - b.countInStock) || sign * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p) => p.id);
  };

  it('sort=countInStock orders by stock, ties by id, both ways, across pages', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const expected = byStock(created, order);
      expect(await idsOf(`?sort=countInStock&order=${order}`)).toEqual(expected);
      const paged: string[] = [];
      for (let page = 1; page <= 5; page += 1)
        paged.push(...(await idsOf(`?sort=countInStock&order=${order}&page=${page}&perPage=5`)));
      expect(paged).toEqual(expected);
    }
  });

  it('deep pages (started from page marks) keep the order', async () => {
    // Pages of 1: a mark every 16 rows, so page 17 on start from a mark.
    const expected = byStock(created, 'desc');
    for (const page of [17, 18, 22]) {
      expect(await idsOf(`?sort=countInStock&order=desc&page=${page}&perPage=1`)).toEqual([expected[page - 1]]);
    }
  });

  it('within one category, and after a stock change', async () => {
    const inOther = created.filter((p) => p.catId === otherCategory);
    expect(await idsOf(`/catId?catId=${otherCategory}&sort=countInStock&order=asc`)).toEqual(byStock(inOther, 'asc'));

    const [first] = created;
    if (!first) throw new Error('no product');
    const res = await t.request({
      method: 'PUT',
      url: `/api/products/${first.id}`,
      headers: bearer(token),
      payload: { ...first, category: first.catId, countInStock: 1000 },
    });
    expect(res.statusCode).toBe(200);
    created[0] = res.json() as Product;
    expect((await idsOf('?sort=countInStock&order=desc&page=1&perPage=1'))[0]).toBe(first.id);
    expect(await idsOf('?sort=countInStock&order=asc')).toEqual(byStock(created, 'asc'));
  });

  it('a stock-sorted page is an index walk, not a sort of the catalogue', async () => {
    const { db } = t.app.ctx;
    if (engineName === 'sqlite') {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select id, json from product_list order by count_in_stock desc, id desc limit 25`.execute(
        db,
      );
      const details = plan.rows.map((row) => row.detail).join('\n');
      expect(details).toContain('product_list_count_in_stock');
      expect(details).not.toContain('TEMP B-TREE');
    } else {
      // A small table is cheaper to sort than to walk; with sorting priced out, the index serves it.
      const plan = await db.connection().execute(async (conn) => {
        await sql`set enable_sort = off`.execute(conn);
        try {
          return await sql<{
            'QUERY PLAN': string;
          }>`explain select id, json from product_list order by count_in_stock desc, id desc limit 25`.execute(conn);
        } finally {
          await sql`reset enable_sort`.execute(conn);
        }
      });
      const details = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(details).toContain('product_list_count_in_stock');
      expect(details).not.toMatch(/\bSort\b/);
    }
  });
});
