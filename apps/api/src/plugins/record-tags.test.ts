import { messages } from '@shopdesk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createCategory,
  createOrder,
  createProduct,
  imageUrl,
  orderLine,
  productBody,
} from '../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../test/test-app';

/** Edits that cross (api.md §14): record ETags, 304, and If-Match refused with 409. */
describe(`record ETags and If-Match (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await signIn(t);
  });
  afterEach(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
  const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'PUT', url, payload, headers: { ...bearer(token), ...headers } });

  it('a product: its tag changes with it and only with it; an older If-Match is refused and changes nothing', async () => {
    const phones = await createCategory(t, token, 'Phones');
    const one = await createProduct(t, token, phones.id, { name: 'One' });
    const two = await createProduct(t, token, phones.id, { name: 'Two' });
    const first = await get(`/api/products/${one.id}`);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect((await get(`/api/products/${one.id}`, { 'if-none-match': tag })).statusCode).toBe(304);

    // Another product's change leaves this one's tag alone.
    expect((await put(`/api/products/${two.id}`, productBody(phones.id, { name: 'Two b' }))).statusCode).toBe(200);
    expect((await get(`/api/products/${one.id}`)).headers.etag).toBe(tag);

    // Someone saves from the copy they read: accepted, and the answer names the new tag.
    const saved = await put(`/api/products/${one.id}`, productBody(phones.id, { name: 'One b' }), { 'if-match': tag });
    expect(saved.statusCode, saved.body).toBe(200);
    const newTag = String(saved.headers.etag);
    expect(newTag).not.toBe(tag);
    expect((await get(`/api/products/${one.id}`)).headers.etag).toBe(newTag);

    // A second person saves from the older copy: refused, nothing changed.
    const late = await put(`/api/products/${one.id}`, productBody(phones.id, { name: 'One c' }), { 'if-match': tag });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: true, msg: messages.recordChanged });
    expect((await get(`/api/products/${one.id}`)).json().name).toBe('One b');
    // Without If-Match the last write wins, as the spec's clients expect.
    expect((await put(`/api/products/${one.id}`, productBody(phones.id, { name: 'One d' }))).statusCode).toBe(200);
  });

  it('a category, a banner and an order do the same', async () => {
    const phones = await createCategory(t, token, 'Phones');
    const categoryTag = String((await get(`/api/category/${phones.id}`)).headers.etag);
    const renamed = await put(
      `/api/category/${phones.id}`,
      { name: 'Mobiles', color: '#112233', images: [imageUrl('c', 'categories')] },
      { 'if-match': categoryTag },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.headers.etag).toBe((await get(`/api/category/${phones.id}`)).headers.etag);
    const stale = await put(
      `/api/category/${phones.id}`,
      { name: 'Cells', color: '#112233', images: [imageUrl('c', 'categories')] },
      { 'if-match': categoryTag },
    );
    expect(stale.statusCode).toBe(409);

    const banner = await t.request({
      method: 'POST',
      url: '/api/banners/create',
      headers: bearer(token),
      payload: { images: [imageUrl('b', 'banners')] },
    });
    const bannerId = banner.json().id;
    const bannerTag = String((await get(`/api/banners/${bannerId}`)).headers.etag);
    expect((await get(`/api/banners/${bannerId}`, { 'if-none-match': bannerTag })).statusCode).toBe(304);
    expect((await put(`/api/banners/${bannerId}`, { images: [imageUrl('b2', 'banners')] })).statusCode).toBe(200);
    const staleBanner = await put(
      `/api/banners/${bannerId}`,
      { images: [imageUrl('b3', 'banners')] },
      { 'if-match': bannerTag },
    );
    expect(staleBanner.statusCode).toBe(409);

    const product = await createProduct(t, token, phones.id);
    const order = await createOrder(t, token, [orderLine(product.id, 1)]);
    const read = await get(`/api/orders/${order.id}`);
    const confirmed = await put(
      `/api/orders/${order.id}`,
      { ...read.json(), status: 'confirm' },
      { 'if-match': String(read.headers.etag) },
    );
    expect(confirmed.statusCode).toBe(200);
    const staleOrder = await put(
      `/api/orders/${order.id}`,
      { ...read.json(), status: 'delivered' },
      { 'if-match': String(read.headers.etag) },
    );
    expect(staleOrder.statusCode).toBe(409);
    expect((await get(`/api/orders/${order.id}`)).json().status).toBe('confirm');
  });
});
