// Regressions: each of these was a real bug, found by the API test suite.
import { acceptedImageTypes, hasImageExtension } from '@shopdesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { Throttle } from '../src/lib/throttle';
import { bearer, createTestApp, signIn, type TestApp } from './test-app';

let t: TestApp;
afterEach(() => t?.close());

describe('regressions', () => {
  it('a percent-encoded API path is still guarded (401, not the route)', async () => {
    t = await createTestApp();
    for (const url of ['/%61pi/user/get/count', '/%61pi/imageUpload']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ error: true, msg: 'Please sign in' });
    }
  });

  it('malformed multipart bodies are answered 400, never 500', async () => {
    t = await createTestApp();
    const token = await signIn(t);
    for (const [ct, payload] of [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=abc', '--abc\r\ngarbage'],
      [
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nxxxx',
      ],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/user/upload',
        headers: { ...bearer(token), 'content-type': ct },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });

  it('Retry-After names the longest wait of the IP and account keys', () => {
    let now = 0;
    const throttle = new Throttle({ accountFree: 2, ipFree: 4, maxWaitSeconds: 900 }, () => now);
    for (let n = 0; n < 5; n += 1) throttle.fail('1.1.1.1', 'a@x.test'); // ip: 1 s wait, account: 4 s wait
    let retryAfter = 0;
    try {
      throttle.check('1.1.1.1', 'a@x.test');
    } catch (e) {
      retryAfter = Number((e as { headers: Record<string, string> }).headers['Retry-After']);
    }
    expect(retryAfter).toBe(4);
    now += retryAfter * 1000;
    expect(() => throttle.check('1.1.1.1', 'a@x.test')).not.toThrow();
  });

  it('a file name without an extension is not an image name', () => {
    expect(hasImageExtension('png', acceptedImageTypes)).toBe(false);
  });
});
