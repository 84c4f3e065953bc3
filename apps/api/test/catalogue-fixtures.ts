import { createHash, randomBytes } from 'node:crypto';
import type { Order, Product } from '@shopdesk/contract';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { bearer, createAdmin, type TestApp } from './test-app';

/**
 * Shared fixtures for the catalogue, order and banner tests: records are made through the
 * API (never behind its back), so every fixture also exercises the create routes.
 */

type Body = Record<string, unknown>;

/** The origin app.inject() requests come to (light-my-request's default Host). */
export const injectOrigin = 'http://localhost:80';
/** The path of an upload named after `name` (24 hex digits, as the image pipeline names files). */
export const imagePath = (name: string, folder = 'products') =>
  `/uploads/${folder}/${createHash('sha1').update(name).digest('hex').slice(0, 24)}.png`;
/**
 * The same upload as this shop's absolute URL, as the app answers it under app.inject() (origin
 * `http://localhost:80`): image fields take only this shop's uploads (issue 17).
 */
export const imageUrl = (name: string, folder = 'products') => `${injectOrigin}${imagePath(name, folder)}`;

export interface CategoryRecord {
  _id: string;
  id: string;
  name: string;
  slug: string;
  color: string;
  images: string[];
  parentId?: string;
}

async function expectCreated<T>(res: { statusCode: number; body: string; json(): unknown }, what: string): Promise<T> {
  if (res.statusCode !== 201) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** A root category (name, colour, one image). */
export async function createCategory(t: TestApp, token: string, name: string, color = '#336699') {
  const res = await t.request({
    method: 'POST',
    url: '/api/category/create',
    headers: bearer(token),
    payload: { name, slug: name, color, images: [imageUrl(name, 'categories')] },
  });
  return expectCreated<CategoryRecord>(res, `category ${name}`);
}

/** A sub category of parentId. */
export async function createSubCategory(t: TestApp, token: string, name: string, parentId: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/category/create',
    headers: bearer(token),
    payload: { name, slug: name, parentId },
  });
  return expectCreated<CategoryRecord>(res, `sub category ${name}`);
}

/** A complete product body as the Product Upload screen sends it; override any field. */
export function productBody(categoryId: string, overrides: Body = {}): Body {
  return {
    name: 'Galaxy Phone',
    description: 'A bright screen and a long battery life',
    brand: 'Samsung',
    price: 19999,
    oldPrice: 24999,
    category: categoryId,
    countInStock: 12,
    rating: 4.5,
    isFeatured: true,
    discount: 20,
    images: [imageUrl('galaxy')],
    productRam: ['8GB'],
    size: ['M'],
    productWeight: ['200g'],
    location: [{ value: 'IN', label: 'India' }],
    ...overrides,
  };
}

export const postProduct = (t: TestApp, token: string, payload: Body) =>
  t.request({ method: 'POST', url: '/api/products/create', headers: bearer(token), payload });

export async function createProduct(t: TestApp, token: string, categoryId: string, overrides: Body = {}) {
  const res = await postProduct(t, token, productBody(categoryId, overrides));
  return expectCreated<Product>(res, `product ${String(overrides.name ?? 'Galaxy Phone')}`);
}

/**
 * One order line as a storefront sends it, without a price: the server charges the product's
 * catalogue price (spread `{ price }` in to show that a client's price is ignored).
 */
export const orderLine = (productId: string, quantity: number, productTitle = 'Item') => ({
  productId,
  productTitle,
  image: imageUrl('line'),
  quantity,
});

export function orderBody(products: Body[], overrides: Body = {}): Body {
  return {
    paymentId: 'pay_123',
    name: 'Ravi Kumar',
    phoneNumber: '9876543210',
    address: '12 MG Road, Bengaluru',
    pincode: '560001',
    email: 'ravi@customer.test',
    userid: 'user-1',
    products,
    ...overrides,
  };
}

export const postOrder = (t: TestApp, token: string, payload: Body) =>
  t.request({ method: 'POST', url: '/api/orders/create', headers: bearer(token), payload });

export async function createOrder(t: TestApp, token: string, products: Body[], overrides: Body = {}) {
  return expectCreated<Order>(await postOrder(t, token, orderBody(products, overrides)), 'order');
}

/** An administrator who is not the owner (may do everything except owner-only deletes). */
export const createSecondAdmin = (t: TestApp, email = 'second@shop.test') => createAdmin(t, email);

/** An administrator demoted in the database after signing in: a valid token of a non-admin. */
export async function createNonAdminToken(t: TestApp, email = 'demoted@shop.test') {
  const admin = await createAdmin(t, email);
  await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', admin.id).execute();
  return admin.token;
}

/** A small PNG made with sharp (each call a different colour). */
let hue = 0;
export function pngImage(width = 32, height = 24) {
  hue = (hue + 41) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: hue, g: 255 - hue, b: 60 } } })
    .png()
    .toBuffer();
}

/** A multipart/form-data upload of PNG files under `images`. */
export function multipartUpload(url: string, token: string, files: Buffer[]): InjectOptions {
  const boundary = `----shopdesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  files.forEach((data, index) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="image-${index}.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      data,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  };
}

export const pleaseSignIn = { error: true, msg: 'Please sign in' };
export const notAdmin = { error: true, msg: 'you are not a admin' };
export const routeName = (route: InjectOptions) => `${route.method} ${route.url}`;
