import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createTestApp, engineName, type TestApp } from '../../../test/test-app';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 3_600_000;
const pleaseSignIn = { error: true, msg: 'Please sign in' };
const notFound = { error: true, msg: 'Session not found' };

const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface SessionInfo {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string;
  device: string;
  ip: string;
}

async function signInFrom(
  t: TestApp,
  email: string,
  password: string,
  from: { userAgent?: string; ip?: string } = {},
): Promise<string> {
  const options: InjectOptions = {
    method: 'POST',
    url: '/api/user/signin',
    payload: { email, password },
    headers: from.userAgent ? { 'user-agent': from.userAgent } : {},
    ...(from.ip ? { remoteAddress: from.ip } : {}),
  };
  const res = await t.request(options);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const list = (t: TestApp, token: string) =>
  t.request({ method: 'GET', url: '/api/user/sessions', headers: bearer(token) });

async function sessionsOf(t: TestApp, token: string): Promise<SessionInfo[]> {
  const res = await list(t, token);
  expect(res.statusCode).toBe(200);
  return res.json() as SessionInfo[];
}

async function currentId(t: TestApp, token: string): Promise<string> {
  const current = (await sessionsOf(t, token)).find((s) => s.current);
  if (!current) throw new Error('no current session');
  return current.id;
}

const endOne = (t: TestApp, token: string, id: string) =>
  t.request({ method: 'DELETE', url: `/api/user/sessions/${id}`, headers: bearer(token) });

const endOthers = (t: TestApp, token: string) =>
  t.request({ method: 'DELETE', url: '/api/user/sessions', headers: bearer(token) });

/** Any request that needs a live session. */
const ping = (t: TestApp, token: string) =>
  t.request({ method: 'GET', url: '/api/user/get/count', headers: bearer(token) });

// ---------------------------------------------------------------------------------------------

describe(`listing and ending one's sessions (${engineName})`, () => {
  let t: TestApp;
  const password = 'admin-password-1';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists both sessions of the account, marking the current one, with device and address', async () => {
    await createAdmin(t, 'lister@shop.test', password);
    await createAdmin(t, 'stranger@shop.test', password);
    const chrome = await signInFrom(t, 'lister@shop.test', password, { userAgent: chromeOnLinux, ip: '10.0.0.1' });
    // The sign-up helper's session is ended so that exactly two remain.
    await endOthers(t, chrome);
    const firefox = await signInFrom(t, 'lister@shop.test', password, { userAgent: firefoxOnWindows, ip: '10.0.0.2' });
    const firefoxId = await currentId(t, firefox);

    const res = await list(t, chrome);
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as SessionInfo[];
    expect(sessions).toHaveLength(2);
    const mine = sessions.find((s) => s.current);
    const other = sessions.find((s) => !s.current);
    expect(mine).toEqual({
      id: expect.any(String),
      current: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lastSeenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      userAgent: chromeOnLinux,
      device: 'Chrome on Linux',
      ip: '10.0.0.1',
    });
    expect(other).toMatchObject({
      id: firefoxId,
      current: false,
      userAgent: firefoxOnWindows,
      device: 'Firefox on Windows',
      ip: '10.0.0.2',
    });
    // Times come from the app's clock (which the tests control).
    expect(mine?.createdAt).toBe(new Date(t.app.ctx.clock()).toISOString());
    // The other account's sessions are never listed; its own list is its own.
    const strangerToken = await signInFrom(t, 'stranger@shop.test', password);
    const strangers = await sessionsOf(t, strangerToken);
    expect(strangers.map((s) => s.id)).not.toContain(firefoxId);
    expect(strangers.map((s) => s.id)).not.toContain(mine?.id);
    // A client the device names do not know (the test injector's own user agent).
    const bare = strangers.find((s) => s.current);
    expect(bare).toMatchObject({ userAgent: 'lightMyRequest', device: 'A browser or app', ip: '127.0.0.1' });
  });

  it('ends another session: its token gets 401 on the very next request, the current goes on', async () => {
    await createAdmin(t, 'ender@shop.test', password);
    const current = await signInFrom(t, 'ender@shop.test', password);
    const other = await signInFrom(t, 'ender@shop.test', password);
    expect((await ping(t, other)).statusCode).toBe(200);
    const otherId = await currentId(t, other);

    const res = await endOne(t, current, otherId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, msg: 'Session ended' });

    const refused = await ping(t, other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(pleaseSignIn);
    expect((await ping(t, current)).statusCode).toBe(200);
    expect((await sessionsOf(t, current)).map((s) => s.id)).not.toContain(otherId);

    // Ending it again, or an id that never was: 404.
    for (const id of [otherId, 'no-such-session', '0'.repeat(24)]) {
      const missing = await endOne(t, current, id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(notFound);
    }
  });

  it('answers 404 for another account’s session and leaves it alone', async () => {
    await createAdmin(t, 'victim@shop.test', password);
    await createAdmin(t, 'intruder@shop.test', password);
    const victim = await signInFrom(t, 'victim@shop.test', password);
    const intruder = await signInFrom(t, 'intruder@shop.test', password);
    const victimId = await currentId(t, victim);
    const res = await endOne(t, intruder, victimId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect((await ping(t, victim)).statusCode).toBe(200);
  });

  it('ends every other session at once and keeps the current', async () => {
    await createAdmin(t, 'everyone@shop.test', password);
    const current = await signInFrom(t, 'everyone@shop.test', password);
    const others = [
      await signInFrom(t, 'everyone@shop.test', password),
      await signInFrom(t, 'everyone@shop.test', password),
    ];
    const bystander = await signInFrom(t, 'lister@shop.test', password);

    const res = await endOthers(t, current);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, msg: 'All other sessions ended' });
    for (const token of others) expect((await ping(t, token)).statusCode).toBe(401);
    expect((await ping(t, current)).statusCode).toBe(200);
    expect((await ping(t, bystander)).statusCode).toBe(200);
    const left = await sessionsOf(t, current);
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);
  });

  it('can end the current session too, like logging out', async () => {
    await createAdmin(t, 'self@shop.test', password);
    const token = await signInFrom(t, 'self@shop.test', password);
    expect((await endOne(t, token, await currentId(t, token))).statusCode).toBe(200);
    expect((await ping(t, token)).statusCode).toBe(401);
  });

  it('drops a logged-out session from the list', async () => {
    await createAdmin(t, 'leaver@shop.test', password);
    const stays = await signInFrom(t, 'leaver@shop.test', password);
    const leaves = await signInFrom(t, 'leaver@shop.test', password);
    const leavesId = await currentId(t, leaves);
    await t.request({ method: 'POST', url: '/api/user/logout', headers: bearer(leaves) });
    expect((await sessionsOf(t, stays)).map((s) => s.id)).not.toContain(leavesId);
  });

  it('needs a token', async () => {
    for (const route of [
      { method: 'GET', url: '/api/user/sessions' },
      { method: 'DELETE', url: '/api/user/sessions' },
      { method: 'DELETE', url: '/api/user/sessions/abc' },
    ] as InjectOptions[]) {
      const res = await t.request(route);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(pleaseSignIn);
    }
  });
});

