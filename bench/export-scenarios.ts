import http from 'node:http';
import type { Context } from './context';
import { int, type Row } from './report';

interface Download {
  status: number;
  seconds: number;
  /** Bytes on the wire (compressed when the server compressed). */
  bytes: number;
  /** CSV records (lines less the header; the bench store's fields hold no line breaks) when sent plain. */
  records: number;
  contentEncoding: string;
  /** The server's largest RSS, sampled every 50 ms while the answer streamed. */
  peakRssMb: number;
}

/** One export, read as it streams (never held whole), the server's RSS sampled meanwhile. */
function download(c: Context, path: string, encoding: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    let peak = c.server.rssMb();
    const sampler = setInterval(() => {
      peak = Math.max(peak, c.server.rssMb());
    }, 50);
    const started = performance.now();
    const req = http.get(
      `${c.server.baseUrl}${path}`,
      { headers: { authorization: `Bearer ${c.token}`, 'accept-encoding': encoding } },
      (res) => {
        let bytes = 0;
        let lines = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
        });
        res.on('end', () => {
          clearInterval(sampler);
          resolve({
            status: res.statusCode ?? 0,
            seconds: (performance.now() - started) / 1000,
            bytes,
            records: Math.max(0, lines - 1),
            contentEncoding: String(res.headers['content-encoding'] ?? 'identity'),
            peakRssMb: Math.max(peak, c.server.rssMb()),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Issue 19's export budgets on the bench store: every product (100,000) ≤ 10 s; order lines
 * (the store's 1,000,000 orders hold ~1.67 million) at ≤ 30 s per million with the server's RSS
 * ≤ 250 MB. Each is read plain, and as a browser asks for it (`gzip, br`: compressed on the fly);
 * the budget applies to both.
 */
export async function exportScenarios(c: Context): Promise<Row[]> {
  const rows: Row[] = [];
  // The server's memory before any export: what the RSS budget leaves an export is the rest.
  const idleRss = c.server.rssMb();
  for (const encoding of ['identity', 'gzip, br']) {
    c.log(`export: products (${encoding})...`);
    const products = await download(c, '/api/products/export', encoding);
    const plain = encoding === 'identity';
    rows.push({
      scenario: `export products, GET /api/products/export (${plain ? 'plain' : 'as a browser: gzip, br'})`,
      figure: `${products.seconds.toFixed(2)} s${plain ? ` for ${int(products.records)} products` : ''}, ${mb(products.bytes)} ${products.contentEncoding}, peak RSS ${products.peakRssMb.toFixed(0)} MB`,
      budget: '100,000 products ≤ 10 s',
      pass: products.status === 200 && products.seconds <= 10 && (!plain || products.records >= 100_000),
      data: { ...products },
    });
  }
  let lines = 0;
  for (const encoding of ['identity', 'gzip, br']) {
    c.log(`export: order lines (${encoding})...`);
    const orders = await download(c, '/api/orders/export', encoding);
    const plain = encoding === 'identity';
    if (plain) lines = orders.records;
    const perMillion = lines > 0 ? (orders.seconds * 1_000_000) / lines : Number.NaN;
    rows.push({
      scenario: `export order lines, GET /api/orders/export (${plain ? 'plain' : 'as a browser: gzip, br'})`,
      figure: `${orders.seconds.toFixed(1)} s for ${int(lines)} lines = ${perMillion.toFixed(1)} s per million, ${mb(orders.bytes)} ${orders.contentEncoding}, peak RSS ${orders.peakRssMb.toFixed(0)} MB (${idleRss.toFixed(0)} MB before the exports)`,
      budget: '1,000,000 lines ≤ 30 s, RSS ≤ 250 MB',
      pass: orders.status === 200 && lines >= 1_000_000 && perMillion <= 30 && orders.peakRssMb <= 250,
      data: { ...orders, lines, perMillion, idleRss },
    });
  }
  return rows;
}
