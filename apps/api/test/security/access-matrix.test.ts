import { messages, securityMessages } from '@shopdesk/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../src/modules/sessions/sessions.service';
import { createProduct, createSecondAdmin, imageUrl, productBody } from '../catalogue-fixtures';
import { bearer, createAdmin, engineName, ownerEmail, ownerPassword, signIn, type TestApp } from '../test-app';
import { createAppWithRoutes, type RegisteredRoute, routeKey } from './route-list';

// ---------------------------------------------------------------------------------------------
// The expected access of every route (api.md §2). A route the server registers that is not in
// this table fails the first test: whoever adds a route decides here who may call it.
// ---------------------------------------------------------------------------------------------

type Access = 'public' | 'admin' | 'owner';

const banner = (path: string, deleteBy: Access = 'owner'): Record<string, Access> => ({
  [`GET ${path}`]: 'admin',
  [`GET ${path}/:id`]: 'admin',
  [`POST ${path}/create`]: 'admin',
  [`PUT ${path}/:id`]: 'admin',
  [`DELETE ${path}/:id`]: deleteBy,
  [`POST ${path}/upload`]: 'admin',
  [`DELETE ${path}/deleteImage`]: 'admin',
});
const option = (path: string): Record<string, Access> => ({
  [`GET ${path}`]: 'admin',
  [`GET ${path}/:id`]: 'admin',
  [`POST ${path}/create`]: 'admin',
  [`PUT ${path}/:id`]: 'admin',
  [`DELETE ${path}/:id`]: 'admin',
});

export const expectedAccess: Record<string, Access> = {
  // Public (api.md §2).
  'POST /api/user/signin': 'public',
  'POST /api/user/signup': 'public',
  'POST /api/user/authWithGoogle': 'public',
  'POST /api/user/forgotPassword': 'public',
  'POST /api/user/resetPassword': 'public',
  'GET /api/auth/oidc/start': 'public',
  'GET /api/auth/oidc/callback': 'public',
  'GET /api/auth/oidc/relay.js': 'public',
  'GET /api/health': 'public',
  'GET /api/config': 'public',
  'GET /api/countries': 'public',
  'GET /uploads/*': 'public',
  // The API description and its page (api.md §17): Swagger UI's page, script and files.
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  // Account.
  'POST /api/user/logout': 'admin',
  'GET /api/user/get/count': 'admin',
  'GET /api/user/:id': 'admin',
  'PUT /api/user/:id': 'admin',
  'PUT /api/user/changePassword/:id': 'admin',
  'POST /api/user/upload': 'admin',
  'DELETE /api/user/deleteImage': 'admin',
  'POST /api/user/2fa/setup': 'admin',
  'POST /api/user/2fa/enable': 'admin',
  'POST /api/user/2fa/disable': 'admin',
  'GET /api/user/sessions': 'admin',
  'DELETE /api/user/sessions': 'admin',
  'DELETE /api/user/sessions/:id': 'admin',
  'GET /api/imageUpload': 'admin',
  'DELETE /api/imageUpload/deleteAllImages': 'admin',
  // Catalogue.
  'GET /api/products': 'admin',
  'GET /api/products/catId': 'admin',
  'GET /api/products/get/count': 'admin',
  'GET /api/products/bestSellers': 'admin',
  'GET /api/products/:id': 'admin',
  'POST /api/products/create': 'admin',
  'PUT /api/products/:id': 'admin',
  'DELETE /api/products/:id': 'owner',
  'POST /api/products/upload': 'admin',
  'DELETE /api/products/deleteImage': 'admin',
  'GET /api/search': 'admin',
  'GET /api/productReviews': 'admin',
  'GET /api/productReviews/get/count': 'admin',
  'GET /api/productReviews/:id': 'admin',
  'POST /api/productReviews/add': 'admin',
  'GET /api/category': 'admin',
  'GET /api/category/get/count': 'admin',
  'GET /api/category/subCat/get/count': 'admin',
  'GET /api/category/:id': 'admin',
  'POST /api/category/create': 'admin',
  'PUT /api/category/:id': 'admin',
  'DELETE /api/category/:id': 'owner',
  'POST /api/category/upload': 'admin',
  'DELETE /api/category/deleteImage': 'admin',
  ...option('/api/productRAMS'),
  ...option('/api/productWeight'),
  ...option('/api/productSIZE'),
  // Orders and banners.
  'GET /api/orders': 'admin',
  'GET /api/orders/get/count': 'admin',
  'GET /api/orders/sales': 'admin',
  'GET /api/orders/:id': 'admin',
  'POST /api/orders/create': 'admin',
  'PUT /api/orders/:id': 'admin',
  'DELETE /api/orders/:id': 'admin',
  ...banner('/api/homeBanner'),
  ...banner('/api/banners'),
  ...banner('/api/homeSideBanners'),
  ...banner('/api/homeBottomBanners'),
};

