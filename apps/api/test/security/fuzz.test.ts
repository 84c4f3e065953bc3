import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../src/modules/sessions/sessions.service';
import {
  createCategory,
  createOrder,
  createProduct,
  createSubCategory,
  orderBody,
  orderLine,
  productBody,
} from '../catalogue-fixtures';
import { engineName, ownerEmail, signIn, type TestApp } from '../test-app';
import { stateChecksum } from './db-checksum';
import { createAppWithRoutes, type RegisteredRoute, routeKey } from './route-list';

// ---------------------------------------------------------------------------------------------
// Every route, with the owner's token, fed generated input: contract-shaped bodies with fields
// dropped, retyped or added, arbitrary JSON, wrong content types, odd query strings and path ids.
// Asserted for each answer: no 5xx; a 4xx is {error:true, msg:<text>} (plus the extra keys
// api.md allows); a refused request leaves every table and the uploads folder as they were.
// ---------------------------------------------------------------------------------------------

/** Reads are cheap to check (one checksum per route); writes get a checksum per request. */
const runsPerReadRoute = 150;
const runsPerWriteRoute = 65;
const seed = Number(process.env.FUZZ_SEED ?? 20261121);

/** Keys api.md lets an error body carry besides error and msg. */
const allowedErrorKeys = new Set(['error', 'msg', 'fields', 'status', 'twoFactorRequired']);
/** The OpenID Connect popup answers with a page (api.md §8), not JSON. */
const pageRoutes = new Set(['GET /api/auth/oidc/start', 'GET /api/auth/oidc/callback', 'GET /api/auth/oidc/relay.js']);

const huge = 'x'.repeat(300_000);
const deepArray = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
const deepObject = `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`;

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  '𝕊𝕙𝕠𝕡 🛒 ﷽',
  'Ω≈ç√∫˜µ≤≥÷',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '$argon2id$v=19$',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  'true',
  '{}',
  '[]',
  '2026-02-30',
  '9999-12-31T23:59:59.999Z',
  'https://evil.test/uploads/products/x.png',
  '/uploads/../../secret',
  'ffffffffffffffffffffffff',
  ownerEmail,
  'OWNER@SHOP.TEST ',
  huge.slice(0, 5_000),
);

const extremeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
);

