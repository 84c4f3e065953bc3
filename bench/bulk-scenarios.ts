import type { Context } from './context';
import { request } from './load';
import { int, type Row } from './report';

const selected = 10_000;

/**
 * Issue 19's bulk edit budgets on the bench store: raise the price of 10,000 products by 10 %
 * (`POST /api/products/bulk`, ids as the Product List's "select all" sends them) ≤ 5 s, then undo
 * it (`POST /api/products/bulk/:bulkId/undo`) ≤ 5 s. The undo puts every price back, so the
 * store is the same after the run (but for `updated_at` and 20,000 activity entries).
 */
export async function bulkScenarios(c: Context): Promise<Row[]> {
  const headers = { authorization: `Bearer ${c.token}` };
  const base = c.server.baseUrl;
  // The second page of 10,000 (creation order): products spread over the catalogue's categories.
  const page = await request(`${base}/api/products?page=2&perPage=${selected}`, { headers });
  if (page.status !== 200) throw new Error(`GET /api/products answered ${page.status}`);
  const ids = (JSON.parse(page.body) as { products: Array<{ id: string }> }).products.map((product) => product.id);

  c.log(`bulk: +10% on the price of ${ids.length} products, then undo...`);
  let started = performance.now();
  const edit = await request(`${base}/api/products/bulk`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ids, adjust: { price: { percent: 10 } } }),
  });
  const editSeconds = (performance.now() - started) / 1000;
  const answer = edit.status === 200 ? (JSON.parse(edit.body) as { bulkId: string; updated: number }) : undefined;
  if (!answer) throw new Error(`POST /api/products/bulk answered ${edit.status}: ${edit.body.slice(0, 200)}`);

  started = performance.now();
  const undo = await request(`${base}/api/products/bulk/${answer.bulkId}/undo`, { method: 'POST', headers });
  const undoSeconds = (performance.now() - started) / 1000;
  const undone = undo.status === 200 ? (JSON.parse(undo.body) as { restored: number; skipped: number }) : undefined;

  return [
    {
      scenario: `bulk edit: price +10% on ${int(ids.length)} products, POST /api/products/bulk`,
      figure: `${editSeconds.toFixed(2)} s (${int(answer.updated)} updated)`,
      budget: '10,000 products ≤ 5 s',
      pass: ids.length === selected && answer.updated === selected && editSeconds <= 5,
      data: { seconds: editSeconds, ...answer },
    },
    {
      scenario: 'bulk edit undone, POST /api/products/bulk/:bulkId/undo',
      figure: `${undoSeconds.toFixed(2)} s (${int(undone?.restored ?? 0)} restored, ${int(undone?.skipped ?? 0)} skipped)`,
      budget: '≤ 5 s, every product restored',
      pass: undone?.restored === answer.updated && undoSeconds <= 5,
      data: { seconds: undoSeconds, status: undo.status, ...undone },
    },
  ];
}
