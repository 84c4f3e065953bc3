import { builtInRoles, inputMessages, messages } from '@shopdesk/contract';
import type { InjectOptions } from 'fastify';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imagePath, imageUrl } from '../../../test/catalogue-fixtures';
import {
  bearer,
  createAdmin,
  createTestApp,
  engineName,
  ownerEmail,
  ownerPassword,
  signIn,
  type TestApp,
} from '../../../test/test-app';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const pleaseSignIn = { error: true, msg: 'Please sign in' };
const notAdmin = { error: true, msg: 'you are not a admin' };

type Body = Record<string, unknown>;

const signinRequest = (t: TestApp, payload: Body, extra: Partial<InjectOptions> = {}) =>
  t.request({ method: 'POST', url: '/api/user/signin', payload, ...extra });

const signupRequest = (t: TestApp, payload: Body) => t.request({ method: 'POST', url: '/api/user/signup', payload });

/** A complete, valid sign-up body; override any field. */
const signupBody = (email: string, overrides: Body = {}): Body => ({
  name: 'Asha',
  email,
  phone: '5550100',
  password: 'pass-word-1',
  confirmPassword: 'pass-word-1',
  isAdmin: true,
  ...overrides,
});

const getUser = (t: TestApp, token: string, id: string) =>
  t.request({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });

const putUser = (t: TestApp, token: string, id: string, payload: Body) =>
  t.request({ method: 'PUT', url: `/api/user/${id}`, headers: bearer(token), payload });

const changePassword = (t: TestApp, token: string, id: string, payload: Body) =>
  t.request({ method: 'PUT', url: `/api/user/changePassword/${id}`, headers: bearer(token), payload });

const count = (t: TestApp, token: string) =>
  t.request({ method: 'GET', url: '/api/user/get/count', headers: bearer(token) });

/** The id of the signed-in owner (from the sign-in answer). */
async function ownerId(t: TestApp): Promise<string> {
  const res = await signinRequest(t, { email: ownerEmail, password: ownerPassword });
  return res.json().user.id as string;
}

/** An administrator who signed in and was then demoted in the database: a valid non-admin token. */
async function demotedToken(t: TestApp, email: string) {
  const admin = await createAdmin(t, email);
  await t.app.ctx.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', admin.id).execute();
  return admin;
}

