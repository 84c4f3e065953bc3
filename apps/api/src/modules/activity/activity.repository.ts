import { type ActivityAction, type ActivityEntity, activityActions, activityEntities } from '@shopdesk/contract';
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
 * One filter's entries, newest first, in one index range (the filter's own index, see below).
 * The page's cursor is a row comparison, `(at, seq) < (after)`, so that it bounds the index
 * range instead of filtering the rows read before it (an OR of `at <` and `at = … and seq <` is
 * not an index condition: a page deep in a filtered list would read every entry newer than it).
 *
 * One (entity, action) pair is written as a range of rows of its index, (entity, action) from
 * (e, a) to (e, a), ordered by all four columns of `activity_entity_action`, rather than as two
 * equalities: given `entity = e and action = a`, PostgreSQL drops the two from the order (they
 * are constant) and may then walk `activity_at` backwards, filtering, when it expects the pair to
 * be common. When the newest entries are all of other pairs (a day of order updates), that walk
 * reads all of them first: 10,195 rows skipped for one page of product updates on the bench
 * store (6.6 ms, against 0.16 ms in the pair's own range), growing with the day's other changes.
 * Written as a range, only the pair's index gives the order without sorting every match.
 */
function onePage(db: Db, filter: EntryFilter) {
  const { entity, action, after } = filter;
  const pair =
    entity !== undefined && action !== undefined && filter.entityId === undefined && filter.actor === undefined;
  let query = db.selectFrom('activity').selectAll();
  if (pair) {
    query = query.where((eb) => eb(eb.refTuple('entity', 'action'), '>=', eb.tuple(entity, action)));
    query = after
      ? query.where((eb) =>
          eb(eb.refTuple('entity', 'action', 'at', 'seq'), '<', eb.tuple(entity, action, after.at, after.seq)),
        )
      : query.where((eb) => eb(eb.refTuple('entity', 'action'), '<=', eb.tuple(entity, action)));
  } else {
    if (entity !== undefined) query = query.where('entity', '=', entity);
    if (filter.entityId !== undefined) query = query.where('entity_id', '=', filter.entityId);
    if (filter.actor !== undefined) query = query.where('actor_id', '=', filter.actor);
    if (action !== undefined) query = query.where('action', '=', action);
    if (after) query = query.where((eb) => eb(eb.refTuple('at', 'seq'), '<', eb.tuple(after.at, after.seq)));
  }
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<=', filter.to);
  if (pair) query = query.orderBy('entity', 'desc').orderBy('action', 'desc');
  return query.orderBy('at', 'desc').orderBy('seq', 'desc').limit(filter.limit).execute();
}

/**
 * The (entity, action) pairs a page filtered by entity alone, or by action alone, is read from:
 * the index (entity, action, at, seq) holds each pair's entries as one range (migration 091).
 * Undefined when one range of one index answers the filter as it is: no filter (at), a record
 * (entity, entityId), a person (actor), both entity and action.
 */
function pairsOf(filter: EntryFilter): Array<{ entity: ActivityEntity; action: ActivityAction }> | undefined {
  if (filter.entityId !== undefined || filter.actor !== undefined) return undefined;
  const { entity, action } = filter;
  if (entity !== undefined && action === undefined) return activityActions.map((each) => ({ entity, action: each }));
  if (action !== undefined && entity === undefined) return activityEntities.map((each) => ({ entity: each, action }));
  return undefined;
}

const newestFirst = (a: ActivityRow, b: ActivityRow) =>
  a.at === b.at ? Number(b.seq) - Number(a.seq) : a.at < b.at ? 1 : -1;

/**
 * Entries newest first by (at, seq). Every filter the Activity screen offers reads index ranges
 * that start with the filter's columns and end with (at, seq), newest first, so a filtered first
 * page costs the same however many entries there are (bench: "activity, first page"). A filter
 * by entity alone or by action alone reads each of its (entity, action) ranges up to a page and
 * keeps the newest page of them all.
 */
export async function pageEntries(db: Db, filter: EntryFilter): Promise<ActivityRow[]> {
  const pairs = pairsOf(filter);
  if (!pairs) return onePage(db, filter);
  const pages = await Promise.all(pairs.map((pair) => onePage(db, { ...filter, ...pair })));
  return pages.flat().sort(newestFirst).slice(0, filter.limit);
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
