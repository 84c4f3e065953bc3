// Regressions: each of these was a real bug, found by the API test suite.
import { acceptedImageTypes, hasImageExtension } from '@shopdesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createThrottleStore } from '../src/db/shared-limits';
import { Throttle } from '../src/lib/throttle';
import { bearer, createTestApp, signIn, type TestApp } from './test-app';

let t: TestApp;
afterEach(() => t?.close());

describe('regressions', () => {
  it('a percent-encoded API path is still guarded (401, not the route)', async () => {
    t = await createTestApp();
    for (const url of ['/%61pi/user/get/count', '/%61pi/imageUpload']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: true, msg: 'Please sign in' });
    }
  });

  it('malformed multipart bodies are answered 400, never 500', async () => {
    t = await createTestApp();
    const token = await signIn(t);
    for (const [ct, payload] of [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=abc', '--abc\r\ngarbage'],
      [
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nxxxx',
      ],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/user/upload',
        headers: { ...bearer(token), 'content-type': ct },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('Retry-After names the longest wait of the IP and account keys', async () => {
    t = await createTestApp();
    let now = 1_000_000;
    const store = createThrottleStore(t.app.ctx.db);
    const throttle = new Throttle({ accountFree: 2, ipFree: 4, maxWaitSeconds: 900 }, () => now, store);
    for (let n = 0; n < 5; n += 1) await throttle.fail('1.1.1.1', 'a@x.test'); // ip: 1 s wait, account: 4 s wait
    let retryAfter = 0;
    try {
      await throttle.check('1.1.1.1', 'a@x.test');
    } catch (e) {
      retryAfter = Number((e as { headers: Record<string, string> }).headers['Retry-After']);
    }
    expect(retryAfter).toBe(4);
    now += retryAfter * 1000;
    await expect(throttle.check('1.1.1.1', 'a@x.test')).resolves.toBeUndefined();
  });

  it('a file name without an extension is not an image name', () => {
    expect(hasImageExtension('png', acceptedImageTypes)).toBe(false);
  });
});

describe('orders whose product was deleted later', () => {
  it('still take a status change', async () => {
    t = await createTestApp();
    const token = await signIn(t);
    const headers = bearer(token);
    const category = await t.request({
      method: 'POST',
      url: '/api/category/create',
      headers,
      payload: { name: 'Gone', color: 'red', images: ['/uploads/categories/6b0176e6b0134fb680c21235.png'] },
    });
    const product = await t.request({
      method: 'POST',
      url: '/api/products/create',
      headers,
      payload: {
        name: 'Old lamp',
        description: 'd',
        brand: 'b',
        price: 50,
        oldPrice: 60,
        category: category.json().id,
        countInStock: 1,
        rating: 4,
        isFeatured: false,
        discount: 0,
        images: ['/uploads/products/6b0176e6b0134fb680c21235.jpg'],
      },
    });
    const order = await t.request({
      method: 'POST',
      url: '/api/orders/create',
      headers,
      payload: {
        name: 'A',
        phoneNumber: '1',
        address: 'x',
        pincode: '1',
        email: 'a@b.co',
        products: [{ productId: product.json().id, quantity: 2 }],
      },
    });
    expect((await t.request({ method: 'DELETE', url: `/api/products/${product.json().id}`, headers })).statusCode).toBe(
      200,
    );
    const res = await t.request({
      method: 'PUT',
      url: `/api/orders/${order.json().id}`,
      headers,
      payload: { ...(order.json() as object), status: 'delivered' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('delivered');
    expect(res.json().amount).toBe(100);
  });
});

describe('over-long path ids', () => {
  it('answer 404 in the API shape (no status outside api.md)', async () => {
    t = await createTestApp();
    const token = await signIn(t);
    const res = await t.request({ method: 'GET', url: `/api/products/${'a'.repeat(150)}`, headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, msg: 'Not found' });
  });
});
