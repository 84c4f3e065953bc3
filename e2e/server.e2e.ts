import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './support/server';

/** The production build as an operator runs it (design.md §4). */
describe('production server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    if (server.process.exitCode === null) await server.stop();
  });

  it('serves the dashboard for any page path, with a strict CSP', async () => {
    for (const path of ['/', '/login', '/products', '/category/edit/abc']) {
      const res = await fetch(server.baseUrl + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('refuses a non-public route without a token, in the API error shape', async () => {
    const res = await fetch(`${server.baseUrl}/api/user/get/count`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: true, msg: 'Please sign in' });
  });

  it('answers unknown API paths and upload paths with 404, not the dashboard', async () => {
    expect((await fetch(`${server.baseUrl}/api/nothing`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/uploads/users/nothing.png`)).status).toBe(404);
  });

  it('drains and exits 0 on SIGTERM', async () => {
    const code = await server.stop();
    expect(code).toBe(0);
  });
});

describe('configuration errors', () => {
  it('stops start-up with a message naming the bad variable', () => {
    const result = spawnSync(process.execPath, ['apps/api/dist/server.js'], {
      env: { PATH: process.env.PATH ?? '', PORT: 'not-a-port', DATA_DIR: '/tmp/shopdesk-never' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid environment variable PORT');
  });
});

describe('the start-up warning for an open sign-up (issue 18)', () => {
  // The log is JSON: the quotes around * come escaped.
  const warning = 'and the server is reachable from outside';

  it('warns for * behind a proxy, though the server listens on loopback', async () => {
    const server = await startServer({ SIGNUP_ALLOW: '*', TRUST_PROXY: '1' });
    try {
      await expect.poll(() => server.output(), { timeout: 5_000 }).toContain(warning);
      expect(server.output()).toContain('TRUST_PROXY says a proxy forwards to it');
      expect(server.output()).toContain('anyone who reaches it can sign up as an administrator');
    } finally {
      await server.stop();
    }
  });

  it('says nothing when sign-up is closed (the default), even behind a proxy with a public address', async () => {
    const server = await startServer({ SIGNUP_ALLOW: '', TRUST_PROXY: '1', PUBLIC_URL: 'https://shop.example.com' });
    try {
      const res = await fetch(`${server.baseUrl}/api/config`);
      expect(await res.json()).toMatchObject({ signupOpen: false });
      expect(server.output()).not.toContain('SIGNUP_ALLOW');
    } finally {
      await server.stop();
    }
  });
});