/** The spec's words for an administrator who is not the owner, per owner-only delete. */
const ownerOnlyMessage: Record<string, string> = {
  'DELETE /api/products/:id': 'Only Admin can delete Product',
  'DELETE /api/category/:id': 'Only Admin can delete Category',
  'DELETE /api/homeBanner/:id': 'Only Admin can delete slide',
  'DELETE /api/banners/:id': 'Only Admin can delete Banner',
  'DELETE /api/homeSideBanners/:id': 'Only Admin can delete Banner',
  'DELETE /api/homeBottomBanners/:id': 'Only Admin can delete Banner',
};

/** Reachable while ADMIN_REQUIRE_2FA waits for the administrator to turn two-step sign-in on. */
const allowedBeforeTwoFactor = [
  'DELETE /api/user/sessions',
  'DELETE /api/user/sessions/:id',
  'GET /api/user/:id',
  'GET /api/user/sessions',
  'POST /api/user/2fa/enable',
  'POST /api/user/2fa/setup',
  'POST /api/user/logout',
];

// ---------------------------------------------------------------------------------------------
// Callers
// ---------------------------------------------------------------------------------------------

const pleaseSignIn = { error: true, msg: messages.pleaseSignIn };
const notAdmin = { error: true, msg: messages.notAdmin };
const missingId = 'ffffffffffffffffffffffff';

type CallerName =
  | 'anonymous'
  | 'malformed token'
  | 'wrong signature'
  | 'alg none'
  | 'expired token'
  | 'ended session'
  | 'non-admin'
  | 'admin'
  | 'owner';
const refusedCallers: CallerName[] = [
  'anonymous',
  'malformed token',
  'wrong signature',
  'alg none',
  'expired token',
  'ended session',
];
const callers: CallerName[] = [...refusedCallers, 'non-admin', 'admin', 'owner'];

const malformedHeaders = [
  'Bearer not-a-token',
  'Bearer a.b.c',
  'Bearer',
  'Basic b3duZXI6cGFzcw==',
  'bearer eyJhbGciOiJIUzI1NiJ9..',
  'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.',
  'Token abc',
  `Bearer ${'x'.repeat(5000)}`,
];

interface World {
  t: TestApp;
  routes: RegisteredRoute[];
  ownerId: string;
  adminId: string;
  /** A fresh session (no sign-in hash needed) so state-changing calls never spoil other tokens. */
  freshToken(userId: string): Promise<string>;
  wrongSignature: string;
  algNone: string;
  expiredJwt: string;
  endedSession: string;
  nonAdmin: string;
}

async function buildWorld(): Promise<World> {
  const { t, routes } = await createAppWithRoutes();
  const ownerToken = await signIn(t);
  const claims = decodeJwt(ownerToken);
  const ownerId = String(claims.sub);
  const admin = await createSecondAdmin(t);
  const nonAdmin = await createAdmin(t, 'demoted@shop.test');
  await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', nonAdmin.id).execute();
  const meta = { ip: '127.0.0.1', userAgent: 'access-matrix' };
  const freshToken = (userId: string) => openSession(t.app.ctx, userId, meta);

  const adminClaims = decodeJwt(await freshToken(admin.id));
  const sid = String(adminClaims.sid);
  const wrongSignature = await new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(admin.id)
    .setIssuer('shopdesk')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256!'));
  const algNone = new UnsecuredJWT({ sid }).setSubject(admin.id).setIssuer('shopdesk').setExpirationTime('1h').encode();
  // The real key, a live session, but an `exp` in the past.
  const now = Date.now();
  const expiredJwt = await t.app.ctx.tokens.sign(
    { userId: admin.id, sessionId: sid },
    new Date(now - 60_000),
    new Date(now - 3_600_000),
  );
  const endedSession = await freshToken(admin.id);
  const logout = await t.request({ method: 'POST', url: '/api/user/logout', headers: bearer(endedSession) });
  expect(logout.statusCode).toBe(200);
  return {
    t,
    routes,
    ownerId,
    adminId: admin.id,
    freshToken,
    wrongSignature,
    algNone,
    expiredJwt,
    endedSession,
    nonAdmin: nonAdmin.token,
  };
}

