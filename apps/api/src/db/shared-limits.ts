import { sql } from 'kysely';
import type { ThrottleStore } from '../lib/throttle';
import type { Db } from './create-db';

/**
 * Limits shared by every server of one shop, kept in its database (issue 17): the sign-in and
 * reset throttles (lib/throttle.ts) and the per-address request counts of public calls
 * (plugins/rate-limits.ts). A table of ours through Kysely rather than rate-limiter-flexible's
 * PostgreSQL store: one code path for SQLite and PostgreSQL, the tables come from our
 * migrations (that library creates its own at run time), and the throttle keeps its exact rule
 * (each failure past the free ones doubles the wait; a success clears the account), which
 * rate-limiter-flexible's fixed block durations do not express. Every change is one upsert,
 * atomic on its row, so failures counted by two servers at once add up exactly as on one.
 */

/** Rows untouched this long, and no longer blocking, are removed (at most once an hour per server). */
const keepMs = 24 * 3_600_000;
const pruneEveryMs = 3_600_000;

function pruner(prune: (now: number) => Promise<unknown>) {
  let last = 0;
  return (now: number) => {
    if (now - last < pruneEveryMs) return;
    last = now;
    // Housekeeping only: a failure here is retried an hour later, and never fails a request.
    prune(now).catch(() => {
      last = 0;
    });
  };
}

export function createThrottleStore(db: Db): ThrottleStore {
  const prune = pruner((now) =>
    db
      .deleteFrom('throttles')
      .where('updated_at', '<', now - keepMs)
      .where('blocked_until', '<', now)
      .execute(),
  );
  return {
    async blockedUntil(keys) {
      const row = await db
        .selectFrom('throttles')
        .select((eb) => eb.fn.max('blocked_until').as('until'))
        .where('key', 'in', keys)
        .executeTakeFirst();
      return Number(row?.until ?? 0);
    },
    async fail(key, free, maxWaitMs, now) {
      const first = free < 1 ? Math.min(1000, maxWaitMs) : 0;
      // The existing row's values: the wait doubles from the last one (1 s for the first past the free ones).
      const isPast = sql<boolean>`throttles.failures + 1 > ${free}`;
      const nextWait = sql<number>`case when not (${isPast}) then 0
        when throttles.wait_ms = 0 then ${Math.min(1000, maxWaitMs)}
        when throttles.wait_ms * 2 > ${maxWaitMs} then ${maxWaitMs}
        else throttles.wait_ms * 2 end`;
      await db
        .insertInto('throttles')
        .values({ key, failures: 1, wait_ms: first, blocked_until: first > 0 ? now + first : 0, updated_at: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql`throttles.failures + 1`,
            wait_ms: nextWait,
            blocked_until: sql`case when ${isPast} then ${now} + (${nextWait}) else throttles.blocked_until end`,
            updated_at: now,
          }),
        )
        .execute();
      prune(now);
    },
    async clear(key) {
      await db.deleteFrom('throttles').where('key', '=', key).execute();
    },
  };
}

/** Requests counted in a fixed window: how many so far (this one included) and when the window ends (ms). */
export interface RequestCount {
  hits: number;
  windowEnds: number;
}

/** Counts one request for `key` in its current window of `windowMs`, opening a new window once the last has ended. */
export function createRequestCounter(db: Db) {
  const prune = pruner((now) => db.deleteFrom('request_counts').where('window_ends', '<', now).execute());
  return async (key: string, windowMs: number, now: number): Promise<RequestCount> => {
    const ended = sql<boolean>`request_counts.window_ends <= ${now}`;
    const row = await db
      .insertInto('request_counts')
      .values({ key, hits: 1, window_ends: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when ${ended} then 1 else request_counts.hits + 1 end`,
          window_ends: sql`case when ${ended} then ${now + windowMs} else request_counts.window_ends end`,
        }),
      )
      .returning(['hits', 'window_ends'])
      .executeTakeFirstOrThrow();
    prune(now);
    return { hits: Number(row.hits), windowEnds: Number(row.window_ends) };
  };
}
