import { inputMessages, messages, securityMessages } from '@shopdesk/contract';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { imagePath } from '../../../test/catalogue-fixtures';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

// Issue 18, item 4: what a stolen token alone could do. Wrong current passwords behind a token
// were never throttled, and a token alone could turn on two-step sign-in (locking the owner out)
// or move the account to another address (then take it over with a reset link).

type Body = Record<string, unknown>;
const password = 'admin-password-1';
const attackerIp = '203.0.113.66';
const wrongPassword = { error: true, msg: messages.currentPasswordWrong };

/** A request from one address with the token (inject's remoteAddress is the request's IP). */
function call(t: TestApp, token: string, method: 'POST' | 'PUT', url: string, payload: Body, ip = attackerIp) {
  return t.request({ method, url, headers: bearer(token), payload, remoteAddress: ip });
}

function expectThrottled(res: Awaited<ReturnType<typeof call>>, label: string) {
  expect(res.statusCode, label).toBe(429);
  const seconds = Number(res.headers['retry-after']);
  expect(seconds, label).toBeGreaterThanOrEqual(1);
  expect(res.json(), label).toEqual({ error: true, msg: messages.tooManyAttempts(seconds) });
}

const codeFor = (t: TestApp, secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: t.app.ctx.clock() });

/** Profile fields as the Edit Profile form sends them. */
const profile = (email: string, extra: Body = {}) => ({
  name: 'Asha',
  email,
  phone: '5550100',
  images: [imagePath('me', 'users')],
  ...extra,
});

let t: TestApp;
afterEach(() => t.close());

