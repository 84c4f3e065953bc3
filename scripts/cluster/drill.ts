import pg from 'pg';
import { call, uploadImage } from './checks';
import { type AccessLogEntry, readAccessLog } from './nginx';
import type { Cluster } from './start';

/**
 * The failover drill: mixed reads and writes through nginx for `seconds`, one instance
 * SIGKILLed part-way, then the proof. Every write answered 2xx must be in the database; every
 * answer that is not 2xx must be one nginx could not retry by design: a POST that was already
 * on the killed instance when it died (nginx never sends a POST twice). nginx's access log
 * (deploy/nginx.conf's JSON lines, joined on X-Request-Id) says where each request went.
 */

export interface DrillOptions {
  seconds: number;
  /** Clients sending requests at once. */
  connections: number;
  /** When the instance is killed, as a fraction of the run. */
  killAt?: number;
  /** Which instance dies (index into cluster.instances). */
  victim?: number;
}

export interface RequestRecord {
  kind: string;
  method: string;
  path: string;
  /** 0: no HTTP answer at all (connection error or timeout) */
  status: number;
  id: string | null;
  started: number;
  error?: string;
  /** A create's unique tag (paymentId `pay_<tag>` or name `Drill <tag>`), to find it in the database. */
  tag?: string;
}

export interface DrillReport {
  seconds: number;
  connections: number;
  requests: number;
  byStatus: Record<string, number>;
  /** ms after the start of the load when the killed instance was seen gone */
  killedAt: number;
  killedAddress: string;
  acknowledgedWrites: number;
  /** Acknowledged writes the database does not hold (ids, or id + expected status). */
  lostWrites: string[];
  /** Requests nginx tried on the killed instance and then answered from another. */
  retried: number;
  /** 502s for POSTs in flight on the killed instance: not resent, by design. */
  inFlightWritesCut: RequestRecord[];
  /** How many of those the database holds anyway (committed just before the process died). */
  cutWritesStored: number;
  /** Everything else that was not 2xx. Must be empty. */
  unexplained: Array<RequestRecord & { log?: AccessLogEntry }>;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

interface Workload {
  token: string;
  categoryId: string;
  productId: string;
  image: string;
}

/** A category, an image and a product for the writes to refer to (through nginx). */
async function prepare(cluster: Cluster, token: string): Promise<Workload> {
  const image = await uploadImage(cluster.url, token);
  if (image.status !== 200) throw new Error(`drill upload: ${image.status}`);
  const name = `Drill ${Date.now().toString(36)}`;
  const category = await call<{ id: string }>(cluster.url, 'POST', '/api/category/create', {
    token,
    body: { name, slug: name, color: '#336699', images: [image.url] },
  });
  if (category.status !== 201) throw new Error(`drill category: ${category.status} ${JSON.stringify(category.body)}`);
  const product = await call<{ id: string }>(cluster.url, 'POST', '/api/products/create', {
    token,
    body: productBody(`${name} cable`, category.body.id, image.url),
  });
  if (product.status !== 201) throw new Error(`drill product: ${product.status} ${JSON.stringify(product.body)}`);
  return { token, categoryId: category.body.id, productId: product.body.id, image: image.url };
}

function productBody(name: string, category: string, image: string) {
  return {
    name,
    description: 'Made by the cluster drill',
    brand: 'Drill',
    price: 10,
    oldPrice: 12,
    category,
    countInStock: 100,
    rating: 4,
    isFeatured: false,
    discount: 0,
    images: [image],
  };
}

function orderBody(work: Workload, tag: string, status: string) {
  return {
    paymentId: `pay_${tag}`,
    name: `Drill ${tag}`,
    phoneNumber: '5550100',
    address: '1 Road',
    pincode: '560001',
    email: 'drill@shop.test',
    userid: 'drill',
    status,
    products: [{ productId: work.productId, productTitle: 'Drill cable', image: work.image, quantity: 2 }],
  };
}

export async function runDrill(
  cluster: Cluster,
  options: DrillOptions & { token: string; databaseUrl: string },
): Promise<DrillReport> {
  const victim = cluster.instances[options.victim ?? 1];
  if (!victim) throw new Error('no instance to kill');
  const work = await prepare(cluster, options.token);
  const records: RequestRecord[] = [];
  const ackedOrders = new Set<string>();
  const ackedProducts = new Set<string>();
  // Per order: each status update sent, in order, and whether it was acknowledged.
  const updates = new Map<string, { status: string; acked: boolean }[]>();
  const start = Date.now();
  const deadline = start + options.seconds * 1000;
  let sequence = 0;

  const send = async (kind: string, method: string, path: string, body?: unknown, tag?: string) => {
    const record: RequestRecord = {
      kind,
      method,
      path,
      status: 0,
      id: null,
      started: Date.now(),
      ...(tag ? { tag } : {}),
    };
    records.push(record);
    try {
      const res = await fetch(cluster.url + path, {
        method,
        headers: {
          authorization: `Bearer ${work.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      record.status = res.status;
      record.id = res.headers.get('x-request-id');
      const text = await res.text();
      return res.ok ? (JSON.parse(text) as { id?: string }) : undefined;
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      return undefined;
    }
  };

  const client = async () => {
    let ownOrder: string | undefined;
    const statuses = ['pending', 'confirm', 'delivered'] as const;
    while (Date.now() < deadline) {
      const roll = Math.random();
      sequence += 1;
      const tag = `${process.pid}_${start}_${sequence}`;
      if (roll < 0.3) {
        await send('read', 'GET', `/api/products?page=${pick([1, 2, 3, 4])}&perPage=20`);
      } else if (roll < 0.45) {
        await send('read', 'GET', '/api/orders?page=1&perPage=20');
      } else if (roll < 0.55) {
        await send('read', 'GET', pick(['/api/products/get/count', '/api/category', '/api/orders/get/count']));
      } else if (roll < 0.75) {
        const order = await send('write', 'POST', '/api/orders/create', orderBody(work, tag, 'pending'), tag);
        if (order?.id) {
          ackedOrders.add(order.id);
          ownOrder = order.id;
        }
      } else if (roll < 0.88) {
        const product = await send(
          'write',
          'POST',
          '/api/products/create',
          productBody(`Drill ${tag}`, work.categoryId, work.image),
          tag,
        );
        if (product?.id) ackedProducts.add(product.id);
      } else if (ownOrder) {
        const status = pick(statuses);
        const updated = await send('write', 'PUT', `/api/orders/${ownOrder}`, orderBody(work, tag, status));
        const list = updates.get(ownOrder) ?? [];
        list.push({ status, acked: updated?.id === ownOrder });
        updates.set(ownOrder, list);
      }
    }
  };

  let killedAt = 0;
  const killer = (async () => {
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000 * (options.killAt ?? 0.4)));
    victim.server.process.kill('SIGKILL');
    await victim.server.exited();
    killedAt = Date.now() - start;
  })();
  await Promise.all([...Array.from({ length: options.connections }, client), killer]);

  const lostWrites = await findLostWrites(options.databaseUrl, ackedOrders, ackedProducts, updates);
  // nginx writes a log line once a request is done; all are done by now.
  const log = new Map(readAccessLog(cluster.nginx.files).map((entry) => [entry.id, entry]));
  const byStatus: Record<string, number> = {};
  const inFlightWritesCut: RequestRecord[] = [];
  const unexplained: DrillReport['unexplained'] = [];
  for (const record of records) {
    byStatus[record.status] = (byStatus[record.status] ?? 0) + 1;
    if (record.status >= 200 && record.status < 300) continue;
    const entry = record.id ? log.get(record.id) : undefined;
    const cutOnVictim =
      record.status === 502 &&
      record.method === 'POST' &&
      entry?.upstream === victim.address &&
      record.started - start <= killedAt;
    if (cutOnVictim) inFlightWritesCut.push(record);
    else unexplained.push({ ...record, ...(entry ? { log: entry } : {}) });
  }
  const cutWritesStored = await countStored(options.databaseUrl, inFlightWritesCut);
  const retried = [...log.values()].filter(
    (entry) => entry.upstream.startsWith(`${victim.address}, `) && entry.status < 300,
  ).length;
  return {
    seconds: options.seconds,
    connections: options.connections,
    requests: records.length,
    byStatus,
    killedAt,
    killedAddress: victim.address,
    acknowledgedWrites:
      ackedOrders.size + ackedProducts.size + [...updates.values()].flat().filter((update) => update.acked).length,
    lostWrites,
    retried,
    inFlightWritesCut,
    cutWritesStored,
    unexplained,
  };
}

/** Creates that got no answer but were committed: the client cannot tell, and must not assume either. */
async function countStored(databaseUrl: string, cut: RequestRecord[]): Promise<number> {
  const tags = (path: string) => cut.filter((r) => r.path === path && r.tag).map((r) => r.tag as string);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const orders = await db.query('select 1 from orders where payment_id = any($1::text[])', [
      tags('/api/orders/create').map((tag) => `pay_${tag}`),
    ]);
    const products = await db.query('select 1 from products where name = any($1::text[])', [
      tags('/api/products/create').map((tag) => `Drill ${tag}`),
    ]);
    return (orders.rowCount ?? 0) + (products.rowCount ?? 0);
  } finally {
    await db.end();
  }
}

/** Reads the acknowledged writes back from PostgreSQL itself, not through an instance. */
async function findLostWrites(
  databaseUrl: string,
  orders: Set<string>,
  products: Set<string>,
  updates: Map<string, { status: string; acked: boolean }[]>,
): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const storedOrders = await db.query<{ id: string; status: string }>(
      'select id, status from orders where id = any($1::text[])',
      [[...orders]],
    );
    const storedProducts = await db.query<{ id: string }>('select id from products where id = any($1::text[])', [
      [...products],
    ]);
    const status = new Map(storedOrders.rows.map((row) => [row.id, row.status]));
    const productIds = new Set(storedProducts.rows.map((row) => row.id));
    const lost = [
      ...[...orders].filter((id) => !status.has(id)).map((id) => `order ${id}`),
      ...[...products].filter((id) => !productIds.has(id)).map((id) => `product ${id}`),
    ];
    // An order whose last status update was acknowledged holds that status. (After an update
    // that got no answer, either status may be stored: it was never acknowledged.)
    for (const [id, list] of updates) {
      const last = list.at(-1);
      if (last?.acked && status.get(id) !== last.status) {
        lost.push(`order ${id} status ${last.status} (stored: ${status.get(id)})`);
      }
    }
    return lost;
  } finally {
    await db.end();
  }
}

export function formatReport(report: DrillReport): string {
  const statuses = Object.entries(report.byStatus)
    .map(([status, count]) => `${status === '0' ? 'no answer' : status}: ${count}`)
    .join(', ');
  return [
    `requests: ${report.requests} in ${report.seconds} s over ${report.connections} connections (${statuses})`,
    `instance ${report.killedAddress} SIGKILLed at ${(report.killedAt / 1000).toFixed(1)} s`,
    `retried by nginx on the surviving instance: ${report.retried}`,
    `writes in flight on the killed instance, answered 502 (not resent, by design): ${report.inFlightWritesCut.length}` +
      ` (${report.cutWritesStored} of them committed before it died)`,
    `errors beyond those: ${report.unexplained.length}`,
    `acknowledged writes: ${report.acknowledgedWrites}, lost: ${report.lostWrites.length}`,
    ...report.unexplained
      .slice(0, 10)
      .map((r) => `  unexplained: ${r.method} ${r.path} -> ${r.status} ${r.error ?? ''}`),
    ...report.lostWrites.slice(0, 10).map((lost) => `  lost: ${lost}`),
  ].join('\n');
}
