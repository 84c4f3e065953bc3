/**
 * Mixed load on the demo store (issue 9, item 8). Not part of `npm test`.
 *
 *   npx tsx scripts/load.ts [--seconds N] [--connections N]     (npm run test:load)
 *
 * The production build (built first if apps/*\/dist is missing) with SEED=demo on a fresh
 * database (SQLite, or PostgreSQL when DATABASE_URL is set), then N seconds (default 60) of
 * autocannon at 100 connections: 80 % reads (product pages, products of a category, search,
 * category list, counts, orders page), 20 % writes (order status update by PUT of the full
 * order, option value create with a unique value). Passes with 0 connection errors, 0
 * timeouts and every answer 2xx; prints p50/p99 latency and requests per second.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { numberOption } from './cluster/prerequisites';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const seconds = numberOption('seconds', 60);
const connections = numberOption('connections', 100);

let passed = 0;
let failed = 0;
function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

interface OrderJson {
  id: string;
  paymentId: string;
  name: string;
  phoneNumber: string;
  address: string;
  pincode: string;
  email: string;
  userid: string;
  status: string;
  products: Array<{ productId: string; productTitle: string; image: string; quantity: number; price: number }>;
}

async function main(): Promise<void> {
  if (
    !fs.existsSync(path.join(root, 'apps/api/dist/server.js')) ||
    !fs.existsSync(path.join(root, 'apps/admin/dist'))
  ) {
    console.log('== building (apps/*/dist missing)');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const { startServer, api, ownerToken } = await import('../e2e/support/server');
  console.log(`== starting Shopdesk with the demo store (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`);
  const server = await startServer({ SEED: 'demo' });
  try {
    const token = await ownerToken(server);
    const auth = { authorization: `Bearer ${token}` };
    const json = () => ({ ...auth, 'content-type': 'application/json' });

    // What the demo store holds: page counts, category ids, search words, orders.
    const products = await api<{ totalPages: number; totalCount: number; products: Array<{ name: string }> }>(
      server,
      'GET',
      '/api/products?page=1&perPage=20',
      undefined,
      token,
    );
    const categories = await api<{ categoryList: Array<{ id: string }> }>(
      server,
      'GET',
      '/api/category',
      undefined,
      token,
    );
    const orderPage = await api<{ orders: OrderJson[]; totalPages: number }>(
      server,
      'GET',
      '/api/orders?page=1&perPage=100',
      undefined,
      token,
    );
    const productPages = Math.max(1, products.body.totalPages);
    const orderPages = Math.max(1, orderPage.body.totalPages);
    const catIds = categories.body.categoryList.map((c) => c.id);
    const words = [
      ...new Set(products.body.products.flatMap((p) => p.name.split(/\W+/).filter((w) => w.length >= 3))),
    ].slice(0, 30);
    const orders = orderPage.body.orders;
    console.log(
      `   ${products.body.totalCount} products (${productPages} pages of 20), ${catIds.length} categories, ` +
        `${orders.length} orders to update, ${words.length} search words`,
    );
    const arranged = products.status === 200 && catIds.length > 0 && orders.length > 0 && words.length > 0;
    check('the demo store has products, categories and orders', arranged);
    if (!arranged) return;

    let unique = 0;
    const runId = Date.now().toString(36);
    const statuses = ['pending', 'confirm', 'delivered'];
    const reads: Array<() => string> = [
      () => `/api/products?page=${1 + Math.floor(Math.random() * productPages)}&perPage=20`,
      () => `/api/products/catId?catId=${encodeURIComponent(pick(catIds))}&page=1&perPage=20`,
      () => `/api/search?q=${encodeURIComponent(pick(words))}`,
      () => '/api/category',
      () => pick(['/api/products/get/count', '/api/orders/get/count', '/api/category/get/count']),
      () => `/api/orders?page=${1 + Math.floor(Math.random() * orderPages)}&perPage=20`,
    ];
    type Kind = 'read' | 'order-update' | 'option-create';
    const byKind: Record<Kind, Record<string, number>> = { read: {}, 'order-update': {}, 'option-create': {} };
    const wrong: string[] = [];

    console.log(`== ${seconds} s at ${connections} connections, 80 % reads / 20 % writes`);
    const result = await autocannon({
      url: server.baseUrl,
      connections,
      duration: seconds,
      timeout: 10,
      requests: [
        {
          setupRequest: (request: autocannon.Request, context: Record<string, unknown>) => {
            const roll = Math.random();
            if (roll < 0.8) {
              context.kind = 'read';
              context.path = pick(reads)();
              return { ...request, method: 'GET', path: context.path as string, headers: { ...auth }, body: undefined };
            }
            if (roll < 0.9) {
              const order = pick(orders);
              const body = {
                paymentId: order.paymentId,
                name: order.name,
                phoneNumber: order.phoneNumber,
                address: order.address,
                pincode: order.pincode,
                email: order.email,
                userid: order.userid,
                status: pick(statuses),
                products: order.products.map((line) => ({
                  productId: line.productId,
                  productTitle: line.productTitle,
                  image: line.image,
                  quantity: line.quantity,
                  price: line.price,
                })),
              };
              context.kind = 'order-update';
              context.path = `/api/orders/${order.id}`;
              return {
                ...request,
                method: 'PUT',
                path: `/api/orders/${order.id}`,
                headers: json(),
                body: JSON.stringify(body),
              };
            }
            context.kind = 'option-create';
            context.path = '/api/productRAMS/create';
            return {
              ...request,
              method: 'POST',
              path: '/api/productRAMS/create',
              headers: json(),
              body: JSON.stringify({ productRam: `L${runId}-${++unique}` }),
            };
          },
          onResponse: (status: number, body: string, context: Record<string, unknown>) => {
            const kind = (context.kind ?? 'read') as Kind;
            byKind[kind][status] = (byKind[kind][status] ?? 0) + 1;
            if ((status < 200 || status > 299) && wrong.length < 5)
              wrong.push(`${kind} ${context.path} ${status} ${body.slice(0, 160)}`);
          },
        },
      ],
    });

    const total = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
    console.log(
      `   ${total} answers, ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    for (const [kind, counts] of Object.entries(byKind)) console.log(`   ${kind}: ${JSON.stringify(counts)}`);
    for (const line of wrong) console.log(`   e.g. ${line}`);
    check('requests were answered', total > 0, `${total}`);
    check('0 connection errors', result.errors === 0, `${result.errors}`);
    check('0 timeouts', result.timeouts === 0, `${result.timeouts}`);
    check('0 5xx answers', result['5xx'] === 0, `${result['5xx']}`);
    check('0 non-2xx answers', result.non2xx === 0, `${result.non2xx}`);
    const writes = Object.values(byKind['order-update']).reduce((a, b) => a + b, 0);
    const creates = Object.values(byKind['option-create']).reduce((a, b) => a + b, 0);
    check(
      'writes were part of the mix',
      writes > 0 && creates > 0,
      `${writes} order updates, ${creates} option creates`,
    );
    const after = await api<unknown[]>(server, 'GET', '/api/productRAMS', undefined, token);
    const made = Array.isArray(after.body)
      ? after.body.filter((v) => String((v as { productRam?: unknown }).productRam).startsWith(`L${runId}-`)).length
      : -1;
    const created = byKind['option-create'][201] ?? 0;
    // Requests still in flight when the run ends are not counted by autocannon but may be stored.
    check(
      'every acknowledged option value create is stored, nothing invented',
      made >= created && made <= unique,
      `${made} stored, ${created} answered 201, ${unique} sent`,
    );
    check('Shopdesk still healthy', (await fetch(`${server.baseUrl}/api/health`)).status === 200);
  } finally {
    if (failed) console.log(`\n-- Shopdesk output (last 2000 chars) --\n${server.output().slice(-2000)}`);
    await server.stop();
  }
}

main()
  .catch((error) => {
    failed++;
    console.error('FAIL  the load run itself failed:', error);
  })
  .finally(() => {
    console.log(`\nload: ${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