describe(`session lifetime, default 30 minutes idle and 12 hours in all (${engineName})`, () => {
  let t: TestApp;
  const password = 'admin-password-1';
  beforeAll(async () => {
    t = await createTestApp();
    await createAdmin(t, 'clock@shop.test', password);
  });
  afterAll(() => t.close());

  it('ends a session left idle for 30 minutes; use keeps it alive', async () => {
    const token = await signInFrom(t, 'clock@shop.test', password);
    t.advance(minutes(29));
    expect((await ping(t, token)).statusCode).toBe(200);
    t.advance(minutes(29));
    expect((await ping(t, token)).statusCode).toBe(200);
    t.advance(minutes(30));
    const res = await ping(t, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(pleaseSignIn);
    // And it stays ended.
    expect((await ping(t, token)).statusCode).toBe(401);
  });

  it('moves lastSeenAt with use', async () => {
    const token = await signInFrom(t, 'clock@shop.test', password);
    const before = (await sessionsOf(t, token)).find((s) => s.current);
    t.advance(minutes(5));
    await ping(t, token);
    const after = (await sessionsOf(t, token)).find((s) => s.current);
    expect(after?.createdAt).toBe(before?.createdAt);
    expect(Date.parse(after?.lastSeenAt ?? '') - Date.parse(before?.lastSeenAt ?? '')).toBe(minutes(5));
  });

  it('ends a session 12 hours after sign-in however busy', async () => {
    const token = await signInFrom(t, 'clock@shop.test', password);
    for (let elapsed = 0; elapsed < hours(12) - minutes(20); elapsed += minutes(20)) {
      t.advance(minutes(20));
      expect((await ping(t, token)).statusCode).toBe(200);
    }
    // 11 h 40 min now.
    t.advance(minutes(19));
    expect((await ping(t, token)).statusCode).toBe(200);
    t.advance(minutes(1));
    const res = await ping(t, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(pleaseSignIn);
  });
});

describe(`SESSION_IDLE_MINUTES and SESSION_MAX_HOURS (${engineName})`, () => {
  let t: TestApp;
  const password = 'admin-password-1';
  afterEach(() => t.close());

  it('honours SESSION_IDLE_MINUTES=5', async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: '5' });
    await createAdmin(t, 'idle@shop.test', password);
    const token = await signInFrom(t, 'idle@shop.test', password);
    t.advance(minutes(5) - 1000);
    expect((await ping(t, token)).statusCode).toBe(200);
    t.advance(minutes(5));
    expect((await ping(t, token)).statusCode).toBe(401);
  });

  it('honours SESSION_MAX_HOURS=1', async () => {
    t = await createTestApp({ SESSION_MAX_HOURS: '1' });
    await createAdmin(t, 'short@shop.test', password);
    const token = await signInFrom(t, 'short@shop.test', password);
    for (let i = 0; i < 2; i += 1) {
      t.advance(minutes(29));
      expect((await ping(t, token)).statusCode).toBe(200);
    }
    t.advance(minutes(2));
    expect((await ping(t, token)).statusCode).toBe(401);
  });
});
