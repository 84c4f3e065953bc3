import type { InjectOptions } from 'fastify';
import { Secret, TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createTestApp,
  engineName,
  ownerEmail,
  ownerPassword,
  type TestApp,
} from '../../../test/test-app';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

type Body = Record<string, unknown>;
const step = 30_000;
/** createAdmin's password: setup asks for the current one (issue 18). */
const adminPassword = 'admin-password-1';
const withPassword = { password: adminPassword };

const otpRequired = {
  error: true,
  msg: 'Enter the 6-digit code from your authenticator app',
  twoFactorRequired: true,
};
const otpWrong = { error: true, msg: 'That code is not right. Please try again.', twoFactorRequired: true };
const codeNotRight = { error: true, msg: 'That code is not right. Please try again.' };
const requiredMsg = 'Two-step sign-in is required for administrators. Turn it on in My Account.';

const post = (t: TestApp, url: string, token: string, payload?: Body) =>
  t.request({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

const signin = (t: TestApp, payload: Body, extra: Partial<InjectOptions> = {}) =>
  t.request({ method: 'POST', url: '/api/user/signin', payload, ...extra });

/** The authenticator app: the code for the app's own clock, shifted by whole steps if asked. */
function codeFor(t: TestApp, secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: t.app.ctx.clock() + steps * step });
}

/** A six-digit code that is valid for none of the accepted steps (now and one either side). */
function wrongCode(t: TestApp, secret: string): string {
  const valid = new Set([-1, 0, 1].map((s) => codeFor(t, secret, s)));
  let n = Number(codeFor(t, secret));
  let code: string;
  do {
    n = (n + 1) % 1_000_000;
    code = String(n).padStart(6, '0');
  } while (valid.has(code));
  return code;
}

