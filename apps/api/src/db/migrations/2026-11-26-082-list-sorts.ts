import { type Kysely, sql } from 'kysely';

/**
 * Sorting the Product List by stock and the Orders List by amount (issue 20). A sorted page is
 * an index walk in the sort's own order, each index ending in id (the tie-break), as the other
 * sorts: `product_list` takes the stock as a sort key beside name, price and rating (written
 * with the product's answer text, see product-json.ts); orders get an amount index and, for a
 * status filter with a sort, status-first indexes so the filter does not scan the sort order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('product_list')
    .addColumn('count_in_stock', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update product_list set count_in_stock =
    (select p.count_in_stock from products p where p.id = product_list.id)`.execute(db);
  await db.schema
    .createIndex('product_list_count_in_stock')
    .on('product_list')
    .columns(['count_in_stock', 'id'])
    .execute();
  await db.schema.createIndex('orders_amount').on('orders').columns(['amount', 'id']).execute();
  await db.schema.createIndex('orders_status_amount').on('orders').columns(['status', 'amount', 'id']).execute();
  await db.schema
    .createIndex('orders_status_created_at')
    .on('orders')
    .columns(['status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_status_created_at').execute();
  await db.schema.dropIndex('orders_status_amount').execute();
  await db.schema.dropIndex('orders_amount').execute();
  await db.schema.dropIndex('product_list_count_in_stock').execute();
  await db.schema.alterTable('product_list').dropColumn('count_in_stock').execute();
}
