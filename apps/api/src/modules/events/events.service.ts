import { eventReplayMs, type LiveEvent } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { entriesSince, entryTime } from './events.repository';
import { type EntryFacts, eventsOfUnit } from './live-events';

/** Events one replay sends at most; a client further behind reloads its screens anyway. */
const replayLimit = 5000;
/**
 * How far before the last event a client saw the replay reaches back, on PostgreSQL. There two
 * changes may commit in the other order than their sequence numbers: a change numbered just
 * below the last one seen may have committed after the client left. Sending the last seconds
 * again (the dashboard skips ids it has) loses none of them. SQLite commits in sequence order:
 * its replay starts right after the last id.
 */
const overlapMs = 5000;

/**
 * What a client reconnecting with `Last-Event-ID` missed (api.md §14): the changes logged since
 * that event, at most `eventReplayMs` back, as the live stream sent them (one event per unit of
 * work that changed many records). Without a known id: nothing (a first connection).
 */
export async function missedEvents(ctx: AppContext, lastEventId: string | undefined): Promise<LiveEvent[]> {
  // An entry's own event has its number as id; its stock.low the number and `.1` (live-events.ts).
  const last = Number(lastEventId);
  if (!lastEventId || !Number.isFinite(last) || last < 0 || last > Number.MAX_SAFE_INTEGER) return [];
  const seq = Math.floor(last);
  const seen = await entryTime(ctx.db, seq);
  const oldest = ctx.clock() - eventReplayMs;
  const overlap = ctx.engine === 'postgres' ? overlapMs : 0;
  const from = seen ? Math.max(oldest, Date.parse(seen.at) - overlap) : oldest;
  // The last entry seen is read again: the events it made after the one seen are still owed.
  const rows = await entriesSince(ctx.db, new Date(from).toISOString(), overlap > 0 ? 0 : seq - 1, replayLimit);
  // The entries of one request are one unit of work: grouped as the live stream sent them.
  const units = new Map<string, EntryFacts[]>();
  for (const row of rows) {
    const facts = {
      seq: row.seq,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      entityName: row.entity_name,
      stockLow: row.stock_low,
    };
    const key = `${row.request_id}\u0000${row.entity}\u0000${row.action}`;
    units.set(key, [...(units.get(key) ?? []), facts]);
  }
  return (
    [...units.values()]
      .flatMap(eventsOfUnit)
      // Those of the last entry seen up to the one the client has for sure are left out.
      .filter((event) => !(Math.floor(Number(event.id)) === seq && Number(event.id) <= last))
      .sort((a, b) => Number(a.id) - Number(b.id))
  );
}
