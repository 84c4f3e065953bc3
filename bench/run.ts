/**
 * `npm run bench [-- --engine postgres] [--products N --orders N --reviews N --activity N] [--seconds 10]
 *  [--skip-build] [--skip-web] [--only products,search,orders,single,activity,trash,export,bulk,import,live]`: builds, makes
 * (or reuses) the large store with the seed command, starts the production server and a bare Fastify control, loads both from loopback with
 * autocannon, measures single-client latencies and the dashboard in Chromium, prints one
 * table, writes bench/results/*.json, and exits 1 when a budget is missed.
 */

import { logCost } from './activity-scenarios';
import { memoryLimitNote } from './memory-limit';
import { loadAverage, machine, type Row, save, table } from './report';
import { apiScenarios, ownStoreGroups, scenarioGroups } from './scenarios';
import { benchOwner, startControl, startServer } from './servers';
import { type Engine, fullSizes, prepareStore, run, type Sizes } from './store';
import { lighthouseScores, mobileLighthouseScores, paginationClicks, type Session } from './web';
import { webRows } from './web-rows';
import { wireBytes } from './wire';

/** The store a run of only own-shop groups (`--only live`) starts with: seeded in seconds. */
const smallSizes: Sizes = { products: 100, orders: 100, reviews: 100, customers: 10, activity: 100 };

