import { messages } from '@shopdesk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engineName, ownerEmail, ownerPassword, type TestApp } from '../../../test/test-app';
import { createThrottleStore } from '../../db/shared-limits';
import { HttpError } from '../../lib/http-error';
import { Throttle } from '../../lib/throttle';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const attackerIp = '203.0.113.7';
const ownerIp = '198.51.100.20';

/** A sign-in from one address (inject's remoteAddress is the request's IP; no proxy is trusted). */
const attempt = (t: TestApp, password: string, email = ownerEmail, ip = attackerIp) =>
  t.request({ method: 'POST', url: '/api/user/signin', payload: { email, password }, remoteAddress: ip });

const wrong = (t: TestApp, email = ownerEmail, ip = attackerIp) => attempt(t, 'wrong-password', email, ip);

function expectInvalid(res: Awaited<ReturnType<typeof attempt>>, label: string) {
  expect(res.statusCode, label).toBe(401);
  expect(res.json(), label).toEqual({ error: true, msg: 'Invalid email or password' });
}

function expectThrottled(res: Awaited<ReturnType<typeof attempt>>, seconds: number, label: string) {
  expect(res.statusCode, label).toBe(429);
  expect(res.headers['retry-after'], label).toBe(String(seconds));
  expect(res.json(), label).toEqual({ error: true, msg: messages.tooManyAttempts(seconds) });
  expect(res.json().msg, label).toContain(`${seconds} seconds`);
  expect(res.body, label).not.toContain('token');
}

/** Milliseconds to wait for a 429's Retry-After. */
const retryAfterMs = (res: Awaited<ReturnType<typeof attempt>>) => Number(res.headers['retry-after']) * 1000;

// ---------------------------------------------------------------------------------------------

describe(`sign-in throttle over HTTP (${engineName})`, () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers the first free failures, then makes the caller wait, even with the right password', async () => {
    t = await createTestApp({}, { throttle: { accountFree: 3, ipFree: 100 } });
    for (let n = 1; n <= 3; n += 1) expectInvalid(await wrong(t), `free failure ${n}`);
    // The 4th failure is the first past the free ones: it is still checked, and starts a 1 s wait.
    expectInvalid(await wrong(t), 'failure 4');
    const blocked = await wrong(t);
    expectThrottled(blocked, 1, 'attempt 5');
    expectThrottled(await attempt(t, ownerPassword), 1, 'right password while blocked');
    expectThrottled(await attempt(t, ownerPassword, 'OWNER@SHOP.TEST'), 1, 'same account in capitals');

    // Waiting lifts it; each further failure doubles the wait.
    t.advance(retryAfterMs(blocked));
    expectInvalid(await wrong(t), 'failure 5 after the wait');
    expectThrottled(await wrong(t), 2, 'after failure 5');
    t.advance(1_000);
    expectThrottled(await attempt(t, ownerPassword), 1, 'half-way through the 2 s wait');
    t.advance(1_000);
    const ok = await attempt(t, ownerPassword);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ error: false, msg: 'User Authenticated', token: expect.any(String) });

    // Success resets the account's count: three free failures again.
    for (let n = 1; n <= 3; n += 1) expectInvalid(await wrong(t), `free failure ${n} after success`);
  });

  it('counts failures per address: another IP can still sign in to the same account', async () => {
    t = await createTestApp({}, { throttle: { accountFree: 3, ipFree: 100 } });
    for (let n = 1; n <= 4; n += 1) await wrong(t);
    expectThrottled(await attempt(t, ownerPassword), 1, 'attacker');
    const owner = await attempt(t, ownerPassword, ownerEmail, ownerIp);
    expect(owner.statusCode).toBe(200);
  });

  it('counts failures per IP across accounts', async () => {
    t = await createTestApp({}, { throttle: { accountFree: 100, ipFree: 3 } });
    const accounts = ['a@shop.test', 'b@shop.test', 'c@shop.test', 'd@shop.test'];
    for (const email of accounts) expectInvalid(await wrong(t, email), email);
    expectThrottled(await attempt(t, ownerPassword), 1, 'owner from the same IP');
    expect((await attempt(t, ownerPassword, ownerEmail, ownerIp)).statusCode).toBe(200);
  });

  it('does not count blank-field refusals or a customer’s refused sign-in as wrong passwords', async () => {
    t = await createTestApp({}, { throttle: { accountFree: 1, ipFree: 100 } });
    for (let n = 0; n < 5; n += 1) {
      const res = await attempt(t, '');
      expect(res.statusCode).toBe(400);
    }
    expect((await attempt(t, ownerPassword)).statusCode).toBe(200);

    const customer = {
      name: 'C',
      email: 'c@shop.test',
      phone: '1',
      password: 'customer-pass-1',
      confirmPassword: 'customer-pass-1',
      isAdmin: false,
    };
    expect((await t.request({ method: 'POST', url: '/api/user/signup', payload: customer })).statusCode).toBe(201);
    for (let n = 0; n < 4; n += 1) {
      const res = await attempt(t, 'customer-pass-1', 'c@shop.test');
      expect(res.statusCode, `customer attempt ${n + 1}`).toBe(403);
    }
  });
});