/** Tokens that carry a real user's and session's claims but must still be refused. */
async function forgedTokens(validToken: string): Promise<Record<string, string>> {
  const claims = decodeJwt(validToken);
  const sub = String(claims.sub);
  const sid = String(claims.sid);
  const otherSecret = await new SignJWT({ sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('shopdesk')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('a-completely-different-secret-of-enough-length'));
  const algNone = new UnsecuredJWT({ sid })
    .setSubject(sub)
    .setIssuer('shopdesk')
    .setIssuedAt()
    .setExpirationTime('1h')
    .encode();
  return {
    garbage: 'not-a-token',
    'garbage with dots': 'aaa.bbb.ccc',
    'signed by another secret': otherSecret,
    'alg none': algNone,
  };
}

/** Every account and image route that needs an administrator's token. */
function protectedRoutes(id: string): InjectOptions[] {
  return [
    { method: 'POST', url: '/api/user/logout' },
    { method: 'GET', url: '/api/user/get/count' },
    { method: 'GET', url: `/api/user/${id}` },
    { method: 'PUT', url: `/api/user/${id}`, payload: { name: 'x', email: 'x@shop.test', phone: '1', images: ['a'] } },
    { method: 'PUT', url: `/api/user/changePassword/${id}`, payload: { password: 'a', newPass: 'b' } },
    { method: 'POST', url: '/api/user/upload' },
    { method: 'DELETE', url: '/api/user/deleteImage?img=x' },
    { method: 'GET', url: '/api/imageUpload' },
    { method: 'DELETE', url: '/api/imageUpload/deleteAllImages' },
  ];
}

const routeName = (route: InjectOptions) => `${route.method} ${route.url}`;

// ---------------------------------------------------------------------------------------------

describe(`POST /api/user/signin (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs the owner in with a token and the short user', async () => {
    const res = await signinRequest(t, { email: ownerEmail, password: ownerPassword, isAdmin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: false,
      msg: 'User Authenticated',
      token: expect.any(String),
      user: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'Shop Owner',
        email: ownerEmail,
        isAdmin: true,
        role: 'owner',
        permissions: [...builtInRoles.owner].sort(),
      },
    });
    const token = res.json().token as string;
    expect((await count(t, token)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the one message', async () => {
    const wrong = await signinRequest(t, { email: ownerEmail, password: 'not-the-password' });
    const unknown = await signinRequest(t, { email: 'nobody@shop.test', password: ownerPassword });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: true, msg: 'Invalid email or password' });
    }
  });

  it('matches the e-mail without regard to case or surrounding spaces', async () => {
    for (const email of ['OWNER@Shop.Test', '  owner@shop.test  ']) {
      const res = await signinRequest(t, { email, password: ownerPassword });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(ownerEmail);
    }
  });

  it('refuses blank fields with the spec’s words, e-mail first', async () => {
    const blankEmail = await signinRequest(t, { email: '', password: 'x' });
    expect(blankEmail.statusCode).toBe(400);
    expect(blankEmail.json()).toEqual({
      error: true,
      msg: 'email can not be blank!',
      fields: { email: 'email can not be blank!' },
    });

    const blankPassword = await signinRequest(t, { email: ownerEmail, password: '' });
    expect(blankPassword.statusCode).toBe(400);
    expect(blankPassword.json()).toEqual({
      error: true,
      msg: 'password can not be blank!',
      fields: { password: 'password can not be blank!' },
    });

    const both = await signinRequest(t, {});
    expect(both.statusCode).toBe(400);
    expect(both.json().msg).toBe('email can not be blank!');
    const spaces = await signinRequest(t, { email: '   ', password: 'x' });
    expect(spaces.json().msg).toBe('email can not be blank!');
  });

  it('refuses a shop customer with 403 and gives no token', async () => {
    expect((await signupRequest(t, signupBody('customer@anywhere.test', { isAdmin: false }))).statusCode).toBe(201);
    const res = await signinRequest(t, { email: 'customer@anywhere.test', password: 'pass-word-1', isAdmin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(notAdmin);
    expect(res.body).not.toContain('token');
    // A wrong password does not reveal the account's role.
    const wrong = await signinRequest(t, { email: 'customer@anywhere.test', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: true, msg: 'Invalid email or password' });
  });

  it('never answers a malformed body with a server error', async () => {
    const notJson = await t.request({
      method: 'POST',
      url: '/api/user/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error).toBe(true);
    const wrongTypes = await signinRequest(t, { email: ['a'], password: { x: 1 } });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json()).toMatchObject({ error: true, msg: 'email can not be blank!' });
  });
});

describe(`POST /api/user/signup (${engineName})`, () => {
  let t: TestApp;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    ownerToken = await signIn(t);
  });
  afterAll(() => t.close());

  it('creates an administrator who can then sign in', async () => {
    const res = await signupRequest(t, signupBody('new.admin@shop.test', { name: 'New Admin' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      status: 'SUCCESS',
      error: false,
      msg: messages.signupSuccess,
      user: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        name: 'New Admin',
        email: 'new.admin@shop.test',
        isAdmin: true,
      },
    });
    expect(res.body).not.toMatch(/password|hash|argon/i);
    const signin = await signinRequest(t, { email: 'new.admin@shop.test', password: 'pass-word-1' });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().user.id).toBe(res.json().user.id);
  });

  it('refuses blanks one at a time, in the spec’s order', async () => {
    const steps: Array<[Body, string]> = [
      [{}, 'name can not be blank!'],
      [{ name: 'A' }, 'email can not be blank!'],
      [{ name: 'A', email: 'a@shop.test' }, 'phone can not be blank!'],
      [{ name: 'A', email: 'a@shop.test', phone: '1' }, 'password can not be blank!'],
      [{ name: 'A', email: 'a@shop.test', phone: '1', password: 'p' }, 'confirm password can not be blank!'],
      [{ name: 'A', email: 'a@shop.test', phone: '1', password: 'p', confirmPassword: 'q' }, 'password not match'],
    ];
    for (const [body, msg] of steps) {
      const res = await signupRequest(t, { isAdmin: true, ...body });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json(), msg).toMatchObject({ status: 'FAILED', error: true, msg });
    }
    const blanks = await signupRequest(t, signupBody('', { name: '  ', phone: '', password: '', confirmPassword: '' }));
    expect(blanks.json()).toEqual({
      status: 'FAILED',
      error: true,
      msg: 'name can not be blank!',
      fields: {
        name: 'name can not be blank!',
        email: 'email can not be blank!',
        phone: 'phone can not be blank!',
        password: 'password can not be blank!',
        confirmPassword: 'confirm password can not be blank!',
      },
    });
    const before = await count(t, ownerToken);
    expect(before.json()).toEqual({ userCount: 2 });
  });

  it('refuses an e-mail already used, whatever its case, with 409', async () => {
    for (const email of [ownerEmail, 'OWNER@SHOP.TEST']) {
      const res = await signupRequest(t, signupBody(email));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 'FAILED', error: true, msg: messages.emailTaken });
    }
    // The owner's password was not replaced.
    expect((await signinRequest(t, { email: ownerEmail, password: ownerPassword })).statusCode).toBe(200);
  });

  it('accepts a phone sent as a number and stores it as text', async () => {
    const res = await signupRequest(t, signupBody('numeric.phone@shop.test', { phone: 5550123 }));
    expect(res.statusCode).toBe(201);
    const token = await signIn(t, 'numeric.phone@shop.test', 'pass-word-1');
    const user = await getUser(t, token, res.json().user.id);
    expect(user.json().phone).toBe('5550123');
  });

  it('refuses an e-mail that is not an address, and text no database keeps, creating nothing (issue 17)', async () => {
    const before = (await count(t, ownerToken)).json().userCount as number;
    const script = await signupRequest(t, signupBody('<script>alert(1)</script>'));
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({ status: 'FAILED', error: true, msg: inputMessages.emailInvalid });
    for (const name of ['Asha\uD800', 'Asha\u0000K']) {
      const res = await signupRequest(t, signupBody('lone.surrogate@shop.test', { name }));
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({
        status: 'FAILED',
        error: true,
        msg: inputMessages.invalidText,
        fields: { name: inputMessages.invalidText },
      });
    }
    expect((await count(t, ownerToken)).json().userCount).toBe(before);
  });

  it('makes a shop customer with isAdmin:false, counted but never signed in', async () => {
    const before = (await count(t, ownerToken)).json().userCount as number;
    const res = await signupRequest(t, signupBody('shopper@shop.test', { isAdmin: false }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', error: false, user: { isAdmin: false } });
    expect((await count(t, ownerToken)).json()).toEqual({ userCount: before + 1 });
    const signin = await signinRequest(t, { email: 'shopper@shop.test', password: 'pass-word-1' });
    expect(signin.statusCode).toBe(403);
    expect(signin.json()).toEqual(notAdmin);
  });
});

describe(`sign-up limited by SIGNUP_ALLOW (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_ALLOW: '@shop.test,boss@other.test' });
  });
  afterAll(() => t.close());

  it('admits addresses in an allowed domain and listed addresses', async () => {
    for (const email of ['clerk@shop.test', 'Boss@Other.test']) {
      const res = await signupRequest(t, signupBody(email));
      expect(res.statusCode, email).toBe(201);
      expect(res.json().user.isAdmin).toBe(true);
    }
  });

  it('refuses every other administrator sign-up with 403 and creates nothing', async () => {
    for (const email of [
      'someone@other.test',
      'clerk@evilshop.test',
      'clerk@shop.test.evil.example',
      'xboss@other.test',
    ]) {
      const res = await signupRequest(t, signupBody(email));
      expect(res.statusCode, email).toBe(403);
      expect(res.json(), email).toEqual({ status: 'FAILED', error: true, msg: messages.signupNotAllowed });
      const row = await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      expect(row, email).toBeUndefined();
    }
  });

  it('lets a storefront make customers from any address', async () => {
    const res = await signupRequest(t, signupBody('customer@elsewhere.test', { isAdmin: false }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'customer@elsewhere.test', isAdmin: false });
    const signin = await signinRequest(t, { email: 'customer@elsewhere.test', password: 'pass-word-1' });
    expect(signin.statusCode).toBe(403);
  });
});

