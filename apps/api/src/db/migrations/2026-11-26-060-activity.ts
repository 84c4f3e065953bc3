import { type Kysely, PostgresAdapter } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The activity log (api.md §11, issue 18). `seq` numbers entries in the order they were written;
 * pages are newest first by (at, seq), and every filter the Activity screen offers has an index
 * that starts with it and ends with (at, seq), so a filtered first page reads one index range
 * however many entries there are (bench: "activity, filtered first page").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('seq', isPostgres(db) ? 'bigserial' : 'integer', (col) =>
      isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('id', 'text', (col) => col.notNull().unique())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('actor_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('entity_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('changes', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('request_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('activity_at').on('activity').columns(['at', 'seq']).execute();
  await db.schema.createIndex('activity_record').on('activity').columns(['entity', 'entity_id', 'at', 'seq']).execute();
  await db.schema.createIndex('activity_entity').on('activity').columns(['entity', 'at', 'seq']).execute();
  await db.schema.createIndex('activity_actor').on('activity').columns(['actor_id', 'at', 'seq']).execute();
  await db.schema.createIndex('activity_action').on('activity').columns(['action', 'at', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity').execute();
}
