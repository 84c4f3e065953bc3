import { activityScenarios } from './activity-scenarios';
import { bulkScenarios } from './bulk-scenarios';
import type { Context } from './context';
import { exportScenarios } from './export-scenarios';
import { importScenarios } from './import-scenarios';
import { liveScenarios } from './live-scenarios';
import { type LoadResult, load, oneClient, request } from './load';
import { orderUpdates } from './order-updates';
import { int, ms, type Row } from './report';
import { trashScenarios } from './trash-scenarios';

/** Common, rare, prefix and no-match words, over the seed's catalogue vocabulary. */
export const searchTerms = [
  'pro',
  'phone',
  'samsung laptop',
  'cookies',
  'xiaomi foldable 17',
  'biba palazzo 42',
  'sam',
  'lap',
  'ch',
  'zzyzx',
  'quixotic widget',
];

export const scenarioGroups = [
  'products',
  'search',
  'orders',
  'single',
  'activity',
  'trash',
  'export',
  'bulk',
  'import',
  'live',
] as const;

/** Groups that make a shop of their own: run alone (`--only`), the large store is not needed. */
export const ownStoreGroups: readonly string[] = ['import', 'live'];

const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

export async function apiScenarios(c: Context): Promise<Row[]> {
  const headers = { authorization: `Bearer ${c.token}` };
  const rows: Row[] = [];
  const base = { seconds: c.seconds, warmupSeconds: 3, headers };
  const ratio = (r: LoadResult, of: LoadResult) => r.rps / of.rps;
  const cycle = <T>(items: T[]) => {
    let i = 0;
    return () => items[i++ % items.length] as T;
  };

  c.log('control...');
  const control = await load({ ...base, url: `${c.control.baseUrl}/api/products?page=1&perPage=25` });
  rows.push({
    scenario: 'control: bare Fastify, fixed body of the page size (50 conn.)',
    figure: `${int(control.rps)} req/s, p99 ${ms(control.p99)}`,
    budget: 'the ceiling',
    pass: control.failures === 0,
    data: { ...control },
  });

  const throughputRow = (scenario: string, r: LoadResult, share: number, p99: number): Row => ({
    scenario,
    figure: `${int(r.rps)} req/s = ${(ratio(r, control) * 100).toFixed(0)}% of control, p99 ${ms(r.p99)}`,
    budget: `≥ ${share * 100}% of control, p99 ≤ ${p99 * c.latency} ms`,
    pass: r.failures === 0 && ratio(r, control) >= share && r.p99 <= p99 * c.latency,
    data: { ...r, ratio: ratio(r, control) },
  });

  const runs = (group: (typeof scenarioGroups)[number]) => !c.only?.length || c.only.includes(group);

  if (runs('products')) {
    c.log('products, first page...');
    const first = await load({ ...base, url: `${c.server.baseUrl}/api/products?page=1&perPage=25` });
    rows.push(throughputRow('product list, first page (25 rows, 50 conn.)', first, 0.3, 25));

    const meta = JSON.parse(
      (await request(`${c.server.baseUrl}/api/products?page=1&perPage=25`, { headers })).body,
    ) as {
      totalPages: number;
    };
    c.log(`products, any of ${meta.totalPages} pages...`);
    const any = await load({
      ...base,
      url: c.server.baseUrl,
      next: () => ({ path: `/api/products?page=${1 + Math.floor(Math.random() * meta.totalPages)}&perPage=25` }),
    });
    rows.push(throughputRow(`product list, any of ${int(meta.totalPages)} pages (uniform, 50 conn.)`, any, 0.15, 25));
  }

  const term = cycle(searchTerms);
  const searchPath = () => `/api/search?q=${encodeURIComponent(term())}&page=1&perPage=25`;
  if (runs('search')) {
    c.log('search under load...');
    const search = await load({ ...base, url: c.server.baseUrl, next: () => ({ path: searchPath() }) });
    rows.push({
      scenario: 'search, mixed terms (50 conn.)',
      figure: `p99 ${ms(search.p99)}, ${int(search.rps)} req/s`,
      budget: `p99 ≤ ${50 * c.latency} ms`,
      pass: search.failures === 0 && search.p99 <= 50 * c.latency,
      data: { ...search },
    });
    const searchOne = await oneClient(() => `${c.server.baseUrl}${searchPath()}`, headers, 220);
    rows.push({
      scenario: 'search, mixed terms (one client)',
      figure: `p95 ${ms(searchOne.p95)}, median ${ms(searchOne.median)}`,
      budget: `p95 ≤ ${15 * c.latency} ms`,
      pass: searchOne.failures === 0 && searchOne.p95 <= 15 * c.latency,
      data: { ...searchOne },
    });
  }

  if (runs('orders')) {
    c.log('order status updates...');
    rows.push(await orderUpdates(c, base));
  }
  if (runs('single')) rows.push(...(await singleClient(c, headers)));
  if (runs('activity')) rows.push(...(await activityScenarios(c, base)));
  if (runs('trash')) rows.push(...(await trashScenarios(c, headers)));
  if (runs('export')) rows.push(...(await exportScenarios(c)));
  if (runs('bulk')) rows.push(...(await bulkScenarios(c)));
  // On a server and an empty shop of its own: the store stays as the other groups expect it.
  if (runs('import')) rows.push(...(await importScenarios(c)));
  if (runs('live')) rows.push(...(await liveScenarios(c)));
  return rows;
}

async function singleClient(c: Context, headers: Record<string, string>): Promise<Row[]> {
  const rows: Row[] = [];

  c.log('single-client latencies...');
  const single = async (scenario: string, path: string, budgetMs: number) => {
    const r = await oneClient(() => `${c.server.baseUrl}${path}`, headers, 200);
    rows.push({
      scenario,
      figure: `median ${ms(r.median)} (p95 ${ms(r.p95)})`,
      budget: `median ≤ ${budgetMs * c.latency} ms`,
      pass: r.failures === 0 && r.median <= budgetMs * c.latency,
      data: { path, ...r },
    });
  };
  for (const path of [
    '/api/user/get/count',
    '/api/orders/get/count',
    '/api/products/get/count',
    '/api/productReviews/get/count',
    '/api/category/get/count',
    '/api/category/subCat/get/count',
  ]) {
    await single(`count ${path}`, path, 5);
  }
  await single('best sellers', '/api/products/bestSellers', 20);
  await single('sales, 12 months by month', `/api/orders/sales?from=${days(365)}&to=${days(0)}&groupBy=month`, 20);
  await single('sales, 90 days by day', `/api/orders/sales?from=${days(89)}&to=${days(0)}&groupBy=day`, 20);
  return rows;
}