describe(`wrong current passwords behind a token count toward the sign-in throttle (${engineName})`, () => {
  it('PUT /api/user/changePassword/:id: 429 with Retry-After once it trips, even for the right password', async () => {
    t = await createTestApp({}, { throttle: { accountFree: 3, ipFree: 100 } });
    const admin = await createAdmin(t, 'asha@shop.test', password);
    const url = `/api/user/changePassword/${admin.id}`;
    for (let n = 1; n <= 4; n += 1) {
      const res = await call(t, admin.token, 'PUT', url, { password: `guess-${n}`, newPass: 'new-password-9' });
      expect(res.statusCode, `guess ${n}`).toBe(400);
      expect(res.json(), `guess ${n}`).toEqual(wrongPassword);
    }
    expectThrottled(
      await call(t, admin.token, 'PUT', url, { password: 'guess-5', newPass: 'x-new-pass-9' }),
      'guess 5',
    );
    expectThrottled(await call(t, admin.token, 'PUT', url, { password, newPass: 'new-password-9' }), 'right one');
    // The same account's sign-in from that address waits too: one throttle.
    const signin = await t.request({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: 'asha@shop.test', password },
      remoteAddress: attackerIp,
    });
    expectThrottled(signin, 'sign-in');
    // After the wait the right password works, and the password did change.
    t.advance(Number(signin.headers['retry-after']) * 1000);
    const ok = await call(t, admin.token, 'PUT', url, { password, newPass: 'new-password-9' });
    expect(ok.statusCode).toBe(200);
    expect(await signIn(t, 'asha@shop.test', 'new-password-9')).toEqual(expect.any(String));
  });

  it('25 guesses never give 25 answers of 400', async () => {
    t = await createTestApp({}, { throttle: { accountFree: 5, ipFree: 20 } });
    const admin = await createAdmin(t, 'ravi@shop.test', password);
    const statuses: number[] = [];
    for (let n = 0; n < 25; n += 1) {
      const res = await call(t, admin.token, 'PUT', `/api/user/changePassword/${admin.id}`, {
        password: `guess-${n}`,
        newPass: 'new-password-9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(6);
    expect(statuses.at(-1)).toBe(429);
  });

  it('POST /api/user/2fa/disable: wrong passwords trip it the same way', async () => {
    t = await createTestApp({}, { throttle: { accountFree: 2, ipFree: 100 } });
    const admin = await createAdmin(t, 'lena@shop.test', password);
    const setup = await call(t, admin.token, 'POST', '/api/user/2fa/setup', { password });
    const secret = setup.json().secret as string;
    expect((await call(t, admin.token, 'POST', '/api/user/2fa/enable', { otp: codeFor(t, secret) })).statusCode).toBe(
      200,
    );
    t.advance(30_000);
    for (let n = 1; n <= 3; n += 1) {
      const res = await call(t, admin.token, 'POST', '/api/user/2fa/disable', {
        password: `guess-${n}`,
        otp: codeFor(t, secret),
      });
      expect(res.statusCode, `guess ${n}`).toBe(400);
      expect(res.json(), `guess ${n}`).toEqual(wrongPassword);
    }
    expectThrottled(
      await call(t, admin.token, 'POST', '/api/user/2fa/disable', { password, otp: codeFor(t, secret) }),
      'right one',
    );
    const me = await t.request({ method: 'GET', url: `/api/user/${admin.id}`, headers: bearer(admin.token) });
    expect(me.json().twoFactorEnabled).toBe(true);
  });
});

describe(`turning on two-step sign-in asks for the current password (${engineName})`, () => {
  it('refuses a missing or wrong password, stores no secret, and counts wrong ones', async () => {
    t = await createTestApp({}, { throttle: { accountFree: 2, ipFree: 100 } });
    const admin = await createAdmin(t, 'omar@shop.test', password);
    const missing = await call(t, admin.token, 'POST', '/api/user/2fa/setup', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: true, msg: securityMessages.currentPasswordNeeded });
    for (let n = 1; n <= 3; n += 1) {
      const res = await call(t, admin.token, 'POST', '/api/user/2fa/setup', { password: `guess-${n}` });
      expect(res.statusCode, `guess ${n}`).toBe(400);
      expect(res.json(), `guess ${n}`).toEqual(wrongPassword);
    }
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select(['totp_pending_secret', 'totp_secret'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_pending_secret: null, totp_secret: null });
    expectThrottled(await call(t, admin.token, 'POST', '/api/user/2fa/setup', { password }), 'right one');
    const enable = await call(t, admin.token, 'POST', '/api/user/2fa/enable', { otp: '123456' });
    expect(enable.statusCode).toBe(400);
    expect(enable.json()).toEqual({ error: true, msg: securityMessages.twoFactorNotStarted });
  });

  it('sets up with the right password', async () => {
    t = await createTestApp();
    const admin = await createAdmin(t, 'kim@shop.test', password);
    const setup = await call(t, admin.token, 'POST', '/api/user/2fa/setup', { password });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({ secret: expect.any(String), otpauthUrl: expect.stringMatching(/^otpauth:/) });
  });
});

describe(`an e-mail change asks for the current password (${engineName})`, () => {
  const read = (admin: { id: string; token: string }) =>
    t.request({ method: 'GET', url: `/api/user/${admin.id}`, headers: bearer(admin.token) });

  it('refuses a new address without the right password and keeps the old one', async () => {
    t = await createTestApp({}, { throttle: { accountFree: 2, ipFree: 100 } });
    const admin = await createAdmin(t, 'neha@shop.test', password);
    const url = `/api/user/${admin.id}`;
    const missing = await call(t, admin.token, 'PUT', url, profile('thief@evil.test'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(wrongPassword);
    for (let n = 1; n <= 3; n += 1) {
      const res = await call(t, admin.token, 'PUT', url, profile('thief@evil.test', { password: `guess-${n}` }));
      expect(res.statusCode, `guess ${n}`).toBe(400);
      expect(res.json(), `guess ${n}`).toEqual(wrongPassword);
    }
    expectThrottled(await call(t, admin.token, 'PUT', url, profile('thief@evil.test', { password })), 'right one');
    expect((await read(admin)).json().email).toBe('neha@shop.test');
  });

  it('changes the address with the right password; other fields need none', async () => {
    t = await createTestApp();
    const admin = await createAdmin(t, 'tara@shop.test', password);
    const url = `/api/user/${admin.id}`;
    const rename = await call(t, admin.token, 'PUT', url, profile('tara@shop.test', { name: 'Tara Rao' }));
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ name: 'Tara Rao', email: 'tara@shop.test' });
    // The same address in another form is no change: no password asked.
    const same = await call(t, admin.token, 'PUT', url, profile(' TARA@Shop.Test. '));
    expect(same.statusCode).toBe(200);
    const moved = await call(t, admin.token, 'PUT', url, profile('tara.rao@shop.test', { password }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ email: 'tara.rao@shop.test' });
    expect(moved.body).not.toContain(password);
    expect((await read(admin)).json().email).toBe('tara.rao@shop.test');
  });

  it('checks the address before the password: a look-alike is refused as such', async () => {
    t = await createTestApp();
    const admin = await createAdmin(t, 'ivan@shop.test', password);
    const res = await call(
      t,
      admin.token,
      'PUT',
      `/api/user/${admin.id}`,
      profile('\u0430dmin@shop.test', { password }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, msg: inputMessages.emailMixedScripts });
  });
});
