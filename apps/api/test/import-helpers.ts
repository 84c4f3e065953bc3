import { type ImportResult, type Job, type Product, productCsvColumns, productMessages } from '@shopdesk/contract';
import { stringify } from 'csv-stringify/sync';
import { expect } from 'vitest';
import { productCsvRow, productCsvValues } from '../src/modules/products/product-csv';
import { bearer, type TestApp } from './test-app';
import { multipart } from './uploads';

/**
 * Helpers of the import tests (modules/products/product-import*.test.ts). Files are written with
 * csv-stringify, the writer of the same `csv` project as the parser the server reads with.
 */

export const header = productCsvColumns.join(',');

/** Sends `csv` to POST /api/products/import. */
export function sendImport(t: TestApp, token: string, csv: string | Buffer, query = '') {
  const body = multipart([
    {
      data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'),
      filename: 'products.csv',
      type: 'text/csv',
      field: 'file',
    },
  ]);
  return t.request({
    method: 'POST',
    url: `/api/products/import${query}`,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Waits for the job to end (the app's runner takes it at once) and returns it. */
export async function settle(t: TestApp, token: string, jobId: string, timeoutMs = 60_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request({ method: 'GET', url: `/api/jobs/${jobId}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json() as Job;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Imports `csv` and returns the finished job's result (the job must end `done`). */
export async function importCsv(t: TestApp, token: string, csv: string | Buffer, query = ''): Promise<ImportResult> {
  const res = await sendImport(t, token, csv, query);
  expect(res.statusCode, res.body).toBe(202);
  const job = await settle(t, token, res.json().jobId);
  expect(job.state, JSON.stringify(job.result)).toBe('done');
  return job.result as ImportResult;
}

/** Every product, as GET /api/products answers them, in creation order. */
export async function allProducts(t: TestApp, token: string): Promise<Product[]> {
  const res = await t.request({ method: 'GET', url: '/api/products?perPage=10000', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products as Product[];
}

/**
 * These products as the CSV export writes them (api.md §13), through its own row mapping
 * (product-csv.ts): for a file edited before it is imported. The round trip reads the export itself.
 */
export function csvOf(products: readonly Product[]): string {
  const rows = products.map((product) => productCsvValues(productCsvRow(product)));
  // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone LF or CR
  // inside it: RFC 4180 wants every field with a line break quoted, so they are named here.
  return stringify([[...productCsvColumns], ...rows], { record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
}

/** `GET /api/products/export`: the whole catalogue as the server exports it. */
export async function exportCsv(t: TestApp, token: string): Promise<string> {
  const res = await t.request({ method: 'GET', url: '/api/products/export', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return res.body;
}

/** A CSV row with every required column; override any by header name. */
export function csvRow(overrides: Partial<Record<(typeof productCsvColumns)[number], string>> = {}): string {
  const values: Record<string, string> = {
    id: '',
    name: 'Galaxy Phone',
    description: 'A bright screen',
    brand: 'Samsung',
    price: '19999',
    oldPrice: '24999',
    category: 'Phones',
    subCategory: '',
    countInStock: '12',
    rating: '4.5',
    isFeatured: 'true',
    discount: '20',
    productRam: '8GB',
    size: 'M',
    productWeight: '200g',
    location: 'IN',
    images: '/uploads/products/0123456789abcdef01234567.png',
    dateCreated: '',
    ...overrides,
  };
  return stringify([productCsvColumns.map((column) => values[column] ?? '')]).trimEnd();
}

export { productMessages };
