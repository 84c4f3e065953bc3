import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBody } from '../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../test/test-app';
import { seedShop } from '../db/seed/seed';
import { productText } from '../modules/products/product-json';

/** What a browser receives: compressed answers that decode to exactly the plain answer. */
describe(`compression (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let dist: string;
  const script = `console.log(${JSON.stringify('dashboard '.repeat(400))});\n`;

  beforeAll(async () => {
    // A built dashboard as the build leaves it: each file with its .br and .gz beside it.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Shopdesk</title>');
    fs.writeFileSync(path.join(dist, 'assets/app.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/app.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets/app.js.gz'), gzipSync(script));
    t = await createTestApp({ ADMIN_DIST: dist });
    await seedShop(t.app.ctx, { products: 40, orders: 0, reviews: 0, customers: 1 }, productText);
    token = await signIn(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.request({
      method: 'GET',
      url,
      headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends a product page as Brotli or gzip as the client accepts, the same JSON once decoded', async () => {
    const url = '/api/products?page=1&perPage=25';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses answers made through their schema too, with absolute image URLs; small ones stay plain', async () => {
    const plain = await get('/api/category');
    const gzip = await get('/api/category', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const decoded = gunzipSync(gzip.rawPayload).toString();
    expect(decoded).toBe(plain.body);
    expect(decoded).toMatch(/"http:\/\/localhost(:\d+)?\/uploads\//);
    // Under 1 KB: not worth a compressor's time.
    const count = await get('/api/products/get/count', 'br, gzip');
    expect(count.headers['content-encoding']).toBeUndefined();
    expect(count.json()).toEqual({ productsCount: 40 });
  });

  it('sends the build’s own .br and .gz files for the dashboard’s scripts', async () => {
    const br = await get('/assets/app.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await get('/assets/app.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app.js');
    expect(plain.body).toBe(script);
  });

  it('never inflates a compressed request body: refused with the API’s message, nothing saved', async () => {
    const categories = await t.app.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('parent_id', 'is', null)
      .execute();
    const before = (await t.app.ctx.db.selectFrom('products').select('id').execute()).length;
    const res = await t.request({
      method: 'POST',
      url: '/api/products/create',
      headers: { ...bearer(token), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(productBody(categories[0]?.id as string))),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ error: true });
    expect((await t.app.ctx.db.selectFrom('products').select('id').execute()).length).toBe(before);
  });
});