/** Any JSON value, from the tame to the hostile. */
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  nastyStrings,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  extremeNumbers,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyStrings, { maxLength: 4 }),
  fc.dictionary(fc.oneof(nastyStrings, fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Every field name the contract knows, plus names that only a server should set. */
const fieldNames = [
  'name',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'newPass',
  'isAdmin',
  'otp',
  'token',
  'credential',
  'images',
  'description',
  'brand',
  'price',
  'oldPrice',
  'category',
  'catId',
  'catName',
  'subCat',
  'subCatId',
  'subCatName',
  'countInStock',
  'rating',
  'isFeatured',
  'discount',
  'productRam',
  'productWeight',
  'size',
  'location',
  'paymentId',
  'phoneNumber',
  'address',
  'pincode',
  'amount',
  'userid',
  'status',
  'products',
  'productId',
  'customerName',
  'customerId',
  'review',
  'customerRating',
  'color',
  'slug',
  'parentId',
  'id',
  '_id',
  'dateCreated',
  'created_at',
  'password_hash',
  'totp_secret',
  '__proto__',
  'constructor',
];

const queryNames = [
  'page',
  'perPage',
  'sort',
  'order',
  'catId',
  'q',
  'img',
  'status',
  'from',
  'to',
  'groupBy',
  'limit',
  'productId',
  'code',
  'state',
];

interface Fixtures {
  ownerId: string;
  categoryId: string;
  subCategoryId: string;
  productId: string;
  orderId: string;
  ids: string[];
}

/** A body the contract accepts for the route (the starting point of the mutations). */
function validBody(key: string, f: Fixtures): Record<string, unknown> {
  const family = key.split(' ')[1]?.split('/')[2] ?? '';
  const images = [`/uploads/products/${randomBytes(12).toString('hex')}.png`];
  if (key.endsWith('/signin')) return { email: ownerEmail, password: 'not-the-password' };
  if (key.endsWith('/signup'))
    return { name: 'Fuzz', email: 'fuzz@shop.test', phone: '1', password: 'pw', confirmPassword: 'pw', isAdmin: true };
  if (key.endsWith('/forgotPassword')) return { email: 'nobody@shop.test' };
  if (key.endsWith('/resetPassword')) return { token: 'a'.repeat(43), password: 'x', confirmPassword: 'x' };
  if (key.endsWith('/changePassword/:id')) return { password: 'not-the-password', newPass: 'another-one-1' };
  if (key === 'PUT /api/user/:id') return { name: 'Owner', email: ownerEmail, phone: '1', images };
  if (key.endsWith('/2fa/enable')) return { otp: '123456' };
  if (key.endsWith('/2fa/disable')) return { password: 'not-the-password', otp: '123456' };
  if (key.endsWith('/authWithGoogle'))
    return {
      name: 'G',
      email: 'g@shop.test',
      password: null,
      images: [],
      phone: '',
      isAdmin: true,
      credential: 'x.y.z',
    };
  if (family === 'products') return productBody(f.categoryId, { subCatId: f.subCategoryId, images });
  if (family === 'category') return { name: 'Fuzzed', slug: 'Fuzzed', color: '#abcdef', images };
  if (family === 'productRAMS') return { productRam: '32GB' };
  if (family === 'productWeight') return { productWeight: '1kg' };
  if (family === 'productSIZE') return { size: 'XL' };
  if (family === 'orders') return orderBody([orderLine(f.productId, 1)]);
  if (family === 'productReviews')
    return { productId: f.productId, customerName: 'A', customerId: 'c', review: 'ok', customerRating: 4 };
  if (/banner/i.test(family)) return { images, catId: f.categoryId, subCatId: f.subCategoryId };
  return {};
}

type Mutation = [string, unknown] | [string];

function mutate(body: Record<string, unknown>, mutations: Mutation[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body };
  for (const mutation of mutations) {
    if (mutation.length === 1) delete copy[mutation[0]];
    // defineProperty so that '__proto__' becomes an own key that reaches the JSON text.
    else Object.defineProperty(copy, mutation[0], { value: mutation[1], enumerable: true, configurable: true });
  }
  return copy;
}

const mutationArb: fc.Arbitrary<Mutation[]> = fc.array(
  fc.oneof(
    fc.tuple(fc.constantFrom(...fieldNames)),
    fc.tuple(fc.constantFrom(...fieldNames), weirdValue),
    fc.tuple(fc.string({ maxLength: 12 }), weirdValue),
  ) as fc.Arbitrary<Mutation>,
  { maxLength: 4 },
);

type BodyPlan =
  | { kind: 'contract'; mutations: Mutation[] }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; bytes: number[]; filename: string }
  | { kind: 'none' };

const bodyPlanArb: fc.Arbitrary<BodyPlan> = fc.oneof(
  { weight: 6, arbitrary: mutationArb.map((mutations) => ({ kind: 'contract' as const, mutations })) },
  { weight: 3, arbitrary: weirdValue.map((value) => ({ kind: 'json' as const, value })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'application/json',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=zz',
          'application/xml',
          'image/png',
        ),
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.constantFrom('{', '{"a":', 'null', '""', '[1,2', '{"__proto__":{"isAdmin":true}}', deepArray, deepObject),
          fc.constantFrom(huge, `{"name":"${huge}"}`, `{"x":"${'y'.repeat(1_100_000)}"}`),
        ),
      )
      .map(([contentType, text]) => ({ kind: 'raw' as const, contentType, text })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }), fc.oneof(nastyStrings, fc.string()))
      .map(([bytes, filename]) => ({ kind: 'multipart' as const, bytes, filename })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
);

const queryArb = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...queryNames), fc.string({ maxLength: 8 })),
        fc.oneof(nastyStrings, fc.string({ maxLength: 20 }), extremeNumbers.map(String), fc.integer().map(String)),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  fc.constantFrom('?page=1&perPage=10', '?q=phone', '?page=0', '?perPage=100000000000', '?a[b]=1', '?%zz=1', '?&&&=&'),
);