describe(`who may call the account and image routes (${engineName})`, () => {
  let t: TestApp;
  let id: string;
  let forged: Record<string, string>;
  let demoted: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    id = await ownerId(t);
    forged = await forgedTokens(await signIn(t));
    demoted = await demotedToken(t, 'demoted@shop.test');
  });
  afterAll(() => t.close());

  it('refuses every route without a token with 401 Please sign in', async () => {
    for (const route of protectedRoutes(id)) {
      const res = await t.request(route);
      expect(res.statusCode, routeName(route)).toBe(401);
      expect(res.json(), routeName(route)).toEqual(pleaseSignIn);
    }
  });

  it('refuses garbage, foreign-secret and unsigned (alg none) tokens with 401', async () => {
    for (const [kind, token] of Object.entries(forged)) {
      for (const route of protectedRoutes(id)) {
        const res = await t.request({ ...route, headers: bearer(token) });
        expect(res.statusCode, `${kind}: ${routeName(route)}`).toBe(401);
        expect(res.json(), `${kind}: ${routeName(route)}`).toEqual(pleaseSignIn);
      }
    }
  });

  it('refuses a malformed Authorization header with 401', async () => {
    const token = await signIn(t);
    for (const authorization of [token, `Basic ${token}`, 'Bearer', `Bearer ${token} extra`]) {
      const res = await t.request({ method: 'GET', url: '/api/user/get/count', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual(pleaseSignIn);
    }
  });

  it('refuses a valid token of a non-administrator with 403 on every route', async () => {
    for (const route of protectedRoutes(demoted.id)) {
      const res = await t.request({ ...route, headers: bearer(demoted.token) });
      expect(res.statusCode, routeName(route)).toBe(403);
      expect(res.json(), routeName(route)).toEqual(notAdmin);
    }
  });
});

