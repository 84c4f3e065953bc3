import { type ActivityPage, bulkMaxIds, bulkMessages, type Product, productMessages } from '@shopdesk/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CategoryRecord,
  createCategory,
  createProduct,
  createSubCategory,
} from '../../../test/catalogue-fixtures';
import { tokenOfRole } from '../../../test/export-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { pruneBulkEdits } from './products-bulk.service';
import { adjustedPrice } from './products-bulk-plan';

describe(`bulk edit, undo and bulk delete of products (${engineName})`, () => {
  let t: TestApp;
  let owner: string;
  let phones: CategoryRecord;
  let shoes: CategoryRecord;
  let android: CategoryRecord;
  let runners: CategoryRecord;
  /** A fresh catalogue per test: five phones (two in Android), three shoes. */
  let ids: string[];

  const as = (token: string, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.request({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as never }) });
  const bulk = (payload: unknown, token = owner) => as(token, 'POST', '/api/products/bulk', payload);
  const undo = (bulkId: string, token = owner) => as(token, 'POST', `/api/products/bulk/${bulkId}/undo`);
  const product = async (id: string) => (await as(owner, 'GET', `/api/products/${id}`)).json() as Product;
  const entryCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('activity')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newest = async (limit: number) =>
    ((await as(owner, 'GET', `/api/activity?limit=${limit}`)).json() as ActivityPage).entries;
  /** Everything a client can read about the catalogue: each product, the list, the count. */
  const catalogue = async () => ({
    products: await Promise.all(ids.map(product)),
    list: (await as(owner, 'GET', '/api/products?page=1&perPage=100')).body,
    count: (await as(owner, 'GET', '/api/products/get/count')).json(),
  });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t);
  });
  afterAll(() => t.close());

  /** Each test gets its own categories and products (made through the API), named by a word of its own. */
  let round = 0;
  let word = '';
  beforeEach(async () => {
    round += 1;
    word = `w${'abcdefghijklmnopqrstuvwxyz'[round]}x`;
    phones = await createCategory(t, owner, `Phones ${word}`);
    shoes = await createCategory(t, owner, `Shoes ${word}`);
    android = await createSubCategory(t, owner, `Android ${word}`, phones.id);
    runners = await createSubCategory(t, owner, `Runners ${word}`, shoes.id);
    ids = [];
    for (let n = 0; n < 5; n += 1) {
      const fields = {
        name: `Phone ${n} ${word}`,
        price: 1000 + n,
        oldPrice: 2000,
        subCatId: n < 2 ? android.id : '',
      };
      ids.push((await createProduct(t, owner, phones.id, fields)).id);
    }
    for (let n = 0; n < 3; n += 1) {
      ids.push(
        (await createProduct(t, owner, shoes.id, { name: `Shoe ${n} ${word}`, brand: 'Stride', price: 500 })).id,
      );
    }
  });

  it('sets fields on the products named by id, in one answer {bulkId, updated}, visible in lists at once', async () => {
    const listBefore = (await as(owner, 'GET', '/api/products?page=1&perPage=100')).json();
    const chosen = [ids[0], ids[5], ids[5]] as string[];
    const res = await bulk({ ids: chosen, set: { price: 777, discount: 5, countInStock: 3, isFeatured: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ bulkId: expect.any(String), updated: 2 });
    for (const id of [ids[0], ids[5]] as string[]) {
      expect(await product(id)).toMatchObject({ price: 777, discount: 5, countInStock: 3, isFeatured: false });
    }
    expect((await product(ids[1] as string)).price).toBe(1001);
    // The list (served from stored texts and cached per catalogue version) shows the new price.
    const list = (await as(owner, 'GET', '/api/products?page=1&perPage=100')).json();
    expect(list.products.find((p: Product) => p.id === ids[0]).price).toBe(777);
    expect(listBefore.products.find((p: Product) => p.id === ids[0]).price).toBe(1000);
    const sorted = (await as(owner, 'GET', '/api/products?sort=price&order=desc&perPage=1')).json();
    expect(sorted.products[0].id).toBe(ids[4]);
  });

  it('adjusts prices by a percentage, rounded to the paisa, by filter (category, search words)', async () => {
    const res = await bulk({ filter: { catId: shoes.id }, adjust: { price: { percent: 12.5 } } });
    expect(res.json().updated).toBe(3);
    expect((await product(ids[5] as string)).price).toBe(562.5);
    expect((await product(ids[0] as string)).price).toBe(1000);
    const byWords = await bulk({ filter: { q: `phone 3 ${word}` }, adjust: { oldPrice: { percent: -33.333 } } });
    expect(byWords.json().updated).toBe(1);
    expect((await product(ids[3] as string)).oldPrice).toBe(1333.34);
    // Both: the ids that also match the filter.
    const both = await bulk({ ids: [ids[0], ids[5]], filter: { catId: phones.id }, set: { countInStock: 99 } });
    expect(both.json().updated).toBe(1);
    expect((await product(ids[5] as string)).countInStock).toBe(12);
    expect(adjustedPrice(19999, 10)).toBe(21998.9);
    expect(adjustedPrice(0.125, 0)).toBe(0.13);
    expect(adjustedPrice(10, -100)).toBe(0);
    expect(adjustedPrice(1e9, 1000)).toBe(1e9);
  });

  it('moves products to another category; a sub category must be one of it (the spec words otherwise)', async () => {
    const moved = await bulk({ ids: [ids[0], ids[2]], set: { category: shoes.id, subCatId: runners.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await product(ids[0] as string)).toMatchObject({
      catId: shoes.id,
      catName: shoes.name,
      subCatId: runners.id,
      subCatName: runners.name,
      category: { id: shoes.id, name: shoes.name },
    });
    // Category alone: the old sub category (of another category) goes.
    await bulk({ ids: [ids[1]], set: { category: shoes.id } });
    expect(await product(ids[1] as string)).toMatchObject({ catId: shoes.id, subCatId: '', subCatName: '' });
    const byCategory = (await as(owner, 'GET', `/api/products/catId?catId=${shoes.id}`)).json();
    expect(byCategory.totalCount).toBe(6);
    const searched = (await as(owner, 'GET', `/api/search?q=shoes ${word}`)).json();
    expect(searched.products.map((p: Product) => p.id)).toContain(ids[0]);

    const before = await catalogue();
    const entries = await entryCount();
    for (const [body, status, msg] of [
      [{ ids: [ids[3]], set: { category: 'ffffffffffffffffffffffff' } }, 404, productMessages.invalidCategory],
      [{ ids: [ids[3]], set: { category: android.id } }, 404, productMessages.invalidCategory],
      [{ ids: [ids[3]], set: { category: phones.id, subCatId: runners.id } }, 404, productMessages.invalidSubCategory],
      // Sub category alone: must be of each product's own category (a phone and a shoe here).
      [{ ids: [ids[3], ids[6]], set: { subCatId: android.id } }, 404, productMessages.invalidSubCategory],
    ] as const) {
      const res = await bulk(body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ error: true, msg });
    }
    expect(await catalogue()).toEqual(before);
    expect(await entryCount()).toBe(entries);
  });

  it('logs one `bulk` entry per product that changed, none for one that already held the values', async () => {
    await bulk({ ids: [ids[6]], set: { price: 900 } });
    const before = await entryCount();
    const res = await bulk({ ids: [ids[5], ids[6], ids[7]], set: { price: 900 } });
    expect(res.json().updated).toBe(2);
    expect(await entryCount()).toBe(before + 2);
    const entries = await newest(2);
    expect(entries.map((entry) => entry.entityId).sort()).toEqual([ids[5], ids[7]].sort());
    for (const entry of entries) {
      expect(entry).toMatchObject({ action: 'bulk', entity: 'product', changes: { price: [500, 900] } });
      expect(entry.requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('undoes: restores the products not changed since, skips the ones edited after; twice restores 0', async () => {
    const before = await Promise.all(ids.map(product));
    const res = await bulk({ filter: { catId: phones.id }, set: { price: 1 }, adjust: { oldPrice: { percent: 10 } } });
    const { bulkId, updated } = res.json();
    expect(updated).toBe(5);
    // Later: one product edited, one deleted; the clock moves as time does.
    t.advance(1000);
    const edited = await product(ids[1] as string);
    const put = await as(owner, 'PUT', `/api/products/${ids[1]}`, { ...edited, category: phones.id, name: 'Renamed' });
    expect(put.statusCode, put.body).toBe(200);
    expect((await as(owner, 'DELETE', `/api/products/${ids[2]}`)).statusCode).toBe(200);
    const entries = await entryCount();
    const undone = await undo(bulkId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ restored: 3, skipped: 2 });
    expect(await entryCount()).toBe(entries + 3);
    expect((await newest(1))[0]).toMatchObject({
      action: 'bulk',
      entity: 'product',
      changes: { price: [1, expect.any(Number)] },
    });
    for (const n of [0, 3, 4]) {
      expect(await product(ids[n] as string)).toMatchObject({
        price: before[n]?.price,
        oldPrice: before[n]?.oldPrice,
      });
    }
    expect(await product(ids[1] as string)).toMatchObject({ name: 'Renamed', price: 1, oldPrice: 2200 });
    const list = (await as(owner, 'GET', '/api/products?page=1&perPage=100')).json();
    expect(list.products.find((p: Product) => p.id === ids[0]).price).toBe(1000);

    const again = await undo(bulkId);
    expect(again.json()).toEqual({ restored: 0, skipped: 0 });
    expect(await entryCount()).toBe(entries + 3);
  });

  it('undoes a category move back to the old category and sub category', async () => {
    const { bulkId } = (await bulk({ ids: [ids[0], ids[3]], set: { category: shoes.id } })).json();
    expect((await undo(bulkId)).json()).toEqual({ restored: 2, skipped: 0 });
    expect(await product(ids[0] as string)).toMatchObject({
      catId: phones.id,
      subCatId: android.id,
      subCatName: android.name,
    });
    expect(await product(ids[3] as string)).toMatchObject({ catId: phones.id, catName: phones.name, subCatId: '' });
    expect((await undo('ffffffffffffffffffffffff')).json()).toEqual({ error: true, msg: bulkMessages.notFound });
  });

  it('keeps what an undo needs for TRASH_DAYS, then prunes it (the undo is then not found)', async () => {
    const old = (await bulk({ ids: [ids[0]], set: { price: 3 } })).json().bulkId;
    t.advance(t.config.trashMs - 60_000);
    owner = await signIn(t);
    const recent = (await bulk({ ids: [ids[1]], set: { price: 4 } })).json().bulkId;
    t.advance(120_000);
    // This edit and the earlier tests' go; the recent one stays.
    expect(await pruneBulkEdits(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await undo(old)).json()).toEqual({ error: true, msg: bulkMessages.notFound });
    const kept = await t.app.ctx.db
      .selectFrom('bulk_edit_items')
      .select('bulk_id')
      .where('bulk_id', '=', old)
      .execute();
    expect(kept).toEqual([]);
    expect((await undo(recent)).json()).toEqual({ restored: 1, skipped: 0 });
    expect((await product(ids[1] as string)).price).toBe(1001);
  });

  it('bulk delete moves each product to the trash (each restorable on its own), unknown ids skipped', async () => {
    const entries = await entryCount();
    const { productsCount: count } = (await as(owner, 'GET', '/api/products/get/count')).json();
    const res = await as(owner, 'POST', '/api/products/bulkDelete', {
      ids: [ids[0], ids[1], ids[1], 'ffffffffffffffffffffffff'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ trashed: 2 });
    expect(await entryCount()).toBe(entries + 2);
    expect((await newest(2)).map((entry) => entry.action)).toEqual(['delete', 'delete']);
    expect((await as(owner, 'GET', `/api/products/${ids[0]}`)).statusCode).toBe(404);
    expect((await as(owner, 'GET', '/api/products/get/count')).json()).toEqual({ productsCount: count - 2 });
    const trash = (await as(owner, 'GET', '/api/trash?entity=product')).json() as Array<{
      trashId: string;
      entityId: string;
    }>;
    const entry = trash.find((item) => item.entityId === ids[0]);
    expect(trash.filter((item) => item.entityId === ids[0] || item.entityId === ids[1])).toHaveLength(2);
    const restored = await as(owner, 'POST', `/api/trash/${entry?.trashId}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await product(ids[0] as string)).name).toBe(`Phone 0 ${word}`);
    expect((await as(owner, 'GET', `/api/products/${ids[1]}`)).statusCode).toBe(404);
    expect((await as(owner, 'GET', '/api/products/get/count')).json()).toEqual({ productsCount: count - 1 });
  });

  it('refuses callers without the permission in the spec words, changing nothing', async () => {
    const editor = await tokenOfRole(t, owner, `editor-${ids[0]}@shop.test`, 'editor');
    const viewer = await tokenOfRole(t, owner, `viewer-${ids[0]}@shop.test`, 'viewer');
    const before = await catalogue();
    const entries = await entryCount();
    const deleted = await as(editor, 'POST', '/api/products/bulkDelete', { ids: [ids[0]] });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json()).toEqual({ error: true, msg: 'Only Admin can delete Product' });
    const edited = await bulk({ ids: [ids[0]], set: { price: 1 } }, viewer);
    expect(edited.statusCode).toBe(403);
    expect(edited.json()).toEqual({ error: true, msg: 'You do not have permission to do this' });
    expect((await bulk({ ids: [ids[0]], set: { price: 1 } }, editor)).statusCode).toBe(200);
    const { bulkId } = (await bulk({ ids: [ids[1]], set: { price: 2 } })).json();
    expect((await undo(bulkId, viewer)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/products/bulk', payload: {} })).statusCode).toBe(401);
    expect((await product(ids[1] as string)).price).toBe(2);
    expect((await catalogue()).count).toEqual(before.count);
    expect(await entryCount()).toBe(entries + 2);
  });

  it('refuses bad bodies with 400 and clear words, changing nothing', async () => {
    const before = await catalogue();
    const entries = await entryCount();
    for (const [body, msg] of [
      [{ set: { price: 1 } }, bulkMessages.noSelection],
      [{ ids: [], set: { price: 1 } }, bulkMessages.noSelection],
      [{ ids: [ids[0]] }, bulkMessages.nothingToChange],
      [{ ids: [ids[0]], set: {} }, bulkMessages.nothingToChange],
      [{ ids: [ids[0]], set: { price: -1 } }, 'price must be 0 or more'],
      [{ ids: [ids[0]], set: { price: 'cheap' } }, 'price must be a number'],
      [{ ids: [ids[0]], set: { discount: 101 } }, 'discount must be between 0 and 100'],
      [{ ids: [ids[0]], set: { countInStock: 1.5 } }, 'stock must be a whole number, 0 or more'],
      [{ ids: [ids[0]], adjust: { price: { percent: -101 } } }, 'percent must be -100 or more'],
      [{ ids: [ids[0]], set: { price: 5 }, adjust: { price: { percent: 5 } } }, bulkMessages.setAndAdjust('price')],
    ] as const) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: true, msg });
    }
    const unknownKey = await bulk({ ids: [ids[0]], set: { name: 'x' } });
    expect(unknownKey.statusCode).toBe(400);
    for (const body of [{}, { ids: [] }, { ids: 'all' }]) {
      const res = await as(owner, 'POST', '/api/products/bulkDelete', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: bulkMessages.noSelection });
    }
    // As many ids as allowed fit in a body (larger than the API's usual 1 MB); one more is refused.
    const many = Array.from({ length: bulkMaxIds }, (_, n) => n.toString(16).padStart(24, 'f'));
    const allowed = await as(owner, 'POST', '/api/products/bulkDelete', { ids: many });
    expect(allowed.statusCode, allowed.body.slice(0, 200)).toBe(200);
    expect(allowed.json()).toEqual({ trashed: 0 });
    for (const url of ['/api/products/bulkDelete', '/api/products/bulk']) {
      const res = await as(owner, 'POST', url, { ids: [...many, 'f'.repeat(24)], set: { price: 1 } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: true, msg: bulkMessages.tooMany });
    }
    expect(await catalogue()).toEqual(before);
    expect(await entryCount()).toBe(entries);
  });
});
