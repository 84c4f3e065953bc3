import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Maintained counts (updated in the same transaction as each write), so dashboard
  // counts never scan a table.
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('price', 'double precision', (col) => col.notNull())
    .addColumn('old_price', 'double precision', (col) => col.notNull())
    .addColumn('cat_id', 'text', (col) => col.notNull().references('categories.id'))
    .addColumn('cat_name', 'text', (col) => col.notNull())
    .addColumn('sub_cat_id', 'text', (col) => col.references('categories.id'))
    .addColumn('sub_cat_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('count_in_stock', 'integer', (col) => col.notNull())
    .addColumn('rating', 'double precision', (col) => col.notNull())
    .addColumn('is_featured', 'integer', (col) => col.notNull())
    .addColumn('discount', 'double precision', (col) => col.notNull())
    .addColumn('product_ram', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('size', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('product_weight', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('location', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Paging reads ids from these indexes alone, then fetches one page of rows.
  await db.schema.createIndex('products_cat_id').on('products').columns(['cat_id', 'id']).execute();
  await db.schema.createIndex('products_sub_cat_id').on('products').columns(['sub_cat_id', 'id']).execute();
  await db.schema.createIndex('products_price').on('products').columns(['price', 'id']).execute();
  await db.schema.createIndex('products_name').on('products').columns(['name', 'id']).execute();
  await db.schema.createIndex('products_rating').on('products').columns(['rating', 'id']).execute();

  if (isPostgres(db)) {
    await sql`alter table products add column search tsvector generated always as (
      setweight(to_tsvector('simple', name), 'A') ||
      setweight(to_tsvector('simple', brand), 'B') ||
      setweight(to_tsvector('simple', cat_name), 'C') ||
      setweight(to_tsvector('simple', description), 'D')) stored`.execute(db);
    await sql`create index products_search on products using gin (search)`.execute(db);
  } else {
    await sql`create virtual table products_fts using fts5(
      name, brand, cat_name, description,
      content='products', content_rowid='rowid',
      tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
    // Triggers keep the index in step with every write, whatever code makes it.
    await sql`create trigger products_fts_insert after insert on products begin
      insert into products_fts(rowid, name, brand, cat_name, description)
      values (new.rowid, new.name, new.brand, new.cat_name, new.description); end`.execute(db);
    await sql`create trigger products_fts_delete after delete on products begin
      insert into products_fts(products_fts, rowid, name, brand, cat_name, description)
      values ('delete', old.rowid, old.name, old.brand, old.cat_name, old.description); end`.execute(db);
    await sql`create trigger products_fts_update after update of name, brand, cat_name, description on products begin
      insert into products_fts(products_fts, rowid, name, brand, cat_name, description)
      values ('delete', old.rowid, old.name, old.brand, old.cat_name, old.description);
      insert into products_fts(rowid, name, brand, cat_name, description)
      values (new.rowid, new.name, new.brand, new.cat_name, new.description); end`.execute(db);
  }

  await db.schema
    .createTable('product_reviews')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('customer_name', 'text', (col) => col.notNull())
    .addColumn('review', 'text', (col) => col.notNull())
    .addColumn('customer_rating', 'double precision', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('product_reviews_product')
    .on('product_reviews')
    .columns(['product_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_reviews').execute();
  if (!isPostgres(db)) await sql`drop table products_fts`.execute(db);
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('counters').execute();
}
