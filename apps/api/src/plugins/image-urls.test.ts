import { inputMessages } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../test/test-app';
import { absoluteImageUrlsInJson } from './image-urls';

const stored = '/uploads/categories/6b0176e6b0134fb680c21235.png';
const other = '/uploads/categories/7c0176e6b0134fb680c21236.small.webp';

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
      payload: { name: 'Moved', color: 'red', images: [`http://shop.example:8080${stored}`, other] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().images).toEqual([`http://shop.example:8080${stored}`, `http://shop.example:8080${other}`]);
    const row = await t.app.ctx.db
      .selectFrom('categories')
      .select('images')
      .where('name', '=', 'Moved')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.images)).toEqual([stored, other]);
    const again = await t.request({
      method: 'GET',
      url: '/api/category',
      headers: { ...bearer(token), host: 'other.example' },
    });
    expect(again.json().categoryList[0].images[0]).toBe(`http://other.example${stored}`);
  });

  it.each([
    ['another origin’s /uploads/ URL', `http://old-host:9999${stored}`],
    ['another site’s image', 'https://cdn.example/x.png'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['our origin with a name the pipeline never makes', 'http://shop.example:8080/uploads/categories/x.png'],
  ])('refuses %s (issue 17): image fields hold this shop’s uploads only', async (_, image) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/category/create',
      headers: { ...bearer(token), host: 'shop.example:8080' },
      payload: { name: `Refused ${image.slice(0, 20)}`, color: 'red', images: [stored, image] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg: inputMessages.imageNotUploaded });
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
      // PUBLIC_URL's own URLs and the request's origin are both ours; anything else is not.
      const again = await t.request({
        method: 'POST',
        url: '/api/category/create',
        headers: bearer(token),
        payload: {
          name: 'Public two',
          color: 'red',
          images: [`https://shop.example.com${stored}`, `http://localhost:80${other}`],
        },
      });
      expect(again.json().images).toEqual([`https://shop.example.com${stored}`, `https://shop.example.com${other}`]);
      const foreign = await t.request({
        method: 'POST',
        url: '/api/category/create',
        headers: bearer(token),
        payload: { name: 'Public three', color: 'red', images: [`https://shop.example.org${stored}`] },
      });
      expect(foreign.statusCode).toBe(400);
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
