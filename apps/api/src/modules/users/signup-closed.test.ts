import { messages } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

// Issue 18, item 4: anyone could make themselves an administrator, because SIGNUP_ALLOW
// defaulted to `*`. Without it, sign-up is closed: staff join by invitation.

const signupBody = (email: string, isAdmin = true) => ({
  name: 'Mallory',
  email,
  phone: '5550100',
  password: 'pass-word-1',
  confirmPassword: 'pass-word-1',
  isAdmin,
});

describe(`sign-up without SIGNUP_ALLOW (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // An empty value counts as unset: this is the shop's default.
    t = await createTestApp({ SIGNUP_ALLOW: '' });
  });
  afterAll(() => t.close());

  const signup = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/user/signup', payload });

  it('refuses an administrator sign-up with 403, the closed words, and creates nothing', async () => {
    for (const payload of [signupBody('mallory@shop.test'), { ...signupBody('eve@shop.test'), isAdmin: undefined }]) {
      const res = await signup(payload);
      expect(res.statusCode, payload.email).toBe(403);
      expect(res.json(), payload.email).toEqual({ status: 'FAILED', error: true, msg: messages.signupClosed });
      expect(res.json().msg).toBe('Sign-up is closed. Ask the shop owner for an invitation.');
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', payload.email)
        .executeTakeFirst();
      expect(row, payload.email).toBeUndefined();
    }
    const signin = await t.request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'mallory@shop.test', password: 'pass-word-1' },
    });
    expect(signin.statusCode).toBe(401);
  });

  it('still lets a storefront make a customer (who cannot sign in to the dashboard)', async () => {
    const res = await signup(signupBody('customer@elsewhere.test', false));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'customer@elsewhere.test', isAdmin: false });
  });

  it('tells the dashboard that sign-up is closed, signed in or not', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/config' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ googleSignIn: false, countriesUrl: '/api/countries', signupOpen: false });
    const owner = await t.request({ method: 'GET', url: '/api/config', headers: bearer(await signIn(t)) });
    expect(owner.json()).toMatchObject({ signupOpen: false, ownerEmail: 'owner@shop.test' });
  });
});

describe(`sign-up with SIGNUP_ALLOW set (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNUP_ALLOW: '@shop.test' });
  });
  afterAll(() => t.close());

  it('opens it to the addresses it admits; others keep the not-allowed words', async () => {
    expect((await t.request({ method: 'GET', url: '/api/config' })).json()).toMatchObject({ signupOpen: true });
    const admitted = await t.request({ method: 'POST', url: '/api/user/signup', payload: signupBody('ann@shop.test') });
    expect(admitted.statusCode).toBe(201);
    expect(admitted.json().user).toMatchObject({ email: 'ann@shop.test', isAdmin: true });
    const other = await t.request({ method: 'POST', url: '/api/user/signup', payload: signupBody('ann@else.test') });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: 'FAILED', error: true, msg: messages.signupNotAllowed });
  });
});
