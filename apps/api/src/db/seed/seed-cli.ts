import { sql } from 'kysely';
import { loadConfig } from '../../config';
import { createDb, type DbHandle, migrateToLatest } from '../create-db';
import { resetShop } from './reset';
import { demoSizes, isEmptyShop, type SeedSizes, seedShop } from './seed';

/**
 * `npm run db:seed [-- --products N --orders N --reviews N --customers N --reset]`:
 * the demo shop, or a large one for load work. A shop that already has a catalogue is left
 * alone unless --reset (which removes everything but the administrators' accounts).
 */
function parseArgs(argv: string[]): { sizes: SeedSizes; reset: boolean } {
  const sizes = { ...demoSizes };
  let reset = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--reset') {
      reset = true;
      continue;
    }
    const key = arg.replace(/^--/, '') as keyof SeedSizes;
    const value = Number(argv[i + 1]);
    if (!(key in sizes) || !Number.isInteger(value) || value < 0) {
      throw new Error(
        `Unknown or bad argument ${arg} ${argv[i + 1] ?? ''} (use --products N --orders N --reviews N --customers N --reset)`,
      );
    }
    sizes[key] = value;
    i += 1;
  }
  return { sizes, reset };
}

/**
 * A bulk load has nothing to lose to a power cut (run it again), so on SQLite the seed alone
 * skips the fsyncs and gets a large page cache; the server's own connection keeps FULL.
 */
function fastLoad(handle: DbHandle): () => void {
  const raw = handle.sqlite;
  if (!raw) return () => {};
  const synchronous = raw.pragma('synchronous', { simple: true });
  const cacheSize = raw.pragma('cache_size', { simple: true });
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  return () => {
    raw.pragma(`synchronous = ${Number(synchronous)}`);
    raw.pragma(`cache_size = ${Number(cacheSize)}`);
  };
}

/**
 * Leaves the store ready to serve: planner statistics, and (PostgreSQL) the visibility map
 * index-only scans need. The big tables were written frozen (COPY … FREEZE, see BulkLoader),
 * so VACUUM skips their pages and this costs about what ANALYZE alone does; it still covers
 * the tables loaded without FREEZE (customers, categories).
 */
async function settle(handle: DbHandle): Promise<void> {
  const raw = handle.sqlite;
  if (raw) {
    raw.exec('analyze');
    // Fold the write-ahead log into the database file so the server does not replay it at start.
    raw.pragma('wal_checkpoint(TRUNCATE)');
  } else {
    await sql`vacuum (analyze)`.execute(handle.db);
  }
}

const { sizes, reset } = parseArgs(process.argv.slice(2));
const config = loadConfig();
const handle = createDb(config);
let restore = () => {};
try {
  await migrateToLatest(handle.db);
  const ctx = {
    db: handle.db,
    engine: handle.engine,
    transaction: handle.transaction,
    sqlite: handle.sqlite,
    clock: Date.now,
    config,
  };
  restore = fastLoad(handle);
  if (reset) await resetShop(ctx);
  if (!(await isEmptyShop(ctx))) {
    process.stdout.write('The shop already has a catalogue; nothing seeded (add --reset to replace it).\n');
  } else {
    const started = Date.now();
    const made = await seedShop(ctx, sizes);
    await settle(handle);
    process.stdout.write(
      `Seeded ${made.products} products, ${made.reviews} reviews, ${made.orders} orders, ${made.customers} customers (${handle.engine}) in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  }
} finally {
  restore();
  await handle.close();
}
