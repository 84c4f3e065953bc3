import type { Config } from '../../config';
import { newId } from '../../lib/ids';
import type { ImageStore } from '../../lib/image-store';
import type { ImageWork } from '../../lib/image-work';
import { hashPassword } from '../../lib/passwords';
import type { WriteEpoch } from '../../lib/write-epoch';
import { counterNames } from '../counters';
import type { Db, DbHandle, Engine } from '../create-db';
import type { ProductsTable } from '../schema';
import { BulkLoader } from './bulk';
import { demoCategories, demoOptions, firstNames, lastNames } from './demo-catalogue';
import { Random } from './random';
import { type SeedRecords, seedActivity, staffRows } from './seed-activity';
import { drawCategoryImage, drawProductImages, makeBannerImage } from './seed-images';
import { seedOrders } from './seed-orders';
import { planProducts } from './seed-products';

export interface SeedSizes {
  products: number;
  orders: number;
  reviews: number;
  customers: number;
  /** Entries of the activity log (api.md §11) over the last year, by a few dozen staff; none when left out. */
  activity?: number;
}

/** The demo shop loaded on first start: enough to look alive, quick to make. */
export const demoSizes: SeedSizes = { products: 300, orders: 2500, reviews: 900, customers: 120, activity: 0 };

/** The staff accounts a seeded activity log is written by. */
const staffCount = 36;

/** The app's context, or what the seed command builds (no epoch: no server to tell). */
export interface SeedContext {
  db: Db;
  engine: Engine;
  clock: () => number;
  config: Config;
  epoch?: WriteEpoch;
  /** Every write outside a bulk load goes through it (reset). */
  transaction: DbHandle['transaction'];
  /** SQLite: the connection bulk loads go through. */
  sqlite?: DbHandle['sqlite'];
  /** Where the drawn images are stored, and the bound on image work they share with uploads. */
  imageStore: ImageStore;
  imageWork: ImageWork;
}

/** A product as the products module reads it: its columns, and its category's name, colour and images. */
export type ProductAnswerRow = Omit<ProductsTable, 'updated_at'> & {
  category_name: string | null;
  category_color: string | null;
  category_images: string | null;
};

/**
 * The products module's stored list text of a product (its `productText`, made from
 * `toProduct`). The caller passes it in: db/ imports no module (biome.jsonc).
 */
export type ProductText = (row: ProductAnswerRow) => string;

/** True when there is no catalogue yet (the owner account alone does not count). */
export async function isEmptyShop(ctx: SeedContext): Promise<boolean> {
  const category = await ctx.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  const product = await ctx.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return !category && !product;
}

/**
 * Loads a whole shop: categories with sub categories and colours, option values, products
 * with generated images, customers who wrote the reviews and placed two years of orders,
 * and banners of every family. Deterministic for a given seed (ids aside).
 */
export async function seedShop(ctx: SeedContext, sizes: SeedSizes, productText: ProductText, seed = 20261121) {
  const bulk = new BulkLoader(ctx.db, ctx.engine, ctx.config.databaseUrl, ctx.sqlite);
  try {
    return await seedWith(ctx, bulk, sizes, productText, new Random(seed));
  } finally {
    await bulk.close();
  }
}

