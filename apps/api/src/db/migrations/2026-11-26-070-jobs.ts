import { type Kysely, PostgresAdapter } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Jobs (api.md §13, issue 19): long work that any server may run and resume. `lease_owner` and
 * `lease_until` say which server holds a running job and until when (it renews the lease while it
 * works); a running job whose lease passed is taken again by any server and goes on from its
 * `checkpoint`. `job_files` holds what a job reads (an import's CSV) in chunks, in the database,
 * so the server that runs the job need not be the one that took the upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('result', 'text')
    .addColumn('checkpoint', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_by_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // What the runner claims (queued, or running with a lease gone by) and what a caller lists.
  await db.schema.createIndex('jobs_state').on('jobs').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('jobs_creator').on('jobs').columns(['created_by', 'created_at']).execute();
  await db.schema
    .createTable('job_files')
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_files_pk', ['job_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_files').execute();
  await db.schema.dropTable('jobs').execute();
}
