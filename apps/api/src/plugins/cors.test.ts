import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createOrder, createProduct, orderLine } from '../../test/catalogue-fixtures';
import { createAppWithRoutes, type RegisteredRoute } from '../../test/security/route-list';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../test/test-app';

const adminClient = 'https://admin.example.com';
const storefront = 'http://localhost:5173';
const stranger = 'https://evil.example';

const corsHeaders = (res: LightMyRequestResponse) =>
  Object.keys(res.headers).filter((name) => name.startsWith('access-control-'));

const preflight = (t: TestApp, url: string, origin: string, method: string, headers = 'authorization,content-type') =>
  t.request({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

/** A concrete URL for a route (`:id` and the wildcard filled in). */
const urlOf = (route: RegisteredRoute) =>
  route.url.replace(':id', '0123456789abcdef01234567').replace('*', 'products/x.png');

describe(`CORS with CORS_ORIGINS set (${engineName})`, () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let token: string;
  beforeAll(async () => {
    ({ t, routes } = await createAppWithRoutes({ CORS_ORIGINS: `${adminClient}, ${storefront}` }));
    token = await signIn(t);
  });
  afterAll(() => t.close());

  it('answers the preflight of every route with 204 and the Access-Control-Allow-* an admin client needs', async () => {
    const apiRoutes = routes.filter((route) => route.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(50);
    for (const route of apiRoutes) {
      const res = await preflight(t, urlOf(route), adminClient, route.method);
      const label = `${route.method} ${route.url}`;
      expect(res.statusCode, label).toBe(204);
      expect(res.headers['access-control-allow-origin'], label).toBe(adminClient);
      const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods, label).toContain(route.method);
      expect(String(res.headers['access-control-allow-headers']).toLowerCase(), label).toContain('authorization');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase(), label).toContain('content-type');
      expect(res.headers.vary, label).toContain('Origin');
    }
  });

  it('answers an OPTIONS without Access-Control-Request-Method like a preflight, never in another shape', async () => {
    const res = await t.request({ method: 'OPTIONS', url: '/api/products', headers: { origin: adminClient } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(adminClient);
    const bare = await t.request({ method: 'OPTIONS', url: '/api/products' });
    expect(corsHeaders(bare)).toEqual([]);
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toMatchObject({ error: true });
  });

  it('allows each listed origin, and every method the API uses', async () => {
    const res = await preflight(t, '/api/products/0123456789abcdef01234567', storefront, 'DELETE');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(storefront);
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']),
    );
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('marks real answers for the allowed origin, errors included, and exposes the headers clients read', async () => {
    const ok = await t.request({
      method: 'GET',
      url: '/api/products',
      headers: { origin: adminClient, ...bearer(token) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(adminClient);
    expect(String(ok.headers['access-control-expose-headers'])).toContain('ETag');
    expect(String(ok.headers['access-control-expose-headers'])).toContain('Retry-After');
    // Refused before the route runs: the client still reads {error, msg}.
    const refused = await t.request({ method: 'GET', url: '/api/products', headers: { origin: adminClient } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(adminClient);
    expect(refused.json()).toEqual({ error: true, msg: 'Please sign in' });
    // The spec's client signs in from its own origin.
    const signin = await t.request({
      method: 'POST',
      url: '/api/user/signin',
      headers: { origin: adminClient },
      payload: { email: 'owner@shop.test', password: 'owner-password-1', isAdmin: true },
    });
    expect(signin.statusCode).toBe(200);
    expect(signin.headers['access-control-allow-origin']).toBe(adminClient);
  });

  it("lets an allowed origin read an invoice's number and file name", async () => {
    const category = await createCategory(t, token, 'Phones');
    const product = await createProduct(t, token, category.id, { name: 'Pixel' });
    const order = await createOrder(t, token, [orderLine(product.id, 1)]);
    const res = await t.request({
      method: 'GET',
      url: `/api/orders/${order.id}/invoice.pdf`,
      headers: { origin: adminClient, ...bearer(token) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(adminClient);
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['x-invoice-number', 'content-disposition']));
    expect(res.headers['x-invoice-number']).toBeDefined();
    expect(res.headers['content-disposition']).toBeDefined();
  });

  it('sends no CORS header to an origin not listed, on the preflight or the call', async () => {
    const res = await preflight(t, '/api/user/signin', stranger, 'POST');
    expect(corsHeaders(res)).toEqual([]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true });
    const call = await t.request({
      method: 'GET',
      url: '/api/products',
      headers: { origin: stranger, ...bearer(token) },
    });
    expect(call.statusCode).toBe(200);
    expect(corsHeaders(call)).toEqual([]);
    // An origin that merely starts like an allowed one is another origin.
    const lookalike = await preflight(t, '/api/products', `${adminClient}.evil.example`, 'GET');
    expect(corsHeaders(lookalike)).toEqual([]);
  });
});

describe(`CORS without CORS_ORIGINS: same origin only (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends no CORS header to any origin', async () => {
    const res = await preflight(t, '/api/user/signin', adminClient, 'POST');
    expect(corsHeaders(res)).toEqual([]);
    const token = await signIn(t);
    const call = await t.request({
      method: 'GET',
      url: '/api/products',
      headers: { origin: adminClient, ...bearer(token) },
    });
    expect(call.statusCode).toBe(200);
    expect(corsHeaders(call)).toEqual([]);
  });
});
