import { builtInRoles, messages, type Permission, securityMessages, staffMessages } from '@shopdesk/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../src/modules/sessions/sessions.service';
import { createProduct, createSecondAdmin, imageUrl, productBody } from '../catalogue-fixtures';
import { bearer, createAdmin, engineName, ownerEmail, ownerPassword, signIn, type TestApp } from '../test-app';
import { ownerOnlyRoutes } from './owner-only-routes';
import { createAppWithRoutes, type RegisteredRoute, routeKey } from './route-list';

// ---------------------------------------------------------------------------------------------
// The expected access of every route (api.md §2). A route the server registers that is not in
// this table fails the first test: whoever adds a route decides here who may call it.
// ---------------------------------------------------------------------------------------------

/**
 * What a route needs (api.md §2, §10): `public` (anyone), `staff` (any valid staff token: every
 * read, and one's own account), or the permission the caller's role must hold.
 */
type Access = 'public' | 'staff' | Permission;

const W: Access = 'catalogue:write';
const D: Access = 'catalogue:delete';
const banner = (path: string): Record<string, Access> => ({
  [`GET ${path}`]: 'staff',
  [`GET ${path}/:id`]: 'staff',
  [`POST ${path}/create`]: W,
  [`PUT ${path}/:id`]: W,
  [`DELETE ${path}/:id`]: D,
  [`POST ${path}/upload`]: W,
  [`DELETE ${path}/deleteImage`]: W,
});
const option = (path: string): Record<string, Access> => ({
  [`GET ${path}`]: 'staff',
  [`GET ${path}/:id`]: 'staff',
  [`POST ${path}/create`]: W,
  [`PUT ${path}/:id`]: W,
  // Spec §6: option deletes have no owner check, so a manager keeps them (api.md §10).
  [`DELETE ${path}/:id`]: W,
});

