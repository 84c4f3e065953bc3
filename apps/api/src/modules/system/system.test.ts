import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

describe(`system routes (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health once migrated', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('tells anyone whether Google sign-in is set up, and only admins who the owner is', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/config' });
    expect(anonymous.json()).toEqual({ googleSignIn: false, countriesUrl: '/api/countries', signupOpen: true });
    const token = await signIn(t);
    const signedIn = await t.request({ method: 'GET', url: '/api/config', headers: bearer(token) });
    expect(signedIn.json()).toEqual({
      googleSignIn: false,
      countriesUrl: '/api/countries',
      // The test app opens sign-up (SIGNUP_ALLOW=*); signup-closed.test.ts shows the default.
      signupOpen: true,
      ownerEmail: 'owner@shop.test',
    });
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, msg: 'Not found' });
  });

  it('sends security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
