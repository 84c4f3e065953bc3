import { type Kysely, sql } from 'kysely';

/**
 * Low stock (api.md §15, issue 20). `products.low_stock_threshold` is the product's own line,
 * nullable: null follows the shop's default (`LOW_STOCK_THRESHOLD`, read when a question is
 * asked, so changing it moves every such product at once). A product is low when
 * `count_in_stock <= coalesce(low_stock_threshold, default)`.
 *
 * Indexes for "the low products, lowest stock first": (count_in_stock, id) walks them in that
 * order and stops at the highest line any product has, which (low_stock_threshold) answers as
 * an index max (products.repository.ts, lowProductsQuery).
 *
 * `activity.stock_low`: the product's stock after a change that took it from above its line to
 * at or below it, null for every other entry. The entry's `stock.low` live event is made from
 * it, on the live stream and again when a client replays what it missed (`Last-Event-ID`),
 * whatever the default is by then.
 *
 * The product answer gains `lowStockThreshold`: the stored list texts are emptied with their
 * marker, so the next start writes them again (as 2026-11-25-008 does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('low_stock_threshold', 'integer').execute();
  await db.schema.createIndex('products_count_in_stock').on('products').columns(['count_in_stock', 'id']).execute();
  await db.schema.createIndex('products_low_stock_threshold').on('products').column('low_stock_threshold').execute();
  await db.schema.alterTable('activity').addColumn('stock_low', 'integer').execute();
  await sql`update product_list set json = null`.execute(db);
  await sql`delete from counters where name = 'products:json-stored'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activity').dropColumn('stock_low').execute();
  await db.schema.dropIndex('products_low_stock_threshold').execute();
  await db.schema.dropIndex('products_count_in_stock').execute();
  await db.schema.alterTable('products').dropColumn('low_stock_threshold').execute();
  await sql`update product_list set json = null`.execute(db);
  await sql`delete from counters where name = 'products:json-stored'`.execute(db);
}
