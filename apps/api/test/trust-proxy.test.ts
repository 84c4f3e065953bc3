import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, engineName, ownerEmail, ownerPassword, type TestApp } from './test-app';

/**
 * TRUST_PROXY decides which address the app takes for a client (config.ts, lib/trust-proxy.ts):
 * the one in the socket, or one named by X-Forwarded-For. What the app took is what a client
 * sees in My Account → Sessions (the address stored with the session at sign-in), and what
 * the sign-in throttle and the logs key on.
 */

interface Case {
  /** The peer's address (the proxy's, or a client's that reaches the server directly). */
  peer: string;
  forwardedFor?: string;
  /** The address the app should take for the client. */
  expected: string;
}

/** Signs in from `peer` with the header, and reads the address of that session back. */
async function addressTaken(t: TestApp, { peer, forwardedFor }: Case): Promise<string> {
  const signIn = await t.request({
    method: 'POST',
    url: '/api/user/signin',
    payload: { email: ownerEmail, password: ownerPassword },
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const token = signIn.json().token as string;
  const sessions = await t.request({ method: 'GET', url: '/api/user/sessions', headers: bearer(token) });
  expect(sessions.statusCode, sessions.body).toBe(200);
  const current = (sessions.json() as { current: boolean; ip: string }[]).find((session) => session.current);
  if (!current) throw new Error(`no current session in ${sessions.body}`);
  return current.ip;
}

/** [TRUST_PROXY, what it means, cases]. */
const settings: [string, string, Case[]][] = [
  [
    'false',
    'the default: X-Forwarded-For is ignored',
    [
      { peer: '203.0.113.7', forwardedFor: '198.51.100.1', expected: '203.0.113.7' },
      { peer: '10.0.0.2', forwardedFor: '198.51.100.1, 10.0.0.9', expected: '10.0.0.2' },
    ],
  ],
  [
    'true',
    'every peer is trusted, the first address of the header wins',
    [
      { peer: '10.0.0.2', forwardedFor: '198.51.100.1, 10.0.0.9', expected: '198.51.100.1' },
      { peer: '203.0.113.7', expected: '203.0.113.7' },
    ],
  ],
  [
    '1',
    'one proxy in front, so only the address it added counts (a client cannot prepend its own)',
    [
      { peer: '10.0.0.2', forwardedFor: '198.51.100.1', expected: '198.51.100.1' },
      { peer: '10.0.0.2', forwardedFor: '192.0.2.66, 198.51.100.1', expected: '198.51.100.1' },
      { peer: '10.0.0.2', expected: '10.0.0.2' },
    ],
  ],
  [
    '2',
    'two proxies (a CDN, then nginx)',
    [{ peer: '10.0.0.2', forwardedFor: '192.0.2.66, 198.51.100.1, 172.16.0.3', expected: '198.51.100.1' }],
  ],
  [
    '10.0.0.0/8, 2001:db8::1',
    'only those peers may speak for a client',
    [
      { peer: '10.1.2.3', forwardedFor: '198.51.100.1', expected: '198.51.100.1' },
      { peer: '2001:db8::1', forwardedFor: '198.51.100.2', expected: '198.51.100.2' },
      // The client-supplied part of the chain stops at the first untrusted address.
      { peer: '10.1.2.3', forwardedFor: '192.0.2.66, 198.51.100.1, 10.9.9.9', expected: '198.51.100.1' },
      // A client that reaches the server directly cannot choose its address.
      { peer: '203.0.113.7', forwardedFor: '198.51.100.1', expected: '203.0.113.7' },
    ],
  ],
];

describe(`TRUST_PROXY decides the client address the app sees (${engineName})`, () => {
  for (const [setting, meaning, cases] of settings) {
    describe(`TRUST_PROXY=${setting}: ${meaning}`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp({ TRUST_PROXY: setting });
      });
      afterAll(() => t.close());

      it.each(cases)('peer $peer, X-Forwarded-For $forwardedFor -> $expected', async (given) => {
        expect(await addressTaken(t, given)).toBe(given.expected);
      });
    });
  }
});
