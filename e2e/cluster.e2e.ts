import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, checkImageAcrossInstances, checkSessionEnd, signIn } from '../scripts/cluster/checks';
import { createDatabase, dropDatabase } from '../scripts/cluster/database';
import { runDrill } from '../scripts/cluster/drill';
import { type DrillReport, formatReport } from '../scripts/cluster/drill-report';
import { hasNginx, nginxBinary, readAccessLogWith } from '../scripts/cluster/nginx';
import { type Cluster, startCluster } from '../scripts/cluster/start';
import { expectAlert, newOrderAlert } from './support/accounts';
import { hasChromium, launchBrowser, signInThroughForm } from './support/browser';
import { createCategory, createProduct } from './support/bulk-data';
import { ownerEmail, ownerPassword } from './support/server';

/**
 * issue 17 item 5: the cluster `npm run cluster` starts (two production instances on one
 * PostgreSQL database and one object store, nginx in front with deploy/nginx.conf), driven
 * through nginx. The load phase is CLUSTER_DRILL_SECONDS long (15 s here; `npm run
 * cluster:drill` runs 60 s).
 *
 * Several instances need PostgreSQL, so this runs in the PostgreSQL pass (DATABASE_URL names
 * the server; the test makes a database of its own on it) and says so loudly on SQLite.
 */
const serverUrl = process.env.DATABASE_URL;
const drillSeconds = Number(process.env.CLUSTER_DRILL_SECONDS ?? 15);
const connections = 12;

