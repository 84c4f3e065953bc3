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
  const seq = Number(lastEventId);
  if (!lastEventId || !Number.isSafeInteger(seq) || seq < 0) return [];
  const seen = await entryTime(ctx.db, seq);
  const oldest = ctx.clock() - eventReplayMs;
  const overlap = ctx.engine === 'postgres' ? overlapMs : 0;
  const from = seen ? Math.max(oldest, Date.parse(seen.at) - overlap) : oldest;
  const rows = await entriesSince(ctx.db, new Date(from).toISOString(), overlap > 0 ? 0 : seq, replayLimit);
  // The entries of one request are one unit of work: grouped as the live stream sent them.
  const units = new Map<string, EntryFacts[]>();
  for (const row of rows) {
    if (row.seq === seq) continue; // the one the client has for sure
    const facts = {
      seq: row.seq,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      entityName: row.entity_name,
    };
    const key = `${row.request_id}\u0000${row.entity}\u0000${row.action}`;
    units.set(key, [...(units.get(key) ?? []), facts]);
  }
  return [...units.values()].flatMap(eventsOfUnit).sort((a, b) => Number(a.id) - Number(b.id));
}
