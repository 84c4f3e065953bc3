import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

interface Country {
  iso2: string;
  country: string;
}

describe(`GET /api/countries (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is public: 200 {error:false, msg:"countries", data} without a token', async () => {
    const res = await t.request({ method: 'GET', url: '/api/countries' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'error', 'msg']);
    expect(body.error).toBe(false);
    expect(body.msg).toBe('countries');
    expect(Array.isArray(body.data)).toBe(true);
  });

  it('lists more than 200 countries, each exactly {iso2, country} with a two-letter code', async () => {
    const data = (await t.request({ method: 'GET', url: '/api/countries' })).json().data as Country[];
    expect(data.length).toBeGreaterThan(200);
    for (const entry of data) {
      expect(Object.keys(entry).sort()).toEqual(['country', 'iso2']);
      expect(entry.iso2).toMatch(/^[A-Z]{2}$/);
      expect(entry.country.trim().length).toBeGreaterThan(0);
    }
    expect(new Set(data.map((c) => c.iso2)).size).toBe(data.length);
  });

  it('includes India, the United States and Germany', async () => {
    const data = (await t.request({ method: 'GET', url: '/api/countries' })).json().data as Country[];
    expect(data).toContainEqual({ iso2: 'IN', country: 'India' });
    expect(data).toContainEqual({ iso2: 'US', country: 'United States' });
    expect(data).toContainEqual({ iso2: 'DE', country: 'Germany' });
  });

  it('is sorted by country name', async () => {
    const data = (await t.request({ method: 'GET', url: '/api/countries' })).json().data as Country[];
    const names = data.map((c) => c.country);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names.indexOf('Afghanistan')).toBeLessThan(names.indexOf('India'));
    expect(names.indexOf('India')).toBeLessThan(names.indexOf('Zimbabwe'));
  });

  it('answers the same with a token, and with a bad token (public route)', async () => {
    const anonymous = (await t.request({ method: 'GET', url: '/api/countries' })).json();
    const token = await signIn(t);
    const signedIn = await t.request({ method: 'GET', url: '/api/countries', headers: bearer(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(anonymous);
    const badToken = await t.request({ method: 'GET', url: '/api/countries', headers: bearer('garbage') });
    expect(badToken.statusCode).toBe(200);
    expect(badToken.json()).toEqual(anonymous);
  });

  it('may be cached by the browser', async () => {
    const res = await t.request({ method: 'GET', url: '/api/countries' });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
});
