import type { Context } from './context';
import { request } from './load';
import { ms, type Row } from './report';

interface Timings {
  median: number;
  p95: number;
  samples: number;
  failures: number;
}

const warmup = 20;
const samples = 200;

function summary(times: number[], failures: number): Timings {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95), samples: sorted.length, failures };
}

/**
 * Issue 18, the trash (api.md §12) on the store's catalogue (100,000 products): one client
 * deletes a seeded product (`DELETE /api/products/:id` → `{success, message, trashId}`) and
 * brings it back (`POST /api/trash/:trashId/restore`), product after product, each request
 * timed on its own. Every product is restored, so the catalogue is the same after the run.
 */
export async function trashScenarios(c: Context, headers: Record<string, string>): Promise<Row[]> {
  const base = c.server.baseUrl;
  // A server without the trash would delete for good: then nothing is deleted, and the row says why.
  const trash = await request(`${base}/api/trash`, { headers });
  if (trash.status !== 200) {
    return [
      {
        scenario: 'trash: delete and restore a product (one client)',
        figure: `GET /api/trash answered ${trash.status}: no trash in this build`,
        budget: 'median ≤ 10 ms each',
        pass: false,
      },
    ];
  }
  const count = JSON.parse((await request(`${base}/api/products/get/count`, { headers })).body) as {
    productsCount: number;
  };
  const pages = Math.max(1, Math.floor(count.productsCount / 100));
  const ids = new Set<string>();
  while (ids.size < samples + warmup) {
    const page = 1 + Math.floor(Math.random() * pages);
    const res = await request(`${base}/api/products?page=${page}&perPage=100`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/products answered ${res.status}: ${res.body}`);
    const products = (JSON.parse(res.body) as { products: Array<{ id: string }> }).products;
    if (products.length === 0) throw new Error('The bench store has no products to delete');
    for (const product of products.slice(0, 5)) ids.add(product.id);
  }

  c.log(`trash: delete and restore of ${ids.size} products, one at a time...`);
  const deletes: number[] = [];
  const restores: number[] = [];
  let deleteFailures = 0;
  let restoreFailures = 0;
  let index = 0;
  for (const id of ids) {
    const measured = index >= warmup;
    index += 1;
    let started = performance.now();
    const deleted = await request(`${base}/api/products/${id}`, { method: 'DELETE', headers });
    const deleteMs = performance.now() - started;
    const answer = deleted.status === 200 ? (JSON.parse(deleted.body) as { success?: boolean; trashId?: string }) : {};
    if (!answer.success || typeof answer.trashId !== 'string') {
      if (measured) deleteFailures += 1;
      continue;
    }
    started = performance.now();
    const restored = await request(`${base}/api/trash/${answer.trashId}/restore`, { method: 'POST', headers });
    const restoreMs = performance.now() - started;
    const back = restored.status === 200 && (JSON.parse(restored.body) as { id?: string }).id === id;
    if (!measured) continue;
    deletes.push(deleteMs);
    if (back) restores.push(restoreMs);
    else restoreFailures += 1;
  }

  const budget = 10 * c.latency;
  const row = (scenario: string, r: Timings): Row => ({
    scenario,
    figure: `median ${ms(r.median)} (p95 ${ms(r.p95)})`,
    budget: `median ≤ ${budget} ms`,
    pass: r.failures === 0 && r.samples > 0 && r.median <= budget,
    data: { ...r, catalogue: count.productsCount },
  });
  return [
    row(
      `trash: delete a product, DELETE /api/products/:id (${count.productsCount.toLocaleString('en-US')} products, one client)`,
      summary(deletes, deleteFailures),
    ),
    row('trash: restore it, POST /api/trash/:trashId/restore (one client)', summary(restores, restoreFailures)),
  ];
}