describe(`Throttle (${engineName})`, () => {
  const limits = { accountFree: 2, ipFree: 4, maxWaitSeconds: 8 };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A throttle on the test app's database, with keys of its own (each test a fresh IP range). */
  let run = 0;
  function throttleAt(overrides: Partial<typeof limits> = {}) {
    let now = 1_000_000;
    run += 1;
    const throttle = new Throttle({ ...limits, ...overrides }, () => now, createThrottleStore(t.app.ctx.db));
    const ip = (n: number) => `10.${run}.0.${n}`;
    return { throttle, ip, advance: (ms: number) => (now += ms) };
  }

  /** The wait (seconds) check() demands, or 0 when it lets the attempt through. */
  async function waitOf(throttle: Throttle, ip: string, account: string): Promise<number> {
    try {
      await throttle.check(ip, account);
      return 0;
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      const http = error as HttpError;
      expect(http.statusCode).toBe(429);
      expect(http.headers['Retry-After']).toBe(String(Number(http.headers['Retry-After'])));
      return Number(http.headers['Retry-After']);
    }
  }

  it('doubles the wait for each failure past the free ones, up to the maximum', async () => {
    const { throttle, ip, advance } = throttleAt({ ipFree: 100 });
    const waits: number[] = [];
    for (let n = 1; n <= 8; n += 1) {
      await throttle.fail(ip(1), 'a@x.test');
      const wait = await waitOf(throttle, ip(1), 'a@x.test');
      waits.push(wait);
      advance(wait * 1000);
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 8, 8]);
  });

  it('waits from the first failure when no failure is free', async () => {
    const { throttle, ip } = throttleAt({ accountFree: 0, ipFree: 100 });
    await throttle.fail(ip(1), 'a@x.test');
    expect(await waitOf(throttle, ip(1), 'a@x.test')).toBe(1);
  });

  it('treats account names without regard to case and keeps accounts and IPs apart', async () => {
    const { throttle, ip } = throttleAt();
    for (let n = 0; n < 3; n += 1) await throttle.fail(ip(1), 'A@X.test');
    expect(await waitOf(throttle, ip(1), 'a@x.test')).toBe(1);
    expect(await waitOf(throttle, ip(1), 'b@x.test')).toBe(0);
    expect(await waitOf(throttle, ip(2), 'a@x.test')).toBe(0);
  });

  it('clears the account on success but keeps the IP count', async () => {
    const { throttle, ip } = throttleAt();
    await throttle.fail(ip(1), 'a@x.test');
    await throttle.fail(ip(1), 'a@x.test');
    await throttle.succeed(ip(1), 'a@x.test');
    // Without the reset this would be the account's 3rd failure (past the 2 free ones).
    await throttle.fail(ip(1), 'a@x.test');
    expect(await waitOf(throttle, ip(1), 'a@x.test')).toBe(0);
    // The IP key has 3 failures; two more pass its 4 free ones, whichever account they name.
    await throttle.fail(ip(1), 'b@x.test');
    expect(await waitOf(throttle, ip(1), 'c@x.test')).toBe(0);
    await throttle.fail(ip(1), 'c@x.test');
    expect(await waitOf(throttle, ip(1), 'd@x.test')).toBe(1);
  });

  it('rounds a part-second wait up', async () => {
    const { throttle, ip, advance } = throttleAt();
    for (let n = 0; n < 4; n += 1) await throttle.fail(ip(1), 'a@x.test');
    expect(await waitOf(throttle, ip(1), 'a@x.test')).toBe(2);
    advance(1_500);
    expect(await waitOf(throttle, ip(1), 'a@x.test')).toBe(1);
    advance(500);
    expect(await waitOf(throttle, ip(1), 'a@x.test')).toBe(0);
  });

  it('counts failures made at the same time exactly (each is one atomic upsert)', async () => {
    const { throttle, ip } = throttleAt({ accountFree: 100, ipFree: 100 });
    await Promise.all(Array.from({ length: 12 }, () => throttle.fail(ip(1), 'a@x.test')));
    const row = await t.app.ctx.db
      .selectFrom('throttles')
      .select('failures')
      .where('key', '=', `signin:acct:${ip(1)}:a@x.test`)
      .executeTakeFirstOrThrow();
    expect(Number(row.failures)).toBe(12);
  });
});
