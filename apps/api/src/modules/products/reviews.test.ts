import type { Review } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CategoryRecord, createCategory, createProduct } from '../../../test/catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const base = '/api/productReviews';
const objectId = /^[0-9a-f]{24}$/;

describe(`product reviews API (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let category: CategoryRecord;

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t);
    category = await createCategory(t, token, 'Electronics');
  });
  afterAll(() => t.close());

  const add = (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `${base}/add`, headers: bearer(token), payload });
  const listFor = async (productId?: string) => {
    const res = await t.request({
      method: 'GET',
      url: productId === undefined ? base : `${base}?productId=${productId}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Review[];
  };
  const count = async () => {
    const res = await t.request({ method: 'GET', url: `${base}/get/count`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().productsReviews as number;
  };
  const addReview = async (productId: string, review: string, overrides: Record<string, unknown> = {}) => {
    const res = await add({
      productId,
      customerName: 'Meera',
      customerId: 'cust-1',
      review,
      customerRating: 4,
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Review;
  };

  it('counts 0 and lists nothing before any review', async () => {
    expect(await count()).toBe(0);
    expect(await listFor()).toEqual([]);
  });

  it('POST /add answers 201 with the review; GET /:id reads it back', async () => {
    const product = await createProduct(t, token, category.id);
    const before = await count();
    const res = await add({
      productId: product.id,
      customerName: '  Meera  ',
      customerId: 'cust-7',
      review: 'Lovely screen',
      customerRating: '4.5',
      dateCreated: '2001-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    const review = res.json() as Review;
    expect(review).toEqual({
      id: expect.stringMatching(objectId),
      _id: review.id,
      productId: product.id,
      customerName: 'Meera',
      customerId: 'cust-7',
      review: 'Lovely screen',
      customerRating: 4.5,
      dateCreated: new Date(t.app.ctx.clock()).toISOString(),
    });
    expect(await count()).toBe(before + 1);
    const read = await t.request({ method: 'GET', url: `${base}/${review.id}`, headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(review);
  });

  it('a missing customerId is stored as an empty string', async () => {
    const product = await createProduct(t, token, category.id);
    const res = await add({ productId: product.id, customerName: 'Anon', review: 'ok', customerRating: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json().customerId).toBe('');
  });

  it.each([
    ['no productId', { productId: undefined }, 'productId is required', 'productId'],
    ['a blank productId', { productId: '  ' }, 'productId is required', 'productId'],
    ['no customerName', { customerName: undefined }, 'customerName is required', 'customerName'],
    ['an empty customerName', { customerName: '' }, 'customerName is required', 'customerName'],
    ['no review', { review: undefined }, 'review is required', 'review'],
    ['a null review', { review: null }, 'review is required', 'review'],
    ['no customerRating', { customerRating: undefined }, 'customerRating must be between 1 and 5', 'customerRating'],
    ['customerRating 0', { customerRating: 0 }, 'customerRating must be between 1 and 5', 'customerRating'],
    ['customerRating 6', { customerRating: 6 }, 'customerRating must be between 1 and 5', 'customerRating'],
    ['customerRating "abc"', { customerRating: 'abc' }, 'customerRating must be between 1 and 5', 'customerRating'],
  ])('refuses %s with 400 and a clear message, storing nothing', async (_, override, message, field) => {
    const product = await createProduct(t, token, category.id);
    const before = await count();
    const res = await add({
      productId: product.id,
      customerName: 'Meera',
      review: 'Nice',
      customerRating: 4,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, msg: message, fields: { [field]: message } });
    expect(await count()).toBe(before);
    expect(await listFor(product.id)).toEqual([]);
  });

  it('refuses an empty body with the first message', async () => {
    const res = await add({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg: 'productId is required' });
  });

  it('refuses an unknown productId with 404 and stores nothing', async () => {
    const before = await count();
    const res = await add({
      productId: '0123456789abcdef01234567',
      customerName: 'Meera',
      review: 'Nice',
      customerRating: 4,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, msg: 'Product not found' });
    expect(await count()).toBe(before);
  });

  it('GET /?productId= lists that product’s reviews, newest first', async () => {
    const product = await createProduct(t, token, category.id);
    const other = await createProduct(t, token, category.id);
    const first = await addReview(product.id, 'first');
    t.advance(1000);
    const otherReview = await addReview(other.id, 'other');
    t.advance(1000);
    const second = await addReview(product.id, 'second');
    t.advance(1000);
    const third = await addReview(product.id, 'third');
    expect(await listFor(product.id)).toEqual([third, second, first]);
    expect(await listFor(other.id)).toEqual([otherReview]);
    expect(await listFor('0123456789abcdef01234567')).toEqual([]);
    const all = await listFor();
    expect(all.slice(0, 4)).toEqual([third, second, otherReview, first]);
  });

  it('reviews made in the same millisecond still come newest first', async () => {
    const product = await createProduct(t, token, category.id);
    const a = await addReview(product.id, 'a');
    const b = await addReview(product.id, 'b');
    const c = await addReview(product.id, 'c');
    expect(await listFor(product.id)).toEqual([c, b, a]);
  });

  it('GET /:id answers 404 for an unknown review', async () => {
    const res = await t.request({ method: 'GET', url: `${base}/0123456789abcdef01234567`, headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, msg: 'Review not found' });
  });

  it('deleting the product removes its reviews and the count drops by that many', async () => {
    const product = await createProduct(t, token, category.id);
    const keep = await createProduct(t, token, category.id);
    const reviews = [await addReview(product.id, 'one'), await addReview(product.id, 'two')];
    const kept = await addReview(keep.id, 'stays');
    const before = await count();

    const res = await t.request({ method: 'DELETE', url: `/api/products/${product.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(await count()).toBe(before - 2);
    expect(await listFor(product.id)).toEqual([]);
    for (const review of reviews) {
      const read = await t.request({ method: 'GET', url: `${base}/${review.id}`, headers: bearer(token) });
      expect(read.statusCode).toBe(404);
    }
    expect(await listFor(keep.id)).toEqual([kept]);
    expect((await listFor()).map((r) => r.id)).not.toContain(reviews[0]!.id);
  });
});
