import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { newId } from '../../lib/ids';

/** The live tables a trashed record's rows come from and go back to. */
export type SnapshotTable = 'products' | 'product_reviews' | 'categories' | 'option_values' | 'banners';
type Row = Record<string, unknown>;
/** A record's rows, in the order they are put back (parents first). */
export type Snapshot = Array<{ table: SnapshotTable; rows: Row[] }>;

/** Columns the database computes itself (PostgreSQL's search vector): never stored, never inserted. */
const computed: Partial<Record<SnapshotTable, string[]>> = { products: ['search'] };

/** What to take: the rows of `table` whose `column` is one of `ids`. */
export type Take = [table: SnapshotTable, column: string, ids: string[]];

/**
 * Takes rows out of the live tables: reads them, then deletes them, in the order given
 * (children first, so no foreign key cascade removes a row before it is read). The snapshot
 * lists them the other way round, the order a restore inserts them in.
 */
export async function takeRows(db: Db, takes: Take[]): Promise<Snapshot> {
  const snapshot: Snapshot = [];
  for (const [table, column, ids] of takes) {
    if (ids.length === 0) continue;
    // Table and column names come from this module's callers, never from a request.
    const rows = (await db
      .selectFrom(table)
      .selectAll()
      .where(sql.ref(column), 'in', ids)
      .orderBy(sql.ref('id'))
      .execute()) as Row[];
    if (rows.length === 0) continue;
    for (const row of rows) for (const name of computed[table] ?? []) delete row[name];
    await db.deleteFrom(table).where(sql.ref(column), 'in', ids).execute();
    snapshot.unshift({ table, rows });
  }
  return snapshot;
}

/** Puts a snapshot's rows back, parents first. */
export async function putRows(db: Db, snapshot: Snapshot): Promise<void> {
  for (const { table, rows } of snapshot) {
    if (rows.length > 0)
      await db
        .insertInto(table)
        .values(rows as never)
        .execute();
  }
}

export interface TrashValues {
  id: string;
  entity: string;
  entityId: string;
  name: string;
  deletedAt: string;
  deletedBy: string | null;
  purgeAt: string;
  snapshot: Snapshot;
}

export interface MoveToTrash {
  entity: string;
  entityId: string;
  name: string;
  deletedBy: string | null;
  /** ms since the epoch (ctx.clock). */
  now: number;
  /** How long it is kept before the purge (TRASH_DAYS). */
  keepMs: number;
}

/**
 * The one way a record goes to the trash: its rows leave the live tables and are kept as a
 * snapshot, in the caller's transaction.
 * Answers the entry's id and what it holds; undefined when the record was not there.
 */
export async function moveToTrash(
  db: Db,
  move: MoveToTrash,
  takes: Take[],
): Promise<{ trashId: string; snapshot: Snapshot } | undefined> {
  const id = newId();
  const snapshot = await takeRows(db, takes);
  // The record itself (the last take) is gone already: deleted meanwhile. The caller rolls back.
  if (!snapshot[0]?.rows.some((row) => row.id === move.entityId)) return undefined;
  await insertTrash(db, {
    id,
    entity: move.entity,
    entityId: move.entityId,
    name: move.name,
    deletedAt: new Date(move.now).toISOString(),
    deletedBy: move.deletedBy,
    purgeAt: new Date(move.now + move.keepMs).toISOString(),
    snapshot,
  });
  return { trashId: id, snapshot };
}

/** The rows of one table in a snapshot. */
export const rowsOf = (snapshot: Snapshot, table: SnapshotTable): Row[] =>
  snapshot.filter((part) => part.table === table).flatMap((part) => part.rows);

export async function insertTrash(db: Db, values: TrashValues): Promise<void> {
  await db
    .insertInto('trash')
    .values({
      id: values.id,
      entity: values.entity,
      entity_id: values.entityId,
      name: values.name,
      deleted_at: values.deletedAt,
      deleted_by: values.deletedBy,
      purge_at: values.purgeAt,
      data: JSON.stringify(values.snapshot),
    })
    .execute();
}

/** Newest first, with who deleted each (null when unknown). */
export function listTrash(db: Db, entity: string | undefined) {
  let query = db
    .selectFrom('trash as t')
    .leftJoin('users as u', 'u.id', 't.deleted_by')
    .select([
      't.id',
      't.entity',
      't.entity_id',
      't.name',
      't.deleted_at',
      't.purge_at',
      't.deleted_by',
      'u.name as deleted_by_name',
      'u.email as deleted_by_email',
    ]);
  if (entity) query = query.where('t.entity', '=', entity);
  return query.orderBy('t.deleted_at', 'desc').orderBy('t.id', 'desc').execute();
}

export function findTrash(db: Db, id: string) {
  return db.selectFrom('trash').select(['id', 'entity', 'entity_id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The newest entry that holds this record (a category's id is its entry's `entity_id`). */
export function findTrashOf(db: Db, entity: string, entityId: string) {
  return db
    .selectFrom('trash')
    .select('id')
    .where('entity_id', '=', entityId)
    .where('entity', '=', entity)
    .orderBy('deleted_at', 'desc')
    .executeTakeFirst();
}

/**
 * Claims an entry: deletes it and answers what it held, or undefined when it is gone already
 * (restored or purged by another request or server: the delete's row lock decides who has it).
 */
export async function claimTrash(db: Db, id: string) {
  const row = await db
    .deleteFrom('trash')
    .where('id', '=', id)
    .returning(['id', 'entity', 'entity_id', 'data'])
    .executeTakeFirst();
  return row ? { ...row, snapshot: JSON.parse(row.data) as Snapshot } : undefined;
}

/** Ids of entries whose purge time has come, oldest first. */
export async function dueTrashIds(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('trash')
    .select('id')
    .where('purge_at', '<=', now)
    .orderBy('purge_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
