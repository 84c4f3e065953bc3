import {
  type ActivityEntity,
  type ActivityEntry,
  type ActivityPage,
  activityLimits,
  activityMessages,
  type activityQuerySchema,
} from '@shopdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/http-error';
import { type ActivityRow, deleteEntriesBefore, type EntryFilter, pageEntries } from './activity.repository';

type Query = z.output<typeof activityQuerySchema>;

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at,
    actor: row.actor_id === null ? null : { id: row.actor_id, name: row.actor_name, email: row.actor_email },
    action: row.action as ActivityEntry['action'],
    entity: row.entity as ActivityEntity,
    entityId: row.entity_id,
    entityName: row.entity_name,
    changes: JSON.parse(row.changes) as ActivityEntry['changes'],
    requestId: row.request_id,
    ip: row.ip,
  };
}

/** A cursor names the last entry of a page: its time and sequence number, opaque to clients. */
const cursorOf = (row: ActivityRow) => Buffer.from(`${row.at}|${row.seq}`).toString('base64url');

function afterCursor(cursor: string | undefined): EntryFilter['after'] {
  if (cursor === undefined) return undefined;
  const [at, seq, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const number = Number(seq);
  if (!at || rest.length > 0 || Number.isNaN(Date.parse(at)) || !Number.isSafeInteger(number) || number < 0) {
    throw badRequest(activityMessages.badCursor);
  }
  return { at, seq: number };
}

async function page(
  ctx: AppContext,
  filter: Omit<EntryFilter, 'after' | 'limit'>,
  query: Query,
): Promise<ActivityPage> {
  const limit = query.limit ?? activityLimits.defaultLimit;
  // One more than asked tells whether an older page exists.
  const rows = await pageEntries(ctx.db, { ...filter, after: afterCursor(query.cursor), limit: limit + 1 });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { entries: shown.map(toEntry), nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/** `GET /api/activity`: every filter the Activity screen offers, newest first. */
export function listActivity(ctx: AppContext, query: Query): Promise<ActivityPage> {
  const { entity, entityId, actor, action, from, to } = query;
  return page(ctx, { entity, entityId, actor, action, from, to }, query);
}

/** `GET /api/activity/{entity}/{id}`: one record's history (History panels). */
export function recordHistory(
  ctx: AppContext,
  entity: ActivityEntity,
  id: string,
  query: Query,
): Promise<ActivityPage> {
  return page(ctx, { entity, entityId: id }, query);
}

/** Removes entries older than ACTIVITY_DAYS, a batch per statement; answers how many went. */
export async function pruneActivity(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock() - ctx.config.activityDays * 86_400_000).toISOString();
  let removed = 0;
  for (;;) {
    const gone = await ctx.transaction((trx) => deleteEntriesBefore(trx, before, 5000));
    removed += gone;
    if (gone < 5000) return removed;
  }
}
