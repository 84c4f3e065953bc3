import { messages } from '@shopdesk/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondAdmin } from '../catalogue-fixtures';
import { bearer, createAdmin, engineName, signIn, type TestApp } from '../test-app';
import { ownerOnlyRoutes } from './owner-only-routes';
import { createAppWithRoutes, type RegisteredRoute, routeKey } from './route-list';

// Who may call a route is decided before anything the request carries is looked at: its body, its
// path parameters, its query. A caller who may not call the route learns nothing about what the
// route would accept (401 / 403, never 400, 404, 413 or 415).

/** Routes whose `:id` must be the caller's own account ("A user reads and changes only their own account"). */
const ownAccountRoutes = ['GET /api/user/:id', 'PUT /api/user/:id', 'PUT /api/user/changePassword/:id'];

const tooLongId = 'x'.repeat(65);
const invalidQuery = '?page=0&perPage=abc&q=&img=&sort=nope&catId=';

/** Requests no validator accepts: a broken or wrong-shaped JSON body, another media type, a bad id. */
function invalidRequests(route: RegisteredRoute, id: string): InjectOptions[] {
  const method = route.method as InjectOptions['method'];
  const ids = [id, tooLongId];
  const withBody = route.method !== 'GET' && route.method !== 'HEAD';
  const requests: InjectOptions[] = [];
  for (const value of ids) {
    const url = `${route.url.replace(/:\w+/g, value)}${invalidQuery}`;
    requests.push({ method, url });
    if (!withBody) continue;
    requests.push(
      { method, url, headers: { 'content-type': 'application/json' }, payload: '{"broken' },
      { method, url, headers: { 'content-type': 'application/json' }, payload: '{"name":5,"email":[],"images":"x"}' },
      { method, url, headers: { 'content-type': 'application/xml' }, payload: '<product/>' },
      { method, url, headers: { 'content-type': 'application/json', 'content-length': '5000000' }, payload: '{}' },
    );
  }
  return requests;
}

const describeAnswer = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 200)}`;

describe(`authorization before validation, on every route of the route table (${engineName})`, () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let guarded: RegisteredRoute[];
  let ownerId: string;
  let admin: { id: string; token: string };
  let nonAdmin: string;

  beforeAll(async () => {
    ({ t, routes } = await createAppWithRoutes());
    guarded = routes.filter((route) => route.url.startsWith('/api/') && route.access !== 'public');
    ownerId = String(decodeJwt(await signIn(t)).sub);
    admin = await createSecondAdmin(t);
    const demoted = await createAdmin(t, 'demoted@shop.test');
    await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', demoted.id).execute();
    nonAdmin = demoted.token;
  });
  afterAll(() => t.close());

  const send = (request: InjectOptions, authorization?: string) =>
    t.request({ ...request, headers: { ...request.headers, ...(authorization ? { authorization } : {}) } });

  it('covers the whole route table', () => {
    expect(guarded.length).toBeGreaterThan(80);
  });

  it('answers 401 "Please sign in" to anonymous callers whatever they send, on every guarded route', async () => {
    let sent = 0;
    for (const route of guarded) {
      for (const request of invalidRequests(route, ownerId)) {
        const res = await send(request);
        const label = `${routeKey(route)} ${request.url} ${String(request.headers?.['content-type'])}: ${describeAnswer(res)}`;
        expect(res.statusCode, label).toBe(401);
        expect(res.json(), label).toEqual({ error: true, msg: messages.pleaseSignIn });
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(guarded.length * 2);
  });

  it('answers 403 "you are not a admin" to a non-administrator whatever they send, on every guarded route', async () => {
    for (const route of guarded) {
      for (const request of invalidRequests(route, ownerId)) {
        const res = await send(request, `Bearer ${nonAdmin}`);
        const label = `${routeKey(route)} ${request.url}: ${describeAnswer(res)}`;
        expect(res.statusCode, label).toBe(403);
        expect(res.json(), label).toEqual({ error: true, msg: messages.notAdmin });
      }
    }
  });

  it('declares the owner-only and own-account routes on the routes themselves', () => {
    // The spec's owner-only deletes are `catalogue:delete`, refused with the spec's own words.
    const declaredRefusals = Object.fromEntries(
      routes.filter((route) => route.refusal !== undefined).map((route) => [routeKey(route), route.refusal]),
    );
    expect(declaredRefusals).toEqual(ownerOnlyRoutes);
    for (const key of Object.keys(ownerOnlyRoutes)) {
      expect(routes.find((route) => routeKey(route) === key)?.permission, key).toBe('catalogue:delete');
    }
    const declaredOwnAccount = routes.filter((route) => route.ownAccountParam !== undefined).map(routeKey);
    expect(declaredOwnAccount.sort()).toEqual([...ownAccountRoutes].sort());
  });

  it('refuses an administrator who is not the owner an owner-only route (403, the spec’s words) before looking at the request', async () => {
    for (const [key, words] of Object.entries(ownerOnlyRoutes)) {
      const route = routes.find((candidate) => routeKey(candidate) === key);
      expect(route, key).toBeDefined();
      for (const request of invalidRequests(route as RegisteredRoute, 'ffffffffffffffffffffffff')) {
        const res = await send(request, `Bearer ${admin.token}`);
        const label = `${key} ${request.url}: ${describeAnswer(res)}`;
        expect(res.statusCode, label).toBe(403);
        expect(res.json(), label).toEqual({ error: true, msg: words });
      }
    }
  });

  it('refuses another account’s id on GET/PUT /api/user/:id and changePassword (403) before looking at the body', async () => {
    for (const key of ownAccountRoutes) {
      const route = routes.find((candidate) => routeKey(candidate) === key) as RegisteredRoute;
      for (const request of invalidRequests(route, ownerId)) {
        const res = await send(request, `Bearer ${admin.token}`);
        const label = `${key} ${request.url}: ${describeAnswer(res)}`;
        expect(res.statusCode, label).toBe(403);
        expect(res.json(), label).toEqual({ error: true, msg: messages.onlyOwnRecord });
      }
    }
  });

  it('PUT /api/user/:otherId with an incomplete body: 403, not 400; on one’s own id the same body is 400', async () => {
    const incomplete = { name: 'Only a name' };
    const other = await t.request({
      method: 'PUT',
      url: `/api/user/${ownerId}`,
      headers: bearer(admin.token),
      payload: incomplete,
    });
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json()).toEqual({ error: true, msg: messages.onlyOwnRecord });
    const own = await t.request({
      method: 'PUT',
      url: `/api/user/${admin.id}`,
      headers: bearer(admin.token),
      payload: incomplete,
    });
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json().error).toBe(true);
  });
});