export const expectedAccess: Record<string, Access> = {
  // Public (api.md §2, §10).
  'POST /api/user/signin': 'public',
  'POST /api/user/signup': 'public',
  'POST /api/user/authWithGoogle': 'public',
  'POST /api/user/forgotPassword': 'public',
  'POST /api/user/resetPassword': 'public',
  'POST /api/staff/acceptInvite': 'public',
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
  // Account: one's own, whatever the role.
  'POST /api/user/logout': 'staff',
  'GET /api/user/get/count': 'staff',
  'GET /api/user/:id': 'staff',
  'PUT /api/user/:id': 'staff',
  'PUT /api/user/changePassword/:id': 'staff',
  'POST /api/user/upload': 'staff',
  'DELETE /api/user/deleteImage': 'staff',
  'POST /api/user/2fa/setup': 'staff',
  'POST /api/user/2fa/enable': 'staff',
  'POST /api/user/2fa/disable': 'staff',
  'GET /api/user/sessions': 'staff',
  'DELETE /api/user/sessions': 'staff',
  'DELETE /api/user/sessions/:id': 'staff',
  'GET /api/imageUpload': 'staff',
  'DELETE /api/imageUpload/deleteAllImages': 'staff',
  // Staff and roles (api.md §10).
  // The activity log (api.md §11): the log needs audit:read; one record's history, any staff.
  // Live events (api.md §14): any staff member.
  'GET /api/events': 'staff',
  // Saved views (api.md §16): any staff member's own; shared ones changed by staff:manage (the service).
  'GET /api/views': 'staff',
  'POST /api/views': 'staff',
  'PUT /api/views/:id': 'staff',
  'DELETE /api/views/:id': 'staff',
  'GET /api/activity': 'audit:read',
  'GET /api/activity/:entity/:id': 'staff',
  'GET /api/roles': 'staff',
  'POST /api/roles': 'staff:manage',
  'PUT /api/roles/:id': 'staff:manage',
  'DELETE /api/roles/:id': 'staff:manage',
  'GET /api/staff': 'staff:manage',
  'POST /api/staff/invite': 'staff:manage',
  'PUT /api/staff/:id': 'staff:manage',
  // Catalogue.
  'GET /api/products': 'staff',
  'GET /api/products/catId': 'staff',
  'GET /api/products/get/count': 'staff',
  'GET /api/products/bestSellers': 'staff',
  'GET /api/products/lowStock': 'staff',
  'GET /api/products/:id': 'staff',
  'POST /api/products/create': W,
  'PUT /api/products/:id': W,
  'DELETE /api/products/:id': D,
  'POST /api/products/upload': W,
  'DELETE /api/products/deleteImage': W,
  'GET /api/search': 'staff',
  // CSV export (api.md §13).
  'GET /api/products/export': 'export',
  'GET /api/orders/export': 'export',
  // Bulk edit, its undo, bulk delete (api.md §13).
  'POST /api/products/bulk': W,
  'POST /api/products/bulk/:bulkId/undo': W,
  'POST /api/products/bulkDelete': D,
  'GET /api/productReviews': 'staff',
  'GET /api/productReviews/get/count': 'staff',
  'GET /api/productReviews/:id': 'staff',
  'POST /api/productReviews/add': W,
  'GET /api/category': 'staff',
  'GET /api/category/get/count': 'staff',
  'GET /api/category/subCat/get/count': 'staff',
  'GET /api/category/:id': 'staff',
  'POST /api/category/create': W,
  'PUT /api/category/:id': W,
  'DELETE /api/category/:id': D,
  'POST /api/category/upload': W,
  'DELETE /api/category/deleteImage': W,
  ...option('/api/productRAMS'),
  ...option('/api/productWeight'),
  ...option('/api/productSIZE'),
  // Orders and banners.
  'GET /api/orders': 'staff',
  'GET /api/orders/get/count': 'staff',
  'GET /api/orders/sales': 'staff',
  'GET /api/orders/:id': 'staff',
  'POST /api/orders/create': 'orders:write',
  'PUT /api/orders/:id': 'orders:write',
  // The order's page (api.md §15): reading its timeline and invoice; notes need orders:write.
  'GET /api/orders/:id/timeline': 'staff',
  'GET /api/orders/:id/invoice.pdf': 'staff',
  'POST /api/orders/:id/notes': 'orders:write',
  'DELETE /api/orders/:id': 'orders:write',
  ...banner('/api/homeBanner'),
  ...banner('/api/banners'),
  ...banner('/api/homeSideBanners'),
  ...banner('/api/homeBottomBanners'),
  // Trash (api.md §12): any staff reads it; restoring is writing, purging is deleting.
  'GET /api/trash': 'staff',
  'POST /api/trash/:trashId/restore': W,
  'DELETE /api/trash/:trashId': D,
  // Import and jobs (api.md §13): a job is its creator's (any job with staff:manage: the service checks).
  'POST /api/products/import': 'import',
  'GET /api/jobs': 'staff',
  'GET /api/jobs/:id': 'staff',
};

/** The spec's words for a caller without `catalogue:delete`, per delete the spec names. */

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

/** The staff callers: one account per built-in role ('admin' is the manager), and one of a custom role. */
type RoleCaller = 'owner' | 'admin' | 'editor' | 'clerk' | 'viewer' | 'custom';
const roleCallers: RoleCaller[] = ['owner', 'admin', 'editor', 'clerk', 'viewer', 'custom'];
/** The custom role: a delete right without write rights, and one right of the owner's. */
const customPermissions: Permission[] = ['catalogue:delete', 'staff:manage'];
const permissionsOf: Record<RoleCaller, readonly string[]> = {
  owner: builtInRoles.owner,
  admin: builtInRoles.manager,
  editor: builtInRoles.editor,
  clerk: builtInRoles.clerk,
  viewer: builtInRoles.viewer,
  custom: customPermissions,
};

type CallerName =
  | 'anonymous'
  | 'malformed token'
  | 'wrong signature'
  | 'alg none'
  | 'expired token'
  | 'ended session'
  | 'deactivated'
  | 'non-admin'
  | RoleCaller;