const canRun = (() => {
  if (!serverUrl) {
    process.stderr.write(
      '\n!!! Cluster test SKIPPED on SQLite: several instances share one PostgreSQL. It runs when DATABASE_URL is set.\n\n',
    );
    return false;
  }
  if (hasNginx()) return true;
  if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but nginx is missing at ${nginxBinary}`);
  process.stderr.write(
    `\n!!! Cluster test SKIPPED: no nginx at ${nginxBinary} (apt-get install nginx). Set E2E_REQUIRED=1 to fail instead.\n\n`,
  );
  return false;
})();

describe.skipIf(!canRun)('a cluster: two instances behind nginx, one database, one object store', () => {
  const name = `shopdesk_c_${randomBytes(6).toString('hex')}`;
  let stateDir = '';
  let databaseUrl = '';
  let cluster: Cluster;

  beforeAll(async () => {
    stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-cluster-'));
    databaseUrl = await createDatabase(serverUrl as string, name, { fresh: true });
    cluster = await startCluster({
      stateDir,
      databaseUrl,
      jwtSecret: randomBytes(32).toString('hex'),
      env: {
        ADMIN_EMAIL: ownerEmail,
        ADMIN_PASSWORD: ownerPassword,
        SEED: 'none',
        LOG_LEVEL: 'warn',
        // As e2e/support/server.ts: parallel work may run its own builds.
        ...(process.env.E2E_ADMIN_DIST ? { ADMIN_DIST: process.env.E2E_ADMIN_DIST } : {}),
      },
      ...(process.env.E2E_API_ENTRY ? { entry: process.env.E2E_API_ENTRY } : {}),
    });
  });

  afterAll(async () => {
    await cluster?.stop();
    await dropDatabase(serverUrl as string, name);
    if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
  });

  it('signs in through nginx, which spreads requests over both instances', async () => {
    const token = await signIn(cluster.url, ownerEmail, ownerPassword);
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      const res = await fetch(`${cluster.url}/api/orders/get/count`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ orderCount: 0 });
      ids.push(res.headers.get('x-request-id') ?? '');
    }
    const log = await readAccessLogWith(cluster.nginx.files, ids);
    const served = new Set(log.filter((entry) => ids.includes(entry.id)).map((entry) => entry.upstream));
    for (const instance of cluster.instances) expect(served).toContain(instance.address);
  });

  it('answers with the X-Request-Id that nginx logs and the instance receives', async () => {
    const res = await fetch(`${cluster.url}/api/health`);
    const id = res.headers.get('x-request-id');
    expect(res.status).toBe(200);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const entry = (await readAccessLogWith(cluster.nginx.files, [id ?? ''])).find((line) => line.id === id);
    expect(entry?.uri).toBe('/api/health');
  });

  it('carries large bodies and answers through nginx (buffered on disk on the way)', async () => {
    const token = await signIn(cluster.url, ownerEmail, ownerPassword);
    // Random pixels do not compress: a PNG of about 3 MB, past nginx's 1 MB in-memory body buffer.
    const pixels = randomBytes(1000 * 1000 * 3);
    const png = await sharp(pixels, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(2_000_000);
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'noise.png');
    const upload = await fetch(`${cluster.url}/api/products/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    expect(await upload.json()).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/uploads\//)]);
    // The dashboard's script (over nginx's in-memory answer buffers), byte for byte as an instance sends it.
    const html = await (await fetch(`${cluster.url}/login`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const direct = Buffer.from(await (await fetch(`${cluster.instances[0]?.baseUrl}${script}`)).arrayBuffer());
    const proxied = await fetch(`${cluster.url}${script}`);
    expect(proxied.status).toBe(200);
    expect(Buffer.from(await proxied.arrayBuffer()).equals(direct)).toBe(true);
    expect(direct.length).toBeGreaterThan(64 * 1024);
  });

  it("answers what nginx refuses itself in the API's error shape", async () => {
    const longPath = await fetch(`${cluster.url}/api/${'a'.repeat(16_000)}`);
    expect(longPath.status).toBe(414);
    expect(await longPath.json()).toEqual({ error: true, msg: 'The request could not be understood' });
    // Over client_max_body_size by its Content-Length: refused before any byte of the body is read.
    const tooLarge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${cluster.url}/api/products/upload`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(200 * 1024 * 1024) },
      });
      request.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({ error: true, msg: 'The request body is too large' });
  });

  it('serves an image uploaded on instance 1 from instance 2 (object storage)', async () => {
    const token = await signIn(cluster.url, ownerEmail, ownerPassword);
    const check = await checkImageAcrossInstances(cluster, token);
    expect(check.uploadStatus).toBe(200);
    expect(check.url.startsWith(`${cluster.url}/uploads/`)).toBe(true);
    expect(check.fromOther.status).toBe(200);
    expect(check.fromOther.contentType).toMatch(/^image\//);
    expect(check.fromOther.bytes).toBeGreaterThan(0);
    expect(check.fromProxy.status).toBe(200);
  });

  it('refuses on instance 2 a session ended on instance 1, on the very next request', async () => {
    const check = await checkSessionEnd(cluster, ownerEmail, ownerPassword);
    expect(check.beforeOnOther).toBe(200);
    expect(check.logoutOnFirst).toBe(200);
    expect(check.afterOnOther).toEqual({ status: 401, body: { error: true, msg: 'Please sign in' } });
    expect(check.afterThroughProxy).toBe(401);
  });

  // Near the end: it kills instance 2.
  it.skipIf(!hasChromium)(
    'a dashboard on instance 2 hears of an order placed on instance 1 (LISTEN/NOTIFY): the alert and the bell',
    async () => {
      const [first, second] = cluster.instances;
      if (!first || !second) throw new Error('two instances expected');
      const token = await signIn(first.baseUrl, ownerEmail, ownerPassword);
      const category = await createCategory(first, token, 'Fan-out');
      const product = await createProduct(first, token, category, 'Brass Lamp', 700);
      const browser = await launchBrowser();
      try {
        const context = await browser.newContext({ baseURL: second.baseUrl });
        const page = await context.newPage();
        await signInThroughForm(page, ownerEmail, ownerPassword);
        const bell = page.getByRole('button', { name: /^Notifications:/ });
        await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/^Notifications: \d+ pending/);
        const before = Number(/(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
        // A product added on instance 1 shows on instance 2's open Product List: its stream is live.
        await page.goto('/products');
        await page.getByRole('heading', { name: 'Product List' }).waitFor();
        await createProduct(first, token, category, 'Copper Bowl', 450);
        await expect.poll(() => page.getByText('Copper Bowl').count(), { timeout: 10_000 }).toBeGreaterThan(0);
        const order = await call<{ id: string }>(first.baseUrl, 'POST', '/api/orders/create', {
          token,
          body: {
            paymentId: 'pay_fanout',
            name: 'Farah Khan',
            phoneNumber: '5550177',
            address: '9 Hill Road',
            pincode: '400001',
            email: 'farah@shop.test',
            userid: 'user-9',
            status: 'pending',
            products: [{ productId: product.id, productTitle: 'Brass Lamp', image: '', quantity: 1, price: 700 }],
          },
        });
        expect(order.status).toBe(201);
        await expectAlert(page, newOrderAlert('Farah Khan'), 'success');
        await expect
          .poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 })
          .toBe(`Notifications: ${before + 1} pending ${before + 1 === 1 ? 'order' : 'orders'}`);
      } finally {
        await browser.close();
      }
    },
  );

  it(`loses no acknowledged write and serves no unexplained error when an instance is SIGKILLed mid-load (${drillSeconds} s)`, async () => {
    const token = await signIn(cluster.url, ownerEmail, ownerPassword);
    const report: DrillReport = await runDrill(cluster, { seconds: drillSeconds, connections, token, databaseUrl });
    console.log(`cluster drill (${drillSeconds} s):\n${formatReport(report)}`);
    expect(cluster.instances[1]?.server.process.signalCode).toBe('SIGKILL');
    expect(report.killedAt).toBeGreaterThan(0);
    // A real load, writes among it, on both sides of the kill.
    expect(report.requests).toBeGreaterThan(200);
    expect(report.acknowledgedWrites).toBeGreaterThan(50);
    expect(report.lostWrites).toEqual([]);
    expect(report.unexplained).toEqual([]);
    // Only writes that were on the killed instance when it died may fail: at most one per client.
    expect(report.inFlightWritesCut.length).toBeLessThanOrEqual(connections);
    // nginx met the dead instance (requests in flight or new connections refused) and went on.
    expect(report.retried + report.inFlightWritesCut.length).toBeGreaterThan(0);
    // The survivor alone serves everything afterwards.
    for (let n = 0; n < 4; n += 1) {
      expect((await call(cluster.url, 'GET', '/api/products/get/count', { token })).status).toBe(200);
    }
  });

  it("answers 502 in the API's shape once no instance is left", async () => {
    const last = cluster.instances[0];
    last?.server.process.kill('SIGKILL');
    await last?.server.exited();
    const res = await call(cluster.url, 'GET', '/api/health');
    expect(res).toEqual({
      status: 502,
      body: { error: true, msg: 'The shop could not answer this request. Please try again.' },
    });
  });
});
