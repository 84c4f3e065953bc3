import { type ActivityPage, importMessages, staffMessages } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, imagePath } from '../../../test/catalogue-fixtures';
import { allProducts, csvOf, csvRow, header, importCsv, sendImport } from '../../../test/import-helpers';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';
import { recordJobUnit } from '../activity/activity.recorder';

const image = imagePath('galaxy');

async function activityCount(t: TestApp): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function names(t: TestApp, table: 'categories' | 'option_values') {
  const rows = await t.app.ctx.db
    .selectFrom(table)
    .select(table === 'categories' ? 'name as text' : 'value as text')
    .execute();
  return rows.map((row) => row.text).sort();
}

describe(`product import: dry run, atomic, names, upsert and the log (${engineName})`, () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t);
    await createCategory(t, owner, 'Phones');
  });
  afterAll(() => t.close());

  const mixed = () =>
    [
      header,
      csvRow({ name: 'Good one', images: image }),
      csvRow({ name: 'Good two', category: 'Tablets', subCategory: 'Kids', productRam: '16GB|8GB', images: image }),
      csvRow({ name: 'Bad', discount: '150', images: image }),
    ].join('\n');

  it('a dry run gives the result the real run gives and changes nothing', async () => {
    const before = { products: await allProducts(t, owner), log: await activityCount(t) };
    const categories = await names(t, 'categories');
    const dry = await importCsv(t, owner, mixed(), '?dryRun=true&createCategories=true');
    expect(dry).toEqual({
      rows: 3,
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: 1,
      errors: [{ row: 4, column: 'discount', msg: 'discount must be between 0 and 100' }],
    });
    expect(await allProducts(t, owner)).toEqual(before.products);
    expect(await activityCount(t)).toBe(before.log);
    expect(await names(t, 'categories')).toEqual(categories);
  });

  it('atomic: nothing is applied when a row fails; everything when none does', async () => {
    const before = await allProducts(t, owner);
    const refused = await importCsv(t, owner, mixed(), '?atomic=true&createCategories=true');
    expect(refused).toMatchObject({ rows: 3, created: 0, updated: 0, unchanged: 0, failed: 1 });
    expect(refused.errors).toEqual([{ row: 4, column: 'discount', msg: 'discount must be between 0 and 100' }]);
    expect(await allProducts(t, owner)).toEqual(before);
    const clean = mixed().split('\n').slice(0, 3).join('\n');
    const applied = await importCsv(t, owner, clean, '?atomic=true&createCategories=true');
    expect(applied).toEqual({ rows: 2, created: 2, updated: 0, unchanged: 0, failed: 0, errors: [] });
  });

  it('createCategories makes missing categories and sub categories; option values are made when missing', async () => {
    expect(await names(t, 'categories')).toEqual(['Kids', 'Phones', 'Tablets']);
    expect(await names(t, 'option_values')).toEqual(['16GB', '200g', '8GB', 'M']);
    const products = await allProducts(t, owner);
    expect(products.find((p) => p.name === 'Good two')).toMatchObject({ catName: 'Tablets', subCatName: 'Kids' });
    // Each record the import made is logged under who ran it, as a product's change is.
    const logged = async (entity: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/activity?entity=${entity}&action=import`,
        headers: bearer(owner),
      });
      return (res.json() as ActivityPage).entries.map((entry) => [entry.entityName, entry.actor?.email]).sort();
    };
    expect(await logged('category')).toEqual([
      ['Kids', 'owner@shop.test'],
      ['Tablets', 'owner@shop.test'],
    ]);
    expect(await logged('productRAMS')).toEqual([
      ['16GB', 'owner@shop.test'],
      ['8GB', 'owner@shop.test'],
    ]);
    const without = await importCsv(t, owner, `${header}\n${csvRow({ category: 'Laptops', images: image })}\n`);
    expect(without.errors).toEqual([{ row: 2, column: 'category', msg: importMessages.unknownCategory('Laptops') }]);
  });

  it('rows with an id update that product; equal rows are unchanged and log nothing; one entry per change', async () => {
    const products = await allProducts(t, owner);
    const logBefore = await activityCount(t);
    const same = await importCsv(t, owner, csvOf(products));
    expect(same).toEqual({
      rows: products.length,
      created: 0,
      updated: 0,
      unchanged: products.length,
      failed: 0,
      errors: [],
    });
    expect(await activityCount(t)).toBe(logBefore);
    expect(await allProducts(t, owner)).toEqual(products);

    const [first, second] = products;
    const edited = csvOf([{ ...first!, price: 123 }, second!]);
    const withNew = `${edited.trimEnd()}\r\n${csvRow({ name: 'Brand new', images: image })}\r\n`;
    const result = await importCsv(t, owner, withNew);
    expect(result).toEqual({ rows: 3, created: 1, updated: 1, unchanged: 1, failed: 0, errors: [] });
    expect(await activityCount(t)).toBe(logBefore + 2);
    const page = await t.request({ method: 'GET', url: '/api/activity?limit=2', headers: bearer(owner) });
    const entries = (page.json() as ActivityPage).entries;
    expect(entries.map((entry) => entry.action)).toEqual(['import', 'import']);
    expect(entries.every((entry) => entry.actor?.email === 'owner@shop.test')).toBe(true);
    const update = entries.find((entry) => entry.entityId === first?.id);
    expect(update?.changes).toMatchObject({ price: [first?.price, 123] });
    const after = await allProducts(t, owner);
    expect(after.find((p) => p.id === first?.id)?.price).toBe(123);
    expect(after.find((p) => p.id === first?.id)?.dateCreated).toBe(first?.dateCreated);
    const count = await t.request({ method: 'GET', url: '/api/products/get/count', headers: bearer(owner) });
    expect(count.json()).toEqual({ productsCount: after.length });
    const search = await t.request({ method: 'GET', url: '/api/search?q=brand%20new', headers: bearer(owner) });
    expect(search.json().products.map((p: { name: string }) => p.name)).toEqual(['Brand new']);
  });

  it("a job unit that fails writes no entry and changes nothing (the import's batches run through it)", async () => {
    const [product] = await allProducts(t, owner);
    const before = await activityCount(t);
    const origin = { actor: null, requestId: 'test', ip: '' };
    const failing = recordJobUnit(
      { transaction: t.app.ctx.transaction, engine: t.app.ctx.engine, clock: t.app.ctx.clock },
      origin,
      [{ change: { action: 'import', entity: 'product' }, records: [product!.id] }],
      async (trx) => {
        await trx.updateTable('products').set({ price: 1 }).where('id', '=', product!.id).execute();
        throw new Error('batch failed');
      },
    );
    await expect(failing).rejects.toThrow('batch failed');
    expect(await activityCount(t)).toBe(before);
    expect((await allProducts(t, owner))[0]?.price).toBe(product?.price);
  });

  it('a viewer may not import (403, the role lacks import)', async () => {
    const viewer = await createAdmin(t, 'viewer@shop.test');
    await t.request({
      method: 'PUT',
      url: `/api/staff/${viewer.id}`,
      headers: bearer(owner),
      payload: { role: 'viewer' },
    });
    const token = await signIn(t, 'viewer@shop.test', 'admin-password-1');
    const res = await sendImport(t, token, `${header}\n${csvRow({ images: image })}\n`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: true, msg: staffMessages.noPermission });
  });
});