async function authorizationFor(w: World, caller: CallerName, index: number): Promise<string | undefined> {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'malformed token':
      return malformedHeaders[index % malformedHeaders.length];
    case 'wrong signature':
      return `Bearer ${w.wrongSignature}`;
    case 'alg none':
      return `Bearer ${w.algNone}`;
    case 'expired token':
      return `Bearer ${w.expiredJwt}`;
    case 'ended session':
      return `Bearer ${w.endedSession}`;
    case 'non-admin':
      return `Bearer ${w.nonAdmin}`;
    case 'admin':
      return `Bearer ${await w.freshToken(w.adminId)}`;
    case 'owner':
      return `Bearer ${await w.freshToken(w.ownerId)}`;
  }
}

/** A request for the route: ids filled in (a user's own id on /api/user/:id), `{}` as the body. */
function requestFor(w: World, route: RegisteredRoute, caller: CallerName, authorization?: string): InjectOptions {
  const selfId = caller === 'admin' ? w.adminId : w.ownerId;
  const url = route.url
    .replace(/^\/api\/user\/(changePassword\/)?:id$/, (_m, change = '') => `/api/user/${change}${selfId}`)
    .replace(':id', missingId)
    .replace('*', 'products/nothing-here.png');
  const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return {
    method: route.method as InjectOptions['method'],
    url,
    headers: authorization === undefined ? {} : { authorization },
    ...(withBody ? { payload: {} } : {}),
  };
}

