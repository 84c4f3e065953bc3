import type { ImportResult, Job, Product } from '@shopdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/create-db';
import { imagePath } from './catalogue-fixtures';
import { allProducts, csvRow, header, importCsv } from './import-helpers';
import { api, buildServerBundle, type ServerProcess, spawnServer } from './server-process';
import { createTestApp, engineName, ownerEmail, ownerPassword, signIn } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A server killed in the middle of an import (SIGKILL: no clean stop, its lease left to run out)
 * and started again: the job is taken up again, resumes from its last checkpoint and ends `done`,
 * and the catalogue is what an uninterrupted run makes: every row once, one log entry each.
 */

const rows = 12_000;
const csv = `${header}\n${Array.from({ length: rows }, (_, i) =>
  csvRow({
    name: `Crash product ${String(i).padStart(6, '0')}`,
    price: String(100 + i),
    category: 'Phones',
    subCategory: i % 3 === 0 ? 'Android' : '',
    productRam: i % 2 === 0 ? '8GB' : `${i % 7}GB`,
    images: imagePath(`p${i % 5}`),
  }),
).join('\n')}\n`;

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
beforeAll(async () => {
  bundle = await buildServerBundle();
});
afterAll(() => bundle?.remove());

function start(database: TestDatabase, leaseSeconds = '2'): Promise<ServerProcess> {
  return spawnServer(bundle.entry, {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ADMIN_EMAIL: ownerEmail,
    ADMIN_PASSWORD: ownerPassword,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    JOB_LEASE_SECONDS: leaseSeconds,
  });
}

