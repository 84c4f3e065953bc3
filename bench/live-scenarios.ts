import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Context } from './context';
import { quantile } from './load';
import { ms, type Row } from './report';
import { benchOwner, type Running, startServer } from './servers';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const database = 'shopdesk_bench_live';
const orders = 100;
/** An order whose event has not come this long after its answer counts as missing. */
const giveUpMs = 5000;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An empty shop of its own: the orders made here must not change the large store's counts. */
async function freshStore(engine: Context['engine']): Promise<Record<string, string>> {
  const dataDir = path.join(root, 'bench/.data', `live-${engine}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (engine === 'postgres') {
    await adminQuery(`drop database if exists ${database} with (force)`);
    await adminQuery(`create database ${database}`);
    env.DATABASE_URL = `${adminUrl}/${database}`;
  }
  return env;
}

async function call<T>(server: Running, method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/**
 * `GET /api/events` read as the dashboard reads it (fetch, bearer header): the arrival time of
 * every `order.created`, by order id. Resolves once the stream's answer has begun.
 */
async function listen(server: Running, token: string, stop: AbortSignal) {
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const res = await fetch(`${server.baseUrl}/api/events`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal: stop,
  });
  if (!res.ok || !res.body) throw new Error(`GET /api/events answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      const now = performance.now();
      buffer += value.replace(/\r\n?/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: ?(.*)$/m.exec(frame)?.[1];
        const data = /^data: ?(.*)$/m.exec(frame)?.[1];
        if (event !== 'order.created' || data === undefined) continue;
        const id = (JSON.parse(data) as { id: string }).id;
        if (!arrivals.has(id)) arrivals.set(id, now);
        waiting.get(id)?.();
      }
    }
  })();
  /** Resolves when the order's event has come, or after `giveUpMs`. */
  const arrival = (id: string) =>
    new Promise<number | undefined>((resolve) => {
      if (arrivals.has(id)) return resolve(arrivals.get(id));
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(undefined);
      }, giveUpMs);
      waiting.set(id, () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(arrivals.get(id));
      });
    });
  return { arrival, reading };
}

/**
 * Issue 20's fan-out budget (api.md §14): 100 orders created one at a time on instance A
 * (`POST /api/orders/create`) while a client reads instance B's `GET /api/events`, as the
 * dashboard does; per order, the time from A's answer to the `order.created` on B's stream.
 * PostgreSQL: two server processes on one database (LISTEN/NOTIFY between them). SQLite, which
 * one process serves: the same on that one instance (its in-process bus). A shop of its own.
 */
export async function liveScenarios(c: Context): Promise<Row[]> {
  const env = await freshStore(c.engine);
  const a = await startServer(env);
  const b = c.engine === 'postgres' ? await startServer(env) : a;
  const stop = new AbortController();
  try {
    const { token } = await call<{ token: string }>(a, 'POST', '/api/user/signin', null, {
      ...benchOwner,
      isAdmin: true,
    });
    const image = (name: string, folder: string) => `${a.baseUrl}/uploads/${folder}/${name.repeat(24)}.png`;
    const category = await call<{ id: string }>(a, 'POST', '/api/category/create', token, {
      name: 'Live',
      slug: 'Live',
      color: '#2e7d32',
      images: [image('a', 'categories')],
    });
    const product = await call<{ id: string }>(a, 'POST', '/api/products/create', token, {
      name: 'Live Kettle',
      description: 'A kettle for the fan-out bench',
      brand: 'Bench',
      price: 1200,
      oldPrice: 1500,
      category: category.id,
      countInStock: 1_000_000,
      rating: 4,
      isFeatured: false,
      discount: 0,
      images: [image('b', 'products')],
    });

    const stream = await listen(b, token, stop.signal);
    // The stream is open once its answer began; a moment more for the listener to be registered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const where = a === b ? 'one instance' : 'instance A → instance B';
    c.log(`live: ${orders} orders on ${where}, each waited for on the event stream...`);
    const latencies: number[] = [];
    const fromRequest: number[] = [];
    let missing = 0;
    let early = 0;
    for (let i = 0; i < orders; i += 1) {
      const sent = performance.now();
      const order = await call<{ id: string }>(a, 'POST', '/api/orders/create', token, {
        paymentId: `pay_live_${i}`,
        name: `Live Customer ${i}`,
        phoneNumber: '5550102',
        address: '2 Lake Road',
        pincode: '682001',
        email: `live${i}@shop.test`,
        userid: `user-${i}`,
        products: [{ productId: product.id, productTitle: 'Live Kettle', image: image('b', 'products'), quantity: 1 }],
      });
      const answered = performance.now();
      const arrived = await stream.arrival(order.id);
      if (arrived === undefined) {
        missing += 1;
        continue;
      }
      // The event is sent on commit, and may come before the answer does: no wait, counted as 0.
      if (arrived < answered) early += 1;
      latencies.push(Math.max(0, arrived - answered));
      fromRequest.push(arrived - sent);
    }
    const sorted = [...latencies].sort((x, y) => x - y);
    const p50 = quantile(sorted, 0.5);
    const p95 = quantile(sorted, 0.95);
    const max = sorted.at(-1) ?? Number.NaN;
    const whole = [...fromRequest].sort((x, y) => x - y);
    const requestP50 = quantile(whole, 0.5);
    const requestP95 = quantile(whole, 0.95);
    c.log(
      `live: after the answer p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)} (${early} before it); ` +
        `after the request p50 ${ms(requestP50)}, p95 ${ms(requestP95)}; ${missing} missing`,
    );
    return [
      {
        scenario: `live: order created → order.created on the stream, ${orders} orders (${where})`,
        figure: `p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)} (${early} came before the answer); ${missing} missing`,
        budget: 'p95 ≤ 1000 ms, 0 missing',
        pass: missing === 0 && latencies.length === orders && p95 <= 1000,
        data: {
          orders,
          instances: a === b ? 1 : 2,
          p50,
          p95,
          max,
          missing,
          beforeTheAnswer: early,
          fromTheRequest: { p50: requestP50, p95: requestP95, max: whole.at(-1) },
          latencies,
        },
      },
    ];
  } finally {
    stop.abort();
    if (b !== a) await b.stop();
    await a.stop();
    fs.rmSync(env.DATA_DIR ?? '', { recursive: true, force: true });
    if (env.DATABASE_URL) await adminQuery(`drop database if exists ${database} with (force)`);
  }
}