function pathIdArb(f: Fixtures) {
  return fc.oneof(
    fc.constantFrom(...f.ids),
    fc.constantFrom(f.ownerId),
    nastyStrings.filter((s) => s !== ''),
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.constantFrom('x'.repeat(65), 'x'.repeat(5_000), '0', '-1', '1.5'),
    fc.constantFrom(
      'raw:%',
      'raw:%zz',
      'raw:%00',
      'raw:..%2f..%2fetc',
      'raw:a%2Fb',
      'raw:%C0%AE%C0%AE',
      'raw:%ED%A0%80',
    ),
  );
}

/** Lone surrogates replaced (they cannot be percent-encoded; the JSON bodies still carry them). */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function multipartBody(bytes: number[], filename: string) {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const safeName = filename.replace(/["\r\n]/g, '_');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${safeName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

function buildRequest(
  route: RegisteredRoute,
  f: Fixtures,
  token: string,
  plan: BodyPlan,
  id: string,
  query: string,
): InjectOptions {
  const key = routeKey(route);
  // Ids starting with 'raw:' go into the path as they are (bad percent-escapes and all).
  const segment = id.startsWith('raw:') ? id.slice(4) : encodeURIComponent(wellFormed(id));
  const url = route.url.replace(':id', segment).replace('*', `products/${segment}`) + query;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  const base = { method: route.method as InjectOptions['method'], url, headers };
  switch (plan.kind) {
    case 'none':
      return base;
    case 'contract':
      return { ...base, payload: JSON.stringify(mutate(validBody(key, f), plan.mutations)), headers: json(headers) };
    case 'json':
      return { ...base, payload: JSON.stringify(plan.value) ?? 'null', headers: json(headers) };
    case 'raw':
      return { ...base, payload: plan.text, headers: { ...headers, 'content-type': plan.contentType } };
    case 'multipart': {
      const body = multipartBody(plan.bytes, plan.filename);
      return { ...base, payload: body.payload, headers: { ...headers, 'content-type': body.contentType } };
    }
  }
}

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

function checkAnswer(key: string, request: InjectOptions, res: LightMyRequestResponse) {
  const label = () =>
    `${key} ${String(request.url).slice(0, 200)} body=${String(request.payload ?? '').slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 500) expect.fail(`5xx: ${label()}`);
  if (res.statusCode < 400) return;
  if (pageRoutes.has(key)) {
    expect(res.headers['content-type'], label()).toMatch(/^text\/html/);
    return;
  }
  let body: Record<string, unknown>;
  try {
    body = res.json();
  } catch {
    expect.fail(`4xx without a JSON body: ${label()}`);
  }
  if (body.error !== true || typeof body.msg !== 'string' || body.msg.trim() === '')
    expect.fail(`error shape: ${label()}`);
  const extra = Object.keys(body).filter((name) => !allowedErrorKeys.has(name));
  if (extra.length > 0) expect.fail(`unexpected keys ${extra.join(',')}: ${label()}`);
  if (body.status !== undefined && body.status !== 'FAILED') expect.fail(`status: ${label()}`);
  if (body.fields !== undefined) {
    const fields = body.fields as Record<string, unknown>;
    if (typeof fields !== 'object' || Object.values(fields).some((v) => typeof v !== 'string'))
      expect.fail(`fields: ${label()}`);
  }
  expect(res.body, label()).not.toMatch(/\n\s+at .+:\d+:\d+/);
}

// ---------------------------------------------------------------------------------------------

describe(`fuzzing every route with the owner's token (${engineName})`, () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let f: Fixtures;
  let ownerToken: string;

  beforeAll(async () => {
    ({ t, routes } = await createAppWithRoutes());
    ownerToken = await signIn(t);
    const ownerId = String(decodeJwt(ownerToken).sub);
    const category = await createCategory(t, ownerToken, 'Phones');
    const sub = await createSubCategory(t, ownerToken, 'Android', category.id);
    const product = await createProduct(t, ownerToken, category.id, { subCatId: sub.id });
    const order = await createOrder(t, ownerToken, [orderLine(product.id, 2)]);
    const ids = [category.id, sub.id, product.id, order.id];
    for (const path of ['/api/homeBanner', '/api/banners', '/api/productRAMS']) {
      const payload =
        path === '/api/productRAMS'
          ? { productRam: '8GB' }
          : { images: ['/uploads/banners/0123456789abcdef01234567.png'] };
      const res = await t.request({
        method: 'POST',
        url: `${path}/create`,
        headers: json({ authorization: `Bearer ${ownerToken}` }),
        payload: JSON.stringify(payload),
      });
      ids.push(res.json().id);
    }
    f = { ownerId, categoryId: category.id, subCategoryId: sub.id, productId: product.id, orderId: order.id, ids };
  });
  afterAll(() => t.close());

  it(`sends ${runsPerReadRoute} generated requests to each read, ${runsPerWriteRoute} to each write: no 5xx, error bodies in shape, refusals change nothing`, async () => {
    let sent = 0;
    let refusedChecked = 0;
    const statusCounts: Record<number, number> = {};
    const timing = { inject: 0, checksum: 0 };
    const checksum = async () => {
      const started = performance.now();
      const result = await stateChecksum(t);
      timing.checksum += performance.now() - started;
      return result;
    };
    let state = await checksum();
    for (const [index, route] of routes.entries()) {
      const key = routeKey(route);
      const mutating = route.method !== 'GET';
      // Requests that would end the token they carry get a session of their own.
      const ownSession = key === 'POST /api/user/logout' || key === 'DELETE /api/user/sessions/:id';
      const plans = fc.sample(fc.tuple(bodyPlanArb, pathIdArb(f), queryArb), {
        numRuns: mutating ? runsPerWriteRoute : runsPerReadRoute,
        seed: seed + index,
      });
      for (const [plan, id, query] of plans) {
        const token = ownSession
          ? await openSession(t.app.ctx, f.ownerId, { ip: '127.0.0.1', userAgent: 'fuzz' })
          : ownerToken;
        if (ownSession) state = await checksum();
        const request = buildRequest(route, f, token, plan, id, query);
        const started = performance.now();
        const res = await t.request(request);
        timing.inject += performance.now() - started;
        sent += 1;
        statusCounts[res.statusCode] = (statusCounts[res.statusCode] ?? 0) + 1;
        checkAnswer(key, request, res);
        // The owner's own token is never what is refused.
        if (!route.access && !ownSession && res.statusCode === 401)
          expect.fail(`owner token refused on ${key}: ${res.body}`);
        if (!mutating && !ownSession) continue;
        const after = await checksum();
        if (res.statusCode >= 400) {
          if (after.digest !== state.digest) {
            expect.fail(
              `refused ${key} changed the data: ${res.statusCode} ${res.body.slice(0, 200)} ${JSON.stringify({ before: state.counts, after: after.counts })}`,
            );
          }
          refusedChecked += 1;
        }
        state = after;
      }
      if (!mutating) {
        // Reads change nothing, answered or refused.
        const after = await checksum();
        if (after.digest !== state.digest) expect.fail(`${key} changed the data`);
      }
    }
    // GET requests (answered or not) changed nothing at all.
    expect((await stateChecksum(t)).digest).toBe(state.digest);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(refusedChecked).toBeGreaterThan(2_000);
    const token = await t.request({
      method: 'GET',
      url: '/api/user/get/count',
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(token.statusCode).toBe(200);
    console.info(
      `fuzz (${engineName}): ${sent} requests (${Math.round(timing.inject)} ms), ${refusedChecked} refusals checked ` +
        `for no change (${Math.round(timing.checksum)} ms of checksums)`,
      statusCounts,
    );
    // A bound on a hung run, not a speed budget: ~10,000 requests and ~2,000 database checksums took
    // 64 s on SQLite alone, and past 180 s on PostgreSQL beside another test file (two run at once).
  }, 480_000);
});
