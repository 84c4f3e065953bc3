import { gunzipSync } from 'node:zlib';
import { productCsvColumns } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CategoryRecord,
  createCategory,
  createProduct,
  createSubCategory,
  imagePath,
  injectOrigin,
} from '../../../test/catalogue-fixtures';
import { csvRecords as recordsOf, tokenOfRole } from '../../../test/export-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

describe(`GET /api/products/export (${engineName})`, () => {
  let t: TestApp;
  let owner: string;
  let phones: CategoryRecord;
  let shoes: CategoryRecord;
  let android: CategoryRecord;
  const ids: Record<string, string> = {};

  const exportCsv = (query = '', token = owner) =>
    t.request({ method: 'GET', url: `/api/products/export${query}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t);
    phones = await createCategory(t, owner, 'Phones');
    shoes = await createCategory(t, owner, 'Shoes');
    android = await createSubCategory(t, owner, 'Android', phones.id);
    ids.tricky = (
      await createProduct(t, owner, phones.id, {
        name: 'Pixel "Pro", 8',
        description: 'Line one\nline two, with a comma\r\nand the shop\'s "best" — café ☕ 日本語',
        brand: "O'Brien & Sons",
        subCatId: android.id,
        price: 19999.5,
        oldPrice: 24999,
        isFeatured: false,
        productRam: ['8GB', '12GB'],
        size: [],
        productWeight: ['180g'],
        location: [
          { value: 'IN', label: 'India' },
          { value: 'LK', label: 'Sri Lanka' },
        ],
      })
    ).id;
    ids.runner = (await createProduct(t, owner, shoes.id, { name: 'Trail Runner', brand: 'Stride' })).id;
    ids.gone = (await createProduct(t, owner, shoes.id, { name: 'Trail Walker', brand: 'Stride' })).id;
    const deleted = await t.request({ method: 'DELETE', url: `/api/products/${ids.gone}`, headers: bearer(owner) });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
  afterAll(() => t.close());

  it('streams text/csv with the header of api.md §13, one row per live product, as an attachment', async () => {
    const res = await exportCsv();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="products-${today}.csv"`);
    // No BOM; RFC 4180 line ends.
    expect(res.body.charCodeAt(0)).toBe('i'.charCodeAt(0));
    expect(res.body.split('\r\n')[0]).toBe(productCsvColumns.join(','));
    const records = recordsOf(res.body);
    // The trashed product is left out.
    expect(records.map((record) => record.id).sort()).toEqual([ids.tricky, ids.runner].sort());
  });

  it('quotes commas, quotes and newlines and keeps apostrophes and Unicode as they are', async () => {
    const res = await exportCsv();
    // The raw text: quoted fields, inner quotes doubled.
    expect(res.body).toContain('"Pixel ""Pro"", 8"');
    expect(res.body).toContain(",O'Brien & Sons,");
    const product = (
      await t.request({ method: 'GET', url: `/api/products/${ids.tricky}`, headers: bearer(owner) })
    ).json();
    const record = recordsOf(res.body).find((row) => row.id === ids.tricky);
    expect(record).toEqual({
      id: ids.tricky,
      name: 'Pixel "Pro", 8',
      description: 'Line one\nline two, with a comma\r\nand the shop\'s "best" — café ☕ 日本語',
      brand: "O'Brien & Sons",
      price: '19999.5',
      oldPrice: '24999',
      category: 'Phones',
      subCategory: 'Android',
      countInStock: '12',
      rating: '4.5',
      isFeatured: 'false',
      discount: '20',
      productRam: '8GB|12GB',
      size: '',
      productWeight: '180g',
      location: 'IN|LK',
      images: `${injectOrigin}${imagePath('galaxy')}`,
      dateCreated: product.dateCreated,
    });
  });

  it('is gzip-compressed for a client that accepts it (streamed compression), the same CSV once inflated', async () => {
    const plain = await exportCsv();
    const res = await t.request({
      method: 'GET',
      url: '/api/products/export',
      headers: { ...bearer(owner), 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('writes images as absolute URLs of PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
    try {
      const token = await signIn(other);
      const category = await createCategory(other, token, 'Lamps');
      await createProduct(other, token, category.id, {
        images: [`${injectOrigin}${imagePath('a')}`, `${injectOrigin}${imagePath('b')}`],
      });
      const res = await other.request({ method: 'GET', url: '/api/products/export', headers: bearer(token) });
      expect(recordsOf(res.body)[0]?.images).toBe(
        `https://shop.example${imagePath('a')}|https://shop.example${imagePath('b')}`,
      );
    } finally {
      await other.close();
    }
  });

  it('filters like the list (catId) and search (q: word prefixes), together too', async () => {
    const idsOf = async (query: string) => {
      const res = await exportCsv(query);
      expect(res.statusCode, res.body).toBe(200);
      return recordsOf(res.body).map((record) => record.id);
    };
    expect(await idsOf(`?catId=${shoes.id}`)).toEqual([ids.runner]);
    expect(await idsOf('?q=pix')).toEqual([ids.tricky]);
    expect(await idsOf('?q=stride')).toEqual([ids.runner]);
    expect(await idsOf(`?q=trail&catId=${phones.id}`)).toEqual([]);
    expect((await idsOf('?q=')).sort()).toEqual([ids.tricky, ids.runner].sort());
    // No word at all matches nothing, as in search: the header alone.
    const none = await exportCsv('?q=%21%21');
    expect(none.body).toBe(`${productCsvColumns.join(',')}\r\n`);
    expect(await idsOf('?catId=000000000000000000000000')).toEqual([]);
  });

  it('pages through a catalogue larger than one read', async () => {
    const other = await createTestApp();
    try {
      const token = await signIn(other);
      const category = await createCategory(other, token, 'Bulk');
      // The service reads 250 at a time: more than that crosses page boundaries.
      const made: string[] = [];
      for (let start = 0; start < 600; start += 50) {
        const batch = Array.from({ length: 50 }, (_, index) =>
          createProduct(other, token, category.id, { name: `Item ${start + index}` }),
        );
        made.push(...(await Promise.all(batch)).map((product) => product.id));
      }
      const res = await other.request({ method: 'GET', url: '/api/products/export', headers: bearer(token) });
      const exported = recordsOf(res.body).map((record) => record.id);
      expect(exported).toHaveLength(made.length);
      expect(new Set(exported)).toEqual(new Set(made));
    } finally {
      await other.close();
    }
  });

  it('needs the export permission: 403 for a viewer, 401 without a token', async () => {
    const viewer = await tokenOfRole(t, owner, 'viewer@shop.test', 'viewer');
    const refused = await exportCsv('', viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: true, msg: 'You do not have permission to do this' });
    const clerk = await tokenOfRole(t, owner, 'clerk@shop.test', 'clerk');
    expect((await exportCsv('', clerk)).statusCode).toBe(200);
    const anonymous = await t.request({ method: 'GET', url: '/api/products/export' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: true, msg: 'Please sign in' });
  });

  it('refuses a bad query with 400', async () => {
    const res = await exportCsv(`?q=${'x'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(true);
  });
});
