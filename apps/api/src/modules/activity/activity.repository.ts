import type { ActivityAction, ActivityEntity } from '@shopdesk/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { ActivityTable } from '../../db/schema';

export type ActivityRow = Selectable<ActivityTable>;

/** Rows per insert: a bulk edit of 10,000 products writes its entries in a few statements. */
const insertBatch = 500;

/** Writes the entries; answers their sequence numbers, in order (live events' ids). */
export async function insertEntries(db: Db, rows: readonly Insertable<ActivityTable>[]): Promise<number[]> {
  const seqs: number[] = [];
  for (let start = 0; start < rows.length; start += insertBatch) {
    const written = await db
      .insertInto('activity')
      .values(rows.slice(start, start + insertBatch))
      .returning('seq')
      .execute();
    for (const row of written) seqs.push(Number(row.seq));
  }
  return seqs;
}

export interface EntryFilter {
  entity?: ActivityEntity | undefined;
  entityId?: string | undefined;
  actor?: string | undefined;
  action?: ActivityAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The last entry of the previous page: this page starts after it. */
  after?: { at: string; seq: number } | undefined;
  limit: number;
}

/**
 * Entries newest first by (at, seq). Each filter's index (migration 060) starts with the
 * filter's column and ends with (at, seq): the page is one index range, read backwards.
 */
export function pageEntries(db: Db, filter: EntryFilter): Promise<ActivityRow[]> {
  let query = db.selectFrom('activity').selectAll();
  if (filter.entity !== undefined) query = query.where('entity', '=', filter.entity);
  if (filter.entityId !== undefined) query = query.where('entity_id', '=', filter.entityId);
  if (filter.actor !== undefined) query = query.where('actor_id', '=', filter.actor);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<=', filter.to);
  const after = filter.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('seq', '<', after.seq)])]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('seq', 'desc').limit(filter.limit).execute();
}

/** Entries older than `before` (ACTIVITY_DAYS), at most `batch` at a time; answers how many went. */
export async function deleteEntriesBefore(db: Db, before: string, batch: number): Promise<number> {
  const old = db.selectFrom('activity').select('seq').where('at', '<', before).orderBy('at').limit(batch);
  const result = await db.deleteFrom('activity').where('seq', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every entry of one record, oldest first (an order's timeline: a few dozen at most). */
export function historyOfRecord(db: Db, entity: ActivityEntity, entityId: string): Promise<ActivityRow[]> {
  return db
    .selectFrom('activity')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('seq')
    .execute();
}