async function token(server: ServerProcess): Promise<string> {
  const res = await api<{ token: string }>(server, 'POST', '/api/user/signin', {
    email: ownerEmail,
    password: ownerPassword,
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

async function job(server: ServerProcess, id: string, auth: string): Promise<Job> {
  const res = await api<Job>(server, 'GET', `/api/jobs/${id}`, undefined, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** What the catalogue holds, without what differs between two databases and servers (ids, dates, origins). */
const comparable = (products: readonly Product[]) =>
  products
    .map(({ id: _id, _id: _mongoId, catId: _catId, category, subCatId: _subCatId, dateCreated: _date, ...rest }) => ({
      ...rest,
      // Each server answers with its own origin before the stored path.
      images: rest.images.map((url) => new URL(url).pathname),
      category: category?.name,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

describe(`an import survives its server being killed (${engineName})`, () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    server?.process.kill('SIGKILL');
    await server?.exited();
    await database?.drop();
  });

  it('resumes on the next start from its last checkpoint and ends as an uninterrupted run', async () => {
    database = await createTestDatabase();
    server = await start(database);
    let auth = await token(server);
    for (const body of [
      {
        name: 'Phones',
        slug: 'phones',
        color: '#123456',
        images: [`${server.baseUrl}${imagePath('c', 'categories')}`],
      },
    ]) {
      const made = await api<{ id: string }>(server, 'POST', '/api/category/create', body, auth);
      expect(made.status).toBe(201);
      const sub = await api(server, 'POST', '/api/category/create', { name: 'Android', parentId: made.body.id }, auth);
      expect(sub.status).toBe(201);
    }
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
    const queued = await fetch(`${server.baseUrl}/api/products/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth}` },
      body: form,
    });
    expect(queued.status).toBe(202);
    const { jobId } = (await queued.json()) as { jobId: string };

    // Killed once some batches have committed and before the last.
    for (;;) {
      const now = await job(server, jobId, auth);
      expect(now.state, JSON.stringify(now.result)).not.toBe('done');
      if (now.progress.done >= 2000) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    server.process.kill('SIGKILL');
    expect((await server.exited()).signal).toBe('SIGKILL');

    server = await start(database);
    auth = await token(server);
    const afterKill = await job(server, jobId, auth);
    expect(afterKill.progress.done).toBeGreaterThan(0);
    expect(afterKill.progress.done).toBeLessThan(rows);
    let finished: Job;
    for (;;) {
      finished = await job(server, jobId, auth);
      if (finished.state === 'done' || finished.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(finished.state, JSON.stringify(finished.result)).toBe('done');
    expect(finished.progress).toEqual({ done: rows, total: rows });

    // The same file, uninterrupted, on a database of its own.
    const quiet = await createTestApp();
    try {
      const quietToken = await signIn(quiet);
      const phones = await quiet.request({
        method: 'POST',
        url: '/api/category/create',
        headers: { authorization: `Bearer ${quietToken}` },
        payload: {
          name: 'Phones',
          slug: 'phones',
          color: '#123456',
          images: [`http://localhost:80${imagePath('c', 'categories')}`],
        },
      });
      await quiet.request({
        method: 'POST',
        url: '/api/category/create',
        headers: { authorization: `Bearer ${quietToken}` },
        payload: { name: 'Android', parentId: phones.json().id },
      });
      const expected = await importCsv(quiet, quietToken, csv);
      expect(finished.result as ImportResult).toEqual(expected);
      expect(expected).toMatchObject({ rows, created: rows, failed: 0 });

      const resumed = await api<{ products: Product[] }>(server, 'GET', '/api/products?perPage=10000', undefined, auth);
      const second = await api<{ products: Product[] }>(
        server,
        'GET',
        '/api/products?perPage=10000&page=2',
        undefined,
        auth,
      );
      const killedRun = [...resumed.body.products, ...second.body.products];
      const quietRun = await allProducts(quiet, quietToken);
      const quietSecond = await quiet.request({
        method: 'GET',
        url: '/api/products?perPage=10000&page=2',
        headers: { authorization: `Bearer ${quietToken}` },
      });
      quietRun.push(...(quietSecond.json().products as Product[]));
      expect(killedRun).toHaveLength(rows);
      expect(comparable(killedRun)).toEqual(comparable(quietRun));
      const count = await api<{ productsCount: number }>(server, 'GET', '/api/products/get/count', undefined, auth);
      expect(count.body.productsCount).toBe(rows);
      // One import entry per product: the batch that was cut off left none behind.
      const handle = createDb({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
      try {
        const entries = (entity: 'product' | 'productRAMS') =>
          handle.db
            .selectFrom('activity')
            .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('entity_id').distinct().as('ids')])
            .where('action', '=', 'import')
            .where('entity', '=', entity)
            .executeTakeFirstOrThrow();
        const products = await entries('product');
        expect({ n: Number(products.n), ids: Number(products.ids) }).toEqual({ n: rows, ids: rows });
        // And one per option value the file made (eight RAM values), none twice.
        const made = await entries('productRAMS');
        expect({ n: Number(made.n), ids: Number(made.ids) }).toEqual({ n: 8, ids: 8 });
      } finally {
        await handle.close();
      }
      const values = async (list: unknown) =>
        (list as Array<{ productRam: string }>).map((option) => option.productRam).sort();
      const options = await api<unknown[]>(server, 'GET', '/api/productRAMS', undefined, auth);
      const quietOptions = await quiet.request({
        method: 'GET',
        url: '/api/productRAMS',
        headers: { authorization: `Bearer ${quietToken}` },
      });
      expect(await values(options.body)).toEqual(await values(quietOptions.json()));
      expect(await values(options.body)).toHaveLength(8);
    } finally {
      await quiet.close();
    }
  }, 180_000);
  it('a clean stop (SIGTERM) mid-import exits 0 and gives the job back: the next start resumes it at once', async () => {
    const other = await createTestDatabase();
    // A lease far longer than the test: only a job given back on stop is taken up again in time.
    let running = await start(other, '600');
    try {
      let auth = await token(running);
      const made = await api<{ id: string }>(
        running,
        'POST',
        '/api/category/create',
        {
          name: 'Phones',
          slug: 'phones',
          color: '#123456',
          images: [`${running.baseUrl}${imagePath('c', 'categories')}`],
        },
        auth,
      );
      await api(running, 'POST', '/api/category/create', { name: 'Android', parentId: made.body.id }, auth);
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
      const queued = await fetch(`${running.baseUrl}/api/products/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${auth}` },
        body: form,
      });
      const { jobId } = (await queued.json()) as { jobId: string };
      for (;;) {
        const now = await job(running, jobId, auth);
        expect(now.state).not.toBe('done');
        if (now.progress.done >= 1000) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      running.process.kill('SIGTERM');
      const exit = await running.exited();
      expect(exit, running.output()).toEqual({ code: 0, signal: null });

      running = await start(other, '600');
      auth = await token(running);
      const deadline = Date.now() + 60_000;
      let finished: Job;
      for (;;) {
        finished = await job(running, jobId, auth);
        if (finished.state === 'done' || finished.state === 'failed' || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(finished.state, JSON.stringify(finished)).toBe('done');
      expect(finished.result).toMatchObject({ rows, created: rows, failed: 0 });
      const count = await api<{ productsCount: number }>(running, 'GET', '/api/products/get/count', undefined, auth);
      expect(count.body.productsCount).toBe(rows);
    } finally {
      running.process.kill('SIGKILL');
      await running.exited();
      await other.drop();
    }
  }, 180_000);
});