async function seedWith(
  ctx: SeedContext,
  bulk: BulkLoader,
  sizes: SeedSizes,
  productText: ProductText,
  random: Random,
) {
  const now = ctx.clock();
  const stamp = new Date(now).toISOString();
  const uploads = { store: ctx.imageStore, work: ctx.imageWork };

  const optionRows = Object.entries({
    ram: demoOptions.ram,
    weight: demoOptions.weight,
    size: demoOptions.size,
  }).flatMap(([family, values]) =>
    values.map((value) => ({ id: newId(), family, value, value_key: value.toLowerCase(), created_at: stamp })),
  );
  await bulk.insert('option_values', optionRows);

  // The drawings are made in order (they use the random sequence); sharp renders them all at
  // once on its own threads.
  const drawn = demoCategories.map((demo, index) => ({
    demo,
    ids: { id: newId(), subs: demo.subs.map((sub) => ({ id: newId(), ...sub })) },
    image: drawCategoryImage(uploads, index, demo.color, random),
    images: drawProductImages(uploads, index, demo.color, 6, random),
  }));
  const rendered = await Promise.all(
    drawn.map(async (d) => ({ image: await d.image(), images: await Promise.all(d.images.map((draw) => draw())) })),
  );
  const categoryRows: Array<Record<string, unknown>> = [];
  const categories = drawn.map(({ demo, ids }, index) => {
    const { image, images } = rendered[index] as { image: string; images: string[] };
    categoryRows.push(categoryRow(ids.id, demo.name, demo.color, [image], null, stamp));
    for (const sub of ids.subs) categoryRows.push(categoryRow(sub.id, sub.name, '', [], ids.id, stamp));
    return { id: ids.id, demo, subs: ids.subs, images };
  });
  await bulk.insert('categories', categoryRows);

  const customerHash = await hashPassword('customer-password');
  const customers = Array.from({ length: sizes.customers }, (_, i) => customerRow(i, random, customerHash, stamp));
  // Staff accounts only with a log to write (the demo shop and the tests' shops have none).
  const activityTotal = sizes.activity ?? 0;
  const staff = activityTotal > 0 ? staffRows(random, staffCount, stamp) : [];
  await bulk.transaction(async () => {
    await bulk.insert('users', customers);
    await bulk.insert('users', staff);
  });

  const plan = planProducts(random, categories, sizes, customers, now);
  // Each product's list row with its stored answer text, made by the products module's own
  // productText here (a bulk statement after the load would read every product again).
  const categoryById = new Map(categoryRows.map((row) => [row.id, row]));
  const listRows = plan.products.map((row) => {
    const category = categoryById.get(row.cat_id);
    const json = productText({
      id: row.id,
      name: row.name,
      description: row.description,
      brand: row.brand,
      price: row.price,
      old_price: row.old_price,
      cat_id: row.cat_id,
      cat_name: row.cat_name,
      sub_cat_id: row.sub_cat_id,
      sub_cat_name: row.sub_cat_name,
      count_in_stock: row.count_in_stock,
      // Demo products follow the shop's default low-stock line.
      low_stock_threshold: row.low_stock_threshold ?? null,
      rating: row.rating,
      is_featured: row.is_featured,
      discount: row.discount,
      product_ram: row.product_ram,
      size: row.size,
      product_weight: row.product_weight,
      location: row.location,
      images: row.images,
      created_at: row.created_at,
      category_name: (category?.name as string | undefined) ?? null,
      category_color: (category?.color as string | undefined) ?? null,
      category_images: (category?.images as string | undefined) ?? null,
    } as ProductAnswerRow);
    return {
      id: row.id,
      cat_id: row.cat_id,
      name: row.name,
      price: row.price,
      rating: row.rating,
      count_in_stock: row.count_in_stock,
      json,
    };
  });
  // One transaction for the catalogue, its reviews, the orders and the summaries: their
  // indexes are built once each, after their rows (see BulkLoader).
  let orders = 0;
  let recentOrders: SeedRecords['orders'] = [];
  await bulk.transaction(async () => {
    await bulk.insert('products', plan.products);
    await bulk.insert('product_list', listRows);
    await bulk.insert('product_reviews', plan.reviews);
    await bulk.addToCounters(
      new Map([
        [counterNames.products, plan.products.length],
        [counterNames.productsVersion, 1],
        [counterNames.reviews, plan.reviews.length],
      ]),
    );
    await bulk.loaded(['products', 'product_list', 'product_reviews']);
    const made = await seedOrders(bulk, random, plan.products, customers, sizes.orders, now);
    orders = made.made;
    recentOrders = made.recent;
  }, ['products', 'product_list', 'product_reviews', 'orders', 'order_items', 'sales_daily', 'product_sales']);
  const banners = await seedBanners(ctx, bulk, random, categories, stamp);
  let activity = 0;
  if (activityTotal > 0) {
    const records: SeedRecords = {
      products: plan.products,
      categories: categoryRows.map((row) => ({ id: String(row.id), name: String(row.name) })),
      orders: recentOrders,
      customers,
      options: optionRows,
      banners,
    };
    // Its own bulk transaction: the log's indexes are built once, after its rows.
    await bulk.transaction(async () => {
      activity = await seedActivity(bulk, random, records, staff, activityTotal, now);
    }, ['activity']);
  }
  // A running app reads its counters again now.
  ctx.epoch?.bump();
  return {
    products: plan.products.length,
    reviews: plan.reviews.length,
    orders,
    customers: customers.length,
    activity,
  };
}

function categoryRow(
  id: string,
  name: string,
  color: string,
  images: string[],
  parentId: string | null,
  stamp: string,
) {
  return {
    id,
    name,
    name_key: name.toLowerCase(),
    slug: name,
    color,
    images: JSON.stringify(images),
    parent_id: parentId,
    parent_key: parentId ?? '',
    created_at: stamp,
    updated_at: stamp,
  };
}

function customerRow(index: number, random: Random, passwordHash: string, stamp: string) {
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  return {
    id: newId(),
    name: `${first} ${last}`,
    email: `${first}.${last}.${index + 1}@customers.example`.toLowerCase(),
    phone: `9${String(random.int(100_000_000, 999_999_999))}`,
    password_hash: passwordHash,
    images: '[]',
    is_admin: 0,
    created_at: stamp,
    updated_at: stamp,
  };
}

async function seedBanners(
  ctx: SeedContext,
  bulk: BulkLoader,
  random: Random,
  categories: Array<{ id: string; demo: { name: string; color: string }; subs: Array<{ id: string; name: string }> }>,
  stamp: string,
) {
  const rows: Array<Record<string, unknown>> = [];
  const families = [
    ['homeBanner', 'slides', 3, true],
    ['banners', 'banners', 4, false],
    ['homeSideBanners', 'sidebanners', 2, false],
    ['homeBottomBanners', 'bottombanners', 2, true],
  ] as const;
  for (const [family, folder, count, wide] of families) {
    for (let i = 0; i < count; i += 1) {
      const category = categories[(i * 3 + family.length) % categories.length];
      if (!category) continue;
      const sub = family === 'homeBanner' ? undefined : category.subs[i % category.subs.length];
      const image = await makeBannerImage(
        { store: ctx.imageStore, work: ctx.imageWork },
        folder,
        category.demo.color,
        random,
        wide,
      );
      rows.push({
        id: newId(),
        family,
        images: JSON.stringify([image]),
        cat_id: family === 'homeBanner' ? '' : category.id,
        cat_name: family === 'homeBanner' ? '' : category.demo.name,
        sub_cat_id: sub?.id ?? '',
        sub_cat_name: sub?.name ?? '',
        created_at: stamp,
        updated_at: stamp,
      });
    }
  }
  await bulk.insert('banners', rows);
  return rows as Array<{ id: string; family: string; cat_name: string }>;
}
