import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartUpload, pngImage } from '../catalogue-fixtures';
import { bearer, createTestApp, engineName, signIn, type TestApp } from '../test-app';

/** The CSP as a map of directive -> sources. */
function policy(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  expect(header, `${res.statusCode} has a CSP`).not.toBe('');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  );
}

function expectStrictPage(res: LightMyRequestResponse, label: string) {
  const csp = policy(res);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, label).not.toContain("'unsafe-inline'");
  expect(scripts, label).not.toContain("'unsafe-eval'");
  expect(scripts, label).not.toContain('*');
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(String(res.headers['referrer-policy'] ?? ''), label).toMatch(
    /^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/,
  );
}

describe(`security headers (${engineName})`, () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Shopdesk</title><div id="root"></div>');
    t = await createTestApp({ ADMIN_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a strict CSP, nosniff and a Referrer-Policy on the dashboard page and on API answers of every kind', async () => {
    const token = await signIn(t);
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['dashboard /', await t.request({ method: 'GET', url: '/' })],
      ['dashboard deep link', await t.request({ method: 'GET', url: '/products/list' })],
      ['health', await t.request({ method: 'GET', url: '/api/health' })],
      ['signed-in read', await t.request({ method: 'GET', url: '/api/products', headers: bearer(token) })],
      ['401', await t.request({ method: 'GET', url: '/api/products' })],
      ['400', await t.request({ method: 'POST', url: '/api/user/signin', payload: {} })],
      ['404', await t.request({ method: 'GET', url: '/api/nothing-here' })],
    ];
    expect(answers[0]?.[1].headers['content-type']).toMatch(/^text\/html/);
    expect(answers[1]?.[1].headers['content-type']).toMatch(/^text\/html/);
    for (const [label, res] of answers) {
      expect(res.statusCode, label).toBeLessThan(500);
      expectStrictPage(res, label);
      expect(res.headers['strict-transport-security'], label).toBeUndefined();
    }
  });

  it('serves uploads sandboxed: nosniff and a CSP with sandbox and default-src none', async () => {
    const token = await signIn(t);
    const res = await t.request(multipartUpload('/api/products/upload', token, [await pngImage()]));
    expect(res.statusCode).toBe(200);
    const served = await t.request({ method: 'GET', url: new URL(res.json()[0]).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const csp = policy(served);
    expect(csp.has('sandbox')).toBe(true);
    expect(csp.get('default-src')).toEqual(["'none'"]);
  });
});

describe(`HSTS (${engineName})`, () => {
  it('is sent only when PUBLIC_URL is https', async () => {
    for (const [publicUrl, expected] of [
      ['https://shop.example', true],
      ['http://shop.example', false],
    ] as const) {
      const t = await createTestApp({ PUBLIC_URL: publicUrl });
      try {
        for (const url of ['/api/health', '/api/products']) {
          const res = await t.request({ method: 'GET', url });
          const hsts = res.headers['strict-transport-security'];
          if (expected) {
            expect(String(hsts), `${publicUrl} ${url}`).toMatch(/max-age=(\d{7,})/);
            expect(Number(/max-age=(\d+)/.exec(String(hsts))?.[1])).toBeGreaterThanOrEqual(15_552_000);
          } else {
            expect(hsts, `${publicUrl} ${url}`).toBeUndefined();
          }
        }
      } finally {
        await t.close();
      }
    }
  });
});