const refusedCallers: CallerName[] = [
  'anonymous',
  'malformed token',
  'wrong signature',
  'alg none',
  'expired token',
  'ended session',
  'deactivated',
];
const callers: CallerName[] = [...refusedCallers, 'non-admin', ...roleCallers];
const isRoleCaller = (caller: CallerName): caller is RoleCaller => (roleCallers as string[]).includes(caller);

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
  /** The account of each staff caller. */
  ids: Record<RoleCaller, string>;
  /** A fresh session (no sign-in hash needed) so state-changing calls never spoil other tokens. */
  freshToken(userId: string): Promise<string>;
  wrongSignature: string;
  algNone: string;
  expiredJwt: string;
  endedSession: string;
  /** A session still open of an account whose `active` flag is off (deactivation also ends them). */
  deactivated: string;
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
  // The other roles, given through the API by the owner.
  const custom = await t.request({
    method: 'POST',
    url: '/api/roles',
    headers: bearer(ownerToken),
    payload: { name: 'Custom', permissions: customPermissions },
  });
  expect(custom.statusCode, custom.body).toBe(201);
  const ids = { owner: ownerId, admin: admin.id } as Record<RoleCaller, string>;
  for (const [caller, role] of [
    ['editor', 'editor'],
    ['clerk', 'clerk'],
    ['viewer', 'viewer'],
    ['custom', 'Custom'],
  ] as const) {
    const made = await createAdmin(t, `${caller}@shop.test`);
    const given = await t.request({
      method: 'PUT',
      url: `/api/staff/${made.id}`,
      headers: bearer(ownerToken),
      payload: { role },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().role).toBe(role);
    ids[caller] = made.id;
  }
  const gone = await createAdmin(t, 'gone@shop.test');
  const deactivated = await freshToken(gone.id);
  await t.app.ctx.db.updateTable('users').set({ active: 0 }).where('id', '=', gone.id).execute();

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
    ids,
    freshToken,
    wrongSignature,
    algNone,
    expiredJwt,
    endedSession,
    deactivated,
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
    case 'deactivated':
      return `Bearer ${w.deactivated}`;
    case 'non-admin':
      return `Bearer ${w.nonAdmin}`;
    default:
      return `Bearer ${await w.freshToken(w.ids[caller])}`;
  }
}

/** A request for the route: ids filled in (a user's own id on /api/user/:id), `{}` as the body. */
function requestFor(w: World, route: RegisteredRoute, caller: CallerName, authorization?: string): InjectOptions {
  const selfId = isRoleCaller(caller) ? w.ids[caller] : w.ownerId;
  const url = route.url
    .replace(/^\/api\/user\/(changePassword\/)?:id$/, (_m, change = '') => `/api/user/${change}${selfId}`)
    .replace(':id', missingId)
    .replace(':trashId', missingId)
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
  const role = caller as RoleCaller;
  if (access !== 'staff' && !permissionsOf[role].includes(access)) {
    // Without the permission: 403, in the spec's words for its deletes, else the one message.
    expect(res.statusCode, label).toBe(403);
    expect(res.json(), label).toEqual({ error: true, msg: ownerOnlyRoutes[key] ?? staffMessages.noPermission });
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
    for (const key of Object.keys(ownerOnlyRoutes)) expect(expectedAccess[key], key).toBe('catalogue:delete');
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

  it('declares on each route, in its options, the permission this table names (a write that declares none is refused to all)', () => {
    for (const route of w.routes) {
      const key = routeKey(route);
      const access = expectedAccess[key];
      if (access === 'public') continue;
      const isRead = route.method === 'GET' || route.method === 'HEAD';
      if (access === 'staff') expect(route.permission, key).toBe(isRead ? route.permission : 'staff');
      else expect(route.permission, key).toBe(access);
    }
  });

  it('answers every route × caller as api.md §2 says', async () => {
    let sent = 0;
    for (const [index, route] of w.routes.entries()) {
      const key = routeKey(route);
      const access = expectedAccess[key] ?? 'staff:manage';
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
      expect('ownerEmail' in res.json(), caller).toBe(isRoleCaller(caller));
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
          .replace(':id', missingId)
          .replace(':trashId', missingId);
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