/** Turns two-step sign-in on for the token's account; returns the secret and recovery codes. */
async function turnOn(t: TestApp, token: string, password = adminPassword) {
  const setup = await post(t, '/api/user/2fa/setup', token, { password });
  expect(setup.statusCode).toBe(200);
  const secret = setup.json().secret as string;
  const enable = await post(t, '/api/user/2fa/enable', token, { otp: codeFor(t, secret) });
  expect(enable.statusCode).toBe(200);
  // The code used to turn it on is spent; the next sign-in needs the next window's code.
  t.advance(step);
  return { secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}

// ---------------------------------------------------------------------------------------------

describe(`turning two-step sign-in on (${engineName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets up with an otpauth URL, its secret and a PNG QR code', async () => {
    const { id, token } = await createAdmin(t, 'setup@shop.test');
    const res = await post(t, '/api/user/2fa/setup', token, withPassword);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['otpauthUrl', 'qrCode', 'secret']);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = URI.parse(body.otpauthUrl);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed).toMatchObject({ issuer: 'Shopdesk', label: 'setup@shop.test', algorithm: 'SHA1', digits: 6 });
    expect((parsed as TOTP).period).toBe(30);
    expect(parsed.secret.base32).toBe(body.secret);
    expect(body.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(body.qrCode.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // Not on until a code confirms it: sign-in still needs no code.
    expect((await signin(t, { email: 'setup@shop.test', password: 'admin-password-1' })).statusCode).toBe(200);
    // The secret is never part of the user record.
    const user = await t.request({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
    expect(user.body).not.toContain(body.secret);
    expect(user.body).not.toMatch(/totp|recovery/i);
    expect(user.json().twoFactorEnabled).toBe(false);
  });

  it('refuses enable before setup, with a blank code and with a wrong code', async () => {
    const { token } = await createAdmin(t, 'enable@shop.test');
    const early = await post(t, '/api/user/2fa/enable', token, { otp: '123456' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ error: true, msg: 'Start the set-up again: scan the new QR code first' });

    const secret = (await post(t, '/api/user/2fa/setup', token, withPassword)).json().secret as string;
    for (const otp of ['', '   ']) {
      const blank = await post(t, '/api/user/2fa/enable', token, { otp });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ error: true, msg: 'Please enter the 6-digit code' });
    }
    for (const otp of [wrongCode(t, secret), 'abcdef', '12345', codeFor(t, secret, 3)]) {
      const wrong = await post(t, '/api/user/2fa/enable', token, { otp });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(codeNotRight);
    }
    // Still off.
    expect((await signin(t, { email: 'enable@shop.test', password: 'admin-password-1' })).statusCode).toBe(200);
  });

  it('turns on with a right code and gives ten distinct recovery codes, once', async () => {
    const { id, token } = await createAdmin(t, 'codes@shop.test');
    const secret = (await post(t, '/api/user/2fa/setup', token, withPassword)).json().secret as string;
    const res = await post(t, '/api/user/2fa/enable', token, { otp: codeFor(t, secret) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ error: false, msg: 'Two-step sign-in is on', recoveryCodes: expect.any(Array) });
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);

    for (const url of ['/api/user/2fa/setup', '/api/user/2fa/enable']) {
      const again = await post(t, url, token, { otp: codeFor(t, secret, 1), ...withPassword });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: true, msg: 'Two-step sign-in is already on' });
    }
    // The token that turned it on keeps working, and the record says it is on.
    const user = await t.request({ method: 'GET', url: `/api/user/${id}`, headers: bearer(token) });
    expect(user.statusCode).toBe(200);
    expect(user.json().twoFactorEnabled).toBe(true);
  });

  it('keeps only the latest setup’s secret', async () => {
    const { token } = await createAdmin(t, 'twice@shop.test');
    const first = (await post(t, '/api/user/2fa/setup', token, withPassword)).json().secret as string;
    const second = (await post(t, '/api/user/2fa/setup', token, withPassword)).json().secret as string;
    expect(second).not.toBe(first);
    const stale = await post(t, '/api/user/2fa/enable', token, { otp: codeFor(t, first) });
    if (codeFor(t, first) !== codeFor(t, second)) expect(stale.statusCode).toBe(400);
    expect((await post(t, '/api/user/2fa/enable', token, { otp: codeFor(t, second) })).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    for (const url of ['/api/user/2fa/setup', '/api/user/2fa/enable', '/api/user/2fa/disable']) {
      const res = await t.request({ method: 'POST', url, payload: { otp: '123456', password: 'x' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: true, msg: 'Please sign in' });
    }
  });
});

describe(`signing in with two-step sign-in on (${engineName})`, () => {
  let t: TestApp;
  const email = 'twostep@shop.test';
  const password = 'admin-password-1';
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    t = await createTestApp();
    const { token } = await createAdmin(t, email, password);
    ({ secret, recoveryCodes } = await turnOn(t, token));
  });
  afterAll(() => t.close());

  it('asks for the code before giving any token', async () => {
    for (const payload of [
      { email, password },
      { email, password, otp: '' },
    ]) {
      const res = await signin(t, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(otpRequired);
      expect(res.body).not.toContain('token');
    }
  });

  it('does not reveal two-step sign-in to a wrong password', async () => {
    for (const otp of [undefined, codeFor(t, secret)]) {
      const res = await signin(t, { email, password: 'wrong-password', ...(otp ? { otp } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: true, msg: 'Invalid email or password' });
    }
  });

  it('signs in with the current code, once per window; the next window’s code works', async () => {
    const code = codeFor(t, secret);
    const ok = await signin(t, { email, password, otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ error: false, msg: 'User Authenticated', token: expect.any(String) });
    expect(ok.json()).not.toHaveProperty('twoFactorSetupRequired');

    const replay = await signin(t, { email, password, otp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(otpWrong);
    expect(replay.body).not.toContain('token');

    t.advance(step);
    const next = await signin(t, { email, password, otp: ` ${codeFor(t, secret)} ` });
    expect(next.statusCode).toBe(200);
    // A code of an older window than the last one taken is refused, even within the drift allowed.
    t.advance(step);
    expect((await signin(t, { email, password, otp: codeFor(t, secret, 1) })).statusCode).toBe(200);
    expect((await signin(t, { email, password, otp: codeFor(t, secret) })).statusCode).toBe(401);
  });

  it('allows one step of clock drift either side, never two', async () => {
    t.advance(3 * step);
    expect((await signin(t, { email, password, otp: codeFor(t, secret, -3) })).statusCode).toBe(401);
    expect((await signin(t, { email, password, otp: codeFor(t, secret, -1) })).statusCode).toBe(200);
    t.advance(3 * step);
    expect((await signin(t, { email, password, otp: codeFor(t, secret, 2) })).statusCode).toBe(401);
    expect((await signin(t, { email, password, otp: codeFor(t, secret, 1) })).statusCode).toBe(200);
  });

  it('takes a recovery code once, whatever its case', async () => {
    const [first, second] = recoveryCodes as [string, string];
    const ok = await signin(t, { email, password, otp: first });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
    const again = await signin(t, { email, password, otp: first });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(otpWrong);
    expect((await signin(t, { email, password, otp: second.toUpperCase() })).statusCode).toBe(200);
    expect((await signin(t, { email, password, otp: second })).statusCode).toBe(401);
  });

  it('refuses a made-up code', async () => {
    for (const otp of [wrongCode(t, secret), 'ffff-ffff-ffff', 'not a code']) {
      const res = await signin(t, { email, password, otp });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(otpWrong);
    }
  });
});

describe(`wrong codes and the sign-in throttle (${engineName})`, () => {
  let t: TestApp;
  const email = 'throttled@shop.test';
  const password = 'admin-password-1';
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp({}, { throttle: { accountFree: 3, ipFree: 100 } });
    const { token } = await createAdmin(t, email, password);
    ({ secret } = await turnOn(t, token));
  });
  afterAll(() => t.close());

  it('refuses with 429 after enough wrong codes, even the right code, until the wait is over', async () => {
    // Asking without a code is not a failure.
    for (let i = 0; i < 6; i += 1) expect((await signin(t, { email, password })).statusCode).toBe(401);
    expect((await signin(t, { email, password, otp: codeFor(t, secret) })).statusCode).toBe(200);
    t.advance(step);

    let refused: Awaited<ReturnType<typeof signin>> | undefined;
    let wrong = 0;
    for (; wrong < 10; wrong += 1) {
      const res = await signin(t, { email, password, otp: wrongCode(t, secret) });
      if (res.statusCode === 429) {
        refused = res;
        break;
      }
      expect(res.json()).toEqual(otpWrong);
    }
    expect(wrong).toBe(4);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(refused?.json()).toMatchObject({ error: true });

    const right = await signin(t, { email, password, otp: codeFor(t, secret) });
    expect(right.statusCode).toBe(429);
    expect(right.body).not.toContain('token');

    t.advance(1000);
    expect((await signin(t, { email, password, otp: codeFor(t, secret) })).statusCode).toBe(200);
  });
});

describe(`turning two-step sign-in off (${engineName})`, () => {
  let t: TestApp;
  const email = 'disable@shop.test';
  const password = 'admin-password-1';
  let token: string;
  let userId: string;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    t = await createTestApp();
    ({ token, id: userId } = await createAdmin(t, email, password));
    ({ secret, recoveryCodes } = await turnOn(t, token));
  });
  afterAll(() => t.close());

  const disable = (payload: Body) => post(t, '/api/user/2fa/disable', token, payload);

  it('needs the password and a code', async () => {
    const blank = await disable({ password: '', otp: codeFor(t, secret) });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: true, msg: 'Please fill all the details' });
    const noCode = await disable({ password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ error: true, msg: 'Please enter the 6-digit code' });

    const wrongPassword = await disable({ password: 'not-my-password', otp: codeFor(t, secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ error: true, msg: 'current password wrong' });

    const wrongCodeRes = await disable({ password, otp: wrongCode(t, secret) });
    expect(wrongCodeRes.statusCode).toBe(400);
    expect(wrongCodeRes.json()).toEqual(codeNotRight);

    // Still on.
    expect((await signin(t, { email, password })).json()).toEqual(otpRequired);
  });

  it('refuses a code already used to sign in', async () => {
    const code = codeFor(t, secret);
    expect((await signin(t, { email, password, otp: code })).statusCode).toBe(200);
    const res = await disable({ password, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(codeNotRight);
  });

  it('turns off with the password and a right code; sign-in no longer asks', async () => {
    t.advance(step);
    const res = await disable({ password, otp: codeFor(t, secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, msg: 'Two-step sign-in is off' });
    const user = await t.request({ method: 'GET', url: `/api/user/${userId}`, headers: bearer(token) });
    expect(user.json().twoFactorEnabled).toBe(false);
    const plain = await signin(t, { email, password });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().token).toEqual(expect.any(String));
  });

  it('can be turned on again with a new secret; the old recovery codes are gone', async () => {
    const again = await turnOn(t, token);
    expect(again.secret).not.toBe(secret);
    expect(again.recoveryCodes.some((code) => recoveryCodes.includes(code))).toBe(false);
    expect((await signin(t, { email, password, otp: recoveryCodes[0] })).statusCode).toBe(401);
    expect((await signin(t, { email, password, otp: codeFor(t, secret) })).statusCode).toBe(401);
    expect((await signin(t, { email, password, otp: codeFor(t, again.secret) })).statusCode).toBe(200);
  });

  it('turns off with a recovery code too', async () => {
    const { token: fresh } = await createAdmin(t, 'lostphone@shop.test', password);
    const { recoveryCodes: codes } = await turnOn(t, fresh);
    const res = await post(t, '/api/user/2fa/disable', fresh, { password, otp: codes[3] });
    expect(res.statusCode).toBe(200);
    expect((await signin(t, { email: 'lostphone@shop.test', password })).statusCode).toBe(200);
  });
});

describe(`ADMIN_REQUIRE_2FA=true (${engineName})`, () => {
  let t: TestApp;
  let token: string;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_REQUIRE_2FA: 'true' });
    const res = await signin(t, { email: ownerEmail, password: ownerPassword });
    token = res.json().token;
    ownerId = res.json().user.id;
  });
  afterAll(() => t.close());

  const call = (route: InjectOptions, as = token) =>
    t.request({ ...route, headers: { ...bearer(as), ...(route.headers ?? {}) } });

  const blocked: InjectOptions[] = [
    { method: 'GET', url: '/api/products' },
    { method: 'GET', url: '/api/user/get/count' },
    { method: 'GET', url: '/api/category' },
    { method: 'GET', url: '/api/orders' },
    { method: 'POST', url: '/api/user/2fa/disable', payload: { password: ownerPassword, otp: '123456' } },
  ];

  it('says so in the sign-in answer, with a token', async () => {
    const res = await signin(t, { email: ownerEmail, password: ownerPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      error: false,
      msg: 'User Authenticated',
      token: expect.any(String),
      twoFactorSetupRequired: true,
    });
  });

  it('refuses every other route with 403 until two-step sign-in is on', async () => {
    for (const route of [
      ...blocked,
      { method: 'PUT' as const, url: `/api/user/${ownerId}`, payload: { name: 'x' } },
      {
        method: 'PUT' as const,
        url: `/api/user/changePassword/${ownerId}`,
        payload: { password: ownerPassword, newPass: 'a-new-pass-phrase' },
      },
    ]) {
      const res = await call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toEqual({ error: true, msg: requiredMsg });
    }
  });

  it('allows reading one’s record, sessions and logging out', async () => {
    expect((await call({ method: 'GET', url: `/api/user/${ownerId}` })).statusCode).toBe(200);
    const sessions = await call({ method: 'GET', url: '/api/user/sessions' });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().some((s: { current: boolean }) => s.current)).toBe(true);

    const other = (await signin(t, { email: ownerEmail, password: ownerPassword })).json().token as string;
    const third = (await signin(t, { email: ownerEmail, password: ownerPassword })).json().token as string;
    const otherId = (await call({ method: 'GET', url: '/api/user/sessions' }, other))
      .json()
      .find((s: { current: boolean }) => s.current).id as string;
    expect((await call({ method: 'DELETE', url: `/api/user/sessions/${otherId}` })).statusCode).toBe(200);
    const out = await call({ method: 'POST', url: '/api/user/logout' }, third);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ error: false, msg: 'Logout successfull' });
    expect((await call({ method: 'DELETE', url: '/api/user/sessions' })).statusCode).toBe(200);
    // Public routes stay public.
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });

  it('lets the same token call everything once set up; sign-in then asks for the code', async () => {
    const setup = await call({ method: 'POST', url: '/api/user/2fa/setup', payload: { password: ownerPassword } });
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().secret as string;
    const enable = await call({ method: 'POST', url: '/api/user/2fa/enable', payload: { otp: codeFor(t, secret) } });
    expect(enable.statusCode).toBe(200);
    expect(enable.json().recoveryCodes).toHaveLength(10);

    for (const route of blocked.slice(0, 4)) {
      expect((await call(route)).statusCode, `${route.method} ${route.url}`).toBe(200);
    }
    expect((await signin(t, { email: ownerEmail, password: ownerPassword })).json()).toEqual(otpRequired);
    t.advance(step);
    const res = await signin(t, { email: ownerEmail, password: ownerPassword, otp: codeFor(t, secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('twoFactorSetupRequired');
  });

  it('is off by default: no twoFactorSetupRequired and no 403', async () => {
    const plain = await createTestApp();
    try {
      const res = await signin(plain, { email: ownerEmail, password: ownerPassword });
      expect(res.json()).not.toHaveProperty('twoFactorSetupRequired');
      const products = await plain.request({
        method: 'GET',
        url: '/api/products',
        headers: bearer(res.json().token),
      });
      expect(products.statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