describe(`POST /api/user/logout (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('revokes the presented token only', async () => {
    const first = await signIn(t);
    const second = await signIn(t);
    const res = await t.request({ method: 'POST', url: '/api/user/logout', headers: bearer(first) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, msg: 'Logout successfull' });

    const after = await count(t, first);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(pleaseSignIn);
    const again = await t.request({ method: 'POST', url: '/api/user/logout', headers: bearer(first) });
    expect(again.statusCode).toBe(401);

    expect((await count(t, second)).statusCode).toBe(200);
  });
});

describe(`token lifetime (${engineName})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('ends a token left unused for more than 30 minutes', async () => {
    const token = await signIn(t);
    t.advance(29 * 60_000);
    expect((await count(t, token)).statusCode).toBe(200);
    t.advance(31 * 60_000);
    const res = await count(t, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(pleaseSignIn);
    // Ended for good: going back to "active" use does not revive it.
    expect((await count(t, token)).statusCode).toBe(401);
    // Signing in again works.
    expect((await count(t, await signIn(t))).statusCode).toBe(200);
  });

  it('keeps a token in use alive until 12 hours after sign-in, not longer', async () => {
    const token = await signIn(t);
    for (let step = 1; step <= 35; step += 1) {
      t.advance(20 * 60_000);
      const res = await count(t, token);
      expect(res.statusCode, `after ${step * 20} minutes`).toBe(200);
    }
    t.advance(20 * 60_000); // 12 h since sign-in
    const res = await count(t, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(pleaseSignIn);
  });
});

describe(`reading and changing one's own account (${engineName})`, () => {
  let t: TestApp;
  let ownerToken: string;
  let owner: string;
  let admin: { id: string; token: string };
  let other: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    ownerToken = await signIn(t);
    owner = await ownerId(t);
    admin = await createAdmin(t, 'asha@shop.test');
    other = await createAdmin(t, 'ravi@shop.test');
  });
  afterAll(() => t.close());

  it('counts every account, the owner included', async () => {
    const fresh = await createTestApp();
    try {
      const res = await count(fresh, await signIn(fresh));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ userCount: 1 });
    } finally {
      await fresh.close();
    }
    expect((await count(t, ownerToken)).json()).toEqual({ userCount: 3 });
  });

  it('reads one’s own record without any password or hash', async () => {
    const res = await getUser(t, admin.token, admin.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: admin.id,
      _id: admin.id,
      name: 'asha',
      email: 'asha@shop.test',
      phone: '5550100',
      images: [],
      isAdmin: true,
      twoFactorEnabled: false,
      // Self sign-up gives SIGNUP_ROLE (manager) (api.md §10).
      role: 'manager',
      permissions: [...builtInRoles.manager].sort(),
    });
    expect(res.body).not.toMatch(/password|hash|argon/i);
  });

  it('refuses to read another account with 403', async () => {
    for (const target of [owner, other.id, 'no-such-id']) {
      const res = await getUser(t, admin.token, target);
      expect(res.statusCode, target).toBe(403);
      expect(res.json()).toEqual({ error: true, msg: messages.onlyOwnRecord });
    }
  });

  it('refuses a profile with a blank field or no image: Please fill all the details', async () => {
    const good = { name: 'Asha K', email: 'asha@shop.test', phone: '5550101', images: [imageUrl('me', 'users')] };
    const bad: Body[] = [
      { ...good, name: '' },
      { ...good, name: '   ' },
      { ...good, email: '' },
      { ...good, phone: '' },
      { ...good, images: [] },
      { name: good.name, email: good.email, phone: good.phone },
    ];
    for (const payload of bad) {
      const res = await putUser(t, admin.token, admin.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: 'Please fill all the details' });
    }
    const unchanged = await getUser(t, admin.token, admin.id);
    expect(unchanged.json()).toMatchObject({ name: 'asha', phone: '5550100', images: [] });
  });

  it('saves the profile and answers with the updated user, ignoring fields it does not take', async () => {
    const payload = {
      name: 'Asha Kumar',
      email: 'Asha.K@Shop.test',
      phone: 5550199,
      images: [imageUrl('me', 'users')],
      isAdmin: false,
      id: 'ffffffffffffffffffffffff',
      _id: 'ffffffffffffffffffffffff',
      // A new address asks for the current password (issue 18); it is checked, never stored.
      password: 'admin-password-1',
    };
    const res = await putUser(t, admin.token, admin.id, payload);
    expect(res.statusCode).toBe(200);
    const expected = {
      id: admin.id,
      _id: admin.id,
      name: 'Asha Kumar',
      email: 'asha.k@shop.test',
      phone: '5550199',
      images: [imageUrl('me', 'users')],
      isAdmin: true,
      twoFactorEnabled: false,
      role: 'manager',
      permissions: [...builtInRoles.manager].sort(),
    };
    expect(res.json()).toEqual(expected);
    expect((await getUser(t, admin.token, admin.id)).json()).toEqual(expected);
    const row = await t.app.ctx.db.selectFrom('users').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(row.is_admin).toBe(1);
    // The password in the body only confirmed the change: it still signs in under the new address.
    expect(res.body).not.toContain('admin-password-1');
    expect((await signinRequest(t, { email: 'asha.k@shop.test', password: 'admin-password-1' })).statusCode).toBe(200);
  });

  it('refuses an e-mail another account uses with 409', async () => {
    const res = await putUser(t, admin.token, admin.id, {
      name: 'Asha',
      email: 'RAVI@shop.test',
      phone: '1',
      images: [imageUrl('me', 'users')],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: true, msg: messages.emailTaken });
    expect((await getUser(t, admin.token, admin.id)).json().email).toBe('asha.k@shop.test');
  });

  it('refuses to change another account with 403 and changes nothing', async () => {
    const res = await putUser(t, admin.token, other.id, {
      name: 'Taken over',
      email: 'ravi@shop.test',
      phone: '1',
      images: [imageUrl('me', 'users')],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: true, msg: messages.onlyOwnRecord });
    expect((await getUser(t, other.token, other.id)).json().name).toBe('ravi');
  });

  it('keeps the owner’s address: the owner cannot change it, nobody can take it', async () => {
    const profile = { name: 'Boss', phone: '1', images: [imageUrl('me', 'users')] };
    const rename = await putUser(t, ownerToken, owner, { ...profile, email: 'elsewhere@shop.test' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error).toBe(true);
    const take = await putUser(t, other.token, other.id, { ...profile, email: ownerEmail });
    expect(take.statusCode).toBe(409);
    expect(take.json()).toEqual({ error: true, msg: messages.emailTaken });
    expect((await getUser(t, other.token, other.id)).json().email).toBe('ravi@shop.test');
    const keep = await putUser(t, ownerToken, owner, { ...profile, email: ownerEmail });
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ name: 'Boss', email: ownerEmail, isAdmin: true });
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['another site’s picture', 'http://evil.test/me.png'],
    ['another origin’s /uploads/ path', `http://evil.test${imagePath('me', 'users')}`],
  ])('refuses %s as a profile image with 400 and keeps the profile (issue 17)', async (_, image) => {
    const before = (await getUser(t, admin.token, admin.id)).json();
    const res = await putUser(t, admin.token, admin.id, { ...before, images: [image] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg: inputMessages.imageNotUploaded });
    expect((await getUser(t, admin.token, admin.id)).json()).toEqual(before);
  });

  it('takes this shop’s upload as a path, as its absolute URL or inside {img}/{url}, and answers URLs', async () => {
    const before = (await getUser(t, admin.token, admin.id)).json();
    const images = [
      imagePath('p1', 'users'),
      { id: 'x', img: imageUrl('p2', 'users') },
      { url: imagePath('p3', 'users') },
    ];
    const res = await putUser(t, admin.token, admin.id, { ...before, images });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images).toEqual([imageUrl('p1', 'users'), imageUrl('p2', 'users'), imageUrl('p3', 'users')]);
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select('images')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.images)).toEqual([
      imagePath('p1', 'users'),
      imagePath('p2', 'users'),
      imagePath('p3', 'users'),
    ]);
  });

  it('refuses an e-mail that is not an address with 400 (issue 17)', async () => {
    const before = (await getUser(t, admin.token, admin.id)).json();
    for (const email of ['<script>alert(1)</script>', 'asha', 'asha@shop']) {
      const res = await putUser(t, admin.token, admin.id, { ...before, email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: inputMessages.emailInvalid });
    }
    expect((await getUser(t, admin.token, admin.id)).json()).toEqual(before);
  });
});