const describeAnswer = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 200)}`;

function expectAnswer(key: string, access: Access, caller: CallerName, res: LightMyRequestResponse) {
  const label = `${key} as ${caller}: ${describeAnswer(res)}`;
  expect(res.statusCode, label).toBeLessThan(500);
  if (access === 'public') {
    // A public route may refuse its own input (authWithGoogle's credential: 401), never the caller's token.
    if (res.statusCode === 401 || res.statusCode === 403) {
      expect([messages.pleaseSignIn, messages.notAdmin, securityMessages.twoFactorRequired], label).not.toContain(
        res.json().msg,
      );
    }
    return;
  }
  if (refusedCallers.includes(caller)) {
    expect(res.statusCode, label).toBe(401);
    expect(res.json(), label).toEqual(pleaseSignIn);
    return;
  }
  if (caller === 'non-admin') {
    expect(res.statusCode, label).toBe(403);
    expect(res.json(), label).toEqual(notAdmin);
    return;
  }
  if (access === 'owner' && caller === 'admin') {
    expect(res.statusCode, label).toBe(403);
    expect(res.json(), label).toEqual({ error: true, msg: ownerOnlyMessage[key] });
    return;
  }
  expect([401, 403], label).not.toContain(res.statusCode);
}

// ---------------------------------------------------------------------------------------------

describe(`access matrix, generated from the registered routes (${engineName})`, () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(() => w.t.close());

  it('knows every registered route (add new routes to expectedAccess) and names no route that is gone', () => {
    const registered = w.routes.map(routeKey);
    expect(registered.length).toBeGreaterThan(90);
    expect(registered.filter((key) => !(key in expectedAccess))).toEqual([]);
    expect(Object.keys(expectedAccess).filter((key) => !registered.includes(key))).toEqual([]);
    for (const key of Object.keys(ownerOnlyMessage)) expect(expectedAccess[key], key).toBe('owner');
  });

  it('declares public exactly the routes api.md §2 makes public, and guards every other one', () => {
    for (const route of w.routes) {
      const key = routeKey(route);
      const isApi = route.url.startsWith('/api/');
      // Outside /api (the uploads) nothing is guarded; inside, only config.access 'public' opens a route.
      const open = !isApi || route.access === 'public';
      expect(open ? 'public' : 'guarded', key).toBe(expectedAccess[key] === 'public' ? 'public' : 'guarded');
    }
  });

  it('answers every route × caller as api.md §2 says', async () => {
    let sent = 0;
    for (const [index, route] of w.routes.entries()) {
      const key = routeKey(route);
      const access = expectedAccess[key] ?? 'admin';
      const statuses = new Set<number>();
      for (const caller of callers) {
        const authorization = await authorizationFor(w, caller, index);
        const res = await w.t.request(requestFor(w, route, caller, authorization));
        expectAnswer(key, access, caller, res);
        statuses.add(res.statusCode);
        sent += 1;
      }
      // A public route answers the same whoever calls (a token only adds GET /api/config's ownerEmail).
      if (access === 'public') expect([...statuses], key).toHaveLength(1);
    }
    expect(sent).toBe(w.routes.length * callers.length);
  });

  it('names the owner in GET /api/config only for a valid administrator token', async () => {
    for (const [index, caller] of callers.entries()) {
      const authorization = await authorizationFor(w, caller, index);
      const res = await w.t.request({
        method: 'GET',
        url: '/api/config',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, caller).toBe(200);
      expect('ownerEmail' in res.json(), caller).toBe(caller === 'admin' || caller === 'owner');
    }
  });

  it('refuses every guarded route once the session is 12 hours old (clock moved on)', async () => {
    const guarded = w.routes.filter((route) => expectedAccess[routeKey(route)] !== 'public');
    // One unused session per route, so each request meets a session that expired, not one already ended.
    const tokens = await Promise.all(guarded.map(() => w.freshToken(w.adminId)));
    const twelveHours = 12 * 3_600_000 + 60_000;
    w.t.advance(twelveHours);
    try {
      for (const [index, route] of guarded.entries()) {
        const res = await w.t.request(requestFor(w, route, 'admin', `Bearer ${tokens[index]}`));
        expect(res.statusCode, `${routeKey(route)}: ${describeAnswer(res)}`).toBe(401);
        expect(res.json(), routeKey(route)).toEqual(pleaseSignIn);
      }
    } finally {
      w.t.advance(-twelveHours);
    }
  });

  it('keeps each user to their own record: GET/PUT /api/user/:id and changePassword of another id are 403', async () => {
    const token = await w.freshToken(w.adminId);
    const ownerBefore = await w.t.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', w.ownerId)
      .executeTakeFirst();
    const profile = { name: 'Taken', email: 'second@shop.test', phone: '1', images: [imageUrl('a', 'users')] };
    const attempts: InjectOptions[] = [
      { method: 'GET', url: `/api/user/${w.ownerId}` },
      { method: 'PUT', url: `/api/user/${w.ownerId}`, payload: profile },
      { method: 'PUT', url: `/api/user/${w.ownerId}`, payload: { ...profile, email: ownerEmail } },
      {
        method: 'PUT',
        url: `/api/user/changePassword/${w.ownerId}`,
        payload: { password: 'admin-password-1', newPass: 'a-new-password-99' },
      },
      {
        method: 'PUT',
        url: `/api/user/changePassword/${w.ownerId}`,
        payload: { password: ownerPassword, newPass: 'a-new-password-99' },
      },
    ];
    for (const attempt of attempts) {
      const res = await w.t.request({ ...attempt, headers: bearer(token) });
      expect(res.statusCode, `${attempt.method} ${attempt.url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ error: true, msg: messages.onlyOwnRecord });
    }
    const ownerAfter = await w.t.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', w.ownerId)
      .executeTakeFirst();
    expect(ownerAfter).toEqual(ownerBefore);
    // Another user's session cannot be ended either.
    const ownerToken = await w.freshToken(w.ownerId);
    const ownerSession = String(decodeJwt(ownerToken).sid);
    const end = await w.t.request({
      method: 'DELETE',
      url: `/api/user/sessions/${ownerSession}`,
      headers: bearer(token),
    });
    expect(end.statusCode).toBe(404);
    expect(end.json()).toEqual({ error: true, msg: securityMessages.sessionNotFound });
    const still = await w.t.request({ method: 'GET', url: `/api/user/${w.ownerId}`, headers: bearer(ownerToken) });
    expect(still.statusCode).toBe(200);
  });
});

