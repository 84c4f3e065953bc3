import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx, plus connection errors and timeouts. */
  failures: number;
}

export interface LoadSpec {
  url: string;
  connections?: number;
  seconds: number;
  warmupSeconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'PUT';
  /** Called for every request: path (and body) of the next request. */
  next?: () => { path: string; body?: string };
}

/** The value at quantile q (0–1) of ascending values, by nearest rank; NaN when there are none. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * One autocannon run, with the time of every 2xx answer as autocannon's `response` event gives
 * it (milliseconds with their fraction). autocannon's own latency percentiles are whole
 * milliseconds, a step of 12% on a p99 of 8 ms: too coarse to hold two runs against a +20%
 * budget (the activity log's cost, issue 18).
 */
function once(spec: LoadSpec, seconds: number): Promise<{ result: autocannon.Result; times: number[] }> {
  const headers = { ...spec.headers, ...(spec.method === 'PUT' ? { 'content-type': 'application/json' } : {}) };
  const next = spec.next;
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: spec.url,
        connections: spec.connections ?? 50,
        duration: seconds,
        headers,
        method: spec.method ?? 'GET',
        requests: next
          ? [
              {
                method: spec.method ?? 'GET',
                setupRequest: (request: autocannon.Request) => {
                  const { path, body } = next();
                  return { ...request, path, ...(body === undefined ? {} : { body }) };
                },
              },
            ]
          : undefined,
      },
      (error, result) => (error ? reject(error) : resolve({ result, times })),
    ).on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
}

/** Loopback load with autocannon: a warm-up run (discarded), then the measured run. */
export async function load(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupSeconds > 0) await once(spec, spec.warmupSeconds);
  const { result, times } = await once(spec, spec.seconds);
  const sorted = times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request on a kept-alive connection; resolves with its status and body. */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: { ...options.headers, ...(options.body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface OneClientResult {
  median: number;
  p95: number;
  samples: number;
  failures: number;
}

/** One client, one request at a time: latency of each, after a few unmeasured warm-up calls. */
export async function oneClient(
  urls: () => string,
  headers: Record<string, string>,
  samples: number,
): Promise<OneClientResult> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < samples + 20; i += 1) {
    const started = performance.now();
    const res = await request(urls(), { headers });
    const ms = performance.now() - started;
    if (res.status !== 200) failures += 1;
    if (i >= 20) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95), samples, failures };
}
