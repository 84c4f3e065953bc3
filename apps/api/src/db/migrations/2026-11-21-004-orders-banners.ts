import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('payment_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('pincode', 'text', (col) => col.notNull())
    .addColumn('amount', 'double precision', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('product_title', 'text', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('price', 'double precision', (col) => col.notNull())
    .addColumn('sub_total', 'double precision', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'line'])
    .execute();

  // Summaries kept up to date in the same transaction as every order write.
  await db.schema
    .createTable('sales_daily')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('sales', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('orders', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('product_sales')
    .addColumn('product_id', 'text', (col) => col.primaryKey())
    .addColumn('units_sold', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('revenue', 'double precision', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_sales_units')
    .on('product_sales')
    .columns(['units_sold', 'product_id'])
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('family', 'text', (col) => col.notNull())
    .addColumn('images', 'text', (col) => col.notNull())
    .addColumn('cat_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('cat_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sub_cat_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sub_cat_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('banners_family').on('banners').columns(['family', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['banners', 'product_sales', 'sales_daily', 'order_items', 'orders']) {
    await db.schema.dropTable(table).execute();
  }
}
