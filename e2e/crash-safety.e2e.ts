import { once } from 'node:events';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ownerToken, type RunningServer, startServer } from './support/server';

/**
 * Design.md's durability promise, proved the hard way: a burst of concurrent writes, the
 * production server SIGKILLed halfway through, a restart on the same database, and every
 * write that was answered 2xx still there, with the database consistent.
 */
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const ramCount = 300;
const subCategoryCount = 100;
const orderCount = 100;
const concurrency = 20;

type Job = { kind: 'ram' | 'sub' | 'order'; n: number };
type Record = { id: string };
type Order = Record & { amount: number; products: { productTitle: string; quantity: number }[] };

async function uploadImage(server: RunningServer, token: string): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'x.png');
  const res = await fetch(`${server.baseUrl}/api/category/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const [url] = (await res.json()) as string[];
  if (res.status !== 200 || !url) throw new Error(`upload failed: ${res.status}`);
  return url;
}

describe(`crash safety (${engine})`, () => {
  let first: RunningServer;
  let second: RunningServer | undefined;
  const acked = { ram: new Map<string, string>(), sub: new Map<string, string>(), order: new Map<string, number>() };
  let answered = 0;
  let failed = 0;
  const refused: string[] = [];
  let rootId = '';

  beforeAll(async () => {
    first = await startServer();
    const token = await ownerToken(first);
    const image = [await uploadImage(first, token)];
    const root = await api<Record>(
      first,
      'POST',
      '/api/category/create',
      { name: 'Root', slug: 'Root', color: '#000000', images: image },
      token,
    );
    if (root.status !== 201) throw new Error(`root category: ${root.status}`);
    rootId = root.body.id;
    const product = await api<Record>(
      first,
      'POST',
      '/api/products/create',
      {
        name: 'Cable',
        description: 'A cable',
        brand: 'Acme',
        price: 10,
        oldPrice: 12,
        category: rootId,
        countInStock: 1000,
        rating: 4,
        isFeatured: false,
        discount: 0,
        images: image,
      },
      token,
    );
    if (product.status !== 201) throw new Error(`product: ${product.status} ${JSON.stringify(product.body)}`);
    const productId = product.body.id;

    const jobs: Job[] = [];
    for (let n = 0; n < Math.max(ramCount, subCategoryCount, orderCount); n += 1) {
      if (n < ramCount) jobs.push({ kind: 'ram', n });
      if (n < subCategoryCount) jobs.push({ kind: 'sub', n });
      if (n < orderCount) jobs.push({ kind: 'order', n });
    }
    const total = jobs.length;
    const exited = once(first.process, 'exit');
    let killed = false;
    const send = async (job: Job) => {
      if (job.kind === 'ram') {
        const value = `crash-ram-${job.n}`;
        const res = await api<Record>(first, 'POST', '/api/productRAMS/create', { productRam: value }, token);
        if (res.status === 201) acked.ram.set(res.body.id, value);
        else refused.push(`ram ${res.status} ${JSON.stringify(res.body)}`);
      } else if (job.kind === 'sub') {
        const name = `crash-sub-${job.n}`;
        const res = await api<Record>(
          first,
          'POST',
          '/api/category/create',
          { name, slug: name, parentId: rootId },
          token,
        );
        if (res.status === 201) acked.sub.set(res.body.id, name);
        else refused.push(`sub ${res.status} ${JSON.stringify(res.body)}`);
      } else {
        // Two lines per order: a half-written order (one line, or none) would show after restart.
        const res = await api<Order>(
          first,
          'POST',
          '/api/orders/create',
          {
            paymentId: `pay_${job.n}`,
            name: `Crash ${job.n}`,
            phoneNumber: '5550100',
            address: '1 Road',
            pincode: '560001',
            email: 'crash@shop.test',
            userid: 'user-1',
            status: 'pending',
            products: [
              { productId, productTitle: `a-${job.n}`, image: image[0], quantity: 1, price: 10 },
              { productId, productTitle: `b-${job.n}`, image: image[0], quantity: job.n + 1, price: 10 },
            ],
          },
          token,
        );
        if (res.status === 201) acked.order.set(res.body.id, job.n);
        else refused.push(`order ${res.status} ${JSON.stringify(res.body)}`);
      }
    };
    let next = 0;
    const worker = async () => {
      while (!killed && next < jobs.length) {
        const job = jobs[next++] as Job;
        try {
          await send(job);
          answered += 1;
        } catch {
          failed += 1; // the connection died with the server: not acknowledged
        }
        if (!killed && answered >= total / 2) {
          killed = true;
          first.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    await exited;
    second = await startServer({}, { reuse: { dataDir: first.dataDir, databaseUrl: first.databaseUrl } });
  }, 120_000);

  afterAll(async () => {
    await second?.stop();
    if (first?.process.exitCode === null && first.process.signalCode === null) first.process.kill('SIGKILL');
    await first?.dropDatabase();
  });

  it('was killed mid-burst, with writes in flight', () => {
    // Every answer before the kill was a success: the burst itself is valid.
    expect(refused).toEqual([]);
    expect(first.process.signalCode).toBe('SIGKILL');
    expect(answered).toBeGreaterThan(0);
    expect(acked.ram.size + acked.sub.size + acked.order.size).toBe(answered);
    expect(Math.min(acked.ram.size, acked.sub.size, acked.order.size)).toBeGreaterThan(20);
    // Requests were still on the wire when the process died, so the kill really was mid-burst.
    expect(failed).toBeGreaterThan(0);
  });

  it('keeps every acknowledged option value after the restart', async () => {
    const server = second as RunningServer;
    const token = await ownerToken(server);
    const list = await api<(Record & { productRam: string })[]>(server, 'GET', '/api/productRAMS', undefined, token);
    expect(list.status).toBe(200);
    const stored = new Map(list.body.map((r) => [r.id, r.productRam]));
    for (const [id, value] of acked.ram) expect(stored.get(id), id).toBe(value);
    expect(new Set(list.body.map((r) => r.productRam)).size).toBe(list.body.length);
  });

  it('keeps every acknowledged sub category, and the count agrees with the list', async () => {
    const server = second as RunningServer;
    const token = await ownerToken(server);
    const list = await api<{ categoryList: (Record & { children: (Record & { name: string })[] })[] }>(
      server,
      'GET',
      '/api/category',
      undefined,
      token,
    );
    const root = list.body.categoryList.find((c) => c.id === rootId);
    const stored = new Map((root?.children ?? []).map((c) => [c.id, c.name]));
    for (const [id, name] of acked.sub) expect(stored.get(id), id).toBe(name);
    const count = await api<{ categoryCount: number }>(
      server,
      'GET',
      '/api/category/subCat/get/count',
      undefined,
      token,
    );
    expect(count.body.categoryCount).toBe(stored.size);
  });

  it('keeps every acknowledged order whole, and the count agrees with the list', async () => {
    const server = second as RunningServer;
    const token = await ownerToken(server);
    const list = await api<Order[]>(server, 'GET', '/api/orders', undefined, token);
    const stored = new Map(list.body.map((o) => [o.id, o]));
    for (const [id, n] of acked.order) {
      const order = stored.get(id);
      expect(
        order?.products.map((l) => [l.productTitle, l.quantity]),
        id,
      ).toEqual([
        [`a-${n}`, 1],
        [`b-${n}`, n + 1],
      ]);
      // The server prices lines from the catalogue (the product costs 10), not from the body.
      expect(order?.amount).toBe(10 * (1 + n + 1));
    }
    // No order survived without its lines, acknowledged or not.
    for (const order of list.body) expect(order.products).toHaveLength(2);
    const count = await api<{ orderCount: number }>(server, 'GET', '/api/orders/get/count', undefined, token);
    expect(count.body.orderCount).toBe(list.body.length);
  });

  it('adds up: total sales equal the sum of the stored orders', async () => {
    const server = second as RunningServer;
    const token = await ownerToken(server);
    const list = await api<Order[]>(server, 'GET', '/api/orders', undefined, token);
    const sales = await api<{ totalSales: number }>(server, 'GET', '/api/orders/sales', undefined, token);
    expect(sales.body.totalSales).toBe(list.body.reduce((sum, o) => sum + o.amount, 0));
  });

  it('leaves a consistent database file', async () => {
    const server = second as RunningServer;
    const token = await ownerToken(server);
    const orders = await api<{ orderCount: number }>(server, 'GET', '/api/orders/get/count', undefined, token);
    if (engine === 'SQLite') {
      const db = new SQLite(path.join(first.dataDir, 'shopdesk.sqlite'), { readonly: true, fileMustExist: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        expect(db.prepare('select count(*) as n from orders').get()).toEqual({ n: orders.body.orderCount });
      } finally {
        db.close();
      }
    } else {
      const client = new pg.Client({ connectionString: first.databaseUrl });
      await client.connect();
      try {
        const rows = await client.query('select count(*)::int as n from orders');
        expect(rows.rows[0]).toEqual({ n: orders.body.orderCount });
        const orphans = await client.query(
          'select count(*)::int as n from order_items i left join orders o on o.id = i.order_id where o.id is null',
        );
        expect(orphans.rows[0]).toEqual({ n: 0 });
      } finally {
        await client.end();
      }
    }
  });
});