describe(`PUT /api/user/changePassword/:id (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses blanks with Please fill all the details', async () => {
    const admin = await createAdmin(t, 'blank@shop.test');
    for (const payload of [{}, { password: '', newPass: 'x' }, { password: 'admin-password-1', newPass: '' }]) {
      const res = await changePassword(t, admin.token, admin.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: true, msg: 'Please fill all the details' });
    }
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const admin = await createAdmin(t, 'wrong@shop.test');
    const res = await changePassword(t, admin.token, admin.id, { password: 'not-it', newPass: 'new-pass-2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, msg: 'current password wrong' });
    expect((await signinRequest(t, { email: 'wrong@shop.test', password: 'admin-password-1' })).statusCode).toBe(200);
  });

  it('refuses to change another account’s password with 403', async () => {
    const admin = await createAdmin(t, 'mallory@shop.test');
    const victim = await createAdmin(t, 'victim@shop.test', 'victim-pass-1');
    const res = await changePassword(t, admin.token, victim.id, { password: 'victim-pass-1', newPass: 'owned' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: true, msg: messages.onlyOwnRecord });
    expect((await signinRequest(t, { email: 'victim@shop.test', password: 'victim-pass-1' })).statusCode).toBe(200);
  });

  it('changes the password, keeps the current token and ends every other session', async () => {
    const admin = await createAdmin(t, 'mover@shop.test');
    const otherDevice = await signIn(t, 'mover@shop.test', 'admin-password-1');
    const res = await changePassword(t, admin.token, admin.id, {
      name: 'mover',
      email: 'mover@shop.test',
      password: 'admin-password-1',
      newPass: 'brand-new-pass',
      phone: '5550100',
      images: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, msg: 'Password changed' });

    expect((await signinRequest(t, { email: 'mover@shop.test', password: 'admin-password-1' })).statusCode).toBe(401);
    expect((await signinRequest(t, { email: 'mover@shop.test', password: 'brand-new-pass' })).statusCode).toBe(200);

    expect((await getUser(t, admin.token, admin.id)).statusCode).toBe(200);
    const stale = await getUser(t, otherDevice, admin.id);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual(pleaseSignIn);
  });
});
