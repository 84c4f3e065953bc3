import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export type Engine = 'sqlite' | 'postgres';
export interface Sizes {
  products: number;
  orders: number;
  reviews: number;
  customers: number;
  /** Entries of the activity log (api.md §11). */
  activity: number;
}
export const fullSizes: Sizes = {
  products: 100_000,
  orders: 1_000_000,
  reviews: 300_000,
  customers: 10_000,
  activity: 1_000_000,
};

export interface Store {
  engine: Engine;
  sizes: Sizes;
  /** Environment for the seed command and the server. */
  env: Record<string, string>;
  /** Wall seconds of the seed that made this store (reused stores keep the figure of their seed). */
  seedSeconds: number | null;
  reused: boolean;
}

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const isFull = (s: Sizes) => JSON.stringify(s) === JSON.stringify(fullSizes);
const suffix = (s: Sizes) => (isFull(s) ? '' : `-${s.products}-${s.orders}-${s.reviews}-${s.activity}`);

/**
 * The large store: reused when it already holds exactly these sizes (the activity log: at least
 * as many entries; the bench's own writes add some), otherwise made afresh by the seed command.
 * A store seeded before the log existed holds none, so it is made again. The seed spreads the
 * entries over the last 330 days, within ACTIVITY_DAYS (365): the server's pruning leaves the
 * log whole for a month after the seed.
 */
export async function prepareStore(engine: Engine, sizes: Sizes, log: (line: string) => void): Promise<Store> {
  const dataDir = path.join(root, 'bench/.data', `${engine}${suffix(sizes)}`);
  const database = `shopdesk_bench${suffix(sizes).replaceAll('-', '_')}`;
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (engine === 'postgres') env.DATABASE_URL = `${adminUrl}/${database}`;
  const marker = path.join(dataDir, 'bench-seed.json');

  const held = engine === 'sqlite' ? sqliteSizes(dataDir) : await postgresSizes(env.DATABASE_URL as string);
  if (
    held &&
    held.products === sizes.products &&
    held.orders === sizes.orders &&
    held.reviews === sizes.reviews &&
    held.activity >= sizes.activity
  ) {
    const seedSeconds = fs.existsSync(marker)
      ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { seconds: number }).seconds
      : null;
    log(`Reusing the ${engine} store (${dataDir}${engine === 'postgres' ? `, database ${database}` : ''}).`);
    if (engine === 'postgres') await vacuum(env.DATABASE_URL as string, log);
    return { engine, sizes, env, seedSeconds, reused: true };
  }

  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (engine === 'postgres') await recreateDatabase(database);
  log(
    `Seeding ${sizes.products} products, ${sizes.orders} orders, ${sizes.reviews} reviews, ${sizes.activity} activity entries (${engine})...`,
  );
  const started = performance.now();
  await run(
    'node',
    ['apps/api/dist/seed-cli.js', ...Object.entries(sizes).flatMap(([key, value]) => [`--${key}`, String(value)])],
    { ...env, SEED: 'none', LOG_LEVEL: 'warn' },
  );
  const seconds = (performance.now() - started) / 1000;
  fs.writeFileSync(marker, JSON.stringify({ seconds, sizes, at: new Date().toISOString() }, null, 2));
  return { engine, sizes, env, seedSeconds: seconds, reused: false };
}

function sqliteSizes(dataDir: string): Sizes | null {
  const file = path.join(dataDir, 'shopdesk.sqlite');
  if (!fs.existsSync(file)) return null;
  const db = new SQLite(file, { readonly: true });
  try {
    const counters = db.prepare('select name, value from counters').all() as CounterRow[];
    return readCounters(counters, () => (db.prepare('select count(*) as n from activity').get() as { n: number }).n);
  } catch {
    return null;
  } finally {
    db.close();
  }
}

async function postgresSizes(url: string): Promise<Sizes | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const counters = (await client.query<CounterRow>('select name, value from counters')).rows;
    const entries = await client
      .query<{ n: string }>('select count(*) as n from activity')
      .then((result) => Number(result.rows[0]?.n ?? 0))
      .catch(() => 0);
    return readCounters(counters, () => entries);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Each run's writes (order updates, bulk edits, an import) leave dead rows behind, which
 * autovacuum clears in its own time, or never where it is off (as on this machine's cluster:
 * after a few runs a million orders carried 285,000 dead rows). A reused store is vacuumed
 * first, so that every run starts from a store in the same state.
 */
async function vacuum(url: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    log('Vacuuming the reused store (vacuum analyze)...');
    const started = performance.now();
    await client.query('vacuum (analyze)');
    log(`vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

type CounterRow = { name: string; value: number | string };
/** The store's sizes from its counters; the activity log has none: its entries are counted (0 without the table). */
function readCounters(rows: CounterRow[], countEntries: () => number): Sizes {
  const get = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? -1);
  let activity = 0;
  try {
    activity = countEntries();
  } catch {
    // A store made before the log existed.
  }
  return { products: get('products'), orders: get('orders'), reviews: get('reviews'), customers: -1, activity };
}

async function recreateDatabase(database: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
}

export function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}
