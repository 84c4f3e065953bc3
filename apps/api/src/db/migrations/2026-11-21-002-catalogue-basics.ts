import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // lower(trim(name)) and parent id or '': names are unique at one level, whatever their case.
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('parent_id', 'text', (col) => col.references('categories.id').onDelete('cascade'))
    .addColumn('parent_key', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('categories_level_name')
    .on('categories')
    .columns(['parent_key', 'name_key'])
    .unique()
    .execute();
  await db.schema.createIndex('categories_parent_id').on('categories').column('parent_id').execute();

  await db.schema
    .createTable('option_values')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('family', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('value_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('option_values_family_value')
    .on('option_values')
    .columns(['family', 'value_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('option_values').execute();
  await db.schema.dropTable('categories').execute();
}
