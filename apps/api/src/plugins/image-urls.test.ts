import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../test/test-app';
import { absoluteImageUrlsInJson } from './image-urls';

const stored = '/uploads/categories/6b0176e6b0134fb680c21235.png';

describe(`image URLs are stored without an origin (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
  });
  afterAll(() => t.close());

  it('keeps our image URL as a path and answers with the caller’s own origin', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/category/create',
      headers: { ...bearer(token), host: 'shop.example:8080' },
      payload: { name: 'Moved', color: 'red', images: [`http://old-host:9999${stored}`, 'https://cdn.example/x.png'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().images).toEqual([`http://shop.example:8080${stored}`, 'https://cdn.example/x.png']);
    const row = await t.app.ctx.db
      .selectFrom('categories')
      .select('images')
      .where('name', '=', 'Moved')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.images)).toEqual([stored, 'https://cdn.example/x.png']);
    const again = await t.request({
      method: 'GET',
      url: '/api/category',
      headers: { ...bearer(token), host: 'other.example' },
    });
    expect(again.json().categoryList[0].images[0]).toBe(`http://other.example${stored}`);
  });
});

describe('with PUBLIC_URL', () => {
  it('answers image URLs under PUBLIC_URL', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://shop.example.com/' });
    try {
      const token = await signIn(t);
      const res = await t.request({
        method: 'POST',
        url: '/api/category/create',
        headers: bearer(token),
        payload: { name: 'Public', color: 'red', images: [stored] },
      });
      expect(res.json().images).toEqual([`https://shop.example.com${stored}`]);
    } finally {
      await t.close();
    }
  });
});

describe('absoluteImageUrlsInJson (list pages as text)', () => {
  const page = JSON.stringify({
    products: [
      {
        description: 'see "/uploads/products/x.jpg" and :"/uploads/',
        images: ['/uploads/products/a.jpg', '/uploads/products/b.small.webp'],
        category: { images: ['/uploads/categories/c.png'] },
        link: '/uploads/banners/d.png',
      },
    ],
  });

  it('puts the origin before every stored path, and before no text inside a string', () => {
    const out = JSON.parse(absoluteImageUrlsInJson(page, 'http://shop.example:8080'));
    expect(out.products[0]).toEqual({
      description: 'see "/uploads/products/x.jpg" and :"/uploads/',
      images: [
        'http://shop.example:8080/uploads/products/a.jpg',
        'http://shop.example:8080/uploads/products/b.small.webp',
      ],
      category: { images: ['http://shop.example:8080/uploads/categories/c.png'] },
      link: 'http://shop.example:8080/uploads/banners/d.png',
    });
  });

  it('takes the origin literally (a "$" is not a replacement pattern)', () => {
    const out = JSON.parse(absoluteImageUrlsInJson(page, 'https://shop.example/$1$&$$'));
    expect(out.products[0].images[0]).toBe('https://shop.example/$1$&$$/uploads/products/a.jpg');
  });
});
