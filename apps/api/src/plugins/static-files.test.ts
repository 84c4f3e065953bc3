import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engineName, type TestApp } from '../../test/test-app';

const signedOutHtml = '<!doctype html><title>Shopdesk</title><script type="module" src="/assets/index.js"></script>';
const signedInHtml = `${signedOutHtml}<link rel="modulepreload" crossorigin href="/assets/shell.js">`;

/** Which page each address gets: the signed-in frame starts downloading only where it is used. */
describe(`the dashboard's pages (${engineName})`, () => {
  const dists: string[] = [];
  const builtDashboard = (files: Record<string, string>) => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-dist-'));
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), text);
    dists.push(dist);
    return dist;
  };
  let t: TestApp;
  let older: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_DIST: builtDashboard({ 'index.html': signedOutHtml, 'app.html': signedInHtml }) });
    // A build from before app.html existed.
    older = await createTestApp({ ADMIN_DIST: builtDashboard({ 'index.html': signedOutHtml }) });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await older.close();
    for (const dist of dists) fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = async (app: TestApp, url: string, method: 'GET' | 'HEAD' = 'GET') => {
    const res = await app.request({ method, url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return res.body;
  };

  it('gives signed-in screens the page that preloads the signed-in frame', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/products?page=3',
      '/product/details/abc',
      '/orders/42',
      '/settings/staff',
      '/no-such-screen',
    ])
      expect(await page(t, url), url).toBe(signedInHtml);
  });

  it('gives signed-out pages the entry alone', async () => {
    for (const url of [
      '/login',
      '/login?next=%2Forders',
      '/signIn',
      '/signUp',
      '/forgot-password',
      '/reset-password/a1b2',
      '/accept-invite?token=x',
    ])
      expect(await page(t, url), url).toBe(signedOutHtml);
  });

  it('answers HEAD as GET, without the page (uptime checks ask HEAD /)', async () => {
    for (const url of ['/', '/dashboard', '/login']) expect(await page(t, url, 'HEAD'), url).toBe('');
  });

  it('serves index.html everywhere from a build without app.html', async () => {
    for (const url of ['/', '/dashboard', '/login']) expect(await page(older, url), url).toBe(signedOutHtml);
  });

  it('still answers unknown API paths in the API shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: true });
  });
});
