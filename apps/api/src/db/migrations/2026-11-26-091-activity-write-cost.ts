import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The activity log costs every change less to write (issue 18: its write may add at most 20% to
 * an order status update's p99). Each index of `activity` is one more B-tree page written by
 * every change's commit; measured on the bench store (SQLite, 1M orders, 1M entries, order status
 * updates, 10 connections), each one costs 4–5% of the update's throughput. Two go:
 *
 * - The unique index on `id`: ids are made unique by newId() (seconds, a per-process counter,
 *   randomness) and nothing looks an entry up by its id (pages go by (at, seq), live events by
 *   seq), so the uniqueness check guarded nothing. The column stays: entries answer it.
 * - `activity_entity` (entity, at, seq) and `activity_action` (action, at, seq) become one index,
 *   (entity, action, at, seq). A page filtered by both is one range of it; by entity alone or by
 *   action alone, it is a few short ranges (one per action of that entity, or one per entity of
 *   that action), each read newest first and merged (activity.repository.ts, pageEntries).
 *
 * Bench store (SQLite), same machine: ~620 → 683–738 updates/s and p99 30–36 → 27–30 ms, against
 * 877–890/s and 24–25 ms with the update's entry switched off (README, issue 18).
 *
 * PostgreSQL plans `entity = 'order' and action = 'signin'` as if the two were independent
 * (45% of the entries × 10% = 69,000 rows expected, none there) and walks the whole log
 * backwards by time looking for them: 250 ms. Statistics on the pair (`create statistics …
 * (mcv)`, PostgreSQL's documented fix for correlated columns) give it the pairs that exist, and
 * it reads the pair's own range: 0.03 ms. `analyze` fills them now; autovacuum keeps them.
 *
 * SQLite cannot drop a column's UNIQUE constraint: the table is written again (new table, rows
 * copied with their seq, old one dropped, new one renamed; AUTOINCREMENT's counter follows the
 * rename). One transaction, as every migration: ~8 s for 1M entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_entity').execute();
  await db.schema.dropIndex('activity_action').execute();
  if (isPostgres(db)) {
    await sql`alter table activity drop constraint if exists activity_id_key`.execute(db);
    await sql`create statistics if not exists activity_entity_action_pairs (mcv) on entity, action from activity`.execute(
      db,
    );
  } else {
    await sql`create table activity_new (
      seq integer primary key autoincrement,
      id text not null,
      at text not null,
      actor_id text,
      actor_name text default '' not null,
      actor_email text default '' not null,
      action text not null,
      entity text not null,
      entity_id text not null,
      entity_name text default '' not null,
      changes text default '{}' not null,
      request_id text default '' not null,
      ip text default '' not null,
      stock_low integer
    )`.execute(db);
    await sql`insert into activity_new (seq, id, at, actor_id, actor_name, actor_email, action, entity, entity_id,
      entity_name, changes, request_id, ip, stock_low)
      select seq, id, at, actor_id, actor_name, actor_email, action, entity, entity_id,
      entity_name, changes, request_id, ip, stock_low from activity`.execute(db);
    await sql`drop table activity`.execute(db);
    await sql`alter table activity_new rename to activity`.execute(db);
    await db.schema.createIndex('activity_at').on('activity').columns(['at', 'seq']).execute();
    await db.schema
      .createIndex('activity_record')
      .on('activity')
      .columns(['entity', 'entity_id', 'at', 'seq'])
      .execute();
    await db.schema.createIndex('activity_actor').on('activity').columns(['actor_id', 'at', 'seq']).execute();
  }
  await db.schema
    .createIndex('activity_entity_action')
    .on('activity')
    .columns(['entity', 'action', 'at', 'seq'])
    .execute();
  if (isPostgres(db)) await sql`analyze activity`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_entity_action').execute();
  await db.schema.createIndex('activity_entity').on('activity').columns(['entity', 'at', 'seq']).execute();
  await db.schema.createIndex('activity_action').on('activity').columns(['action', 'at', 'seq']).execute();
  // Unique again (SQLite: an index; PostgreSQL: the constraint). Fails if ids repeat meanwhile.
  if (isPostgres(db)) {
    await sql`drop statistics if exists activity_entity_action_pairs`.execute(db);
    await sql`alter table activity add constraint activity_id_key unique (id)`.execute(db);
  } else await db.schema.createIndex('activity_id').on('activity').column('id').unique().execute();
}
