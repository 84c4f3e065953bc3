import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '@shopdesk/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, engineName, type TestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { defaultRequestLimits } from './rate-limits';

/**
 * Per-address request limits on public calls (api.md §1): sign-in never refuses fewer than 60
 * a minute from one address, the others never fewer than 10. The bodies below are refused by
 * validation (400): the limit is counted before the body is looked at, so each still counts.
 */

type Server = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const calls = {
  signin: '/api/user/signin',
  signup: '/api/user/signup',
  forgotPassword: '/api/user/forgotPassword',
  resetPassword: '/api/user/resetPassword',
  acceptInvite: '/api/staff/acceptInvite',
  authWithGoogle: '/api/user/authWithGoogle',
} as const;

const post = (server: Server, url: string, ip: string, headers: Record<string, string> = {}) =>
  server({ method: 'POST', url, payload: {}, remoteAddress: ip, headers });

/** Sends `n` requests and returns their statuses, none of which may be 429. */
async function allowed(server: Server, url: string, ip: string, n: number, headers?: Record<string, string>) {
  for (let i = 1; i <= n; i += 1) {
    const res = await post(server, url, ip, headers);
    expect(res.statusCode, `${url} request ${i} from ${ip}`).not.toBe(429);
    expect(res.headers['retry-after'], `${url} request ${i}`).toBeUndefined();
  }
}

function expectRefused(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, label).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds, label).toBeGreaterThanOrEqual(1);
  expect(seconds, label).toBeLessThanOrEqual(60);
  expect(res.json(), label).toMatchObject({ error: true, msg: messages.tooManyAttempts(seconds) });
}

describe(`per-address request limits (${engineName})`, () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('sign-in: 60 a minute from one address, the 61st is refused with Retry-After; other addresses and calls are not', async () => {
    t = await createTestApp({}, { requestLimits: defaultRequestLimits });
    const A: Server = (o) => t.request(o);
    await allowed(A, calls.signin, '203.0.113.1', 60);
    expectRefused(await post(A, calls.signin, '203.0.113.1'), 'sign-in 61');
    // The right password does not get past it either (nothing is checked while refused).
    const right = await A({
      method: 'POST',
      url: calls.signin,
      payload: { email: t.config.adminEmail, password: 'owner-password-1' },
      remoteAddress: '203.0.113.1',
    });
    expectRefused(right, 'right password');
    expect(right.body).not.toContain('token');
    await allowed(A, calls.signin, '203.0.113.2', 1);
    await allowed(A, calls.signup, '203.0.113.1', 1);
  });

  it('sign-up, forgotten and reset password, accepting an invitation: 10 a minute each from one address, counted apart', async () => {
    t = await createTestApp({}, { requestLimits: defaultRequestLimits });
    const A: Server = (o) => t.request(o);
    for (const url of [calls.signup, calls.forgotPassword, calls.resetPassword, calls.acceptInvite]) {
      await allowed(A, url, '203.0.113.3', 10);
      expectRefused(await post(A, url, '203.0.113.3'), `${url} 11`);
    }
    // Sign-up's refusals carry its status field, the 429 too.
    expect((await post(A, calls.signup, '203.0.113.3')).json()).toMatchObject({ status: 'FAILED', error: true });
    // Google sign-in counts apart from password sign-in, with sign-in's limit.
    await allowed(A, calls.authWithGoogle, '203.0.113.3', 60);
    expectRefused(await post(A, calls.authWithGoogle, '203.0.113.3'), 'authWithGoogle 61');
  });

  it('leaves every other call alone', async () => {
    t = await createTestApp({}, { requestLimits: { signIn: 1, other: 1 } });
    for (let i = 0; i < 30; i += 1) {
      const res = await t.request({ method: 'GET', url: '/api/config', remoteAddress: '203.0.113.4' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });

  it('a window over, the address may call again', async () => {
    t = await createTestApp({}, { requestLimits: { ...defaultRequestLimits, windowMs: 1000 } });
    const A: Server = (o) => t.request(o);
    await allowed(A, calls.signup, '203.0.113.5', 10);
    expectRefused(await post(A, calls.signup, '203.0.113.5'), 'signup 11');
    await sleep(1100);
    await allowed(A, calls.signup, '203.0.113.5', 10);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the connection’s address counts', async () => {
    t = await createTestApp({}, { requestLimits: defaultRequestLimits });
    const A: Server = (o) => t.request(o);
    for (let i = 0; i < 10; i += 1) {
      await allowed(A, calls.forgotPassword, '203.0.113.6', 1, { 'x-forwarded-for': `198.51.100.${i}` });
    }
    const res = await post(A, calls.forgotPassword, '203.0.113.6', { 'x-forwarded-for': '198.51.100.99' });
    expectRefused(res, 'forged X-Forwarded-For');
  });

  it('with TRUST_PROXY, the client address comes from X-Forwarded-For: each client counts apart', async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' }, { requestLimits: defaultRequestLimits });
    const A: Server = (o) => t.request(o);
    const proxy = '10.0.0.2';
    await allowed(A, calls.forgotPassword, proxy, 10, { 'x-forwarded-for': '198.51.100.7' });
    expectRefused(
      await post(A, calls.forgotPassword, proxy, { 'x-forwarded-for': '198.51.100.7' }),
      'client 198.51.100.7',
    );
    await allowed(A, calls.forgotPassword, proxy, 10, { 'x-forwarded-for': '198.51.100.8' });
  });
});

describe(`per-address request limits on two servers (${engineName})`, () => {
  it(
    engineName === 'postgres'
      ? 'PostgreSQL: the servers count one address together (the counts are in the database)'
      : 'SQLite: each server counts in its own memory (one process serves a SQLite file)',
    async () => {
      const t = await createTestApp({}, { requestLimits: defaultRequestLimits });
      const b = await buildApp(t.config, { sweep: false, logger: false, requestLimits: defaultRequestLimits });
      try {
        const A: Server = (o) => t.request(o);
        const B: Server = (o) => b.inject(o);
        await allowed(A, calls.signup, '203.0.113.9', 5);
        await allowed(B, calls.signup, '203.0.113.9', 5);
        const eleventh = await post(B, calls.signup, '203.0.113.9');
        if (engineName === 'postgres') expectRefused(eleventh, '11th, over two servers');
        else expect(eleventh.statusCode).toBe(400);
      } finally {
        await b.close();
        await t.close();
      }
    },
  );
});
