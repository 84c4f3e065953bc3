import type { Db } from '../../db/create-db';
import { eventfulEntities } from './live-events';

/** Entries that make live events, written at or after `since` and numbered above `afterSeq`, oldest first. */
export function entriesSince(db: Db, since: string, afterSeq: number, limit: number) {
  return db
    .selectFrom('activity')
    .select(['seq', 'action', 'entity', 'entity_id', 'entity_name', 'request_id', 'stock_low'])
    .where('at', '>=', since)
    .where('seq', '>', afterSeq)
    .where('entity', 'in', [...eventfulEntities])
    .orderBy('at')
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export function entryTime(db: Db, seq: number) {
  return db.selectFrom('activity').select('at').where('seq', '=', seq).executeTakeFirst();
}
