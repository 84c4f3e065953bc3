import { call, uploadImage } from './checks';
import { countStored, type DrillReport, findLostWrites, type RequestRecord } from './drill-report';
import { readAccessLogWith } from './nginx';
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

/**
 * nginx learns that an instance died from its own connections, not from our exit event: a POST
 * it put on a reused connection to the instance within this long of the exit still counts as
 * in flight there. (Once nginx has seen one failure it sends nothing to the instance for 10 s,
 * and a later try is a refused connection, which it retries.)
 */
const noticeMs = 2_000;

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
  const answered = records.flatMap((record) => (record.id ? [record.id] : []));
  const log = new Map((await readAccessLogWith(cluster.nginx.files, answered)).map((entry) => [entry.id, entry]));
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
      record.started - start <= killedAt + noticeMs;
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
