import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/create-db';
import { fastLoad, settle } from '../db/seed/fast-load';
import { resetShop } from '../db/seed/reset';
import { demoSizes, isEmptyShop, type SeedSizes, seedShop } from '../db/seed/seed';
import { ImageWork } from '../lib/image-work';
import { openImageStore } from '../lib/open-image-store';
import { productText } from '../modules/products/product-json';

/**
 * `npm run db:seed [-- --products N --orders N --reviews N --customers N --activity N --reset]`:
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
        `Unknown or bad argument ${arg} ${argv[i + 1] ?? ''} (use --products N --orders N --reviews N --customers N --activity N --reset)`,
      );
    }
    sizes[key] = value;
    i += 1;
  }
  return { sizes, reset };
}

const { sizes, reset } = parseArgs(process.argv.slice(2));
const config = loadConfig();
const handle = createDb(config);
const imageStore = openImageStore(config, (error, what) => process.stderr.write(`${what}: ${String(error)}\n`));
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
    imageStore,
    imageWork: new ImageWork(config.uploads.imageConcurrency),
  };
  restore = fastLoad(handle);
  if (reset) await resetShop(ctx);
  if (!(await isEmptyShop(ctx))) {
    process.stdout.write('The shop already has a catalogue; nothing seeded (add --reset to replace it).\n');
  } else {
    const started = Date.now();
    const made = await seedShop(ctx, sizes, productText);
    await settle(handle);
    process.stdout.write(
      `Seeded ${made.products} products, ${made.reviews} reviews, ${made.orders} orders, ${made.customers} customers, ${made.activity} activity entries (${handle.engine}) in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  }
} finally {
  restore();
  await imageStore.close();
  await handle.close();
}
