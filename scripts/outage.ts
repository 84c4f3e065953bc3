/**
 * PostgreSQL outage drill (issue 9, item 7). Not part of `npm test`: it stops the machine's
 * PostgreSQL cluster, so nothing else may be using it while it runs.
 *
 *   npx tsx scripts/outage.ts        (npm run test:outage)
 *
 * Starts the production build on a fresh PostgreSQL database (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), keeps up steady reads, stops PostgreSQL and
 * checks that every request becomes a quick 503 `{error:true,msg}` and /api/health 503; then
 * starts PostgreSQL again and checks that the same Shopdesk process recovers by itself.
 * PostgreSQL is always started again in `finally`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const READS = ['/api/products/get/count', '/api/category'];
const QUICK_MS = 5_000; // an outage answer must come within this
const HANG_MS = 15_000; // a request still open after this counts as a hang
const RECOVERY_MS = 20_000;

let passed = 0;
let failed = 0;
function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}`);
}

const cluster = () => fs.readdirSync('/etc/postgresql').sort()[0];
function pgctl(action: 'start' | 'stop'): void {
  const args = ['--skip-systemctl-redirect', cluster(), 'main', action];
  if (action === 'stop') args.push('-m', 'fast');
  execFileSync('pg_ctlcluster', args, { stdio: 'inherit' });
}
function pgReady(): boolean {
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']);
    return true;
  } catch {
    return false;
  }
}
async function waitPgReady(ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (pgReady()) return true;
    await sleep(250);
  }
  return false;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  url: string;
  started: number;
  ms: number;
  status: number; // 0: no answer (network error or hang)
  body: unknown;
}

async function request(baseUrl: string, url: string, token?: string): Promise<Sample> {
  const started = Date.now();
  try {
    const res = await fetch(baseUrl + url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { url, started, ms: Date.now() - started, status: res.status, body };
  } catch (error) {
    return { url, started, ms: Date.now() - started, status: 0, body: String(error) };
  }
}

const isErrorBody = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { error?: unknown }).error === true &&
  typeof (body as { msg?: unknown }).msg === 'string' &&
  (body as { msg: string }).msg.length > 0;

async function main(): Promise<void> {
  if (
    !fs.existsSync(path.join(root, 'apps/api/dist/server.js')) ||
    !fs.existsSync(path.join(root, 'apps/admin/dist'))
  ) {
    console.log('== building (apps/*/dist missing)');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  if (!pgReady()) {
    console.log('== PostgreSQL is not running: starting it');
    pgctl('start');
    await waitPgReady(30_000);
  }
  const { startServer, ownerToken } = await import('../e2e/support/server');
  const server = await startServer();
  let pgStopped = false;
  try {
    server.process.on('exit', (code, signal) =>
      console.log(`   !! Shopdesk exited (code ${code}, signal ${signal}) at ${new Date().toISOString()}`),
    );
    const token = await ownerToken(server);
    console.log(`== Shopdesk (pid ${server.process.pid}) at ${server.baseUrl} on PostgreSQL`);

    // Steady reads, one of each path every 250 ms, for the whole drill.
    const samples: Sample[] = [];
    const inflight = new Set<Promise<void>>();
    let reading = true;
    const reader = (async () => {
      while (reading) {
        for (const url of READS) {
          const p = request(server.baseUrl, url, token).then((s) => {
            samples.push(s);
          });
          inflight.add(p);
          void p.finally(() => inflight.delete(p));
        }
        await sleep(250);
      }
    })();
    const between = (from: number, to: number) => samples.filter((s) => s.started >= from && s.started < to);

    // 1. Baseline.
    const t0 = Date.now();
    await sleep(3_000);
    const baseline = between(t0, Date.now());
    check(
      'baseline: steady reads answer 200',
      baseline.length > 0 && baseline.every((s) => s.status === 200),
      `${baseline.filter((s) => s.status === 200).length}/${baseline.length} ok${describeBad(baseline)}`,
    );

    // 2. Outage.
    console.log('== stopping PostgreSQL');
    const tStop = Date.now();
    pgctl('stop');
    pgStopped = true;
    const tDown = Date.now();
    console.log(`   stopped in ${tDown - tStop} ms`);
    await sleep(10_000);
    const health = await request(server.baseUrl, '/api/health');
    const tOutageEnd = Date.now();
    // Let requests sent during the outage finish (or time out as hangs) before judging them.
    await Promise.all([...inflight]);
    const during = between(tDown, tOutageEnd);
    const bad = during.filter((s) => s.status !== 503 || !isErrorBody(s.body));
    const slow = during.filter((s) => s.ms > QUICK_MS);
    const maxMs = Math.max(0, ...during.map((s) => s.ms));
    check('outage: reads were sent while PostgreSQL was down', during.length >= 10, `${during.length} requests`);
    check(
      'outage: every read answers 503 {error:true,msg}',
      bad.length === 0,
      bad.length
        ? `${bad.length} others, e.g. ${JSON.stringify(bad[0]).slice(0, 200)}`
        : `${during.length}/${during.length}`,
    );
    check(
      `outage: every answer within ${QUICK_MS / 1000} s (no hang)`,
      slow.length === 0,
      `max ${maxMs} ms, median ${median(during.map((s) => s.ms))} ms`,
    );
    const firstMsg = during.find((s) => isErrorBody(s.body))?.body as { msg?: string } | undefined;
    if (firstMsg) console.log(`   outage message: "${firstMsg.msg}"`);
    check(
      'outage: GET /api/health answers 503 {error:true,msg}',
      health.status === 503 && isErrorBody(health.body),
      `${health.status} in ${health.ms} ms`,
    );
    check('outage: the Shopdesk process is still running', server.process.exitCode === null);

    // 3. Recovery, same process.
    console.log('== starting PostgreSQL');
    pgctl('start');
    pgStopped = false;
    const tUp = Date.now();
    await waitPgReady(30_000);
    let recoveredAt = 0;
    while (Date.now() - tUp < RECOVERY_MS) {
      const [h, ...reads] = await Promise.all([
        request(server.baseUrl, '/api/health'),
        ...READS.map((url) => request(server.baseUrl, url, token)),
      ]);
      if (h.status === 200 && reads.every((r) => r.status === 200)) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(250);
    }
    check(
      `recovery: health 200 and reads 200 within ${RECOVERY_MS / 1000} s, without restarting Shopdesk`,
      recoveredAt > 0 && server.process.exitCode === null,
      recoveredAt ? `${recoveredAt - tUp} ms after start` : 'not recovered',
    );
    const tSteady = Date.now();
    await sleep(3_000);
    reading = false;
    await reader;
    await Promise.all([...inflight]);
    const after = between(tSteady, Date.now());
    check(
      'recovery: steady reads afterwards all 200',
      after.length > 0 && after.every((s) => s.status === 200),
      `${after.filter((s) => s.status === 200).length}/${after.length} ok${describeBad(after)}`,
    );
    const leaked = /at\s+\S+\s+\(|\bstack\b/i.test(JSON.stringify(samples.map((s) => s.body)));
    check('no stack trace in any answer', !leaked);
  } finally {
    if (pgStopped || !pgReady()) {
      console.log('== (finally) starting PostgreSQL');
      try {
        pgctl('start');
      } catch (error) {
        console.error(error);
      }
      await waitPgReady(30_000);
    }
    const exitedEarly = server.process.exitCode !== null;
    const code = await server.stop().catch(() => null);
    if (!exitedEarly) check('Shopdesk exits cleanly on SIGTERM afterwards', code === 0, `exit code ${code}`);
    if (failed) console.log(`\n-- Shopdesk output (last 3000 chars) --\n${server.output().slice(-3000)}`);
  }
}

function describeBad(list: Sample[]): string {
  const bad = list.find((s) => s.status !== 200);
  return bad ? `; e.g. ${bad.url} ${bad.status} ${JSON.stringify(bad.body).slice(0, 160)}` : '';
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

main()
  .catch((error) => {
    failed++;
    console.error('FAIL  the drill itself failed:', error);
  })
  .finally(() => {
    console.log(`\noutage: ${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
