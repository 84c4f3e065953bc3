import { messages } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as passwords from '../../src/lib/passwords';
import { createTestApp, engineName, ownerEmail, ownerPassword, type TestApp } from '../test-app';

// Every password check and hash goes through these two functions; counting calls proves
// (without timing) that a throttled sign-in never reaches argon2.
vi.mock('../../src/lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/passwords')>();
  return { hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

const attackerIp = '203.0.113.99';
const signin = (t: TestApp, password: string, email = ownerEmail) =>
  t.request({ method: 'POST', url: '/api/user/signin', payload: { email, password }, remoteAddress: attackerIp });

describe(`sign-in throttle runs before the password hash (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { throttle: { accountFree: 2, ipFree: 100 } });
  });
  afterAll(() => t.close());

  it('answers 429 without computing a hash, for a wrong password, the right one, and an unknown account', async () => {
    const verify = vi.mocked(passwords.verifyPassword);
    const hash = vi.mocked(passwords.hashPassword);
    for (let n = 0; n < 3; n += 1) expect((await signin(t, 'wrong-password')).statusCode).toBe(401);
    verify.mockClear();
    hash.mockClear();

    const blocked = [
      await signin(t, 'wrong-password'),
      await signin(t, ownerPassword),
      await signin(t, 'x', 'OWNER@shop.test'),
    ];
    for (const res of blocked) {
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ error: true, msg: messages.tooManyAttempts(1) });
    }
    expect(verify).not.toHaveBeenCalled();
    expect(hash).not.toHaveBeenCalled();

    // Once the wait is over the next attempt is checked again (one verify).
    t.advance(1_000);
    expect((await signin(t, ownerPassword)).statusCode).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
  });
});