describe(`ADMIN_REQUIRE_2FA gate over every route (${engineName})`, () => {
  it('lets an administrator without two-step sign-in reach only the set-up routes', async () => {
    const { t, routes } = await createAppWithRoutes({ ADMIN_REQUIRE_2FA: 'true' });
    try {
      const declared = routes.filter((route) => route.allowBeforeTwoFactor).map(routeKey);
      expect(declared.sort()).toEqual([...allowedBeforeTwoFactor].sort());
      const token = await signIn(t);
      const ownerId = String(decodeJwt(token).sub);
      for (const route of routes) {
        const key = routeKey(route);
        if (expectedAccess[key] === 'public') continue;
        const fresh = await openSession(t.app.ctx, ownerId, { ip: '127.0.0.1', userAgent: 'gate' });
        const url = route.url
          .replace(/^\/api\/user\/(changePassword\/)?:id$/, (_m, change = '') => `/api/user/${change}${ownerId}`)
          .replace(':id', missingId);
        const res = await t.request({
          method: route.method as InjectOptions['method'],
          url,
          headers: bearer(fresh),
          ...(route.method === 'POST' || route.method === 'PUT' ? { payload: {} } : {}),
        });
        const label = `${key}: ${describeAnswer(res)}`;
        if (route.allowBeforeTwoFactor) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json(), label).toEqual({ error: true, msg: securityMessages.twoFactorRequired });
        }
      }
    } finally {
      await t.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Mass assignment: fields the contract does not take are ignored, never stored.
// ---------------------------------------------------------------------------------------------

const foreignId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const longAgo = '2000-01-01T00:00:00.000Z';
/** Fields no client may set, in both spellings the API uses. */
const serverFields = { id: foreignId, _id: foreignId, dateCreated: longAgo, created_at: longAgo, updated_at: longAgo };

describe(`mass assignment (${engineName})`, () => {
  let w: World;
  let token: string;
  beforeAll(async () => {
    w = await buildWorld();
    token = await w.freshToken(w.adminId);
  });
  afterAll(() => w.t.close());

  const db = () => w.t.app.ctx.db;
  const post = (url: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
    w.t.request({ method, url, headers: bearer(token), payload });

  it('sign-up stores none of id, dates, password_hash, totp_secret or isAdmin beyond what SIGNUP_ALLOW grants', async () => {
    const res = await post('/api/user/signup', {
      name: 'Mallory',
      email: 'mallory@shop.test',
      phone: '1',
      password: 'mallory-pass-77',
      confirmPassword: 'mallory-pass-77',
      isAdmin: false,
      ...serverFields,
      is_admin: 1,
      password_hash: '$argon2id$v=19$m=1,t=1,p=1$fake$fake',
      passwordHash: 'x',
      totp_secret: 'JBSWY3DPEHPK3PXP',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      twoFactorEnabled: true,
      userId: foreignId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await db()
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'mallory@shop.test')
      .executeTakeFirstOrThrow();
    expect(row.id).not.toBe(foreignId);
    expect(row.id).toBe(res.json().user.id);
    expect(row.is_admin).toBe(0);
    expect(row.created_at).not.toBe(longAgo);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456/);
    expect(row.totp_secret).toBeNull();
    expect(row.totp_pending_secret).toBeNull();
    expect(await db().selectFrom('users').select('id').where('id', '=', foreignId).execute()).toEqual([]);
  });

  it('PUT /api/user/:id and changePassword change only name, e-mail, phone, images (and the password)', async () => {
    const before = await db().selectFrom('users').selectAll().where('id', '=', w.adminId).executeTakeFirstOrThrow();
    const extras = {
      ...serverFields,
      isAdmin: false,
      is_admin: 0,
      password: 'new-password-1',
      password_hash: '$argon2id$fake',
      totp_secret: 'JBSWY3DPEHPK3PXP',
      twoFactorEnabled: true,
      userId: w.ownerId,
    };
    const profile = { name: 'Second Admin', email: 'second@shop.test', phone: '42', images: [imageUrl('me', 'users')] };
    const res = await post(`/api/user/${w.adminId}`, { ...profile, ...extras }, 'PUT');
    expect(res.statusCode, res.body).toBeLessThan(500);
    const after = await db().selectFrom('users').selectAll().where('id', '=', w.adminId).executeTakeFirstOrThrow();
    expect(after.is_admin).toBe(1);
    expect(after.created_at).toBe(before.created_at);
    expect(after.password_hash).toBe(before.password_hash);
    expect(after.totp_secret).toBeNull();
    expect(await db().selectFrom('users').select('id').where('id', '=', foreignId).execute()).toEqual([]);
    if (res.statusCode === 200) {
      expect(res.json()).toMatchObject({ id: w.adminId, isAdmin: true, twoFactorEnabled: false });
      expect(after.phone).toBe('42');
    }

    const change = await post(
      `/api/user/changePassword/${w.adminId}`,
      { ...extras, password: 'admin-password-1', newPass: 'brand-new-pass-5' },
      'PUT',
    );
    expect(change.statusCode, change.body).toBe(200);
    const changed = await db().selectFrom('users').selectAll().where('id', '=', w.adminId).executeTakeFirstOrThrow();
    expect(changed.is_admin).toBe(1);
    expect(changed.totp_secret).toBeNull();
    expect(changed.created_at).toBe(before.created_at);
    expect(changed.password_hash).toMatch(/^\$argon2id\$/);
    expect(changed.password_hash).not.toBe(before.password_hash);
  });

  it('products keep their own id, dates, category names and sales counters whatever the body says', async () => {
    const category = await post('/api/category/create', {
      name: 'Phones',
      images: [imageUrl('c')],
      color: '#123456',
      ...serverFields,
    });
    expect(category.statusCode, category.body).toBe(201);
    const categoryRow = await db()
      .selectFrom('categories')
      .selectAll()
      .where('name', '=', 'Phones')
      .executeTakeFirstOrThrow();
    expect(categoryRow.id).not.toBe(foreignId);
    expect(categoryRow.created_at).not.toBe(longAgo);

    const extras = {
      ...serverFields,
      catName: 'Forged',
      cat_name: 'Forged',
      subCatName: 'Forged',
      unitsSold: 999,
      revenue: 1e9,
      productsCount: 1e6,
    };
    const made = await post('/api/products/create', productBody(categoryRow.id, extras));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const check = async () => {
      const row = await db().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.created_at).not.toBe(longAgo);
      expect(row.cat_name).toBe('Phones');
      expect(row.sub_cat_name).toBe('');
      expect(await db().selectFrom('products').select('id').where('id', '=', foreignId).execute()).toEqual([]);
      expect(await db().selectFrom('product_sales').selectAll().execute()).toEqual([]);
      const count = await w.t.request({ method: 'GET', url: '/api/products/get/count', headers: bearer(token) });
      expect(count.json()).toEqual({ productsCount: 1 });
    };
    expect(id).not.toBe(foreignId);
    await check();
    const updated = await post(
      `/api/products/${id}`,
      productBody(categoryRow.id, { ...extras, name: 'Renamed' }),
      'PUT',
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().id).toBe(id);
    await check();
  });

  it('orders, option values, banners and reviews take no id, date, price or total from the body', async () => {
    const categoryId = (await db().selectFrom('categories').select('id').executeTakeFirstOrThrow()).id;
    const product = await createProduct(w.t, token, categoryId, { name: 'Priced', price: 100 });
    const order = await post('/api/orders/create', {
      ...serverFields,
      date: longAgo,
      amount: 1,
      paymentId: 'pay_1',
      name: 'Ravi',
      phoneNumber: '9876543210',
      address: 'MG Road',
      pincode: '560001',
      email: 'ravi@customer.test',
      userid: 'u1',
      products: [
        { productId: product.id, productTitle: 'Priced', image: imageUrl('x'), quantity: 2, price: 1, subTotal: 1 },
      ],
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderRow = await db().selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(orderRow.id).not.toBe(foreignId);
    expect(orderRow.created_at).not.toBe(longAgo);
    expect(orderRow.amount).toBe(200);
    const lines = await db().selectFrom('order_items').selectAll().execute();
    expect(lines.map((line) => [line.price, line.sub_total])).toEqual([[100, 200]]);

    const option = await post('/api/productRAMS/create', { productRam: '16GB', ...serverFields, family: 'size' });
    expect(option.statusCode, option.body).toBe(201);
    const optionRow = await db().selectFrom('option_values').selectAll().executeTakeFirstOrThrow();
    expect(optionRow.id).not.toBe(foreignId);
    expect(optionRow.family).not.toBe('size');
    expect(optionRow.created_at).not.toBe(longAgo);

    const slide = await post('/api/homeBanner/create', {
      images: [imageUrl('s', 'slides')],
      ...serverFields,
      family: 'banners',
    });
    expect(slide.statusCode, slide.body).toBe(201);
    const bannerRow = await db().selectFrom('banners').selectAll().executeTakeFirstOrThrow();
    expect(bannerRow.id).not.toBe(foreignId);
    expect(bannerRow.family).toBe('homeBanner');
    expect(bannerRow.created_at).not.toBe(longAgo);

    const review = await post('/api/productReviews/add', {
      productId: product.id,
      customerName: 'Asha',
      customerId: 'c1',
      review: 'Good',
      customerRating: 4,
      ...serverFields,
    });
    expect(review.statusCode, review.body).toBeLessThan(500);
    const reviewRows = await db().selectFrom('product_reviews').selectAll().execute();
    for (const row of reviewRows) {
      expect(row.id).not.toBe(foreignId);
      expect(row.created_at).not.toBe(longAgo);
    }
  });
});
