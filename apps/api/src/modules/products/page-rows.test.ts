import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engineName, type TestApp } from '../../../test/test-app';
import type { DbHandle } from '../../db/create-db';
import { seedShop } from '../../db/seed/seed';
import { batchedPageRows, type PageRead, type PageRowsRequest, type SortColumn, singlePageRows } from './page-rows';
import { productText } from './product-json';

const columns: SortColumn[] = ['id', 'name', 'price', 'rating', 'count_in_stock'];
const orders = ['asc', 'desc'] as const;

/**
 * Several list pages asked in one turn of the event loop: on PostgreSQL they are read together,
 * one statement per shape (page-rows.ts). Each must get exactly the rows of its own page, in
 * order, as a plain ORDER BY … OFFSET gives them.
 */
describe(`list page rows read at once (${engineName})`, () => {
  let t: TestApp;
  let catId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedShop(t.app.ctx, { products: 240, orders: 0, reviews: 0, customers: 1 }, productText);
    const row = await t.app.ctx.db
      .selectFrom('product_list')
      .select((eb) => ['cat_id', eb.fn.countAll<number>().as('n')])
      .groupBy('cat_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    catId = row.cat_id;
  }, 120_000);
  afterAll(() => t.close());

  /** The whole ordered list of one column, order and category: what OFFSET pages would give. */
  const ordered = async (column: SortColumn, order: 'asc' | 'desc', cat?: string) => {
    let query = t.app.ctx.db.selectFrom('product_list').select(['id', 'json', column]);
    if (cat) query = query.where('cat_id', '=', cat);
    if (column !== 'id') query = query.orderBy(column, order);
    const rows = await query.orderBy('id', order).execute();
    return rows.map((row) => ({ id: row.id, json: row.json, value: (row as Record<string, unknown>)[column] }));
  };

  /** What a page of these rows reads as: their texts joined in order, or their ids when a text is missing. */
  const readOf = (rows: Array<{ id: string; json: string | null }>): PageRead =>
    rows.some((row) => row.json === null)
      ? { texts: null, ids: rows.map((row) => row.id) }
      : { texts: rows.map((row) => row.json).join(',') };

  /** Pages of every shape: each sort and order, with and without a category, from a mark or from the start. */
  const requestsAndAnswers = async () => {
    const cases: Array<{ request: PageRowsRequest; expected: PageRead }> = [];
    for (const column of columns) {
      for (const order of orders) {
        for (const cat of [undefined, catId]) {
          const rows = await ordered(column, order, cat);
          const answer = (offset: number, limit: number) =>
            readOf(rows.slice(offset, offset + limit).map(({ id, json }) => ({ id, json })));
          // From the start (a page before the first mark).
          cases.push({ request: { catId: cat, column, order, limit: 7, skip: 3 }, expected: answer(3, 7) });
          // From marks, with a few entries skipped, one past the end, and one across it.
          for (const [at, skip, limit] of [
            [10, 0, 5],
            [20, 4, 9],
            [rows.length - 3, 1, 10],
            [rows.length - 1, 2, 5],
          ] as const) {
            const mark = rows[at];
            if (!mark) throw new Error('too few rows');
            cases.push({
              request: {
                catId: cat,
                column,
                order,
                limit,
                skip,
                from: { value: mark.value as string | number, id: mark.id },
              },
              expected: answer(at + skip, limit),
            });
          }
        }
      }
    }
    return cases;
  };

  it('gives each of many pages asked at once exactly its own rows, in order, for every sort, order and category', async () => {
    const cases = await requestsAndAnswers();
    const pages = await Promise.all(cases.map(({ request }) => t.app.ctx.pageRows(request)));
    pages.forEach((page, index) => {
      expect(page, JSON.stringify(cases[index]?.request)).toEqual(cases[index]?.expected);
    });
    expect(pages.some((page) => page.texts === '')).toBe(true);
  });

  it('gives a page with a product whose text is not stored yet as its ids, in order; the other pages of its turn as texts', async () => {
    const { db } = t.app.ctx;
    const rows = await ordered('price', 'asc');
    const [, unstored] = rows;
    if (!unstored) throw new Error('too few rows');
    await db.updateTable('product_list').set({ json: null }).where('id', '=', unstored.id).execute();
    try {
      const requests: PageRowsRequest[] = [
        { column: 'price', order: 'asc', limit: 5, skip: 0 },
        { column: 'price', order: 'asc', limit: 5, skip: 5 },
        { column: 'price', order: 'asc', limit: 5, skip: 10 },
      ];
      const pages = await Promise.all(requests.map((request) => t.app.ctx.pageRows(request)));
      expect(pages[0]).toEqual({ texts: null, ids: rows.slice(0, 5).map((row) => row.id) });
      expect(pages[1]).toEqual({
        texts: rows
          .slice(5, 10)
          .map((row) => row.json)
          .join(','),
      });
      expect(pages[2]).toEqual({
        texts: rows
          .slice(10, 15)
          .map((row) => row.json)
          .join(','),
      });
    } finally {
      await db.updateTable('product_list').set({ json: unstored.json }).where('id', '=', unstored.id).execute();
    }
  });

  it('reads a turn of pages in one statement per shape on PostgreSQL, one statement a page on SQLite', async () => {
    const { ctx } = t.app;
    const statements: string[] = [];
    const counted: DbHandle['prepared'] = (query) => {
      statements.push(query.sql);
      return ctx.prepared(query);
    };
    const read = (engineName === 'postgres' ? batchedPageRows : singlePageRows)(ctx.db, counted);
    const cases = (await requestsAndAnswers()).filter(({ request }) => request.column === 'price' && !request.catId);
    const pages = await Promise.all(cases.map(({ request }) => read(request)));
    expect(pages).toEqual(cases.map(({ expected }) => expected));
    // Price ascending and descending, each from the start (one page) and from marks (four pages).
    const shapes = engineName === 'postgres' ? 4 : cases.length;
    expect(cases).toHaveLength(10);
    expect(statements).toHaveLength(shapes);
  });

  it('fails only the pages of a statement that failed; the others of the same turn get their rows', async () => {
    const { ctx } = t.app;
    const failing = new Error('the database went away');
    // A stand-in for the database that fails every statement sorted by name.
    const prepared = (async (query: CompiledQuery) => {
      if (/\bname\b/.test(query.sql)) throw failing;
      return ctx.prepared(query);
    }) as DbHandle['prepared'];
    const read = (engineName === 'postgres' ? batchedPageRows : singlePageRows)(ctx.db, prepared);
    const cases = (await requestsAndAnswers()).filter(({ request }) => ['name', 'rating'].includes(request.column));
    const settled = await Promise.allSettled(cases.map(({ request }) => read(request)));
    settled.forEach((result, index) => {
      const { request, expected } = cases[index] as (typeof cases)[number];
      if (request.column === 'name') expect(result).toEqual({ status: 'rejected', reason: failing });
      else expect(result).toEqual({ status: 'fulfilled', value: expected });
    });
  });
});
