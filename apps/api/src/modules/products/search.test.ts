import type { Product } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CategoryRecord, createCategory, createProduct, productBody } from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

interface SearchPage {
  products: Product[];
  totalPages: number;
  page: number;
  perPage: number;
  totalCount: number;
}

describe(`GET /api/search (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let electronics: CategoryRecord;
  let footwear: CategoryRecord;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    electronics = await createCategory(t, token, 'Electronics');
    footwear = await createCategory(t, token, 'Footwear');
    const catalogue: Array<[key: string, category: CategoryRecord, fields: Record<string, unknown>]> = [
      ['lamp', electronics, { name: 'Desk Lamp', brand: 'Lumen', description: 'Warm light from a glowing crystal' }],
      ['phone', electronics, { name: 'Galaxy Phone', brand: 'Samsung', description: 'A bright screen' }],
      ['watch', electronics, { name: 'Galaxy Watch', brand: 'Orbit', description: 'Tracks your steps' }],
      ['shoe', footwear, { name: 'Runner Shoe', brand: 'Stride', description: 'Light and quick' }],
      ['vase', electronics, { name: 'Crystal Vase', brand: 'Glassworks', description: 'Holds flowers' }],
      ['tablet', electronics, { name: 'Note Tablet', brand: 'Samsung', description: 'Big screen for notes' }],
    ];
    for (const [key, category, fields] of catalogue) ids[key] = (await createProduct(t, token, category.id, fields)).id;
  });
  afterAll(() => t.close());

  const search = (query: string) => t.request({ method: 'GET', url: `/api/search${query}`, headers: bearer(token) });
  const q = (text: string, extra = '') => search(`?q=${encodeURIComponent(text)}${extra}`);
  const found = async (text: string) => {
    const res = await q(text);
    expect(res.statusCode, text).toBe(200);
    return (res.json() as SearchPage).products.map((p) => p.id);
  };
  const keysOf = (list: string[]) => list.map((id) => Object.keys(ids).find((key) => ids[key] === id));

  it('answers the paged wrapper with whole products (category object included)', async () => {
    const res = await q('lamp');
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchPage;
    expect(body).toMatchObject({ totalPages: 1, page: 1, perPage: 10000, totalCount: 1 });
    const product = await t.request({ method: 'GET', url: `/api/products/${ids.lamp}`, headers: bearer(token) });
    expect(body.products).toEqual([product.json()]);
  });

  it('matches word prefixes: "gal" finds both Galaxy products', async () => {
    expect(keysOf(await found('gal')).sort()).toEqual(['phone', 'watch']);
    expect(keysOf(await found('ga')).sort()).toEqual(['phone', 'watch']);
    expect(await found('galaxyx')).toEqual([]);
  });

  it('is case-insensitive', async () => {
    for (const text of ['GALAXY', 'gAlAxY', 'galaxy'])
      expect(keysOf(await found(text)).sort()).toEqual(['phone', 'watch']);
  });

  it('matches the brand', async () => {
    expect(keysOf(await found('samsung')).sort()).toEqual(['phone', 'tablet']);
    expect(keysOf(await found('strid'))).toEqual(['shoe']);
  });

  it('matches the category name', async () => {
    expect(keysOf(await found('footwear'))).toEqual(['shoe']);
    expect(keysOf(await found('electro')).sort()).toEqual(['lamp', 'phone', 'tablet', 'vase', 'watch']);
  });

  it('matches the description', async () => {
    expect(keysOf(await found('steps'))).toEqual(['watch']);
    expect(keysOf(await found('flowers'))).toEqual(['vase']);
  });

  it('ranks a name match above a description-only match', async () => {
    // The lamp (created first) has "crystal" only in its description; the vase in its name.
    expect(keysOf(await found('crystal'))).toEqual(['vase', 'lamp']);
  });

  it('needs every word to match (AND), each as a prefix', async () => {
    expect(keysOf(await found('galaxy samsung'))).toEqual(['phone']);
    expect(keysOf(await found('gal wat'))).toEqual(['watch']);
    expect(keysOf(await found('samsung scr')).sort()).toEqual(['phone', 'tablet']);
    expect(await found('galaxy stride')).toEqual([]);
  });

  it('pages for real: page, perPage, totalCount, totalPages', async () => {
    const all = await found('electronics');
    expect(all).toHaveLength(5);
    const first = await q('electronics', '&page=1&perPage=2');
    expect(first.json()).toMatchObject({ page: 1, perPage: 2, totalCount: 5, totalPages: 3 });
    expect(first.json().products.map((p: Product) => p.id)).toEqual(all.slice(0, 2));
    const second = await q('electronics', '&page=2&perPage=2');
    expect(second.json().products.map((p: Product) => p.id)).toEqual(all.slice(2, 4));
    const third = await q('electronics', '&page=3&perPage=2');
    expect(third.json()).toMatchObject({ page: 3, perPage: 2, totalCount: 5, totalPages: 3 });
    expect(third.json().products.map((p: Product) => p.id)).toEqual(all.slice(4));
    const past = await q('electronics', '&page=4&perPage=2');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ products: [], page: 4, perPage: 2, totalCount: 5, totalPages: 3 });
  });

  it('answers the dashboard call (page=1&perPage=10000)', async () => {
    const res = await q('galaxy', '&page=1&perPage=10000');
    expect(res.json()).toMatchObject({ page: 1, perPage: 10000, totalCount: 2, totalPages: 1 });
  });

  it.each([
    ['perPage=0', '&perPage=0'],
    ['perPage=10001', '&perPage=10001'],
    ['page=0', '&page=0'],
  ])('refuses %s with 400', async (_, extra) => {
    const res = await q('galaxy', extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(true);
  });

  it.each([
    ['no q', ''],
    ['an empty q', '?q='],
    ['a blank q', '?q=%20%20%20'],
  ])('answers %s with 400 "Query is required"', async (_, query) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg: 'Query is required' });
  });

  it('answers a q of 201 characters with 400 saying the query is too long; 200 are searched', async () => {
    const res = await q('galaxy'.padEnd(201, 'x'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: true,
      msg: 'Query is too long (at most 200 characters)',
      fields: { q: 'Query is too long (at most 200 characters)' },
    });
    const longest = await q('galaxy'.padEnd(200, 'x'));
    expect(longest.statusCode).toBe(200);
    expect(longest.json().products).toEqual([]);
  });

  it.each([
    '"',
    '""',
    '*',
    'AND',
    'OR',
    'NOT',
    'NEAR',
    '(',
    ')',
    '-x',
    ':',
    'name:galaxy',
    'galaxy*',
    '"galaxy',
    "o'brien",
    'galaxy & samsung',
    'galaxy | watch',
    '!galaxy',
    '\\',
    '%',
    '^',
    '{}',
    '[]',
    'galaxy AND (',
    'NEAR(galaxy watch)',
    'ガラクシー',
    '😀',
  ])('never fails with 500 for %j: 200 with a list', async (text) => {
    const res = await q(text);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SearchPage;
    expect(Array.isArray(body.products)).toBe(true);
    expect(body.totalCount).toBe(body.products.length);
  });

  it('treats operators and punctuation as plain words or nothing', async () => {
    expect(await found('*')).toEqual([]);
    expect(await found('"')).toEqual([]);
    expect(keysOf(await found('"galaxy"')).sort()).toEqual(['phone', 'watch']);
    expect(keysOf(await found('galaxy*')).sort()).toEqual(['phone', 'watch']);
    expect(keysOf(await found('name:galaxy')).sort()).toEqual([]);
    expect(keysOf(await found('(galaxy) -watch')).sort()).toEqual(['watch']);
    expect(keysOf(await found('and')).sort()).toEqual(['shoe']);
  });

  it('stays in step after an update: the old word is gone, the new one found', async () => {
    const kettle = await createProduct(t, token, electronics.id, {
      name: 'Zephyr Kettle',
      brand: 'Boilco',
      description: 'Boils water',
    });
    expect(await found('zephyr')).toEqual([kettle.id]);
    const res = await t.request({
      method: 'PUT',
      url: `/api/products/${kettle.id}`,
      headers: bearer(token),
      payload: productBody(electronics.id, { name: 'Nimbus Kettle', brand: 'Steamco', description: 'Heats tea' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await found('zephyr')).toEqual([]);
    expect(await found('boilco')).toEqual([]);
    expect(await found('water')).toEqual([]);
    expect(await found('nimbus')).toEqual([kettle.id]);
    expect(await found('steamco')).toEqual([kettle.id]);
    expect(await found('tea')).toEqual([kettle.id]);

    const removed = await t.request({ method: 'DELETE', url: `/api/products/${kettle.id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(200);
    expect(await found('nimbus')).toEqual([]);
    expect((await q('kettle')).json()).toEqual({ products: [], totalPages: 0, page: 1, perPage: 10000, totalCount: 0 });
  });

  it('ranks a brand match above a description-only match, and a category match above a description-only one', async () => {
    const kitchen = await createCategory(t, token, 'Kitchen');
    const byDescription = await createProduct(t, token, kitchen.id, {
      name: 'Plain Mug',
      brand: 'Potter',
      description: 'Inspired by the quokka and the wombat',
    });
    const byBrand = await createProduct(t, token, kitchen.id, {
      name: 'Tall Mug',
      brand: 'Quokka',
      description: 'Holds tea',
    });
    expect(await found('quokka')).toEqual([byBrand.id, byDescription.id]);
    const wombat = await createCategory(t, token, 'Wombat');
    const byCategory = await createProduct(t, token, wombat.id, {
      name: 'Bowl',
      brand: 'Potter',
      description: 'Round',
    });
    expect(await found('wombat')).toEqual([byCategory.id, byDescription.id]);
  });
});
