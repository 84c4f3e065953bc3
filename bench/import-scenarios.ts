import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Context } from './context';
import { quantile, request } from './load';
import { ms, type Row } from './report';
import { benchOwner, startServer } from './servers';

/**
 * Issue 19, import (api.md §13): a 100,000-row CSV (no remote images) sent to
 * POST /api/products/import of the production server on an empty shop of its own (the large
 * store stays as it is for the other groups), while one client reads list pages (first and deep
 * ones, the dashboard's Product List) and the server's RSS is sampled. Budgets: done in ≤ 60 s,
 * RSS ≤ 300 MB throughout, list pages p99 ≤ 100 ms while it runs.
 */

const rows = 100_000;
const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const database = 'shopdesk_bench_import';

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file: varied names and descriptions (commas, quotes, apostrophes), lists, countries, own upload paths. */
export function csvFile(): Buffer {
  const header =
    'name,description,brand,price,oldPrice,category,subCategory,countInStock,rating,isFeatured,discount,productRam,size,productWeight,location,images';
  const lines = [header];
  const brands = ['Acme', "O'Neill", 'Globex, Inc.', 'Initech'];
  for (let i = 0; i < rows; i += 1) {
    const category = `Category ${i % 8}`;
    lines.push(
      [
        `Imported product ${i} "${['Pro', 'Lite', 'Max'][i % 3]}"`,
        `Line one of ${i}, with a comma\nand a second line`,
        brands[i % brands.length] ?? 'Acme',
        String(100 + (i % 5000) + 0.99),
        String(200 + (i % 5000)),
        category,
        i % 2 === 0 ? `${category} sub` : '',
        String(i % 500),
        String(((i % 10) + 1) / 2),
        String(i % 4 === 0),
        String(i % 30),
        ['4GB', '8GB|16GB', ''][i % 3] ?? '',
        ['S|M', 'L', 'XL'][i % 3] ?? '',
        ['200g', '1kg'][i % 2] ?? '',
        ['IN', 'IN|LK|NP', 'All'][i % 3] ?? '',
        `/uploads/products/${(i % 1000).toString(16).padStart(24, '0')}.jpg`,
      ]
        .map(quote)
        .join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

async function dropDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database} with (force)`);
  } finally {
    await client.end();
  }
}

async function freshStore(engine: Context['engine']): Promise<Record<string, string>> {
  const dataDir = path.join(root, 'bench/.data', `import-${engine}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (engine === 'postgres') {
    await dropDatabase();
    const client = new pg.Client({ connectionString: `${adminUrl}/postgres` });
    await client.connect();
    try {
      await client.query(`create database ${database}`);
    } finally {
      await client.end();
    }
    env.DATABASE_URL = `${adminUrl}/${database}`;
  }
  return env;
}

export async function importScenarios(c: Context): Promise<Row[]> {
  const env = await freshStore(c.engine);
  const server = await startServer(env);
  try {
    const signin = await fetch(`${server.baseUrl}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchOwner),
    });
    const { token } = (await signin.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const file = csvFile();
    c.log(`import: ${rows} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB, createCategories=true...`);

    let started = performance.now();
    let rssMax = server.rssMb();
    const rssAtStart = rssMax;
    const timeline: Array<[seconds: number, rssMb: number]> = [];
    const rssTimer = setInterval(() => {
      const now = server.rssMb();
      rssMax = Math.max(rssMax, now);
      const at = (performance.now() - started) / 1000;
      if (timeline.length === 0 || at - (timeline.at(-1)?.[0] ?? 0) >= 2) {
        timeline.push([Math.round(at), Math.round(now)]);
        c.log(`import: ${at.toFixed(0)} s, RSS ${now.toFixed(0)} MB`);
      }
    }, 100);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'products.csv');
    started = performance.now();
    const queued = await fetch(`${server.baseUrl}/api/products/import?createCategories=true`, {
      method: 'POST',
      headers,
      body: form,
    });
    if (queued.status !== 202) throw new Error(`import answered ${queued.status}: ${await queued.text()}`);
    const { jobId } = (await queued.json()) as { jobId: string };

    // One client reading list pages as the Product List does, all the while.
    let running = true;
    const pageTimes: number[] = [];
    let pageFailures = 0;
    const reader = (async () => {
      for (let i = 0; running; i += 1) {
        const page = i % 4 === 0 ? 1 + Math.floor(Math.random() * 200) : 1;
        const t0 = performance.now();
        const res = await request(`${server.baseUrl}/api/products?page=${page}&perPage=25`, { headers });
        pageTimes.push(performance.now() - t0);
        if (res.status !== 200) pageFailures += 1;
      }
    })();
    let job: { state: string; result: { rows: number; created: number; failed: number } | null };
    for (;;) {
      const res = await fetch(`${server.baseUrl}/api/jobs/${jobId}`, { headers });
      job = (await res.json()) as typeof job;
      if (job.state === 'done' || job.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await reader;
    clearInterval(rssTimer);
    const sorted = [...pageTimes].sort((a, b) => a - b);
    const p99 = quantile(sorted, 0.99);
    const ok = job.state === 'done' && job.result?.created === rows && job.result.failed === 0;
    return [
      {
        scenario: `import ${rows.toLocaleString('en-US')} products (CSV, ${(file.length / 1024 / 1024).toFixed(0)} MB)`,
        figure: ok ? `${seconds.toFixed(1)} s` : `${job.state}: ${JSON.stringify(job.result).slice(0, 100)}`,
        budget: '≤ 60 s',
        pass: ok && seconds <= 60,
        data: { seconds, result: job.result },
      },
      {
        scenario: 'server RSS during the import',
        figure: `${rssMax.toFixed(0)} MB at most (${rssAtStart.toFixed(0)} MB before)`,
        budget: '≤ 300 MB',
        pass: rssMax <= 300,
        data: { rssMax, rssAtStart, timeline },
      },
      {
        scenario: 'list pages while importing (one client)',
        figure: `p99 ${ms(p99)}, median ${ms(quantile(sorted, 0.5))}, ${sorted.length} pages`,
        budget: 'p99 ≤ 100 ms',
        pass: pageFailures === 0 && p99 <= 100,
        data: { p99, median: quantile(sorted, 0.5), max: sorted.at(-1), samples: sorted.length, pageFailures },
      },
    ];
  } finally {
    await server.stop();
    // The imported shop is of no further use: its 100,000 products go with it.
    fs.rmSync(env.DATA_DIR ?? '', { recursive: true, force: true });
    if (env.DATABASE_URL) await dropDatabase();
  }
}