function parseArgs(argv: string[]) {
  const options = {
    engine: 'sqlite' as Engine,
    sizes: { ...fullSizes },
    seconds: 10,
    build: true,
    web: true,
    only: [] as string[],
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = argv[i + 1] ?? '';
    if (arg === '--skip-build') options.build = false;
    else if (arg === '--skip-web') options.web = false;
    else if (arg === '--engine' && (value === 'sqlite' || value === 'postgres')) {
      options.engine = value;
      i += 1;
    } else if (arg === '--only' && value.split(',').every((g) => (scenarioGroups as readonly string[]).includes(g))) {
      // A part of the run while working on it (no web, no verdict on the rest).
      options.only = value.split(',');
      options.web = false;
      // Groups with a shop of their own need no large store: a small one (seconds to seed) serves the rest of the run.
      if (options.only.every((g) => ownStoreGroups.includes(g))) options.sizes = { ...smallSizes };
      i += 1;
    } else if (arg === '--seconds' && Number(value) > 0) {
      options.seconds = Number(value);
      i += 1;
    } else if (arg?.startsWith('--') && arg.slice(2) in options.sizes && Number.isInteger(Number(value))) {
      options.sizes[arg.slice(2) as keyof Sizes] = Number(value);
      i += 1;
    } else throw new Error(`Unknown argument ${arg}`);
  }
  return options;
}

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const loadBefore = loadAverage();
  log(`load average before: ${loadBefore.join(' ')}`);
  const serverMemory = memoryLimitNote();
  log(`server memory limit: ${serverMemory}`);
  if (options.build) await run('npm', ['run', 'build']);
  const store = await prepareStore(options.engine, options.sizes, log);
  const latency = options.engine === 'postgres' ? 2 : 1;

  const server = await startServer(store.env);
  const rows: Row[] = [];
  let control: Awaited<ReturnType<typeof startControl>> | undefined;
  try {
    const signin = await fetch(`${server.baseUrl}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...benchOwner, isAdmin: true }),
    });
    const session = (await signin.json()) as Session & { msg: string };
    if (!session.token) throw new Error(`bench sign-in failed: ${session.msg}`);

    const firstPage = await fetch(`${server.baseUrl}/api/products?page=1&perPage=25`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const bodyBytes = (await firstPage.arrayBuffer()).byteLength;
    control = await startControl(bodyBytes);
    log(
      `server healthy after ${server.startMs.toFixed(0)} ms; product page ${bodyBytes} bytes; control at ${control.baseUrl}`,
    );

    // Issue 17: what one product page costs on the wire, per encoding the dashboard's browsers send.
    const pageUrl = `${server.baseUrl}/api/products?page=1&perPage=25`;
    const auth = { authorization: `Bearer ${session.token}` };
    const [plain, gzip, br] = await Promise.all([
      wireBytes(pageUrl, auth, 'identity'),
      wireBytes(pageUrl, auth, 'gzip'),
      wireBytes(pageUrl, auth, 'br'),
    ]);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    rows.push({
      scenario: 'product page on the wire (25 products)',
      figure: `${kb(plain.bytes)} plain, ${kb(gzip.bytes)} gzip, ${kb(br.bytes)} br`,
      budget: 'gzip and br sent',
      pass: gzip.contentEncoding === 'gzip' && br.contentEncoding === 'br' && br.bytes < plain.bytes / 3,
      data: { plain, gzip, br },
    });

    rows.push(
      ...(await apiScenarios({
        engine: options.engine,
        server,
        storeEnv: store.env,
        control,
        token: session.token,
        seconds: options.seconds,
        latency,
        log,
        only: options.only,
      })),
    );
    if (options.web) {
      log('Lighthouse (desktop, then mobile with a cold cache) and pagination in Chromium...');
      try {
        const pages = ['/login', '/dashboard', '/products', '/orders'];
        // Issue 20: the order page's accessibility (≥ 95), on the store's first order.
        const firstOrder = await fetch(`${server.baseUrl}/api/orders?page=1&perPage=1`, {
          headers: { authorization: `Bearer ${session.token}` },
        });
        const orderId = ((await firstOrder.json()) as { orders: Array<{ id: string }> }).orders[0]?.id;
        const desktopPages = orderId ? [...pages, `/orders/${orderId}`] : pages;
        const scores = await lighthouseScores(server.baseUrl, session, desktopPages);
        const mobile = await mobileLighthouseScores(server.baseUrl, session, pages);
        const clicks = await paginationClicks(server.baseUrl, session, 10);
        rows.push(...webRows(scores, mobile, clicks));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        rows.push({
          scenario: 'web measurements (Chromium)',
          figure: message.slice(0, 120),
          budget: 'run',
          pass: false,
        });
      }
    }
    const rss = server.rssMb();
    rows.push({
      scenario: 'server RSS at the end',
      figure: `${rss.toFixed(0)} MB`,
      budget: '≤ 200 MB',
      pass: rss <= 200,
    });
    rows.push({
      scenario: 'start to healthy',
      figure: `${(server.startMs / 1000).toFixed(2)} s`,
      budget: '≤ 3 s',
      pass: server.startMs <= 3000,
    });
    rows.push({
      scenario: `seed the store${store.reused ? ' (reused; time of its seed)' : ''}`,
      figure: store.seedSeconds === null ? 'unknown' : `${store.seedSeconds.toFixed(1)} s`,
      budget: '≤ 90 s',
      pass: store.seedSeconds !== null && store.seedSeconds <= 90,
    });
  } finally {
    await control?.stop();
    await server.stop();
  }
  // Issue 18: what the activity log costs a write, with the store's own server stopped.
  if (options.only.length === 0 || options.only.includes('activity')) {
    rows.push(...(await logCost({ storeEnv: store.env, seconds: options.seconds, latency, log })));
  }

  const loadAfter = loadAverage();
  const text = table(rows);
  process.stdout.write(`\n${text}\n\n`);
  const report = {
    engine: options.engine,
    at: new Date().toISOString(),
    machine: machine(),
    loadAverage: { before: loadBefore, after: loadAfter },
    store: { sizes: store.sizes, reused: store.reused, seedSeconds: store.seedSeconds },
    settings: { connections: 50, seconds: options.seconds, latencyAllowance: latency, serverMemory },
    pass: rows.every((r) => r.pass),
    rows,
    table: text,
  };
  // A partial run (--only) never replaces the latest full table.
  const name = options.only.length > 0 ? `partial-${options.engine}` : options.engine;
  log(`results: ${save(name, report)}; load average after: ${loadAfter.join(' ')}`);
  return report.pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
